// The admin's work on one service provider: its details, and the actions (activate or deactivate, assign or remove
// a reseller, resend the confirmation mail, grant an extension), each done in one transaction with its change-log
// row naming the admin. A provider that does not exist is a 404 before anything is written.
import {
  ADMIN_MESSAGES,
  EXPIRY_MAX_DAYS,
  type ExtensionInput,
  type ProviderPatch,
} from '../../../contract/admin';
import { issueLink, sendLinkMail } from '../accounts/deps';
import { deferNextCharge } from '../billing/paidEvents';
import type { Queryable } from '../db';
import { HttpError, badRequest, conflict, notFound } from '../http/errors';
import type { ListQuery } from '../http/list';
import { providerExists } from '../numbers/store';
import type { AdminActor, AdminDeps } from './deps';
import * as store from './providerStore';

const DAY_MS = 86_400_000;
const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export function listProviders(deps: AdminDeps, list: ListQuery) {
  return store.listProviders(deps.db, deps.now(), list);
}

/** The provider of a route's path id (a UUID: the route's params schema checked it); 404 when there is none. */
async function providerOrNotFound(deps: AdminDeps, q: Queryable, id: string, forUpdate = false) {
  const provider = await store.findProvider(q, deps.now(), id.toLowerCase(), { forUpdate });
  if (!provider) throw notFound(ADMIN_MESSAGES.providerNotFound);
  return provider;
}

/**
 * The provider's id when it exists (the lists of one provider's rows, by a path id the params schema checked): one
 * read by primary key; 404 otherwise.
 */
export async function existingProvider(deps: AdminDeps, id: string): Promise<string> {
  const spId = id.toLowerCase();
  if (!(await providerExists(deps.db, spId))) throw notFound(ADMIN_MESSAGES.providerNotFound);
  return spId;
}

/** Everything the details page shows at the top: the row, the profile, the subscription and the counts. */
export async function providerDetails(deps: AdminDeps, id: string) {
  const provider = await providerOrNotFound(deps, deps.db, id);
  const { account_id: _account, ...row } = provider;
  const sub = await store.latestSubscription(deps.db, provider.id);
  return {
    ...row,
    subscription_expired_on: iso(row.subscription_expired_on),
    subscription: sub
      ? {
          status: sub.status,
          recurring_interval: sub.recurring_interval,
          current_period_start: iso(sub.current_period_start),
          current_period_end: iso(sub.current_period_end),
          auto_charge: sub.auto_charge,
        }
      : null,
    counts: await store.countsOf(deps.db, provider.id),
  };
}

/**
 * Activation, the reseller and the subscription's end, as PATCH sends them: in one transaction (a refused part
 * writes nothing at all); only what changes is written and logged.
 */
export async function updateProvider(deps: AdminDeps, admin: AdminActor, id: string, patch: ProviderPatch) {
  let moved: MovedEnd | null = null;
  const revoked = await deps.db.transaction(async (tx) => {
    const p = await providerOrNotFound(deps, tx, id, true);
    const now = deps.now();
    const entry = { spId: p.id, subscriptionId: null, actor: admin.sub, now };
    let ended: string[] = [];
    if (patch.reseller_id !== undefined && patch.reseller_id?.toLowerCase() !== p.reseller_id) {
      const next = patch.reseller_id ? patch.reseller_id.toLowerCase() : null;
      const name = next ? await store.resellerName(tx, next) : null;
      if (next && name === undefined) {
        throw badRequest(ADMIN_MESSAGES.resellerNotFound, { reseller_id: ADMIN_MESSAGES.resellerNotFound });
      }
      await store.setReseller(tx, p.id, next, now);
      await store.logChange(tx, { ...entry, change: 'reseller', from: p.reseller_name, to: name ?? null });
    }
    if (patch.subscription_expired_on !== undefined) {
      const end = new Date(patch.subscription_expired_on);
      const ahead = end.getTime() - now.getTime();
      if (ahead <= 0 || ahead > EXPIRY_MAX_DAYS * DAY_MS) {
        throw badRequest(ADMIN_MESSAGES.expiryRange, { subscription_expired_on: ADMIN_MESSAGES.expiryRange });
      }
      moved = await setSubscriptionEnd(tx, p, now, { name: 'expiry', actor: admin.sub, next: () => end });
    }
    if (patch.is_active !== undefined && patch.is_active !== p.is_active) {
      // The trigger of migration 008 ends the sign-ins too; ending them here tells this server's cache which.
      if (!patch.is_active) ended = await deps.signIns.revokeAll(p.account_id, 'deactivated', { q: tx });
      await store.setDisabled(tx, p.account_id, !patch.is_active, now);
      const [from, to] = patch.is_active ? ['deactivated', 'active'] : ['active', 'deactivated'];
      await store.logChange(tx, {
        ...entry,
        change: patch.is_active ? 'activated' : 'deactivated',
        from,
        to,
      });
    }
    return ended;
  });
  deps.signIns.forget(revoked);
  if (moved) await deferProviderCharge(deps, moved);
  return providerDetails(deps, id);
}

/** A new confirmation link for a provider that has not confirmed its email yet. */
export async function resendConfirmation(deps: AdminDeps, admin: AdminActor, id: string) {
  const { provider, token } = await deps.db.transaction(async (tx) => {
    const p = await providerOrNotFound(deps, tx, id, true);
    if (p.is_confirmed) throw conflict(ADMIN_MESSAGES.alreadyConfirmed);
    if (!p.is_active) throw new HttpError(422, ADMIN_MESSAGES.deactivatedNoMail);
    const link = await issueLink(deps, tx, p.account_id, 'email_confirmation');
    await store.logChange(tx, {
      spId: p.id,
      subscriptionId: null,
      actor: admin.sub,
      change: 'confirmation mail',
      from: null,
      to: p.email,
      now: deps.now(),
    });
    return { provider: p, token: link };
  });
  await sendLinkMail(
    deps.accounts,
    'email_confirmation',
    {
      id: provider.account_id,
      email: provider.email,
      first_name: provider.first_name,
      type: 'service-provider',
    },
    token,
  );
  return { message: ADMIN_MESSAGES.confirmationSent };
}

type Locked = Awaited<ReturnType<typeof providerOrNotFound>>;

/** A subscription's end as an admin set it, and the payments provider's subscription that renews it, if any. */
interface MovedEnd {
  spId: string;
  end: Date;
  providerRef: string | null;
}

/** After an admin moved a subscription's end (committed): Stripe must not charge before it, as after a paid extension. */
async function deferProviderCharge(deps: AdminDeps, moved: MovedEnd): Promise<void> {
  if (moved.providerRef) await deferNextCharge(deps.billing, moved.providerRef, moved.end, moved.spId);
}

/**
 * Sets the end of the provider's latest subscription that ran to `next(currentEnd)`, running again if it had ended;
 * a provider that never had one gets one from now. Written to the change log as `change`. Nothing is charged.
 */
async function setSubscriptionEnd(
  tx: Queryable,
  p: Locked,
  now: Date,
  change: { name: string; actor: string; reason?: string | null; next: (from: Date | null) => Date },
): Promise<MovedEnd> {
  const sub = await store.latestSubscription(tx, p.id);
  const ran = sub && sub.status !== 'incomplete' ? sub : undefined;
  const from = ran?.current_period_end ? new Date(ran.current_period_end) : null;
  const next = change.next(from);
  let subscriptionId: string;
  if (ran) {
    await store.moveSubscriptionEnd(tx, ran.id, next, now);
    subscriptionId = ran.id;
  } else {
    subscriptionId = await store.insertGrantedSubscription(tx, p.id, next, now);
  }
  await store.logChange(tx, {
    spId: p.id,
    subscriptionId,
    actor: change.actor,
    change: change.name,
    from: iso(from),
    to: next.toISOString(),
    reason: change.reason ?? null,
    now,
  });
  const [ref] = await tx.query<{ provider_ref: string | null }>(
    'SELECT provider_ref FROM subscriptions WHERE id = $1',
    [subscriptionId],
  );
  return { spId: p.id, end: next, providerRef: ref?.provider_ref ?? null };
}

/** `days` more: from the current end, or from now when it has already ended. */
export async function grantExtension(deps: AdminDeps, admin: AdminActor, id: string, input: ExtensionInput) {
  const moved = await deps.db.transaction(async (tx) => {
    const p = await providerOrNotFound(deps, tx, id, true);
    const now = deps.now();
    return setSubscriptionEnd(tx, p, now, {
      name: 'extension',
      actor: admin.sub,
      reason: input.reason,
      next: (from) => {
        const base = from && from.getTime() > now.getTime() ? from : now;
        return new Date(base.getTime() + input.days * DAY_MS);
      },
    });
  });
  await deferProviderCharge(deps, moved);
  return { message: ADMIN_MESSAGES.extensionGranted, subscription_expired_on: moved.end.toISOString() };
}

/** The resellers an admin may assign (the dropdown). */
export function resellerOptions(deps: AdminDeps) {
  return store.resellerOptions(deps.db);
}

/** The change-log row of an import an admin started on a provider's behalf, written in the import's transaction. */
export async function logAdminImport(
  q: Queryable,
  now: Date,
  admin: AdminActor,
  spId: string,
  filename: string,
) {
  await store.logChange(q, {
    spId,
    subscriptionId: null,
    actor: admin.sub,
    change: 'numbers import',
    from: null,
    to: filename,
    now,
  });
}

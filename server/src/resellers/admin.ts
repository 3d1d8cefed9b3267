// The admin's resellers: list, create (with the invitation mail), show, edit, deactivate and rotate the promo code.
// Deactivating ends the reseller's sessions in the same transaction; its companies stay where they are.
import { MESSAGES } from '../../../contract/constants';
import {
  RESELLER_MESSAGES,
  type ResellerCreateInput,
  type ResellerRow,
  type ResellerUpdateInput,
} from '../../../contract/resellers';
import { PG_ERRORS, pgConstraint, pgErrorCode } from '../db/errors';
import { HttpError, conflict } from '../http/errors';
import type { ListQuery } from '../http/list';
import { issueLink, sendLinkMail, type AccountDeps } from '../accounts/deps';
import * as accounts from '../accounts/store';
import { withFreshPromoCode } from './promoCodes';
import * as store from './store';

export type ResellerDeps = AccountDeps;

const notFound = () => new HttpError(404, RESELLER_MESSAGES.resellerNotFound);
const emailTaken = () => conflict(MESSAGES.emailTaken, { email: MESSAGES.emailTaken });

export function listResellers(deps: ResellerDeps, list: ListQuery) {
  return store.listResellers(deps.db, list);
}

/** The reseller of a path id (a UUID: the route's params schema checked it) or one just created; 404 otherwise. */
export async function showReseller(deps: ResellerDeps, id: string): Promise<ResellerRow> {
  const row = await store.readReseller(deps.db, id);
  if (!row) throw notFound();
  return row;
}

/** A new reseller without a password, its promo code, and the invitation mail once all of it is committed. */
export async function createReseller(deps: ResellerDeps, input: ResellerCreateInput): Promise<ResellerRow> {
  const email = input.email.trim().toLowerCase();
  if ((await accounts.takenIdentifiers(deps.db, email, undefined)).emailTaken) throw emailTaken();
  const now = deps.now();
  let created: { id: string; accountId: string; token: string };
  try {
    // a new promo code (promoCodes.ts), drawn again in the rare case it is already a reseller's
    created = await withFreshPromoCode((urlToken) =>
      deps.db.transaction(async (tx) => {
        const accountId = await accounts.insertAccount(tx, {
          type: 'reseller',
          email,
          passwordHash: null,
          firstName: input.name.trim(),
          lastName: '',
          confirmedOn: null,
        });
        const id = await store.insertReseller(tx, {
          accountId,
          companyName: input.company_name.trim(),
          urlToken,
          now,
        });
        return { id, accountId, token: await issueLink(deps, tx, accountId, 'invitation') };
      }),
    );
  } catch (e) {
    // two admins creating the same address at once: the unique index decides
    if (pgErrorCode(e) === PG_ERRORS.uniqueViolation && pgConstraint(e) === 'accounts_email_key') {
      throw emailTaken();
    }
    throw e;
  }
  await sendLinkMail(
    deps,
    'invitation',
    { id: created.accountId, email, first_name: input.name.trim(), type: 'reseller' },
    created.token,
  );
  return showReseller(deps, created.id);
}

/** Name, company and whether it is active. Deactivating revokes every session of the reseller at once. */
export async function updateReseller(
  deps: ResellerDeps,
  id: string,
  input: ResellerUpdateInput,
): Promise<ResellerRow> {
  const revoked = await deps.db.transaction(async (tx) => {
    const current = await store.lockReseller(tx, id);
    if (!current) throw notFound();
    if (input.name !== undefined)
      await store.renameAccount(tx, current.account_id, input.name.trim(), deps.now());
    // Revoked here rather than only by the trigger of 008, so that this process forgets them at once.
    const ids =
      input.is_active === false && current.is_active
        ? await deps.sessions.revokeAll(current.account_id, 'deactivated', { q: tx })
        : [];
    await store.updateReseller(tx, id, {
      companyName: input.company_name?.trim(),
      isActive: input.is_active,
    });
    return ids;
  });
  deps.sessions.forget(revoked);
  return showReseller(deps, id);
}

/** A new promo code: links with the old one stop working at once (registration refuses it). */
export async function rotatePromoCode(deps: ResellerDeps, id: string): Promise<ResellerRow> {
  if (!(await withFreshPromoCode((code) => store.setUrlToken(deps.db, id, code)))) throw notFound();
  return showReseller(deps, id);
}

/** Sends the invitation again to a reseller who has not chosen a password yet. */
export async function resendInvitation(deps: ResellerDeps, id: string) {
  const row = await store.findReseller(deps.db, id);
  if (!row) throw notFound();
  if (row.is_confirmed) throw conflict(RESELLER_MESSAGES.alreadyAccepted);
  if (!row.is_active) throw conflict(RESELLER_MESSAGES.resellerInactive);
  const token = await issueLink(deps, deps.db, row.account_id, 'invitation');
  await sendLinkMail(
    deps,
    'invitation',
    { id: row.account_id, email: row.email, first_name: row.name, type: 'reseller' },
    token,
  );
  return { message: RESELLER_MESSAGES.invitationResent };
}

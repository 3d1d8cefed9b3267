// The signed-in reseller's own pages: its profile and promo code, its companies, the invitations it sent and its
// companies' payments. Every query is scoped by the reseller of the signed-in account, whatever the request says.
import type { TokenClaims } from '../../../contract/api';
import { MESSAGES, PRODUCT_NAME } from '../../../contract/constants';
import { RESELLER_MESSAGES, promoCodeLink, type CompanyInviteInput } from '../../../contract/resellers';
import { noticeMail } from '../integrations/mail/templates';
import { HttpError, conflict } from '../http/errors';
import type { ListQuery } from '../http/list';
import { sendMail } from '../accounts/deps';
import * as accounts from '../accounts/store';
import type { ResellerDeps } from './admin';
import * as store from './store';
import { isEmptyPage, type JsonPage } from '../http/jsonPage';

const blankToNull = (v: string | undefined) => (v && v.trim() ? v.trim() : null);

/** The reseller of the signed-in account; an account that is no reseller (any more) has none to show. */
export async function resellerOf(
  deps: Pick<ResellerDeps, 'db'>,
  user: TokenClaims,
): Promise<store.ResellerDbRow> {
  const row = await store.findResellerOfAccount(deps.db, user.sub);
  if (!row || !row.is_active) throw new HttpError(404, RESELLER_MESSAGES.resellerNotFound);
  return row;
}

export async function resellerProfile(deps: ResellerDeps, user: TokenClaims) {
  const row = await store.readActiveResellerOfAccount(deps.db, user.sub);
  if (!row) throw new HttpError(404, RESELLER_MESSAGES.resellerNotFound);
  return row;
}

/**
 * A page of the signed-in reseller's rows, read in one statement scoped by its account; only an empty page reads
 * the reseller, to answer 404 when it is not (or no longer) active, as before the page.
 */
export async function ownPage<P extends JsonPage>(
  deps: Pick<ResellerDeps, 'db'>,
  user: TokenClaims,
  read: (accountId: string) => Promise<P>,
): Promise<P> {
  const page = await read(user.sub);
  if (isEmptyPage(page)) await resellerOf(deps, user);
  return page;
}

export function listCompanies(deps: ResellerDeps, user: TokenClaims, list: ListQuery) {
  return ownPage(deps, user, (accountId) => store.listCompanies(deps.db, accountId, list));
}

/** One of the reseller's companies (a path id the params schema checked); another's or none is a 404, never the row. */
export async function showCompany(deps: ResellerDeps, user: TokenClaims, id: string) {
  const reseller = await resellerOf(deps, user);
  const row = await store.readCompany(deps.db, reseller.id, id);
  if (!row) throw new HttpError(404, RESELLER_MESSAGES.companyNotFound);
  return row;
}

export function listInvites(deps: ResellerDeps, user: TokenClaims, list: ListQuery) {
  return ownPage(deps, user, (accountId) => store.listInvites(deps.db, accountId, list));
}

/** The mail of an invitation: who invites, and the sign-up link with the reseller's promo code. */
export function companyInvitationMail(opts: {
  to: string;
  firstName: string | null;
  resellerCompany: string;
  link: string;
}) {
  return noticeMail({
    to: opts.to,
    subject: `${opts.resellerCompany} invites you to the ${PRODUCT_NAME}`,
    name: opts.firstName ?? '',
    blocks: [
      `${opts.resellerCompany} invites your company to obtain its STIR/SHAKEN certificates through the ${PRODUCT_NAME}.`,
      'Register your company with the link below; your registration is linked to them.',
      { action: 'Register your company', link: opts.link },
    ],
  });
}

/**
 * Invites a company by email. An address that already has an account is refused (409) and nothing is written or
 * sent; inviting the same address again sends the mail again.
 */
export async function inviteCompany(deps: ResellerDeps, user: TokenClaims, input: CompanyInviteInput) {
  const reseller = await resellerOf(deps, user);
  const email = input.email.trim().toLowerCase();
  if ((await accounts.takenIdentifiers(deps.db, email, undefined)).emailTaken) {
    throw conflict(RESELLER_MESSAGES.companyAlreadyRegistered, { email: MESSAGES.emailTaken });
  }
  const row = await store.upsertInvite(deps.db, {
    resellerId: reseller.id,
    email,
    companyName: blankToNull(input.company_name),
    firstName: blankToNull(input.first_name),
    lastName: blankToNull(input.last_name),
    now: deps.now(),
  });
  const mail = companyInvitationMail({
    to: email,
    firstName: row.first_name,
    resellerCompany: reseller.company_name,
    link: promoCodeLink(deps.config.publicUrl, reseller.url_token),
  });
  await sendMail(deps, mail, { resellerId: reseller.id, inviteId: row.id });
  return row;
}

export function listPayments(deps: ResellerDeps, user: TokenClaims, list: ListQuery) {
  return ownPage(deps, user, (accountId) => store.listPayments(deps.db, accountId, list));
}

// The admin's read-only lists: one provider's change log, certificates, keys and imports (the provider must exist:
// 404 otherwise), every payment and invoice (and a reseller's companies' invoices), the CA audit log; and the revocation an admin asks for, through the
// provider's own revocation code path (the audit log names the admin).
import type { TokenClaims } from '../../../contract/api';
import { listKeys } from '../certificates/store';
import { revokeCertificate } from '../certificates/revocation';
import { isEmptyPage, isoTime, jsonRow, type JsonPage } from '../http/jsonPage';
import type { ListQuery } from '../http/list';
import { MAX_PAGE_ROWS } from '../http/list';
import { countedNumberPage } from '../numbers/pageStore';
import { listImports, listNumbers, numberId, numberTotal, visibleReads } from '../numbers/store';
import { ProviderKeyRow, ProviderNumberRow } from '../../../contract/wire/admin';
import type { AdminActor, AdminDeps } from './deps';
import * as store from './listStore';
import { ownPage } from '../resellers/portal';
import { existingProvider } from './providers';

/**
 * A page of one provider's rows, read at once by the id asked for: only an empty page asks whether the provider
 * exists (404 when it does not), so that a page costs one statement (docs/performance.md).
 */
async function ofProvider<P extends { rows: unknown[] } | JsonPage>(
  deps: AdminDeps,
  providerId: string,
  read: (spId: string) => Promise<P>,
): Promise<P> {
  // a UUID: the route's params schema checked it
  const spId = providerId.toLowerCase();
  const page = await read(spId);
  if (isEmptyPage(page)) await existingProvider(deps, spId);
  return page;
}

export async function changeLog(deps: AdminDeps, providerId: string, list: ListQuery) {
  return ofProvider(deps, providerId, (spId) => store.listChanges(deps.db, spId, list));
}

export function allChanges(deps: AdminDeps, list: ListQuery) {
  return store.listAllChanges(deps.db, list);
}

export async function providerCertificates(deps: AdminDeps, providerId: string, list: ListQuery) {
  return ofProvider(deps, providerId, (spId) => store.listCertificates(deps.db, spId, list));
}

/** A key as the database writes it for the admin's page of its provider: every field of its wire shape. */
const PROVIDER_KEY_ROW = jsonRow(ProviderKeyRow, {
  id: 'id',
  priv_key_uuid: 'id',
  created_on: isoTime('created_on'),
});

export function providerKeys(deps: AdminDeps, providerId: string, list: ListQuery) {
  return ofProvider(deps, providerId, (spId) => listKeys(deps.db, spId, list, PROVIDER_KEY_ROW));
}

export async function providerImports(deps: AdminDeps, providerId: string, list: ListQuery) {
  return ofProvider(deps, providerId, (spId) => listImports(deps.db, spId, list));
}

/** A number of the fallback read, its moment still a Date (the response schema writes it). */
type ProviderNumberRecord = Omit<ProviderNumberRow, 'created_on'> & { created_on: Date };

/** A number as the database writes it for the admin's list of a provider's numbers: its wire shape's fields. */
const PROVIDER_NUMBER_ROW = jsonRow(ProviderNumberRow, {
  id: numberId('n'),
  tn: 'n.tn',
  created_on: isoTime('n.created_on'),
  assigned_on: 'n.assigned_on',
  voip_user: 'n.voip_user',
  organization: 'n.organization',
});

/** One page of the provider's numbers (never the whole list: at most a page of MAX_PAGE_ROWS without a range). */
export function providerNumbers(deps: AdminDeps, providerId: string, list: ListQuery) {
  const asked = { ...list, limit: list.limit ?? MAX_PAGE_ROWS };
  const read = async (spId: string): Promise<JsonPage | { rows: ProviderNumberRecord[]; total: number }> => {
    // one statement, unless an import not completed hides rows
    const counted = await countedNumberPage(deps.db, spId, asked, PROVIDER_NUMBER_ROW);
    if (counted) return counted;
    return visibleReads(deps.db, spId, async (tx, hidden) => ({
      rows: (await listNumbers(tx, spId, hidden, asked)).rows.map((r) => ({
        id: r.id,
        tn: r.tn,
        created_on: r.created_on,
        assigned_on: r.assigned_on,
        voip_user: r.voip_user,
        organization: r.organization,
      })),
      total: await numberTotal(tx, spId),
    }));
  };
  return ofProvider(deps, providerId, read);
}

export function payments(deps: AdminDeps, list: ListQuery) {
  return store.listPayments(deps.db, list);
}

export function invoices(deps: AdminDeps, list: ListQuery) {
  return store.listInvoices(deps.db, list);
}

/**
 * The invoices of the signed-in reseller's companies, whatever the filter says (another company's uuid finds
 * none, as the reseller's payments do); `list` binds from $2. No invoice_path: the PDF route is the admin's.
 */
export async function resellerInvoices(deps: AdminDeps, user: TokenClaims, list: ListQuery) {
  return ownPage(deps.accounts, user, (accountId) => store.listInvoices(deps.db, list, accountId));
}

export function auditLog(deps: AdminDeps, list: ListQuery) {
  return store.listAudit(deps.db, list);
}

/** Revokes one of the provider's certificates for the admin (when the STI-PA or the provider asks). */
export async function revokeForProvider(
  deps: AdminDeps,
  admin: AdminActor,
  ip: string | null,
  providerId: string,
  serial: string,
  reason: string,
) {
  const spId = await existingProvider(deps, providerId);
  const actor = { accountId: admin.sub, email: admin.email, serviceProviderId: spId, ip };
  await revokeCertificate(deps.certificates, actor, serial, reason);
}

// Every provider's STI-SCAs and delegate certificates in one list (docs/delegates.md): for the admin, and for a
// reseller its own providers' only. Each row names its provider, a delegate its customer and number count, and
// its one state in the certificates list's words (certificateState): a page is one statement written as JSON.
import type { TokenClaims } from '../../../contract/api';
import { DELEGATE_LIST_KINDS } from '../../../contract/admin';
import { CERTIFICATE_STATES } from '../../../contract/certificates';
import { AdminDelegateRow } from '../../../contract/wire/admin';
import type { Queryable } from '../db';
import { isoTime, jsonPage, jsonRow } from '../http/jsonPage';
import type { ListQuery, ListSpec } from '../http/list';
import { contains, oneOf, uuid } from '../http/listFilters';
import { ownPage } from '../resellers/portal';
import { OWN_RESELLER } from '../resellers/store';
import type { AdminDeps } from './deps';

/** The list's sorts and filters over the derived table `x`, whose columns are the wire fields. */
export const DELEGATES_LIST: ListSpec = {
  sortable: {
    company_name: 'x.company_name',
    ocn: 'x.ocn',
    kind: 'x.kind',
    customer_name: 'x.customer_name',
    number_count: 'x.number_count',
    serial_number: 'x.serial_number',
    status: 'x.status',
    not_after: 'x.not_after',
    created_on: 'x.created_on',
  },
  filters: {
    q: contains('x.company_name', 'x.ocn'),
    service_provider_uuid: uuid('x.service_provider_uuid'),
    kind: oneOf('x.kind', DELEGATE_LIST_KINDS),
    status: oneOf('x.status', CERTIFICATE_STATES),
  },
  defaultSort: ['created_on', 'DESC'],
  tiebreaker: 'x.id',
};

/**
 * The STI-SCAs and delegates with their provider, as of the clock bound to `$<clock>`. The state is
 * certificateState's: pending, failed and revoked as stored; else expired once not_after has passed; else replaced
 * while a renewal of it is issued and unexpired; else current.
 */
const source = (clock: number) => `(
  SELECT c.id, c.service_provider_id AS service_provider_uuid, sp.company_name, sp.ocn, sp.reseller_id, c.kind,
         dc.name AS customer_name, d.number_count, s.serial_number AS sti_sca_serial, c.serial_number,
         CASE WHEN c.status IN ('pending', 'failed', 'revoked') THEN c.status
              WHEN c.not_after <= $${clock}::timestamptz THEN 'expired'
              WHEN r.serial_number IS NOT NULL THEN 'replaced'
              ELSE 'current' END AS status,
         r.serial_number AS replaced_by, c.not_after, c.created_on, c.revoked_on, c.revocation_reason
    FROM certificates c
    JOIN service_providers sp ON sp.id = c.service_provider_id
    LEFT JOIN delegate_certificates d ON d.certificate_id = c.id
    LEFT JOIN delegate_customers dc ON dc.id = d.customer_id
    LEFT JOIN certificates s ON s.id = c.issuing_sti_sca_id
    LEFT JOIN LATERAL (
      SELECT n.serial_number FROM certificates n
       WHERE n.replaces_id = c.id AND n.status = 'issued' AND n.not_after > $${clock}::timestamptz
       ORDER BY n.created_on DESC LIMIT 1
    ) r ON true
   WHERE c.kind IN ('sti_sca', 'delegate')
) x`;

/** A row as the database writes it: every field of its wire shape. */
const ROW = jsonRow(AdminDelegateRow, {
  id: 'x.id',
  service_provider_uuid: 'x.service_provider_uuid',
  company_name: 'x.company_name',
  ocn: 'x.ocn',
  kind: 'x.kind',
  customer_name: 'x.customer_name',
  number_count: 'x.number_count',
  sti_sca_serial: 'x.sti_sca_serial',
  serial_number: 'x.serial_number',
  status: 'x.status',
  replaced_by: 'x.replaced_by',
  not_after: isoTime('x.not_after'),
  created_on: isoTime('x.created_on'),
  revoked_on: isoTime('x.revoked_on'),
  revocation_reason: 'x.revocation_reason',
});

/** One page of every provider's rows; the clock binds $1, `list` from $2. */
export function listDelegates(q: Queryable, now: Date, list: ListQuery) {
  return jsonPage(q, source(1), ROW, list.where, [now, ...list.params], list);
}

/** One page of the rows of the providers of the active reseller of the account bound to $1; the clock binds $2. */
export function listResellerDelegates(q: Queryable, accountId: string, now: Date, list: ListQuery) {
  return jsonPage(
    q,
    source(2),
    ROW,
    [`x.reseller_id = ${OWN_RESELLER}`, ...list.where],
    [accountId, now, ...list.params],
    list,
  );
}

export function adminDelegates(deps: AdminDeps, list: ListQuery) {
  return listDelegates(deps.db, deps.now(), list);
}

/** The reseller's providers' rows, whatever the filter says (another provider's uuid finds none). */
export function resellerDelegates(deps: AdminDeps, user: TokenClaims, list: ListQuery) {
  return ownPage(deps, user, (accountId) => listResellerDelegates(deps.db, accountId, deps.now(), list));
}

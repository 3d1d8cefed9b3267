// What the reseller lists may be sorted and filtered by (the list protocol of http/list.ts). Each list reads a
// derived table `x` whose columns are the wire fields.
import { isUuid } from '../../../contract/ids';
import { COMPANY_STATUSES, INVITE_STATUSES } from '../../../contract/resellers';
import { badRequest } from '../http/errors';
import type { ListFilter, ListSpec } from '../http/list';

const MAX_SEARCH = 100;

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
function containsPattern(name: string) {
  return (raw: unknown) => {
    if (typeof raw !== 'string' && typeof raw !== 'number')
      throw badRequest(`The ${name} filter must be text`);
    const text = String(raw).trim().slice(0, MAX_SEARCH);
    return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  };
}

/** Text contained (case-insensitive) in any of the columns. */
const search = (columns: string[]): ListFilter => ({
  sql: (p) => columns.map((c) => `x.${c} ILIKE ${p}`).join(' OR '),
  value: containsPattern('q'),
});

const oneOf = (name: string, column: string, values: readonly string[]): ListFilter => ({
  sql: (p) => `x.${column} = ${p}`,
  value: (raw) => {
    if (typeof raw !== 'string' || !values.includes(raw)) {
      throw badRequest(`Unknown ${name} "${String(raw)}": use one of ${values.join(', ')}`);
    }
    return raw;
  },
});

const boolean = (name: string, column: string): ListFilter => ({
  sql: (p) => `x.${column} = ${p}`,
  value: (raw) => {
    if (raw === true || raw === 'true') return true;
    if (raw === false || raw === 'false') return false;
    throw badRequest(`The ${name} filter must be true or false`);
  },
});

const uuid = (name: string, column: string): ListFilter => ({
  sql: (p) => `x.${column} = ${p}::uuid`,
  value: (raw) => {
    if (!isUuid(raw)) throw badRequest(`The ${name} filter must be an id`);
    return raw;
  },
});

/** GET /api/admin/reseller/list. */
export const RESELLERS_LIST: ListSpec = {
  sortable: {
    name: 'x.name',
    email: 'x.email',
    company_name: 'x.company_name',
    url_token: 'x.url_token',
    companies_count: 'x.companies_count',
    is_active: 'x.is_active',
    created_on: 'x.created_on',
  },
  filters: {
    q: search(['name', 'email', 'company_name', 'url_token']),
    is_active: boolean('is_active', 'is_active'),
  },
  defaultSort: ['created_on', 'DESC'],
  tiebreaker: 'x.id',
};

/** GET /api/reseller/service_provider. */
export const COMPANIES_LIST: ListSpec = {
  sortable: {
    company_name: 'x.company_name',
    ocn: 'x.ocn',
    email: 'x.email',
    status: 'x.status',
    subscription_expired_on: 'x.subscription_expired_on',
    created_on: 'x.created_on',
  },
  filters: {
    q: search(['company_name', 'ocn', 'email']),
    status: oneOf('status', 'status', COMPANY_STATUSES),
  },
  defaultSort: ['created_on', 'DESC'],
  tiebreaker: 'x.id',
};

/** GET /api/reseller/service_provider/invite. */
export const INVITES_LIST: ListSpec = {
  sortable: {
    email: 'x.email',
    company_name: 'x.company_name',
    status: 'x.status',
    sent_on: 'x.sent_on',
    created_on: 'x.created_on',
  },
  filters: {
    q: search(['email', 'company_name']),
    status: oneOf('status', 'status', INVITE_STATUSES),
  },
  defaultSort: ['sent_on', 'DESC'],
  tiebreaker: 'x.id',
};

/** GET /api/reseller/users/payment. */
export const PAYMENTS_LIST: ListSpec = {
  sortable: {
    created_on: 'x.created_on',
    amount: 'x.amount',
    transaction_id: 'x.transaction_id',
    company_name: 'x.company_name',
  },
  filters: {
    q: search(['company_name', 'transaction_id']),
    service_provider_uuid: uuid('service_provider_uuid', 'service_provider_uuid'),
  },
  defaultSort: ['created_on', 'DESC'],
  tiebreaker: 'x.id',
};

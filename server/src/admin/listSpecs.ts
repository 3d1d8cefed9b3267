// What each admin list may be sorted and filtered by (the list protocol of http/list.ts). A filter value that is
// not of its kind is a 400 naming the filter, never a query.
import { AUDIT_ACTIONS, EXPIRING_WITHIN_MAX_DAYS, PROVIDER_STATUSES } from '../../../contract/admin';
import { isUuid } from '../../../contract/ids';
import { badRequest } from '../http/errors';
import type { ListFilter, ListSpec } from '../http/list';

function refuse(name: string, message: string): never {
  throw badRequest(message, { [name]: message });
}

/** `%text%` for ILIKE, the wildcards of the text escaped; at most 100 characters. */
const contains =
  (name: string) =>
  (raw: unknown): string => {
    if (typeof raw !== 'string' || raw.length > 100)
      refuse(name, `${name} must be a text of at most 100 characters`);
    return `%${raw.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  };

const text =
  (name: string) =>
  (raw: unknown): string => {
    if (typeof raw !== 'string' || raw.length > 100)
      refuse(name, `${name} must be a text of at most 100 characters`);
    return raw;
  };

const uuid =
  (name: string) =>
  (raw: unknown): string => {
    if (!isUuid(raw)) refuse(name, `${name} must be an id`);
    return raw.toLowerCase();
  };

const oneOf =
  (name: string, values: readonly string[]) =>
  (raw: unknown): string => {
    if (typeof raw !== 'string' || !values.includes(raw))
      refuse(name, `${name} must be one of ${values.join(', ')}`);
    return raw;
  };

const wholeNumber =
  (name: string, min: number, max: number) =>
  (raw: unknown): number => {
    const n = typeof raw === 'string' && /^[0-9]{1,6}$/.test(raw) ? Number(raw) : raw;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
      refuse(name, `${name} must be a whole number from ${min} to ${max}`);
    }
    return n;
  };

const date =
  (name: string) =>
  (raw: unknown): string => {
    const ok = typeof raw === 'string' && raw.length <= 40 && /^\d{4}-\d{2}-\d{2}/.test(raw);
    if (!ok || Number.isNaN(new Date(raw).getTime())) refuse(name, `${name} must be a date (YYYY-MM-DD)`);
    return new Date(raw).toISOString();
  };

const providerFilter = (column: string): ListFilter => ({
  sql: (p) => `${column} = ${p}::uuid`,
  value: uuid('service_provider_uuid'),
});

/** The provider list: $1 is the clock (providerStore.PROVIDER_ROWS). */
export const PROVIDERS_LIST: ListSpec = {
  sortable: {
    company_name: 'p.company_name',
    ocn: 'p.ocn',
    email: 'p.email',
    status: 'p.status',
    reseller_name: 'p.reseller_name',
    subscription_expired_on: 'p.subscription_expired_on',
    created_on: 'p.created_on',
  },
  filters: {
    q: {
      sql: (p) => `(p.company_name ILIKE ${p} OR p.ocn ILIKE ${p} OR p.email ILIKE ${p})`,
      value: contains('q'),
    },
    status: { sql: (p) => `p.status = ${p}`, value: oneOf('status', PROVIDER_STATUSES) },
    reseller_id: { sql: (p) => `p.reseller_id = ${p}::uuid`, value: uuid('reseller_id') },
    expiring_within_days: {
      sql: (p) =>
        `p.subscription_expired_on >= $1::timestamptz AND ` +
        `p.subscription_expired_on < $1::timestamptz + ${p}::int * interval '1 day'`,
      value: wholeNumber('expiring_within_days', 0, EXPIRING_WITHIN_MAX_DAYS),
    },
  },
  defaultSort: ['created_on', 'DESC'],
  tiebreaker: 'p.id',
};

export const CHANGE_LOG_LIST: ListSpec = {
  sortable: {
    created_on: 'c.created_on',
    change: 'c.change',
    actor: 'c.actor',
    company_name: 'c.company_name',
  },
  filters: {
    change: { sql: (p) => `c.change = ${p}`, value: text('change') },
    service_provider_uuid: providerFilter('c.service_provider_id'),
  },
  defaultSort: ['created_on', 'DESC'],
  tiebreaker: 'c.id',
};

export const ADMIN_PAYMENTS_LIST: ListSpec = {
  sortable: {
    created_on: 'p.created_on',
    amount: 'p.amount',
    transaction_id: 'p.transaction_id',
    company_name: 'p.company_name',
  },
  filters: {
    service_provider_uuid: providerFilter('p.service_provider_id'),
    q: { sql: (p) => `(p.company_name ILIKE ${p} OR p.transaction_id ILIKE ${p})`, value: contains('q') },
  },
  defaultSort: ['created_on', 'DESC'],
  tiebreaker: 'p.id',
};

export const ADMIN_INVOICES_LIST: ListSpec = {
  sortable: {
    created_on: 'i.created_on',
    invoice_number: 'i.invoice_number',
    amount: 'i.amount',
    company_name: 'i.company_name',
    status: 'i.status',
  },
  filters: {
    service_provider_uuid: providerFilter('i.service_provider_id'),
    status: { sql: (p) => `i.status = ${p}`, value: oneOf('status', ['open', 'paid', 'void']) },
    q: { sql: (p) => `i.company_name ILIKE ${p}`, value: contains('q') },
  },
  defaultSort: ['created_on', 'DESC'],
  tiebreaker: 'i.id',
};

export const AUDIT_LIST: ListSpec = {
  sortable: { occurred_on: 'l.occurred_on', action: 'l.action', actor_email: 'l.actor_email' },
  filters: {
    action: { sql: (p) => `l.action = ${p}`, value: oneOf('action', AUDIT_ACTIONS) },
    service_provider_uuid: providerFilter('l.service_provider_id'),
    q: {
      sql: (p) => `(l.subject ILIKE ${p} OR l.actor_email ILIKE ${p} OR l.company_name ILIKE ${p})`,
      value: contains('q'),
    },
    occurred_from: { sql: (p) => `l.occurred_on >= ${p}::timestamptz`, value: date('occurred_from') },
    occurred_to: {
      sql: (p) => `l.occurred_on < ${p}::timestamptz + interval '1 day'`,
      value: date('occurred_to'),
    },
  },
  defaultSort: ['occurred_on', 'DESC'],
  tiebreaker: 'l.id',
};

export const CERTIFICATES_LIST: ListSpec = {
  sortable: {
    created_on: 'created_on',
    not_after: 'not_after',
    status: 'status',
    serial_number: 'serial_number',
  },
  filters: {
    status: {
      sql: (p) => `status = ${p}`,
      value: oneOf('status', ['pending', 'issued', 'failed', 'revoked']),
    },
  },
  defaultSort: ['created_on', 'DESC'],
  tiebreaker: 'id',
};

export const KEYS_LIST: ListSpec = {
  sortable: { created_on: 'created_on' },
  filters: {},
  defaultSort: ['created_on', 'DESC'],
  tiebreaker: 'id',
};

export const IMPORTS_LIST: ListSpec = {
  sortable: { imported_on: 'imported_on', filename: 'filename', status: 'status' },
  filters: {},
  defaultSort: ['imported_on', 'DESC'],
  tiebreaker: 'id',
};

/** A provider's numbers on its details page: no filter, so the total is the count the imports keep. */
export const NUMBERS_LIST: ListSpec = {
  sortable: { tn: 'tn', created_on: 'created_on' },
  filters: {},
  defaultSort: ['tn', 'ASC'],
  tiebreaker: 'tn',
};

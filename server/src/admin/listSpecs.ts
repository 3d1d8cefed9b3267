// What each admin list may be sorted and filtered by (the list protocol of http/list.ts). A filter value that is
// not of its kind is a 400 naming the filter, never a query.
import { AUDIT_ACTIONS, EXPIRING_WITHIN_MAX_DAYS, PROVIDER_STATUSES } from '../../../contract/admin';
import type { ListSpec } from '../http/list';
import { contains, date, oneOf, text, uuid, wholeNumber } from '../http/listFilters';

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
    q: contains('p.company_name', 'p.ocn', 'p.email'),
    status: oneOf('p.status', PROVIDER_STATUSES),
    reseller_id: uuid('p.reseller_id'),
    expiring_within_days: wholeNumber(
      (p) =>
        `p.subscription_expired_on >= $1::timestamptz AND ` +
        `p.subscription_expired_on < $1::timestamptz + ${p}::int * interval '1 day'`,
      0,
      EXPIRING_WITHIN_MAX_DAYS,
    ),
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
    change: text('c.change'),
    service_provider_uuid: uuid('c.service_provider_id'),
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
    service_provider_uuid: uuid('p.service_provider_id'),
    q: contains('p.company_name', 'p.transaction_id'),
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
    service_provider_uuid: uuid('i.service_provider_id'),
    status: oneOf('i.status', ['open', 'paid', 'void']),
    q: contains('i.company_name'),
  },
  defaultSort: ['created_on', 'DESC'],
  tiebreaker: 'i.id',
};

export const AUDIT_LIST: ListSpec = {
  sortable: { occurred_on: 'l.occurred_on', action: 'l.action', actor_email: 'l.actor_email' },
  filters: {
    action: oneOf('l.action', AUDIT_ACTIONS),
    service_provider_uuid: uuid('l.service_provider_id'),
    q: contains('l.subject', 'l.actor_email', 'l.company_name'),
    occurred_from: date((p) => `l.occurred_on >= ${p}::timestamptz`),
    occurred_to: date((p) => `l.occurred_on < ${p}::timestamptz + interval '1 day'`),
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
    status: oneOf('status', ['pending', 'issued', 'failed', 'revoked']),
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

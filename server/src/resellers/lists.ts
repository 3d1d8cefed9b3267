// What the reseller lists may be sorted and filtered by (the list protocol of http/list.ts). Each list reads a
// derived table `x` whose columns are the wire fields.
import { COMPANY_STATUSES, INVITE_STATUSES } from '../../../contract/resellers';
import type { ListSpec } from '../http/list';
import { boolean, contains, oneOf, uuid } from '../http/listFilters';

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
    q: contains('x.name', 'x.email', 'x.company_name', 'x.url_token'),
    is_active: boolean('x.is_active'),
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
    q: contains('x.company_name', 'x.ocn', 'x.email'),
    status: oneOf('x.status', COMPANY_STATUSES),
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
    q: contains('x.email', 'x.company_name'),
    status: oneOf('x.status', INVITE_STATUSES),
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
    q: contains('x.company_name', 'x.transaction_id'),
    service_provider_uuid: uuid('x.service_provider_uuid'),
  },
  defaultSort: ['created_on', 'DESC'],
  tiebreaker: 'x.id',
};

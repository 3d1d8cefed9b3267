// The calls of billing (docs/api.md): the subscription, the plan, auto charge, the cards and the
// invoice file.
import type { SavedCard, SubscriptionPlan } from '../../contract/api';
import { RECURRING_INTERVAL_COUNT } from '../../contract/constants';
import {
  apiUrl,
  fetchFile,
  getJson,
  httpClient,
  messageOf,
  postIdempotent,
  postJson,
  type MessageAnswer,
} from './http';
import type { PortalDataProvider } from './types';

export type BillingCalls = Pick<
  PortalDataProvider,
  | 'createSubscriptionCheckout'
  | 'extendSubscription'
  | 'getPlan'
  | 'changePlan'
  | 'setAutoCharge'
  | 'listCards'
  | 'addCard'
  | 'updateCard'
  | 'getFile'
>;

export function billingCalls(): BillingCalls {
  return {
    createSubscriptionCheckout(params) {
      return postIdempotent<{ data: { url: string } }>('payment/subscription', params);
    },

    extendSubscription(recurring_interval, count) {
      return postIdempotent<{ url: string }>('payment/subscription/extend', { recurring_interval, count });
    },

    getPlan() {
      return getJson<SubscriptionPlan>('payment/subscription');
    },

    async changePlan(recurring_interval) {
      const { json } = await httpClient<MessageAnswer>(apiUrl('payment/sp/subscription'), {
        method: 'PATCH',
        body: JSON.stringify({ recurring_interval, recurring_interval_count: RECURRING_INTERVAL_COUNT }),
      });
      return messageOf(json);
    },

    async setAutoCharge(params) {
      return messageOf(await postJson<MessageAnswer>('payment/set_auto_charge', params));
    },

    async listCards() {
      const json = await getJson<{ data?: SavedCard[] }>('payment/payment_card');
      return { data: Array.isArray(json?.data) ? json.data : [] };
    },

    async addCard(payload) {
      // sandbox: the card fields; Stripe: { payment_method_id, address } only (the card stays with Stripe)
      return messageOf(await postIdempotent<MessageAnswer>('payment/payment_card', payload));
    },

    async updateCard(id, payload) {
      const { json } = await httpClient<MessageAnswer>(
        apiUrl(`payment/payment_card/${encodeURIComponent(id)}`),
        {
          method: 'PATCH',
          body: JSON.stringify(payload),
        },
      );
      return messageOf(json);
    },

    async getFile(path) {
      // invoice_path may be an absolute URL, an /api/... path or a path under /api
      const url = /^https?:\/\//.test(path) || path.startsWith('/api/') ? path : apiUrl(path);
      return (await fetchFile(url)).blob();
    },
  };
}

// The payment routes over HTTP: parse, authorize, call one billing function, answer. Also the webhook (raw body
// for the signature) and, when PAYMENTS=sandbox, the sandbox's checkout page.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addCardSchema, addCardStripeSchema, updateCardSchema } from '../../../contract/cards';
import { validate } from '../../../contract/schemas';
import { CardParams, PastDueQuerystring } from '../../../contract/wire/billing';
import { ListQuerystring } from '../../../contract/wire/list';
import { ById } from '../../../contract/wire/params';
import type { TSchema } from '../../../contract/wire/kit';
import { HttpError, badRequest } from '../http/errors';
import { bodyOf, jsonBody } from '../http/body';
import { access, currentUser } from '../http/guard';
import { parseListQuery, type ListSpec } from '../http/list';
import { sandboxCheckoutRoutes } from '../integrations/payments/sandbox/routes';
import { addCard, listCards, updateCard } from './cards';
import { checkoutPage, pastDueCheckout, startSubscription } from './checkouts';
import type { BillingDeps } from './deps';
import { invoiceFile, listInvoices, showInvoice } from './invoices';
import { sendJsonPage } from '../http/jsonPage';
import { handlePaymentEvent, receiveWebhook } from './paymentEvents';
import { listPayments } from './payments';
import { BILLING_MESSAGES } from './plans';
import {
  autoChargeResponse,
  cardsResponse,
  checkoutUrlResponse,
  invoicePdfResponse,
  invoiceResponse,
  invoicesResponse,
  messageResponse,
  paymentsResponse,
  subscriptionCheckoutResponse,
  subscriptionResponse,
  webhookResponse,
} from './responses';
import {
  autoChargeSchema,
  extendSchema,
  pastDueQuerySchema,
  planChangeSchema,
  subscriptionRequestSchema,
} from './schemas';
import { changePlan, extendSubscription, setAutoCharge, showSubscription } from './subscriptions';

/** PAYMENTS=stripe takes cards only as payment methods made by the secure card form (Stripe Elements). */
export const RAW_CARD_MESSAGE = 'Card details must be entered in the secure card form';
const RAW_CARD_FIELDS = ['number', 'cvc'];

const PAYMENTS_LIST: ListSpec = {
  sortable: { created_on: 'created_on', amount: 'amount', transaction_id: 'transaction_id' },
  filters: {},
  defaultSort: ['created_on', 'DESC'],
};

const INVOICES_LIST: ListSpec = {
  sortable: { created_on: 'created_on', invoice_number: 'invoice_number', amount: 'amount' },
  filters: {},
  defaultSort: ['created_on', 'DESC'],
};

/** A route's schema: its answers, and the schemas of its path ids and query string where it has them. */
const answers = (
  response: Record<number, unknown>,
  parts: { params?: TSchema; querystring?: TSchema } = {},
) => ({ ...parts, response });

/** The card of POST payment_card: raw fields in the sandbox, a payment-method id with Stripe. */
const newCardSchema = (deps: BillingDeps) =>
  deps.payments.kind === 'stripe' ? addCardStripeSchema : addCardSchema;

async function parseNewCard(deps: BillingDeps, request: FastifyRequest) {
  if (deps.payments.kind !== 'stripe') return bodyOf(request, addCardSchema);
  const body = request.body;
  if (body && typeof body === 'object' && RAW_CARD_FIELDS.some((f) => f in body)) {
    throw new HttpError(400, RAW_CARD_MESSAGE, { errors: { number: RAW_CARD_MESSAGE } });
  }
  return bodyOf(request, addCardStripeSchema);
}

export async function billingRoutes(app: FastifyInstance, deps: BillingDeps) {
  await paymentPageRoutes(app, deps);
  subscriptionRoutes(app, deps);
  cardRoutes(app, deps);
  historyRoutes(app, deps);
}

/** Public: the payment pages of a registration and of a past-due period, the webhook, the sandbox's page. */
async function paymentPageRoutes(app: FastifyInstance, deps: BillingDeps) {
  const limited = { public: true, rateLimit: { max: deps.config.authRateLimit, timeWindow: '1 minute' } };

  app.post(
    '/api/payment/subscription',
    {
      config: { ...limited, idempotent: true, ...jsonBody(subscriptionRequestSchema) },
      schema: answers({ 200: subscriptionCheckoutResponse }),
    },
    async (request) => startSubscription(deps, await bodyOf(request, subscriptionRequestSchema)),
  );

  app.get(
    '/api/payment/old_subscription_invoice',
    { config: limited, schema: answers({ 200: checkoutUrlResponse }, { querystring: PastDueQuerystring }) },
    async (request) => {
      const query = await validate(pastDueQuerySchema, request.query);
      return pastDueCheckout(deps, query.service_provider_uuid);
    },
  );

  await app.register(async (scope) => {
    // The signature covers the exact bytes sent: keep the body raw in this route only.
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 512 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.post(
      '/api/payment/webhook',
      { config: { public: true }, schema: answers({ 200: webhookResponse }) },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw badRequest('The webhook body must be JSON');
        return receiveWebhook(deps, request.body, request.headers);
      },
    );
  });

  if (deps.payments.kind === 'sandbox') {
    await sandboxCheckoutRoutes(app, {
      now: deps.now,
      checkoutPage: (id) => checkoutPage(deps, id),
      handlePaymentEvent: (event) => handlePaymentEvent(deps, event),
      // No billing address is asked on the payment page; the card form of the renewal page can add one.
      saveCard: (customerRef, card) =>
        deps.payments.addCard(
          customerRef,
          { kind: 'raw', ...card },
          { line1: '', state: '', city: '', postal_code: '' },
        ),
    });
  }
}

/** The provider's own subscription: plan, extension, auto charge. */
function subscriptionRoutes(app: FastifyInstance, deps: BillingDeps) {
  app.get(
    '/api/payment/subscription',
    { config: access('subscription', 'show'), schema: answers({ 200: subscriptionResponse }) },
    async (request) => showSubscription(deps, currentUser(request)),
  );

  app.patch(
    '/api/payment/sp/subscription',
    {
      config: { ...access('subscription', 'edit'), ...jsonBody(planChangeSchema) },
      schema: answers({ 200: messageResponse }),
    },
    async (request) => {
      const input = await bodyOf(request, planChangeSchema);
      return changePlan(deps, currentUser(request), input);
    },
  );

  app.post(
    '/api/payment/subscription/extend',
    {
      config: { ...access('subscription', 'extend'), idempotent: true, ...jsonBody(extendSchema) },
      schema: answers({ 200: checkoutUrlResponse }),
    },
    async (request) => {
      const input = await bodyOf(request, extendSchema);
      return extendSubscription(deps, currentUser(request), input);
    },
  );

  app.post(
    '/api/payment/set_auto_charge',
    {
      config: { ...access('subscription', 'edit'), ...jsonBody(autoChargeSchema) },
      schema: answers({ 200: autoChargeResponse }),
    },
    async (request) => {
      const input = await bodyOf(request, autoChargeSchema);
      return setAutoCharge(deps, currentUser(request), input);
    },
  );
}

/** The provider's saved cards. */
function cardRoutes(app: FastifyInstance, deps: BillingDeps) {
  app.get(
    '/api/payment/payment_card',
    { config: access('cards', 'show'), schema: answers({ 200: cardsResponse }) },
    async (request) => listCards(deps, currentUser(request)),
  );

  app.post(
    '/api/payment/payment_card',
    {
      config: { ...access('cards', 'create'), idempotent: true, ...jsonBody(newCardSchema(deps)) },
      schema: answers({ 201: messageResponse }),
    },
    async (request, reply) => {
      const input = await parseNewCard(deps, request);
      return reply.status(201).send(await addCard(deps, currentUser(request), input));
    },
  );

  app.patch<{ Params: CardParams }>(
    '/api/payment/payment_card/:id',
    {
      config: {
        ...access('cards', 'edit'),
        notFound: BILLING_MESSAGES.cardNotFound,
        ...jsonBody(updateCardSchema),
      },
      schema: answers({ 200: messageResponse }, { params: CardParams }),
    },
    async (request) => {
      const input = await bodyOf(request, updateCardSchema);
      return updateCard(deps, currentUser(request), request.params.id, input);
    },
  );
}

/** The config of a route of one invoice: what it does, and its answer for an id it does not find. */
const ofInvoice = <C extends object>(config: C) => ({
  ...config,
  notFound: BILLING_MESSAGES.invoiceNotFound,
});

/** The provider's payments and invoices, and an invoice's PDF. */
function historyRoutes(app: FastifyInstance, deps: BillingDeps) {
  app.get(
    '/api/service_provider/payments',
    {
      config: access('payments', 'list'),
      schema: answers({ 200: paymentsResponse }, { querystring: ListQuerystring }),
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, PAYMENTS_LIST, { paramOffset: 1 });
      return sendJsonPage(reply, 'payments', await listPayments(deps, currentUser(request), list), list);
    },
  );

  app.get(
    '/api/service_provider/invoices',
    {
      config: access('invoices', 'list'),
      schema: answers({ 200: invoicesResponse }, { querystring: ListQuerystring }),
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, INVOICES_LIST, { paramOffset: 1 });
      return sendJsonPage(reply, 'invoices', await listInvoices(deps, currentUser(request), list), list);
    },
  );

  app.get<{ Params: ById }>(
    '/api/service_provider/invoices/:id',
    {
      config: ofInvoice(access('invoices', 'show')),
      schema: answers({ 200: invoiceResponse }, { params: ById }),
    },
    async (request) => showInvoice(deps, currentUser(request), request.params.id),
  );

  app.get<{ Params: ById }>(
    '/api/service_provider/invoices/:id/file',
    {
      config: ofInvoice(access('invoices', 'download')),
      schema: answers({ 200: invoicePdfResponse }, { params: ById }),
    },
    async (request, reply) => {
      const file = await invoiceFile(deps, currentUser(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="${file.filename}"`)
        .header('Cache-Control', 'private, no-store')
        .send(file.pdf);
    },
  );
}

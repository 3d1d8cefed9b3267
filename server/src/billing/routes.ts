// The payment routes over HTTP: parse, authorize, call the billing service, answer. Also the webhook (raw body
// for the signature), the sandbox's checkout page when PAYMENTS=sandbox, and billing's background jobs.
import type { FastifyInstance } from 'fastify';
import { addCardSchema, addCardStripeSchema, updateCardSchema } from '../../../contract/cards';
import { validate } from '../../../contract/schemas';
import type { AppContext } from '../context';
import { HttpError, badRequest } from '../http/errors';
import { currentUser } from '../http/guard';
import { parseListQuery, sendList, type ListSpec } from '../http/list';
import { WebhookSignatureError } from '../integrations/payments/gateway';
import { sandboxCheckoutRoutes } from '../integrations/payments/sandbox/routes';
import { RENEWALS_CRON, registerBillingJobs } from './jobs';
import {
  autoChargeSchema,
  extendSchema,
  pastDueQuerySchema,
  planChangeSchema,
  subscriptionRequestSchema,
} from './schemas';
import { RENEWALS_JOB, billingService, type BillingService } from './service';

const provider = { roles: ['service-provider'] } as const;

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

declare module 'fastify' {
  interface FastifyInstance {
    /** The billing service of the app (the renewal job and tests call it directly). */
    billing: BillingService;
  }
}

/** The billing service of an app's context, shared with the accounts module's sign-in seam. */
const services = new WeakMap<AppContext, BillingService>();
export function billingOf(ctx: AppContext): BillingService {
  let s = services.get(ctx);
  if (!s) {
    s = billingService(ctx);
    services.set(ctx, s);
  }
  return s;
}

export async function billingRoutes(app: FastifyInstance, ctx: AppContext) {
  const billing = billingOf(ctx);
  app.decorate('billing', billing);
  const limited = { public: true, rateLimit: { max: ctx.config.authRateLimit, timeWindow: '1 minute' } };

  app.post('/api/payment/subscription', { config: limited }, async (request) => {
    const input = await validate(subscriptionRequestSchema, request.body);
    return billing.startSubscription(input);
  });

  app.get('/api/payment/old_subscription_invoice', { config: limited }, async (request) => {
    const query = await validate(pastDueQuerySchema, request.query);
    return billing.pastDueCheckout(query.service_provider_uuid);
  });

  await app.register(async (scope) => {
    // The signature covers the exact bytes sent: keep the body raw in this route only.
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 512 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.post('/api/payment/webhook', { config: { public: true } }, async (request) => {
      if (!Buffer.isBuffer(request.body)) throw badRequest('The webhook body must be JSON');
      let event;
      try {
        event = ctx.payments.parseWebhook(request.body, request.headers);
      } catch (e) {
        if (e instanceof WebhookSignatureError) throw badRequest(`Webhook refused: ${e.message}`);
        throw e;
      }
      const { duplicate } = await billing.handlePaymentEvent(event);
      return { received: true, duplicate };
    });
  });

  app.get('/api/payment/subscription', { config: provider }, async (request) =>
    billing.getPlan(currentUser(request)),
  );

  app.patch('/api/payment/sp/subscription', { config: provider }, async (request) => {
    const input = await validate(planChangeSchema, request.body);
    return billing.changePlan(currentUser(request), input);
  });

  app.post('/api/payment/subscription/extend', { config: provider }, async (request) => {
    const input = await validate(extendSchema, request.body);
    return billing.extend(currentUser(request), input);
  });

  app.post('/api/payment/set_auto_charge', { config: provider }, async (request) => {
    const input = await validate(autoChargeSchema, request.body);
    return billing.setAutoCharge(currentUser(request), input);
  });

  app.get('/api/payment/payment_card', { config: provider }, async (request) =>
    billing.listCards(currentUser(request)),
  );

  app.post('/api/payment/payment_card', { config: provider }, async (request, reply) => {
    if (ctx.payments.kind === 'stripe') {
      const body = request.body;
      if (body && typeof body === 'object' && RAW_CARD_FIELDS.some((f) => f in body)) {
        throw new HttpError(400, RAW_CARD_MESSAGE, { errors: { number: RAW_CARD_MESSAGE } });
      }
      const input = await validate(addCardStripeSchema, body);
      return reply.status(201).send(await billing.addCard(currentUser(request), input));
    }
    const input = await validate(addCardSchema, request.body);
    return reply.status(201).send(await billing.addCard(currentUser(request), input));
  });

  app.patch<{ Params: { id: string } }>(
    '/api/payment/payment_card/:id',
    { config: provider },
    async (request) => {
      const input = await validate(updateCardSchema, request.body);
      return billing.updateCard(currentUser(request), request.params.id, input);
    },
  );

  app.get('/api/service_provider/payments', { config: provider }, async (request, reply) => {
    const list = parseListQuery(request.query, PAYMENTS_LIST, { paramOffset: 1 });
    const { rows, total } = await billing.listPayments(currentUser(request), list);
    return sendList(reply, 'payments', rows, total, list.range);
  });

  app.get('/api/service_provider/invoices', { config: provider }, async (request, reply) => {
    const list = parseListQuery(request.query, INVOICES_LIST, { paramOffset: 1 });
    const { rows, total } = await billing.listInvoices(currentUser(request), list);
    return sendList(reply, 'invoices', rows, total, list.range);
  });

  app.get<{ Params: { id: string } }>(
    '/api/service_provider/invoices/:id',
    { config: provider },
    async (request) => billing.getInvoice(currentUser(request), request.params.id),
  );

  app.get<{ Params: { id: string } }>(
    '/api/service_provider/invoices/:id/file',
    { config: provider },
    async (request, reply) => {
      const file = await billing.invoiceFile(currentUser(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="${file.filename}"`)
        .header('Cache-Control', 'private, no-store')
        .send(file.pdf);
    },
  );

  if (ctx.payments.kind === 'sandbox') {
    await sandboxCheckoutRoutes(app, {
      publicUrl: ctx.config.publicUrl,
      now: ctx.now,
      checkoutPage: (id) => billing.checkoutPage(id),
      handlePaymentEvent: (event) => billing.handlePaymentEvent(event),
    });
  }

  await registerBillingJobs(ctx, billing);
  // Taken by the queue now and applied when it starts (main.ts, and createTestApp in the tests).
  await ctx.jobs.schedule(RENEWALS_JOB, RENEWALS_CRON);
}

// A local stand-in for the parts of the Stripe API the gateway uses. It answers with Stripe-shaped
// objects, keeps what was created in memory and records every request (method, path, the decoded
// form or query parameters, the Idempotency-Key header) so tests can assert what we send.
// Point the official SDK at it: new Stripe(key, { host: '127.0.0.1', port, protocol: 'http' }).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface RecordedRequest {
  method: string;
  path: string;
  params: Obj;
  idempotencyKey: string | undefined;
}

export interface StripeFailure {
  status: number;
  error: { type: string; message: string; code?: string; decline_code?: string; param?: string };
}

/** A Stripe-shaped JSON object, of any kind, which the stand-in and its tests read and write at any depth. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- nested JSON of every Stripe kind, read at any depth
export type Obj = Record<string, any>;

/** Decodes `a[b][0][c]=v` (the SDK's bracket notation) into nested objects and arrays. */
export function decodeForm(raw: string): Obj {
  const root: Obj = {};
  if (!raw) return root;
  for (const pair of raw.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    const rawValue = eq < 0 ? '' : pair.slice(eq + 1);
    const key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
    const value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    const first = key.indexOf('[');
    const parts =
      first < 0
        ? [key]
        : [key.slice(0, first), ...[...key.slice(first).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1])];
    let node: Obj = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      if (last) {
        node[part] = value;
        return;
      }
      if (node[part] === undefined) node[part] = /^\d+$/.test(parts[i + 1]) ? [] : {};
      node = node[part];
    });
  }
  return root;
}

const now = () => Math.floor(Date.now() / 1000);
let counter = 0;
const newId = (prefix: string) =>
  `${prefix}_${(++counter).toString(36).padStart(6, '0')}${Math.random().toString(36).slice(2, 10)}`;

function mergeMetadata(current: Obj | undefined, update: Obj | undefined): Obj {
  const out: Obj = { ...(current ?? {}) };
  for (const [k, v] of Object.entries(update ?? {})) {
    if (v === '') delete out[k];
    else out[k] = v;
  }
  return out;
}

const list = (data: Obj[], url: string) => ({ object: 'list', data, has_more: false, url });

export class StripeStandIn {
  readonly requests: RecordedRequest[] = [];
  readonly products = new Map<string, Obj>();
  readonly prices = new Map<string, Obj>();
  readonly customers = new Map<string, Obj>();
  readonly paymentMethods = new Map<string, Obj>();
  readonly sessions = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  readonly schedules = new Map<string, Obj>();
  readonly invoices = new Map<string, Obj>();
  private failures: { method: string; path: RegExp; failure: StripeFailure }[] = [];
  /** How long a new Checkout Session stays open (`expires_at`); Stripe's default is 24 hours. */
  sessionTtlSeconds = 24 * 3600;
  private server = http.createServer((req, res) => void this.handle(req, res));
  port = 0;

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The official SDK, pointed here. */
  client(key = 'sk_test_standin'): Stripe {
    return new Stripe(key, { host: '127.0.0.1', port: this.port, protocol: 'http', maxNetworkRetries: 0 });
  }

  /** The next request matching method and path answers with this error instead. */
  failNext(method: string, path: RegExp, failure: StripeFailure): void {
    this.failures.push({ method, path, failure });
  }

  /** Requests matching method and a path pattern. */
  calls(method: string, path: RegExp | string): RecordedRequest[] {
    return this.requests.filter(
      (r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
    );
  }

  reset(): void {
    this.requests.length = 0;
    this.failures = [];
  }

  // Seeding, as Stripe itself would create these objects.

  /** A card payment method as Stripe Elements would create it (unattached). */
  addPaymentMethod(
    card: Partial<{ brand: string; last4: string; exp_month: number; exp_year: number }> = {},
  ): Obj {
    const pm = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      created: now() + this.paymentMethods.size,
      customer: null,
      livemode: false,
      metadata: {},
      allow_redisplay: 'unspecified',
      billing_details: {
        address: { line1: null, line2: null, city: null, state: null, postal_code: null, country: null },
        email: null,
        name: null,
        phone: null,
      },
      card: {
        brand: 'visa',
        last4: '4242',
        exp_month: 12,
        exp_year: 2030,
        country: 'US',
        funding: 'credit',
        ...card,
      },
    };
    this.paymentMethods.set(pm.id, pm);
    return pm;
  }

  /** A subscription as a completed subscription-mode Checkout would leave it. */
  addSubscription(customer: string, priceId: string, extra: Obj = {}): Obj {
    const price = this.prices.get(priceId) ?? {
      id: priceId,
      object: 'price',
      recurring: { interval: 'month', interval_count: 1 },
    };
    const start = now();
    const end = start + (price.recurring?.interval === 'year' ? 365 : 30) * 86400;
    const sub = {
      id: newId('sub'),
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      default_payment_method: null,
      metadata: {},
      schedule: null,
      items: list(
        [
          {
            id: newId('si'),
            object: 'subscription_item',
            price,
            quantity: 1,
            current_period_start: start,
            current_period_end: end,
          },
        ],
        '/v1/subscription_items',
      ),
      ...extra,
    };
    this.subscriptions.set(sub.id, sub);
    return sub;
  }

  addInvoice(extra: Obj = {}): Obj {
    const id = newId('in');
    const inv = {
      id,
      object: 'invoice',
      status: 'paid',
      invoice_pdf: `https://pay.stripe.test/invoice/${id}/pdf`,
      hosted_invoice_url: `https://invoice.stripe.test/i/${id}`,
      ...extra,
    };
    this.invoices.set(id, inv);
    return inv;
  }

  // The HTTP API, answered as Stripe answers it.

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    const raw =
      method === 'GET' || method === 'DELETE' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8');
    const params = decodeForm(raw);
    const key = req.headers['idempotency-key'];
    this.requests.push({
      method,
      path: url.pathname,
      params,
      idempotencyKey: Array.isArray(key) ? key[0] : key,
    });

    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
      res.end(JSON.stringify(body));
    };
    const failureAt = this.failures.findIndex((f) => f.method === method && f.path.test(url.pathname));
    if (failureAt >= 0) {
      const [f] = this.failures.splice(failureAt, 1);
      send(f.failure.status, { error: f.failure.error });
      return;
    }
    try {
      const out = this.route(method, url.pathname, params);
      if (out === undefined)
        send(404, {
          error: {
            type: 'invalid_request_error',
            message: `Unrecognized request URL (${method}: ${url.pathname})`,
          },
        });
      else send(200, out);
    } catch (err) {
      if (err instanceof BadRequest) {
        send(400, { error: { type: 'invalid_request_error', message: err.message } });
      } else if (err instanceof Missing) {
        send(404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: err.message },
        });
      } else {
        send(500, { error: { type: 'api_error', message: String(err) } });
      }
    }
  }

  private get<T extends Obj>(map: Map<string, T>, id: string, what: string): T {
    const o = map.get(id);
    if (!o) throw new Missing(`No such ${what}: '${id}'`);
    return o;
  }

  private route(method: string, path: string, p: Obj): unknown {
    let m: RegExpMatchArray | null;
    // Prices and products
    if (method === 'GET' && path === '/v1/prices') {
      const keys: string[] = p.lookup_keys ?? [];
      const data = [...this.prices.values()].filter(
        (x) =>
          (!keys.length || keys.includes(x.lookup_key)) &&
          (p.active === undefined || String(x.active) === p.active),
      );
      return list(data, path);
    }
    if (method === 'POST' && path === '/v1/products') {
      const prod = {
        id: newId('prod'),
        object: 'product',
        active: true,
        created: now(),
        name: p.name,
        metadata: p.metadata ?? {},
      };
      this.products.set(prod.id, prod);
      return prod;
    }
    if (method === 'POST' && path === '/v1/prices') {
      if (p.transfer_lookup_key === 'true') {
        for (const other of this.prices.values())
          if (other.lookup_key === p.lookup_key) other.lookup_key = null;
      }
      const price = {
        id: newId('price'),
        object: 'price',
        active: true,
        created: now(),
        currency: p.currency,
        unit_amount: Number(p.unit_amount),
        product: p.product,
        lookup_key: p.lookup_key ?? null,
        nickname: p.nickname ?? null,
        type: p.recurring ? 'recurring' : 'one_time',
        recurring: p.recurring
          ? { interval: p.recurring.interval, interval_count: Number(p.recurring.interval_count ?? 1) }
          : null,
        metadata: p.metadata ?? {},
      };
      this.prices.set(price.id, price);
      return price;
    }
    // Customers
    if (method === 'POST' && path === '/v1/customers') {
      const c = {
        id: newId('cus'),
        object: 'customer',
        created: now(),
        email: p.email,
        name: p.name,
        metadata: p.metadata ?? {},
        invoice_settings: { default_payment_method: null },
      };
      this.customers.set(c.id, c);
      return c;
    }
    if ((m = path.match(/^\/v1\/customers\/([^/]+)\/payment_methods$/)) && method === 'GET') {
      this.get(this.customers, m[1], 'customer');
      const data = [...this.paymentMethods.values()]
        .filter((pm) => pm.customer === m![1] && (!p.type || pm.type === p.type))
        .sort((a, b) => b.created - a.created);
      return list(data, path);
    }
    if ((m = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      const c = this.get(this.customers, m[1], 'customer');
      if (method === 'POST') {
        if (p.invoice_settings) c.invoice_settings = { ...c.invoice_settings, ...p.invoice_settings };
        if (p.metadata) c.metadata = mergeMetadata(c.metadata, p.metadata);
        for (const k of ['email', 'name']) if (p[k] !== undefined) c[k] = p[k];
      }
      return c;
    }
    // Payment methods
    if ((m = path.match(/^\/v1\/payment_methods\/([^/]+)\/attach$/)) && method === 'POST') {
      const pm = this.get(this.paymentMethods, m[1], 'PaymentMethod');
      this.get(this.customers, p.customer, 'customer');
      pm.customer = p.customer;
      return pm;
    }
    if ((m = path.match(/^\/v1\/payment_methods\/([^/]+)$/))) {
      const pm = this.get(this.paymentMethods, m[1], 'PaymentMethod');
      if (method === 'POST') {
        if (p.card) {
          if (p.card.exp_month !== undefined) pm.card.exp_month = Number(p.card.exp_month);
          if (p.card.exp_year !== undefined) pm.card.exp_year = Number(p.card.exp_year);
        }
        if (p.billing_details?.address)
          pm.billing_details.address = { ...pm.billing_details.address, ...p.billing_details.address };
        if (p.metadata) pm.metadata = mergeMetadata(pm.metadata, p.metadata);
      }
      return pm;
    }
    // Checkout
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = newId('cs_test');
      const amount = (p.line_items ?? []).reduce((sum: number, li: Obj) => {
        const unit = li.price_data
          ? Number(li.price_data.unit_amount)
          : Number(this.prices.get(li.price)?.unit_amount ?? 0);
        return sum + unit * Number(li.quantity ?? 1);
      }, 0);
      const s = {
        id,
        object: 'checkout.session',
        mode: p.mode,
        status: 'open',
        payment_status: 'unpaid',
        customer: p.customer ?? null,
        client_reference_id: p.client_reference_id ?? null,
        metadata: p.metadata ?? {},
        amount_total: amount,
        currency: 'usd',
        success_url: p.success_url,
        cancel_url: p.cancel_url,
        url: `https://checkout.stripe.test/c/pay/${id}`,
        expires_at: now() + this.sessionTtlSeconds,
        payment_intent: null,
        subscription: null,
        invoice: null,
      };
      this.sessions.set(id, s);
      return s;
    }
    if ((m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/)) && method === 'GET') {
      // As stored: a test that pays a session puts the expanded objects (payment_intent, subscription) on it.
      return this.get(this.sessions, m[1], 'checkout.session');
    }
    // Subscriptions
    if (method === 'GET' && path === '/v1/subscriptions') {
      const data = [...this.subscriptions.values()].filter((s) => !p.customer || s.customer === p.customer);
      return list(data, path);
    }
    if ((m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const s = this.get(this.subscriptions, m[1], 'subscription');
      if (method === 'POST') {
        if (p.cancel_at_period_end !== undefined) {
          if (s.schedule) {
            throw new BadRequest(
              `The subscription is managed by the subscription schedule \`${s.schedule}\`, and updating any cancelation behavior directly is not allowed.`,
            );
          }
          s.cancel_at_period_end = p.cancel_at_period_end === 'true';
        }
        if (p.default_payment_method !== undefined) s.default_payment_method = p.default_payment_method;
        if (p.trial_end !== undefined) {
          s.trial_end = Number(p.trial_end);
          s.status = 'trialing';
        }
        if (p.metadata) s.metadata = mergeMetadata(s.metadata, p.metadata);
        if (p.items) {
          for (const it of p.items as Obj[]) {
            const item = s.items.data.find((x: Obj) => x.id === it.id);
            if (item && it.price) item.price = this.get(this.prices, it.price, 'price');
          }
        }
      }
      return s;
    }
    // Subscription schedules
    if (method === 'POST' && path === '/v1/subscription_schedules') {
      const sub = this.get(this.subscriptions, p.from_subscription, 'subscription');
      const item = sub.items.data[0];
      const phase = {
        start_date: item.current_period_start,
        end_date: item.current_period_end,
        items: [{ price: item.price.id, quantity: item.quantity }],
      };
      const sch = {
        id: newId('sub_sched'),
        object: 'subscription_schedule',
        subscription: sub.id,
        status: 'active',
        end_behavior: 'release',
        current_phase: { start_date: phase.start_date, end_date: phase.end_date },
        phases: [phase],
      };
      sub.schedule = sch.id;
      this.schedules.set(sch.id, sch);
      return sch;
    }
    if ((m = path.match(/^\/v1\/subscription_schedules\/([^/]+)\/release$/)) && method === 'POST') {
      const sch = this.get(this.schedules, m[1], 'subscription_schedule');
      sch.status = 'released';
      const sub = this.subscriptions.get(sch.subscription);
      if (sub) sub.schedule = null;
      return sch;
    }
    if ((m = path.match(/^\/v1\/subscription_schedules\/([^/]+)$/))) {
      const sch = this.get(this.schedules, m[1], 'subscription_schedule');
      if (method === 'POST') {
        if (p.end_behavior) sch.end_behavior = p.end_behavior;
        if (p.phases) {
          sch.phases = (p.phases as Obj[]).map((ph) => ({
            ...ph,
            start_date: ph.start_date === undefined ? undefined : Number(ph.start_date),
            end_date: ph.end_date === undefined ? undefined : Number(ph.end_date),
            items: (ph.items as Obj[]).map((it) => ({ price: it.price, quantity: Number(it.quantity ?? 1) })),
          }));
        }
      }
      return sch;
    }
    // Invoices
    if ((m = path.match(/^\/v1\/invoices\/([^/]+)$/)) && method === 'GET') {
      return this.get(this.invoices, m[1], 'invoice');
    }
    return undefined;
  }
}

class Missing extends Error {}
class BadRequest extends Error {}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  return new StripeStandIn().start();
}

// Webhooks, as Stripe sends them.

/** A Stripe event envelope around `object`. */
export function stripeEvent(type: string, object: Obj, id = newId('evt')): Obj {
  return {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: now(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/** The body and headers of a webhook delivery, signed with the endpoint's secret by the SDK's test helper. */
export function signStripeEvent(
  event: Obj,
  secret: string,
): { payload: string; headers: Record<string, string> } {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
}

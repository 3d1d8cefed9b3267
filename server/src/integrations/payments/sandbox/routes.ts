// The sandbox's checkout page: GET shows a card form, POST pays. A successful payment becomes a PaymentEvent
// handed to the same handler a verified provider webhook reaches. Self-contained HTML: no script, no external
// assets, styles inline (the app's CSP allows inline styles, not scripts).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { emptyResponse, fileResponse } from '../../../http/responses';
import { moneyText } from '../../../../../contract/format';
import { SandboxCheckoutParams } from '../../../../../contract/wire/integrations';
import type { PaymentEvent } from '../gateway';
import {
  DECLINED_MESSAGE,
  SANDBOX_CARD_CHARGE_FAILS,
  SANDBOX_CARD_DECLINED,
  SANDBOX_CARD_OK,
  checkRawCard,
} from './cards';

export interface SandboxCheckoutView {
  id: string;
  purpose: 'subscription' | 'extension' | 'past_due';
  amount: number;
  description: string;
  status: 'open' | 'paid' | 'expired' | 'failed';
  company_name: string;
  /** Keep the card paid with for automatic renewal, for this customer. */
  save_card: boolean;
  customer_ref: string | null;
  /** The portal's pages to return to, as a real provider is told them: paid, or given up. */
  success_url: string;
  cancel_url: string;
}

export interface SandboxRouteDeps {
  now: () => Date;
  checkoutPage(id: string): Promise<SandboxCheckoutView | null>;
  handlePaymentEvent(event: PaymentEvent): Promise<unknown>;
  /** Saves the card a checkout is paid with as the customer's card (brand, last four, expiry; never the number). */
  saveCard(customerRef: string, card: RawCard): Promise<unknown>;
}

export interface RawCard {
  number: string;
  cvc: string;
  exp_month: number;
  exp_year: number;
}

const esc = (v: string) =>
  v
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
const dollars = (n: number) => moneyText(n);

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f5f8;color:#1f2933;margin:0;padding:24px}
main{max-width:440px;margin:0 auto;background:#fff;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.15);padding:24px}
h1{font-size:1.35rem;margin:0 0 4px}
.banner{background:#fff4e5;border:1px solid #f0b429;border-radius:6px;padding:10px 12px;margin:12px 0;font-size:.95rem}
.amount{font-size:1.6rem;font-weight:700;margin:8px 0}
label{display:block;font-weight:600;margin:12px 0 4px}
input{box-sizing:border-box;width:100%;padding:10px;font-size:1rem;border:1px solid #7b8794;border-radius:4px}
input:focus{outline:3px solid #90caf9;outline-offset:1px}
.row{display:flex;gap:12px}.row>div{flex:1}
button{margin-top:18px;width:100%;padding:12px;font-size:1rem;font-weight:700;color:#fff;background:#1565c0;border:0;border-radius:4px;cursor:pointer}
button:focus{outline:3px solid #90caf9;outline-offset:2px}
.error{color:#b00020;background:#fdecea;border-radius:4px;padding:10px;margin:12px 0}
code{background:#eef2f7;padding:1px 4px;border-radius:3px}
.back{text-align:center;margin:16px 0 0}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

const BANNER = `<p class="banner" role="note"><strong>Sandbox payment page.</strong> No real card is charged.
Test cards: <code>${SANDBOX_CARD_OK}</code> succeeds, <code>${SANDBOX_CARD_DECLINED}</code> is declined
(and <code>${SANDBOX_CARD_CHARGE_FAILS}</code>, saved as a card, fails its later charges). Any future expiry date and any 3-digit CVC.</p>`;

const SAVE_NOTE = `<p data-testid="save-card-note">This card will be kept for automatic renewal (brand, last four
digits and expiry only).</p>`;

export function checkoutHtml(
  c: SandboxCheckoutView,
  opts: { error?: string; values?: Record<string, string> } = {},
): string {
  const v = opts.values ?? {};
  const field = (name: string, label: string, attrs: string) =>
    `<label for="${name}">${label}</label><input id="${name}" name="${name}" ${attrs} value="${esc(v[name] ?? '')}" required${
      opts.error ? ' aria-describedby="form-error"' : ''
    }>`;
  const error = opts.error ? `<p class="error" id="form-error" role="alert">${esc(opts.error)}</p>` : '';
  return page(
    `Sandbox checkout — ${c.description}`,
    `<h1>${esc(c.description)}</h1>
<p>${esc(c.company_name)}</p>
${BANNER}
<p class="amount" aria-label="Amount due">${esc(dollars(c.amount))}</p>
${error}
<form method="post" action="/sandbox/checkout/${esc(c.id)}" autocomplete="off" novalidate>
${field('number', 'Card number', 'inputmode="numeric" autocomplete="cc-number" maxlength="23"')}
<div class="row">
<div>${field('exp_month', 'Expiry month (MM)', 'inputmode="numeric" autocomplete="cc-exp-month" maxlength="2"')}</div>
<div>${field('exp_year', 'Expiry year (YYYY)', 'inputmode="numeric" autocomplete="cc-exp-year" maxlength="4"')}</div>
</div>
${field('cvc', 'CVC', 'inputmode="numeric" autocomplete="cc-csc" maxlength="4"')}
${c.save_card ? SAVE_NOTE : ''}
<button type="submit">Pay ${esc(dollars(c.amount))}</button>
</form>
<p class="back"><a href="${esc(c.cancel_url)}">Cancel and return to the portal</a></p>`,
  );
}

function statusHtml(title: string, text: string): string {
  return page(title, `<h1>${esc(title)}</h1>${BANNER}<p>${esc(text)}</p>`);
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(html);
}

function parseForm(body: unknown): Record<string, string> {
  const text = Buffer.isBuffer(body) ? body.toString('utf8') : typeof body === 'string' ? body : '';
  const out: Record<string, string> = {};
  for (const [k, val] of new URLSearchParams(text)) if (!(k in out)) out[k] = val;
  return out;
}

/**
 * The page's answers. 400 stays undeclared: Fastify's own refusals (a malformed JSON body) share that code and
 * are JSON, which an HTML schema would mangle.
 */
const html = fileResponse('text/html');
const pageAnswers = { params: SandboxCheckoutParams, response: { 200: html, 404: html, 410: html } };
const payAnswers = {
  params: SandboxCheckoutParams,
  response: { 303: emptyResponse, 402: html, 404: html, 410: html },
};

/**
 * The checkout a page is for, or null: none by that id, or an id the params schema refused (kept on the request by
 * `attachValidation`, so that it answers the page's own 404 rather than a JSON one).
 */
const checkoutOf = (deps: SandboxRouteDeps, request: FastifyRequest<{ Params: SandboxCheckoutParams }>) =>
  request.validationError ? Promise.resolve(null) : deps.checkoutPage(request.params.id);

export async function sandboxCheckoutRoutes(app: FastifyInstance, deps: SandboxRouteDeps) {
  await app.register(async (scope) => {
    // Browsers post the form urlencoded; read it here rather than app-wide.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'buffer', bodyLimit: 4096 },
      (_req, body, done) => done(null, body),
    );

    scope.get<{ Params: SandboxCheckoutParams }>(
      '/sandbox/checkout/:id',
      { schema: pageAnswers, attachValidation: true },
      async (request, reply) => {
        const c = await checkoutOf(deps, request);
        if (!c)
          return sendPage(reply, 404, statusHtml('Checkout not found', 'This payment page does not exist.'));
        if (c.status === 'paid')
          return sendPage(
            reply,
            200,
            statusHtml('Already paid', 'This checkout is paid. You can close this page.'),
          );
        if (c.status !== 'open')
          return sendPage(reply, 410, statusHtml('Checkout closed', 'This payment page is no longer open.'));
        return sendPage(reply, 200, checkoutHtml(c));
      },
    );

    scope.post<{ Params: SandboxCheckoutParams }>(
      '/sandbox/checkout/:id',
      { schema: payAnswers, attachValidation: true },
      async (request, reply) => {
        const c = await checkoutOf(deps, request);
        if (!c)
          return sendPage(reply, 404, statusHtml('Checkout not found', 'This payment page does not exist.'));
        if (c.status === 'paid') return reply.redirect(c.success_url, 303);
        if (c.status !== 'open')
          return sendPage(reply, 410, statusHtml('Checkout closed', 'This payment page is no longer open.'));
        const form = parseForm(request.body);
        // Echo back only what is harmless: never the number or the CVC.
        const values = {
          exp_month: (form.exp_month ?? '').slice(0, 2),
          exp_year: (form.exp_year ?? '').slice(0, 4),
        };
        const card: RawCard = {
          number: form.number ?? '',
          cvc: (form.cvc ?? '').trim(),
          exp_month: Number(form.exp_month),
          exp_year: Number(form.exp_year),
        };
        const check = checkRawCard(card, deps.now());
        if (!check.ok) {
          const messages: Record<string, string> = {
            number: 'Your card number is invalid.',
            cvc: "Your card's security code is invalid.",
            exp_date: "Your card's expiration date is invalid or in the past.",
          };
          return sendPage(
            reply,
            400,
            checkoutHtml(c, { error: messages[check.field] ?? check.message, values }),
          );
        }
        if (check.digits === SANDBOX_CARD_DECLINED) {
          return sendPage(reply, 402, checkoutHtml(c, { error: DECLINED_MESSAGE, values }));
        }
        if (c.save_card && c.customer_ref) await deps.saveCard(c.customer_ref, card);
        await deps.handlePaymentEvent({
          id: `evt_sb_${randomBytes(12).toString('hex')}`,
          type: 'checkout.paid',
          checkoutRef: c.id,
          transactionId: `ch_sb_${randomBytes(12).toString('hex')}`,
          amount: c.amount,
        });
        return reply.redirect(c.success_url, 303);
      },
    );
  });
}

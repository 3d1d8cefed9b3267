// The provider's flow, every screen checked (screens.ts: axe-core, 1280 and 375 px, no sideways scroll):
// the public pages → register with the mouse signature, and a second provider by keyboard alone with the typed one
// → confirm by mail → every login outcome (unknown address, wrong password, unconfirmed with the resend link, not
// active → the plan step) → pay in the sandbox (a declined card first) → the summary and its Extend modal → the
// outcomes of a lapsed subscription (no active one → the plan step, past due; the server stopped and its database
// changed, as time and a failed renewal would leave it) → extend
// with a count (the total shown is what the checkout charges, and the expiry moves by it) → renewal: the card kept at
// checkout, another card, auto charge, a plan switch (asked first; Cancel sends nothing) → payments → invoices, one
// opened and its PDF. What a provider does next (numbers, keys, ACME, certificates, the profile, the keyboard and
// the narrow layouts, sign out) is provider-tools.e2e.ts, a flow on its own server that runs beside this one.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  confirmEmailFromOutbox,
  doubleClickOnce,
  fillRegistrationStep1,
  fillSandboxCard,
  openedFile,
  registerThroughStep3,
  signIn,
} from './flows';
import { usePortal } from './harness';
import { markScreenStart, screens, trackScreenStarts } from './screens';

const enUS = (d: Date) => d.toLocaleDateString('en-US', { timeZone: 'UTC' });
const yearsFromNow = (n: number) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() + n);
  return d;
};

describe('provider flow', { timeout: 900_000 }, () => {
  const env = usePortal();
  const screen = screens('provider');
  const stamp = Date.now();
  const provider = {
    ocn: '073k',
    email: `owner+${stamp}@acme-telecom.test`,
    password: 'correct-horse-9',
    company: 'Acme Telecom With A Rather Long Company Name',
  };
  /** Registered by keyboard alone with the typed signature, never confirmed. */
  const typed = { ocn: '076D', email: `owner+${stamp}@delta-telecom.test`, password: 'delta-horse-53' };
  let page: Page;
  let uuid = '';
  const url = (path: string) => `${env.portal.url}${path}`;
  const check = (name: string, h1?: string) => screen.check(page, name, { h1 });

  it('shows the public pages', { timeout: 90_000 }, async () => {
    page = await env.newPage({ bypassCSP: true, acceptDownloads: true }, trackScreenStarts);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.portal.url });
    await page.goto(url('/'));
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await check('login');
    // the required fields' error texts, on their filled inputs, the email focused
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Email is a required field').waitFor();
    await page.getByLabel('Email').focus();
    await check('login-required');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('heading', { name: 'Recover password' }).waitFor();
    await check('forgot-password');
    await page.goto(url('/subscriber-agreement'));
    await page.getByRole('heading', { name: 'STI Certificate Subscriber Agreement' }).waitFor();
    await check('subscriber-agreement');
  });

  it('registers with the signature drawn by mouse', { timeout: 120_000 }, async () => {
    await page.goto(url('/login'));
    uuid = await registerThroughStep3(page, env.portal, provider, (name) => check(name));
    await page.getByRole('heading', { name: "It's almost done!" }).waitFor();
    await check('plan-step');
  });

  it(
    'registers a second provider with the keyboard alone and the typed signature',
    { timeout: 120_000 },
    async () => {
      const other = await env.newPage({ bypassCSP: true }, trackScreenStarts);
      await other.goto(url('/register'));
      await other.getByText('1/4').waitFor();
      await fillRegistrationStep1(other, { ...typed, company: 'Delta Telecom' });
      await other.getByRole('button', { name: 'Next Step' }).click();

      await other.getByText('2/4').waitFor();
      await other.getByLabel('Printed Name').fill('Ada Lovelace');
      // the agreement's scroll area takes the focus and scrolls with the keyboard
      await other.getByRole('button', { name: 'Read the subscription agreement' }).click();
      const modal = other.getByRole('dialog', { name: 'Certificate info' });
      await modal.waitFor();
      await modal.getByRole('region', { name: 'Subscriber agreement text' }).focus();
      await other.keyboard.press('PageDown');
      await other.waitForFunction(() => (document.activeElement?.scrollTop ?? 0) > 0);
      await other.keyboard.press('Escape');
      await modal.waitFor({ state: 'hidden' });

      // the typed signature, chosen and written with the keyboard alone
      await other.getByRole('tab', { name: 'Type your signature instead' }).focus();
      await other.keyboard.press('Enter');
      const typedName = other.getByLabel('Typed signature');
      await typedName.waitFor();
      assert.equal(
        await typedName.inputValue(),
        'Ada Lovelace',
        'the printed name is the typed signature by default',
      );
      await screen.check(other, 'register-step2-typed');
      await other.getByRole('button', { name: 'Next Step' }).focus();
      await other.keyboard.press('Enter');

      await other.getByText('3/4').waitFor();
      await other.getByLabel('Password', { exact: true }).fill(typed.password);
      await other.getByLabel('Confirm Password', { exact: true }).fill(typed.password);
      await other.getByRole('button', { name: 'Next Step' }).focus();
      await other.keyboard.press('Enter');
      await other.waitForURL(/\/register\/payment\?uuid=[0-9a-f-]{36}/);
      await other.getByRole('button', { name: 'Go to payment' }).waitFor();
      await other.context().close();
    },
  );

  it('confirms the address and meets every login outcome', { timeout: 120_000 }, async () => {
    await confirmEmailFromOutbox(page, env.portal, (name) => check(name), provider.email);
    await check('login-email-confirmed');

    await signIn(page, `nobody+${stamp}@acme-telecom.test`, provider.password);
    await page.getByText('Service provider not found').waitFor();
    await check('login-not-found');

    await signIn(page, provider.email, 'not-the-password');
    await page.getByText('Wrong password').waitFor();
    await check('login-wrong-password');

    await signIn(page, typed.email, typed.password);
    await page.getByText('Service provider is not confirmed').waitFor();
    await check('login-not-confirmed');
    await doubleClickOnce(
      page,
      page.getByRole('button', { name: 'click here for a confirmation mail' }),
      '/api/service_provider/resend_confirmation_email',
    );
    await page.getByText('Check your Email!').first().waitFor();

    // paid nothing yet: not active, and after 2 seconds the plan step
    await signIn(page, provider.email, provider.password);
    await page.getByText('Service provider is not active').waitFor();
    await screen.check(page, 'login-not-active');
    await page.waitForURL(new RegExp(`/register/payment\\?uuid=${uuid}`), { timeout: 15_000 });
  });

  it(
    'pays the yearly plan in the sandbox, a declined card first, and signs in',
    { timeout: 120_000 },
    async () => {
      await page.getByRole('heading', { name: "It's almost done!" }).waitFor();
      assert.equal(await page.getByRole('radio', { name: /year/i }).isChecked(), true, 'year is preselected');
      const saveCard = page.getByRole('checkbox', { name: 'Save this card for automatic renewal' });
      assert.equal(await saveCard.isChecked(), true, 'keeping the card is preselected');
      await doubleClickOnce(
        page,
        page.getByRole('button', { name: 'Go to payment' }),
        '/api/payment/subscription',
      );
      await page.waitForURL(/\/sandbox\/checkout\//);
      await page.getByText('$500.00').first().waitFor();
      await page.getByTestId('save-card-note').waitFor();
      await check('checkout');
      await fillSandboxCard(page, '4000000000000002');
      await page.getByRole('button', { name: /^Pay/ }).click();
      await page.getByRole('alert').getByText('Your card was declined.').waitFor();
      await check('checkout-declined');
      await page.getByLabel('Card number').fill('4242424242424242');
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: /^Pay/ }).click();
      await page.waitForURL('**/login?notice=subscription_paid');
      await page.getByText(/your payment was received/).waitFor();
      await check('login-paid');

      await signIn(page, provider.email, provider.password);
      await page.waitForURL('**/account/summary');
      await page.getByRole('heading', { name: 'Account Summary' }).waitFor();
      await page.getByText(enUS(new Date())).first().waitFor();
      await page
        .getByText(enUS(yearsFromNow(1)))
        .first()
        .waitFor();
      await page.getByText('073K').first().waitFor();
      await check('account-summary', 'Account');
      await markScreenStart(page);
      await page.getByRole('button', { name: 'Extend', exact: true }).first().click();
      const modal = page.getByRole('dialog', { name: 'Extend duration' });
      await modal.waitFor();
      assert.equal(
        await modal.getByRole('button', { name: 'Extend' }).isDisabled(),
        true,
        'Extend waits for a choice',
      );
      await modal.getByRole('radio', { name: 'Pay $100 to extend 1 month' }).check();
      await check('extend-modal');
      await modal.getByRole('button', { name: 'Cancel' }).click();
      await modal.waitFor({ state: 'hidden' });
    },
  );

  it(
    'meets the outcomes of a lapsed subscription: none active, then past due',
    { timeout: 120_000 },
    async () => {
      // The subscription just paid, as time and a failed renewal would leave it; put back afterwards, and the invoice
      // and pay page its pay link made removed.
      // Auto charge is off meanwhile: the card kept at checkout would otherwise renew it.
      type Row = {
        id: string;
        status: string;
        current_period_start: Date;
        current_period_end: Date;
        auto_charge: boolean;
      };
      let paid: Row | undefined;
      const lapse = (status: string) =>
        env.portal.withDatabase(async (db) => {
          [paid] = paid
            ? [paid]
            : await db.query<Row>(
                `SELECT id, status, current_period_start, current_period_end, auto_charge FROM subscriptions
                WHERE service_provider_id = $1 AND status = 'active'`,
                [uuid],
              );
          assert.ok(paid, 'the paid subscription');
          await db.query(
            `UPDATE subscriptions SET status = $2, current_period_start = now() - interval '2 days',
                  current_period_end = now() - interval '1 day', auto_charge = false WHERE id = $1`,
            [paid.id, status],
          );
        });
      const lapsed = await env.newPage({ bypassCSP: true }, trackScreenStarts);
      try {
        await lapse('active');
        await lapsed.goto(url('/login'));
        await signIn(lapsed, provider.email, provider.password);
        await lapsed.getByText("Service provider doesn't have active subscriptions").waitFor();
        await screen.check(lapsed, 'login-no-active-subscription');
        // then the plan step, to pay again
        await lapsed.waitForURL(new RegExp(`/register/payment\\?uuid=${uuid}`), { timeout: 15_000 });
        await lapsed.getByRole('button', { name: 'Go to payment' }).waitFor();

        await lapse('past_due');
        await lapsed.goto(url('/login'));
        await signIn(lapsed, provider.email, provider.password);
        await lapsed.getByText('Subscription is past due').waitFor();
        const payLink = lapsed.getByRole('button', { name: 'click here to pay subscription due' });
        await payLink.waitFor();
        await screen.check(lapsed, 'login-past-due');
        // the link asks for the payment page of this provider's past-due period and opens it in a new tab
        const [asked, checkout] = await Promise.all([
          lapsed.waitForResponse(
            (res) => new URL(res.url()).pathname === '/api/payment/old_subscription_invoice',
          ),
          lapsed.context().waitForEvent('page'),
          payLink.click(),
        ]);
        assert.equal(
          new URL(asked.url()).searchParams.get('service_provider_uuid'),
          uuid,
          'asked for the provider',
        );
        const payUrl = ((await asked.json()) as { url: string }).url;
        assert.match(payUrl, /\/sandbox\/checkout\/[0-9a-f-]{36}$/);
        await checkout.waitForURL(payUrl);
        await checkout.getByText(provider.company).waitFor();
        assert.equal(
          await checkout.getByLabel('Amount due').textContent(),
          '$500.00',
          'a year of the yearly plan',
        );
        await screen.check(checkout, 'past-due-checkout');
        await checkout.close();

        // not paid: the next sign-in answers with the invoice that page pays, and opens it in a new tab
        await lapsed.goto(url('/login'));
        await lapsed.getByRole('button', { name: 'Login' }).waitFor();
        const [answered, again] = await Promise.all([
          lapsed.waitForResponse((res) => new URL(res.url()).pathname === '/api/auth/login'),
          lapsed.context().waitForEvent('page'),
          signIn(lapsed, provider.email, provider.password),
        ]);
        const answer = (await answered.json()) as { message?: string; url?: string };
        assert.equal(answer.message, 'Service provider has past due subscription and should pay new invoice');
        assert.equal(answer.url, payUrl, 'the page of the invoice the pay link made');
        await lapsed
          .getByText('This account has a subscription payment past due.', { exact: true })
          .waitFor();
        await again.waitForURL(payUrl);
        await again.getByText(provider.company).waitFor();
        await again.close();
        await screen.check(lapsed, 'login-past-due-new-invoice');
      } finally {
        await lapsed.context().close();
        await env.portal.withDatabase(async (db) => {
          if (!paid) return;
          await db.query(`DELETE FROM checkouts WHERE subscription_id = $1 AND purpose = 'past_due'`, [
            paid.id,
          ]);
          await db.query(`DELETE FROM invoices WHERE subscription_id = $1 AND status = 'open'`, [paid.id]);
          await db.query(
            `UPDATE subscriptions SET status = $2, current_period_start = $3, current_period_end = $4, auto_charge = $5
            WHERE id = $1`,
            [paid.id, paid.status, paid.current_period_start, paid.current_period_end, paid.auto_charge],
          );
        });
      }
    },
  );

  it(
    'extends by three years: the total shown is what the checkout charges',
    { timeout: 120_000 },
    async () => {
      await page.goto(url('/account/extend'));
      await page.getByRole('heading', { name: 'Extend', level: 1 }).waitFor();
      await page.getByLabel('Count').fill('3');
      const total = page.getByTestId('extend-total');
      await total.getByText('Total: $1,500').waitFor();
      await check('extend-page');
      const shown = Number(((await total.textContent()) ?? '').replace(/[^\d.]/g, ''));
      await doubleClickOnce(
        page,
        page.getByRole('button', { name: 'Pay Now' }),
        '/api/payment/subscription/extend',
      );
      await page.waitForURL(/\/sandbox\/checkout\//);
      const due = await page.getByLabel('Amount due').textContent();
      assert.equal(
        Number((due ?? '').replace(/[^\d.]/g, '')),
        shown,
        `the checkout charges ${due}, the page showed $${shown}`,
      );
      await check('extend-checkout');
      await fillSandboxCard(page, '4242424242424242');
      await page.getByRole('button', { name: /^Pay/ }).click();
      await page.waitForURL('**/account/summary?notice=extension_paid');
      // a year paid, and three more
      await page
        .getByText(enUS(yearsFromNow(4)))
        .first()
        .waitFor();
      await check('account-summary-extended');
    },
  );

  it(
    'shows the card kept at checkout, adds a card, turns auto renewal off and on, switches the plan',
    { timeout: 90_000 },
    async () => {
      await page.getByRole('link', { name: 'Auto Renewal' }).first().click();
      await page.waitForURL('**/account/renewal');
      // the card paid with at checkout, kept for automatic renewal, which is on
      await page
        .getByTestId('saved-card')
        .getByText(/•••• 4242/)
        .waitFor();
      const autoCharge = page
        .getByRole('switch', { name: 'auto charge' })
        .or(page.getByRole('checkbox', { name: 'auto charge' }))
        .first();
      assert.equal(await autoCharge.isChecked(), true, 'auto charge is on with the card kept at checkout');
      await check('renewal');
      await page.getByRole('button', { name: 'Add New Card' }).click();
      await page.getByLabel('Card Number').waitFor();
      await page.getByLabel('Card Number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry Date').fill(`12 / ${new Date().getFullYear() + 3}`);
      await page.getByLabel('Security Code').fill('123');
      await page.getByLabel('Billing Address').fill('1 Main Street');
      await page.getByLabel('State').fill('NJ');
      await page.getByLabel('City').fill('Newark');
      await page.getByLabel('Zip Code').fill('07101');
      await doubleClickOnce(
        page,
        page.locator('form').getByRole('button', { name: 'Add card' }),
        '/api/payment/payment_card',
      );
      await page.getByText('Your card has been successfully added').waitFor();
      await page.getByText(/4242/).first().waitFor();
      await check('renewal-card-added');
      await autoCharge.click();
      await page.getByRole('dialog', { name: 'Auto charge disabled' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Auto charge disabled' }).waitFor({ state: 'hidden' });
      await markScreenStart(page);
      await autoCharge.click();
      await page.getByRole('dialog', { name: 'Auto charge enabled' }).waitFor();
      await check('auto-charge-enabled');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Auto charge enabled' }).waitFor({ state: 'hidden' });

      // A plan switch says what it does before it does it: the plan, the next charge's date and amount; Cancel
      // sends nothing, Confirm one request.
      const planChanges: string[] = [];
      page.on('request', (r) => {
        if (r.method() !== 'GET' && new URL(r.url()).pathname === '/api/payment/sp/subscription')
          planChanges.push(r.method());
      });
      const yearly = page.getByRole('button', { name: '$500/year' });
      const monthly = page.getByRole('button', { name: '$100/month' });
      const chosen = (label: string) =>
        page.locator('[role="group"] [aria-pressed="true"]', { hasText: label }).waitFor();
      await chosen('$500/year');
      await monthly.click();
      const toMonthly = page.getByRole('dialog', { name: 'Switch to the monthly plan?' });
      await toMonthly
        .getByText(/^The next charge, on \d{1,2}\/\d{1,2}\/\d{4}, will be \$100\.00\.$/)
        .waitFor();
      await check('plan-switch');
      await toMonthly.getByRole('button', { name: 'Cancel' }).click();
      await toMonthly.waitFor({ state: 'hidden' });
      assert.equal(await yearly.getAttribute('aria-pressed'), 'true', 'Cancel keeps the yearly plan');
      assert.deepEqual(planChanges, [], 'Cancel sends nothing');
      await monthly.click();
      await toMonthly.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('Auto charge period changed successfully').first().waitFor();
      assert.equal(await monthly.getAttribute('aria-pressed'), 'true', 'the monthly plan is chosen');
      assert.equal(planChanges.length, 1, 'Confirm sends one request');
      // back to the yearly plan, through the same question, for the rest of the flow
      await yearly.click();
      const toYearly = page.getByRole('dialog', { name: 'Switch to the yearly plan?' });
      await toYearly.getByText(/will be \$500\.00\.$/).waitFor();
      await toYearly.getByRole('button', { name: 'Confirm' }).click();
      await chosen('$500/year');
      assert.equal(planChanges.length, 2, 'each Confirm sends one request');
    },
  );

  it('lists the payments and invoices, and opens an invoice as a PDF', { timeout: 90_000 }, async () => {
    await page.getByRole('menuitem', { name: /Payment Listing$/ }).click();
    await page.waitForURL('**/payment-listing');
    await page
      .getByText(/\$\s?1,?500/)
      .first()
      .waitFor();
    await check('payments', 'Payment Listing');

    await page.getByRole('menuitem', { name: /Invoice Listing$/ }).click();
    await page.waitForURL('**/invoice-listing');
    const view = page.getByRole('link', { name: /View/ }).or(page.getByRole('button', { name: /View/ }));
    await view.first().waitFor();
    await check('invoices', 'Invoice Listing');
    await view.first().click();
    await page.waitForURL(/\/invoice-listing\/[^/]+$/);
    await page.getByText(/Stir\/Shaken (Yearly|Monthly) Subscription/).waitFor();
    await check('invoice');
    const pdf = await openedFile(page, () => page.getByRole('button', { name: 'Download' }).click());
    assert.equal(pdf.start, '%PDF-', 'the invoice file is a PDF');
    assert.ok(pdf.size > 500, `the PDF has ${pdf.size} bytes`);
  });

  it('has no screen with a serious axe violation or a sideways scroll at 375 px', () => {
    assert.ok(screen.count >= 30, `${screen.count} screens checked`);
    screen.assertClean();
  });
});

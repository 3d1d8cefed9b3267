// The reseller and admin portals end to end: the admin creates a reseller → the reseller chooses its password from
// the invitation mail → copies its promo code → a provider registers with it and pays → the reseller sees the
// company and its payment → the admin finds it on the dashboard and the provider list, grants an extension,
// deactivates it, and the change log shows both, and the provider is signed out and kept out; a reseller opening an
// admin page is sent to its home.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { confirmEmailFromOutbox, payPlanInSandbox, registerThroughStep3, signIn } from './flows';
import { outboxLinks, screenshot, usePortal } from './harness';

describe('reseller and admin portals', { timeout: 420_000 }, () => {
  const env = usePortal();
  const stamp = Date.now();
  const reseller = {
    name: 'Rita Reseller',
    email: `rita+${stamp}@channel-partner.test`,
    company: 'Channel Partner LLC',
    password: 'reseller-horse-42',
  };
  const provider = {
    ocn: '075C',
    email: `owner+${stamp}@gamma-telecom.test`,
    password: 'gamma-horse-31',
    company: 'Gamma Telecom',
  };
  /** Shared between the steps, which run in order. */
  let signUpLink = '';
  let adminPage: Page | undefined;
  let resellerPage: Page | undefined;
  let providerPage: Page | undefined;

  const menu = (page: Page, item: string) =>
    page.getByRole('menuitem', { name: new RegExp(`${item}$`) }).click();

  it('lets the admin create a reseller, who is mailed an invitation', { timeout: 90_000 }, async () => {
    const page = (adminPage = await env.newPage());
    await page.goto(`${env.portal.url}/login`);
    await signIn(page, env.portal.adminEmail, env.portal.adminPassword);
    await page.waitForURL(/\/admin(\/|$)/);
    await menu(page, 'Resellers');
    await page.waitForURL('**/admin/resellers');
    await page.getByText('No resellers yet').waitFor();

    await page.getByRole('link', { name: 'Create Reseller' }).click();
    await page.waitForURL('**/admin/resellers/create');
    await page.getByLabel('Name').fill(reseller.name);
    await page.getByLabel('Email').fill(reseller.email);
    await page.getByLabel('Company').fill(reseller.company);
    await screenshot(page, '40-reseller-create');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`An invitation to choose a password was sent to ${reseller.email}`).waitFor();
    await page.waitForURL('**/admin/resellers');
    const row = page.getByRole('row').filter({ hasText: reseller.email });
    await row.getByText('Invitation pending').waitFor();
    await screenshot(page, '41-reseller-list');
  });

  it(
    'lets the reseller choose a password from the mail and copy its promo code',
    { timeout: 90_000 },
    async () => {
      const link = outboxLinks(env.portal.dataDir).find((l) => l.includes('/accept-invite?token='));
      assert.ok(link, `an invitation link was mailed; outbox: ${outboxLinks(env.portal.dataDir).join(', ')}`);
      const page = (resellerPage = await env.newPage());
      await page
        .context()
        .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.portal.url });
      await page.goto(link);
      await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
      await page.getByLabel('Password', { exact: true }).fill(reseller.password);
      await page.getByLabel('Confirm Password', { exact: true }).fill(reseller.password);
      await page.getByRole('button', { name: 'Set password and Log In' }).click();
      await page.waitForURL('**/login?notice=password_set');

      await signIn(page, reseller.email, reseller.password);
      await page.waitForURL('**/reseller/sp');
      await page.getByText('Reseller Portal').first().waitFor();
      for (const item of ['Companies', 'Payment Listing']) {
        await page.getByRole('menuitem', { name: new RegExp(`${item}$`) }).waitFor();
      }
      await page.getByText('No companies yet').waitFor();
      const promo = page.getByRole('region', { name: 'Promo code' });
      const code = (await promo.getByRole('code').or(promo.locator('code')).first().textContent())?.trim();
      assert.ok(code, 'the promo code is shown');
      await promo.getByRole('button', { name: 'Copy sign-up link' }).click();
      await page.getByText('Promo code copied').waitFor();
      signUpLink = await page.evaluate(() => navigator.clipboard.readText());
      assert.equal(signUpLink, `${env.portal.url}/register?rc=${encodeURIComponent(code)}`);
      await screenshot(page, '42-reseller-companies-empty');
    },
  );

  it('lets a provider register with the promo code and pay', { timeout: 150_000 }, async () => {
    assert.ok(signUpLink, 'the promo code was copied');
    const page = (providerPage = await env.newPage());
    await page.goto(signUpLink);
    await page.getByText(/^Reseller code .+ applied$/).waitFor();
    // the code is kept for the browser session, so the wizard reached through Sign Up still carries it
    await registerThroughStep3(page, env.portal, provider);
    await payPlanInSandbox(page);
    await page.waitForURL('**/login?notice=subscription_paid');
    await confirmEmailFromOutbox(page, env.portal);
    await signIn(page, provider.email, provider.password);
    await page.waitForURL('**/account/summary');
  });

  it('shows the reseller the company and its payment', { timeout: 60_000 }, async () => {
    const page = resellerPage;
    assert.ok(page, 'the reseller signed in');
    await menu(page, 'Payment Listing');
    await page.waitForURL('**/reseller/payment-listing');
    const payment = page.getByRole('row').filter({ hasText: provider.company });
    await payment.waitFor();
    assert.match((await payment.textContent()) ?? '', /\$\s?500/);
    await screenshot(page, '43-reseller-payments');

    await menu(page, 'Companies');
    await page.waitForURL('**/reseller/sp');
    const company = page.getByRole('row').filter({ hasText: provider.company });
    await company.waitFor();
    await company.getByText(provider.ocn).waitFor();
    await company.getByText(provider.email).waitFor();
    await company.getByText('Active', { exact: true }).waitFor();
    await screenshot(page, '44-reseller-companies');
  });

  it('sends a reseller who opens an admin page to its home', { timeout: 60_000 }, async () => {
    const page = resellerPage;
    assert.ok(page, 'the reseller signed in');
    for (const path of ['/admin/service-provider', '/admin/resellers', '/admin']) {
      await page.goto(`${env.portal.url}${path}`);
      await page.waitForURL('**/reseller/sp');
      await page.getByRole('region', { name: 'Promo code' }).waitFor();
    }
    // the server refuses the admin's routes to a reseller's token too
    const token = await page.evaluate(() =>
      Object.values(localStorage).find((v) => /^ey[\w-]+\.[\w-]+\.[\w-]+$/.test(v)),
    );
    assert.ok(token, 'the reseller token is in local storage');
    const res = await fetch(`${env.portal.url}/api/admin/service_provider`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(res.status, 403);
  });

  it(
    'lets the admin find the provider, grant an extension, deactivate it and read both in the change log',
    { timeout: 120_000 },
    async () => {
      const page = adminPage;
      assert.ok(page, 'the admin signed in');
      // the admin's page has stayed on the reseller list since the first step: load it again
      await page.reload();
      await page.waitForURL('**/admin/resellers');
      const resellerRow = page.getByRole('row').filter({ hasText: reseller.email });
      await resellerRow.waitFor();
      await resellerRow.getByText('Invitation pending').waitFor({ state: 'detached' });
      await resellerRow.getByRole('cell', { name: '1', exact: true }).waitFor();

      // the dashboard counts the new, paying provider
      await menu(page, 'Dashboard');
      await page.waitForURL('**/admin/dashboard');
      const figures = page.getByRole('list', { name: 'Figures' });
      for (const figure of ['Active providers', 'New this month']) {
        await figures
          .getByRole('listitem')
          .filter({ hasText: figure })
          .getByText('1', { exact: true })
          .waitFor();
      }
      // nothing on it (the charts' data table for screen readers included) widens the page
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the dashboard scrolls sideways by ${overflow} px`);
      await screenshot(page, '44-admin-dashboard');

      await menu(page, 'Service Provider');
      await page.waitForURL('**/admin/service-provider');
      await page.getByLabel('Company, OCN or email').fill(provider.company);
      const row = page.getByRole('row').filter({ hasText: provider.email });
      await row.waitFor();
      await row.getByText(reseller.company).waitFor();
      await row.getByText('Active', { exact: true }).waitFor();
      await screenshot(page, '45-admin-providers');
      await row.getByRole('link', { name: `Details: ${provider.company}` }).click();
      await page.waitForURL(/\/admin\/service-provider-details\/[0-9a-f-]{36}$/);
      await page.getByRole('heading', { name: provider.company, level: 1 }).waitFor();
      const actions = page.getByRole('region', { name: 'Actions' });

      await actions.getByRole('button', { name: 'Grant extension' }).click();
      const extension = page.getByRole('dialog', { name: 'Grant an extension' });
      await extension.getByLabel('Days').fill('30');
      await extension.getByLabel('Reason').fill('Goodwill after the outage');
      await extension.getByRole('button', { name: 'Confirm' }).click();
      await extension.waitFor({ state: 'hidden' });
      // a year from the payment, and 30 days more
      const enUS = (d: Date) => d.toLocaleDateString('en-US', { timeZone: 'UTC' });
      const paidEnd = new Date();
      paidEnd.setUTCFullYear(paidEnd.getUTCFullYear() + 1);
      const extendedEnd = new Date(paidEnd.getTime() + 30 * 86_400_000);
      const subscription = page.getByRole('region', { name: 'Subscription' });
      await subscription.getByText(enUS(extendedEnd)).first().waitFor();

      await actions.getByRole('button', { name: 'Deactivate', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Deactivate this service provider?' });
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('The service provider has been updated').waitFor();
      await actions.getByRole('button', { name: 'Activate', exact: true }).waitFor();
      await page.getByText('Deactivated', { exact: true }).first().waitFor();
      await screenshot(page, '46-admin-provider-deactivated');

      await page
        .getByRole('navigation', { name: 'History' })
        .getByRole('link', { name: 'Change log' })
        .click();
      await page.waitForURL(/\/admin\/subscription-change-log\/[0-9a-f-]{36}$/);
      const extended = page.getByRole('row').filter({ hasText: 'extension' });
      await extended.waitFor();
      await extended.getByText('Goodwill after the outage').waitFor();
      await extended.getByText(env.portal.adminEmail).waitFor();
      // the subscription's ends read as dates
      await extended.getByRole('cell', { name: enUS(paidEnd), exact: true }).waitFor();
      await extended.getByRole('cell', { name: enUS(extendedEnd), exact: true }).waitFor();
      const cell = (name: string) => page.getByRole('cell', { name, exact: true });
      const deactivated = page
        .getByRole('row')
        .filter({ has: cell('deactivated') })
        .filter({ has: cell('active') });
      await deactivated.getByText(env.portal.adminEmail).waitFor();
      await screenshot(page, '47-admin-change-log');
    },
  );

  it('signs the deactivated provider out and keeps it out', { timeout: 60_000 }, async () => {
    const page = providerPage;
    assert.ok(page, 'the provider signed in');
    await page.reload();
    await page.waitForURL('**/login');
    await signIn(page, provider.email, provider.password);
    await page.getByText('This account is disabled').waitFor();
    assert.match(page.url(), /\/login$/);
  });
});

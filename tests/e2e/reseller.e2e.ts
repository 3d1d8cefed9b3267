// The reseller's flow, every screen checked (screens.ts: axe-core, 1280 and 375 px, no sideways scroll), for a
// reseller the admin has created: choose a password from the invitation mail → sign in → the promo code, copied as
// a sign-up link, or typed as read out (the registration names the reseller) → a provider registers with it and
// pays → the companies list shows it → invite a company by mail → the payments list shows the provider's
// payment; admin pages send the reseller home and the server refuses it their routes; the admin sees the
// reseller's company counted and named on the provider.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  confirmEmailFromOutbox,
  doubleClickOnce,
  mailsTo,
  payPlanInSandbox,
  registerThroughStep3,
  signIn,
} from './flows';
import { outboxLinks, usePortal } from './harness';
import { screens, trackScreenStarts } from './screens';

describe('reseller flow', { timeout: 600_000 }, () => {
  const env = usePortal();
  const screen = screens('reseller');
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
  const invited = `invited+${stamp}@zeta-telecom.test`;
  let page: Page;
  let admin: Page;
  let signUpLink = '';
  let shownCode = '';
  const url = (path: string) => `${env.portal.url}${path}`;
  const check = (name: string, h1?: string) => screen.check(page, name, { h1 });
  const menu = (item: string) => page.getByRole('menuitem', { name: new RegExp(`${item}$`) }).click();

  it('is created by the admin and chooses a password from the invitation', { timeout: 120_000 }, async () => {
    admin = await env.newPage();
    await admin.goto(url('/login'));
    await signIn(admin, env.portal.adminEmail, env.portal.adminPassword);
    await admin.waitForURL(/\/admin(\/|$)/);
    await admin.goto(url('/admin/resellers/create'));
    await admin.getByLabel('Name').fill(reseller.name);
    await admin.getByLabel('Email').fill(reseller.email);
    await admin.getByLabel('Company').fill(reseller.company);
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.waitForURL('**/admin/resellers');

    const link = outboxLinks(env.portal.dataDir, reseller.email).find((l) =>
      l.includes('/accept-invite?token='),
    );
    assert.ok(link, `an invitation link was mailed; outbox: ${outboxLinks(env.portal.dataDir).join(', ')}`);
    page = await env.newPage({ bypassCSP: true }, trackScreenStarts);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.portal.url });
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
    await check('accept-invite');
    await page.getByLabel('Password', { exact: true }).fill(reseller.password);
    await page.getByLabel('Confirm Password', { exact: true }).fill(reseller.password);
    await page.getByRole('button', { name: 'Set password and Log In' }).click();
    await page.waitForURL('**/login?notice=password_set');
    await check('login-password-set');
    await signIn(page, reseller.email, reseller.password);
    await page.waitForURL('**/reseller/sp');
    await page.getByText('Reseller Portal').first().waitFor();
    for (const item of ['Companies', 'Payment Listing'])
      await page.getByRole('menuitem', { name: new RegExp(`${item}$`) }).waitFor();
  });

  it('copies its promo code as a sign-up link', { timeout: 60_000 }, async () => {
    await page.getByText('No companies yet').waitFor();
    const promo = page.getByRole('region', { name: 'Promo code' });
    const code = (await promo.getByRole('code').or(promo.locator('code')).first().textContent())?.trim();
    // short enough to read out on a call, without look-alikes, shown in two groups
    assert.match(code ?? '', /^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{4}-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{4}$/);
    shownCode = code!;
    await promo.getByRole('button', { name: 'Copy sign-up link' }).click();
    await page.getByText('Promo code copied').waitFor();
    signUpLink = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(signUpLink, `${env.portal.url}/register?rc=${shownCode.replace('-', '')}`);
    await check('companies-empty', 'Companies');
  });

  it(
    'is typed as read out on a call, and the registration names the reseller',
    { timeout: 60_000 },
    async () => {
      const other = await env.newPage({ bypassCSP: true }, trackScreenStarts);
      await other.goto(url('/register'));
      await other.getByLabel('Promo code (optional)').fill(shownCode.toLowerCase().replace('-', ' '));
      await other.getByRole('button', { name: 'Apply' }).click();
      await other.getByText(`Promo code of ${reseller.company} applied: ${shownCode}`).waitFor();
      await screen.check(other, 'register-promo-code');
      await other.context().close();
    },
  );

  it('sees the company that registered with it', { timeout: 150_000 }, async () => {
    assert.ok(signUpLink, 'the promo code was copied');
    const other = await env.newPage();
    await other.goto(signUpLink);
    await other.getByText(`Promo code of ${reseller.company} applied: ${shownCode}`).waitFor();
    // the code is kept for the browser session, so the wizard reached through Sign Up still carries it
    await registerThroughStep3(other, env.portal, provider);
    await payPlanInSandbox(other);
    await other.waitForURL('**/login?notice=subscription_paid');
    await confirmEmailFromOutbox(other, env.portal, undefined, provider.email);
    await signIn(other, provider.email, provider.password);
    await other.waitForURL('**/account/summary');
    await other.context().close();

    await page.reload();
    const company = page.getByRole('row').filter({ hasText: provider.company });
    await company.waitFor();
    await company.getByText(provider.ocn).waitFor();
    await company.getByText(provider.email).waitFor();
    await company.getByText('Active', { exact: true }).waitFor();
    await check('companies', 'Companies');
  });

  it('invites a company by mail', { timeout: 60_000 }, async () => {
    await page.getByRole('link', { name: 'Invite a Company' }).click();
    await page.waitForURL('**/reseller/sp-invite');
    await page.getByLabel('Email', { exact: true }).waitFor();
    await check('invite', 'Invite a Company');
    await page.getByLabel('Email', { exact: true }).fill(invited);
    await page.getByLabel('Company', { exact: true }).fill('Zeta Telecom');
    await doubleClickOnce(
      page,
      page.getByRole('button', { name: 'Send invitation' }),
      '/api/reseller/service_provider/invite',
    );
    await page.getByText(`Invitation sent to ${invited}`).waitFor();
    await page.getByRole('row').filter({ hasText: invited }).waitFor();
    assert.ok(
      outboxLinks(env.portal.dataDir, invited).some((l) => l.includes('/register')),
      'the invitation carries a sign-up link',
    );
    assert.equal(mailsTo(env.portal.dataDir, invited), 1, 'one invitation for a double click');
    await check('invite-sent', 'Invite a Company');
  });

  it('sees the payment of its company', { timeout: 60_000 }, async () => {
    await menu('Payment Listing');
    await page.waitForURL('**/reseller/payment-listing');
    const payment = page.getByRole('row').filter({ hasText: provider.company });
    await payment.waitFor();
    assert.match((await payment.textContent()) ?? '', /\$\s?500/);
    await check('payments', 'Payment Listing');
  });

  it('opens its company’s page with the company’s payment', { timeout: 60_000 }, async () => {
    await menu('Companies');
    await page.waitForURL('**/reseller/sp');
    await page
      .getByRole('row')
      .filter({ hasText: provider.email })
      .getByRole('link', { name: provider.company })
      .click();
    await page.waitForURL(/\/reseller\/sp\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: provider.company }).waitFor();
    const payments = page.getByRole('region', { name: 'Payments' });
    await payments
      .getByText(/\$\s?500/)
      .first()
      .waitFor();
    // 1280 and 375 px: nothing scrolls sideways, the Amount is not cut off (the rows stack on a phone)
    await check('company', provider.company);
  });

  it('is sent home from the admin pages, and refused their routes', { timeout: 60_000 }, async () => {
    for (const path of ['/admin/service-provider', '/admin/resellers', '/admin']) {
      await page.goto(url(path));
      await page.waitForURL('**/reseller/sp');
      await page.getByRole('region', { name: 'Promo code' }).waitFor();
    }
    const token = await page.evaluate(() =>
      Object.values(localStorage).find((v) => /^ey[\w-]+\.[\w-]+\.[\w-]+$/.test(v)),
    );
    assert.ok(token, 'the reseller token is in local storage');
    const res = await fetch(url('/api/admin/service_provider'), {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(res.status, 403);
  });

  it('is seen by the admin with its company', { timeout: 60_000 }, async () => {
    await admin.goto(url('/admin/resellers'));
    const row = admin.getByRole('row').filter({ hasText: reseller.email });
    await row.waitFor();
    await row.getByText('Invitation pending').waitFor({ state: 'detached' });
    await row.getByRole('cell', { name: '1', exact: true }).waitFor();
    await admin.goto(url('/admin/service-provider'));
    await admin.getByLabel('Company, OCN or email').fill(provider.company);
    await admin.getByRole('row').filter({ hasText: provider.email }).getByText(reseller.company).waitFor();
  });

  it('has no screen with a serious axe violation or a sideways scroll at 375 px', () => {
    assert.ok(screen.count >= 7, `${screen.count} screens checked`);
    screen.assertClean();
  });
});

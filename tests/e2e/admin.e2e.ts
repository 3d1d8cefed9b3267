// The admin's flow, every screen checked (screens.ts: axe-core, 1280 and 375 px, no sideways scroll), with a
// provider that has registered and paid beforehand: sign in to the Admin Portal → the dashboard counts the provider
// → resellers: none yet, one created (its invitation mailed) → service providers, searched → its details: an
// extension granted, then deactivated → the change log reads both → payments → invoices, one opened as a PDF →
// the audit log (of certificate operations: empty here) → the profile; the deactivated provider is signed out and kept out.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { activeProvider, doubleClickOnce, mailsTo, openedFile, signIn } from './flows';
import { outboxLinks, usePortal } from './harness';
import { markScreenStart, screens, trackScreenStarts } from './screens';

const enUS = (d: Date) => d.toLocaleDateString('en-US', { timeZone: 'UTC' });

describe('admin flow', { timeout: 600_000 }, () => {
  const env = usePortal();
  const screen = screens('admin');
  const stamp = Date.now();
  const reseller = {
    name: 'Rita Reseller',
    email: `rita+${stamp}@channel-partner.test`,
    company: 'Channel Partner LLC',
  };
  const provider = {
    ocn: '075C',
    email: `owner+${stamp}@gamma-telecom.test`,
    password: 'gamma-horse-31',
    company: 'Gamma Telecom',
  };
  let page: Page;
  let providerPage: Page;
  const url = (path: string) => `${env.portal.url}${path}`;
  const check = (name: string, h1?: string) => screen.check(page, name, { h1 });
  const menu = (item: string) => page.getByRole('menuitem', { name: new RegExp(`${item}$`) }).click();

  it('has a provider that registered and paid', { timeout: 150_000 }, async () => {
    providerPage = await env.newPage();
    await activeProvider(providerPage, env.portal, provider);
  });

  it('signs the admin in to the dashboard, which counts the provider', { timeout: 90_000 }, async () => {
    page = await env.newPage({ bypassCSP: true }, trackScreenStarts);
    await page.goto(url('/login'));
    await signIn(page, env.portal.adminEmail, env.portal.adminPassword);
    await page.waitForURL(/\/admin\//);
    await page.getByText('Admin Portal').first().waitFor();
    for (const item of ['Resellers', 'Service Provider', 'Payment', 'Invoice'])
      await page.getByRole('menuitem', { name: new RegExp(`${item}$`) }).waitFor();

    await menu('Dashboard');
    await page.waitForURL('**/admin/dashboard');
    const figures = page.getByRole('list', { name: 'Figures' });
    for (const figure of ['Active providers', 'New this month'])
      await figures
        .getByRole('listitem')
        .filter({ hasText: figure })
        .getByText('1', { exact: true })
        .waitFor();
    // nothing on it (the charts' data table for screen readers included) widens the page at 1280 px either
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the dashboard scrolls sideways by ${overflow} px`);
    await check('dashboard', 'Dashboard');
  });

  it('creates a reseller, who is mailed an invitation', { timeout: 90_000 }, async () => {
    await menu('Resellers');
    await page.waitForURL('**/admin/resellers');
    await page.getByText('No resellers yet').waitFor();
    await check('resellers-empty', 'Resellers');
    await page.getByRole('link', { name: 'Create Reseller' }).click();
    await page.waitForURL('**/admin/resellers/create');
    await page.getByLabel('Name').fill(reseller.name);
    await page.getByLabel('Email').fill(reseller.email);
    await page.getByLabel('Company').fill(reseller.company);
    await check('reseller-create', 'New Reseller');
    await doubleClickOnce(page, page.getByRole('button', { name: 'Save' }), '/api/admin/reseller/create');
    await page.getByText(`An invitation to choose a password was sent to ${reseller.email}`).waitFor();
    await page.waitForURL('**/admin/resellers');
    await page.getByRole('row').filter({ hasText: reseller.email }).getByText('Invitation pending').waitFor();
    await check('resellers', 'Resellers');
    assert.ok(
      outboxLinks(env.portal.dataDir, reseller.email).some((l) => l.includes('/accept-invite?token=')),
      'the invitation was mailed',
    );
    assert.equal(mailsTo(env.portal.dataDir, reseller.email), 1, 'one invitation for a double click');
  });

  it('finds the provider, grants an extension and deactivates it', { timeout: 120_000 }, async () => {
    await menu('Service Provider');
    await page.waitForURL('**/admin/service-provider');
    await page.getByLabel('Company, OCN or email').fill(provider.company);
    const row = page.getByRole('row').filter({ hasText: provider.email });
    await row.waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
    await check('providers', 'Service Provider');
    await row.getByRole('link', { name: `Details: ${provider.company}` }).click();
    await page.waitForURL(/\/admin\/service-provider-details\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: provider.company, level: 1 }).waitFor();
    await check('provider-details', provider.company);
    const actions = page.getByRole('region', { name: 'Actions' });

    await markScreenStart(page);
    await actions.getByRole('button', { name: 'Grant extension' }).click();
    const extension = page.getByRole('dialog', { name: 'Grant an extension' });
    await extension.getByLabel('Days').fill('30');
    await extension.getByLabel('Reason').fill('Goodwill after the outage');
    await check('grant-extension');
    await doubleClickOnce(page, extension.getByRole('button', { name: 'Confirm' }), /\/extension$/);
    await extension.waitFor({ state: 'hidden' });
    // a year from the payment, and 30 days more
    const paidEnd = new Date();
    paidEnd.setUTCFullYear(paidEnd.getUTCFullYear() + 1);
    const extendedEnd = new Date(paidEnd.getTime() + 30 * 86_400_000);
    await page.getByRole('region', { name: 'Subscription' }).getByText(enUS(extendedEnd)).first().waitFor();

    await markScreenStart(page);
    await actions.getByRole('button', { name: 'Deactivate', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate this service provider?' });
    await confirm.waitFor();
    await check('deactivate-confirm');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('The service provider has been updated').waitFor();
    await actions.getByRole('button', { name: 'Activate', exact: true }).waitFor();
    await page.getByText('Deactivated', { exact: true }).first().waitFor();
    await check('provider-deactivated', provider.company);

    await page.getByRole('navigation', { name: 'History' }).getByRole('link', { name: 'Change log' }).click();
    await page.waitForURL(/\/admin\/subscription-change-log\/[0-9a-f-]{36}$/);
    const extended = page.getByRole('row').filter({ hasText: 'extension' });
    await extended.waitFor();
    await extended.getByText('Goodwill after the outage').waitFor();
    await extended.getByText(env.portal.adminEmail).waitFor();
    // the subscription's ends read as dates
    await extended.getByRole('cell', { name: enUS(paidEnd), exact: true }).waitFor();
    await extended.getByRole('cell', { name: enUS(extendedEnd), exact: true }).waitFor();
    const cell = (name: string) => page.getByRole('cell', { name, exact: true });
    await page
      .getByRole('row')
      .filter({ has: cell('deactivated') })
      .filter({ has: cell('active') })
      .getByText(env.portal.adminEmail)
      .waitFor();
    await check('change-log', 'Subscription Change Log');
  });

  it('lists the payments and the invoices, and opens an invoice as a PDF', { timeout: 90_000 }, async () => {
    await menu('Payment');
    await page.waitForURL(/\/admin\/payment$/);
    const payment = page.getByRole('row').filter({ hasText: provider.company });
    await payment.waitFor();
    assert.match((await payment.textContent()) ?? '', /\$\s?500/);
    await check('payments', 'Payments');

    await menu('Invoice');
    await page.waitForURL(/\/admin\/invoice$/);
    const invoice = page.getByRole('row').filter({ hasText: provider.company });
    await invoice.waitFor();
    await check('invoices', 'Invoices');
    const pdf = await openedFile(page, () => invoice.getByRole('button', { name: /^Download / }).click());
    assert.equal(pdf.start, '%PDF-', 'the invoice file is a PDF');
  });

  it('shows the audit log and the profile', { timeout: 60_000 }, async () => {
    await page.goto(url('/admin/audit-log'));
    await page.getByRole('heading', { name: 'Audit Log' }).first().waitFor();
    // it records the certificates' operations: none in this flow
    await page.getByText('No Data Found').first().waitFor();
    await check('audit-log', 'Audit Log');
    await page.goto(url('/profile'));
    await page.getByRole('heading', { name: 'My Profile', level: 1 }).waitFor();
    await check('profile', 'My Profile');
  });

  it('signs the deactivated provider out and keeps it out', { timeout: 60_000 }, async () => {
    await providerPage.reload();
    await providerPage.waitForURL('**/login');
    await signIn(providerPage, provider.email, provider.password);
    await providerPage.getByText('This account is disabled').waitFor();
    assert.match(providerPage.url(), /\/login$/);
  });

  it('has no screen with a serious axe violation or a sideways scroll at 375 px', () => {
    assert.ok(screen.count >= 12, `${screen.count} screens checked`);
    screen.assertClean();
  });
});

// Phones (issue 14): at 375 px wide no page of the lists scrolls sideways and the sidebar leaves the page its
// width, for the provider (certificates, private keys, payments, invoices, numbers, import history), the admin and a
// reseller; at 600 px the sidebar is folded to its icons; at 1280 px the lists are tables again.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { activeProvider, signIn } from './flows';
import { outboxLinks, screenshot, usePortal } from './harness';

const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 900 };

/** The page's width against the window's, and where the page's content starts (0 with the sidebar hidden). */
async function measure(page: Page) {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    contentLeft: document.getElementById('main-content')?.getBoundingClientRect().left ?? -1,
  }));
}

/** Opens a path, waits for what shows it loaded, and checks nothing is wider than the window. */
async function fitsThePhone(page: Page, base: string, path: string, loaded: string, shot: string) {
  await page.goto(`${base}${path}`);
  await page.getByText(loaded, { exact: true }).filter({ visible: true }).first().waitFor();
  // the fonts and the late rows settle
  await page.waitForLoadState('networkidle');
  const m = await measure(page);
  await screenshot(page, shot);
  assert.ok(
    m.scrollWidth <= m.innerWidth,
    `${path} is ${m.scrollWidth} px wide in a ${m.innerWidth} px window`,
  );
  assert.ok(m.contentLeft >= 0 && m.contentLeft < 8, `${path}: the sidebar takes ${m.contentLeft} px`);
}

const CSV = ['tn,voip_user,organization,assigned_on', '2015550100,Ann,Acme,2024-03-01'].join('\r\n');

describe('lists on a phone', { timeout: 420_000 }, () => {
  const env = usePortal();
  const stamp = Date.now();
  const provider = {
    ocn: '077P',
    email: `phones+${stamp}@epsilon-telecom.test`,
    password: 'phones-horse-7',
    company: 'Epsilon Telecom With A Rather Long Company Name',
  };
  const reseller = {
    name: 'Phil Phone',
    email: `phil+${stamp}@channel-partner.test`,
    company: 'Pocket Partner LLC',
    password: 'reseller-horse-77',
  };

  it(
    'fits the provider’s lists into 375 px, and shows them as tables at 1280 px',
    { timeout: 180_000 },
    async () => {
      const page = await env.newPage();
      await activeProvider(page, env.portal, provider);
      // a key and an import, so that those lists have rows
      await page.goto(`${env.portal.url}/sti-certificate/private-key`);
      await page.getByRole('button', { name: 'Create New' }).click();
      await page
        .getByRole('button', { name: /^Download key/ })
        .first()
        .waitFor();
      await page.goto(`${env.portal.url}/import-history`);
      await page.getByText('No Data Found').waitFor();
      await page.getByLabel('Choose a CSV file of numbers').setInputFiles({
        name: 'phone-numbers.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(CSV),
      });
      await page.getByText('Completed', { exact: true }).first().waitFor({ timeout: 30_000 });

      await page.setViewportSize(PHONE);
      const base = env.portal.url;
      await fitsThePhone(page, base, '/sti-certificate/certificate', 'Private Key', '70-phone-certificates');
      await fitsThePhone(page, base, '/sti-certificate/private-key', 'Download', '71-phone-private-keys');
      await fitsThePhone(page, base, '/payment-listing', 'Transaction ID', '72-phone-payments');
      await fitsThePhone(page, base, '/invoice-listing', 'Invoice Number', '73-phone-invoices');
      await fitsThePhone(page, base, '/number-listing', '2015550100', '74-phone-numbers');
      await fitsThePhone(page, base, '/import-history', 'phone-numbers.csv', '75-phone-import-history');
      // the rows stack: no table on a phone, and Contact Us is an icon with its name
      assert.equal(await page.locator('table').count(), 0, 'no table on a phone');
      await page.getByRole('link', { name: 'Contact Us (opens in a new tab)' }).waitFor();

      // between a phone and a desktop the sidebar is folded to its icons
      await page.setViewportSize({ width: 600, height: 800 });
      await page.goto(`${base}/payment-listing`);
      await page.getByText('Transaction ID', { exact: true }).filter({ visible: true }).first().waitFor();
      const folded = await measure(page);
      assert.ok(folded.contentLeft <= 64, `at 600 px the sidebar takes ${folded.contentLeft} px`);
      assert.ok(
        folded.scrollWidth <= folded.innerWidth,
        `at 600 px the page is ${folded.scrollWidth} px wide`,
      );

      await page.setViewportSize(DESKTOP);
      await page.goto(`${base}/payment-listing`);
      await page.getByRole('columnheader', { name: 'Transaction ID' }).waitFor();
      const wide = await measure(page);
      assert.ok(wide.contentLeft > 200, 'at 1280 px the sidebar is open');
      await page
        .getByRole('link', { name: 'Contact Us (opens in a new tab)' })
        .getByText('Contact Us')
        .waitFor();
      await screenshot(page, '76-desktop-payments');
    },
  );

  it('fits the admin’s lists into 375 px', { timeout: 90_000 }, async () => {
    const page = await env.newPage();
    await page.goto(`${env.portal.url}/login`);
    await signIn(page, env.portal.adminEmail, env.portal.adminPassword);
    await page.waitForURL(/\/admin(\/|$)/);
    // a reseller, invited now, for the next test and the resellers list
    await page.goto(`${env.portal.url}/admin/resellers/create`);
    await page.getByLabel('Name').fill(reseller.name);
    await page.getByLabel('Email').fill(reseller.email);
    await page.getByLabel('Company').fill(reseller.company);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admin/resellers');

    await page.setViewportSize(PHONE);
    const base = env.portal.url;
    await fitsThePhone(page, base, '/admin/service-provider', provider.email, '77-phone-admin-providers');
    await fitsThePhone(page, base, '/admin/payment', 'Transaction ID', '78-phone-admin-payments');
    await fitsThePhone(page, base, '/admin/resellers', reseller.email, '79-phone-admin-resellers');
    await fitsThePhone(page, base, '/admin/audit-log', 'Audit Log', '80-phone-audit-log');
  });

  it('fits a reseller’s lists into 375 px', { timeout: 90_000 }, async () => {
    const link = outboxLinks(env.portal.dataDir).find((l) => l.includes('/accept-invite?token='));
    assert.ok(link, 'an invitation link was mailed');
    const page = await env.newPage({ viewport: PHONE });
    await page.goto(link);
    await page.getByLabel('Password', { exact: true }).fill(reseller.password);
    await page.getByLabel('Confirm Password', { exact: true }).fill(reseller.password);
    await page.getByRole('button', { name: 'Set password and Log In' }).click();
    await page.waitForURL('**/login?notice=password_set');
    await signIn(page, reseller.email, reseller.password);
    await page.waitForURL('**/reseller/sp');
    const base = env.portal.url;
    await fitsThePhone(page, base, '/reseller/sp', 'No companies yet', '81-phone-reseller-companies');
    await fitsThePhone(
      page,
      base,
      '/reseller/payment-listing',
      'No Data Found',
      '82-phone-reseller-payments',
    );
  });
});

// The flow a new provider walks: register through step 3, confirm from the outbox link, sign in and
// get the not-active outcome; and the admin reaching the Admin Portal shell.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, outboxLinks, screenshot, startPortal, type Portal } from './harness';

describe('registration and sign-in', { timeout: 180_000 }, () => {
  let portal: Portal;
  let browser: Browser;
  const email = `owner+${Date.now()}@acme-telecom.test`;
  const password = 'correct-horse-9';

  before(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await portal?.stop();
  });

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return page;
  }

  it('registers through step 3, confirms by mail and sees the not-active outcome', { timeout: 120_000 }, async () => {
    const page = await newPage();
    await page.goto(`${portal.url}/`);
    await page.waitForURL('**/login');

    await page.getByRole('link', { name: 'Sign Up' }).click();
    await page.waitForURL('**/register');
    await page.getByRole('heading', { name: 'Registration', exact: true }).waitFor();
    await page.getByText('1/4').waitFor();

    await page.getByLabel('OCN').fill('073k');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('First Name').fill('Ada');
    await page.getByLabel('Last Name').fill('Lovelace');
    await page.getByLabel('Phone Number').fill('2015550123');
    await page.getByLabel('Title').fill('CTO');
    await page.getByLabel('Company Name').fill('Acme Telecom');
    await page.getByLabel('Address').fill('1 Main Street');
    await page.getByLabel('City').fill('Newark');
    await page.getByLabel('State').click();
    await page.getByRole('option', { name: 'NJ', exact: true }).click();
    await page.getByLabel('Zip Code').fill('07101');
    await page.getByLabel('499 Filer ID').fill('831234');
    await page.getByLabel('FRN').fill('0012345678');
    await screenshot(page, '01-register-step1');
    await page.getByRole('button', { name: 'Next Step' }).click();

    await page.getByRole('heading', { name: 'Registration - Review and Sign Subscriber agreement' }).waitFor();
    await page.getByText('2/4').waitFor();
    await page.getByLabel('Printed Name').fill('Ada Lovelace');
    // Draw the signature on the canvas.
    const canvas = page.locator('canvas').first();
    const box = await canvas.boundingBox();
    assert.ok(box, 'the signature canvas is visible');
    assert.equal(Math.round(box.height), 145);
    await page.mouse.move(box.x + 20, box.y + 100);
    await page.mouse.down();
    for (let i = 1; i <= 20; i++) await page.mouse.move(box.x + 20 + i * 12, box.y + 100 - Math.sin(i / 3) * 40);
    await page.mouse.up();
    await page.getByRole('button', { name: 'Read the subscription agreement' }).click();
    await page.getByRole('dialog', { name: 'Certificate info' }).waitFor();
    await screenshot(page, '02-agreement-modal');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Certificate info' }).waitFor({ state: 'hidden' });
    await screenshot(page, '03-register-step2');
    await page.getByRole('button', { name: 'Next Step' }).click();

    await page.getByRole('heading', { name: 'Registration - Enter a new password and confirm it' }).waitFor();
    await page.getByText('3/4').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password', { exact: true }).fill(password);
    await screenshot(page, '04-register-step3');
    await page.getByRole('button', { name: 'Next Step' }).click();

    await page.waitForURL(/\/register\/payment\?uuid=[0-9a-f-]{36}/);
    const uuid = new URL(page.url()).searchParams.get('uuid');
    await screenshot(page, '05-payment-step');

    const link = outboxLinks(portal.dataDir).find((l) => l.includes('/email-verify?token='));
    assert.ok(link, `a confirmation link was mailed; outbox: ${outboxLinks(portal.dataDir).join(', ')}`);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Redirect to Login page' }).waitFor();
    await screenshot(page, '06-email-verify');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/login');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Service provider is not active').waitFor();
    await screenshot(page, '07-login-not-active');
    // After 2 seconds the login page sends the provider to the plan step.
    await page.waitForURL(new RegExp(`/register/payment\\?uuid=${uuid}`), { timeout: 5000 });
  });

  it('lets the admin sign in to the Admin Portal', { timeout: 60_000 }, async () => {
    const page = await newPage();
    await page.goto(`${portal.url}/login`);
    await page.getByLabel('Email').fill(portal.adminEmail);
    await page.getByLabel('Password', { exact: true }).fill(portal.adminPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/admin\//);
    await page.getByText('Admin Portal').first().waitFor();
    for (const item of ['Resellers', 'Service Provider', 'Payment', 'Invoice']) {
      await page.getByRole('menuitem', { name: new RegExp(`${item}$`) }).waitFor();
    }
    await screenshot(page, '08-admin-shell');
  });
});

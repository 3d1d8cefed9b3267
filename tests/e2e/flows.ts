// Steps several browser flows share.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Download, Locator, Page, Request } from 'playwright-core';
import { outboxLinks, type Portal } from './harness';

export interface NewProvider {
  ocn: string;
  email: string;
  password: string;
  company: string;
}

/** Called at each screen a step reaches, with its name (the role flows check the screen there). */
export type OnScreen = (name: string) => Promise<void>;

/** Fills step 1 of the registration wizard (company and contact) with the provider's OCN, email and company. */
export async function fillRegistrationStep1(page: Page, p: Pick<NewProvider, 'ocn' | 'email' | 'company'>) {
  await page.getByLabel('OCN').fill(p.ocn);
  await page.getByLabel('Email').fill(p.email);
  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Lovelace');
  await page.getByLabel('Phone Number').fill('2015550123');
  await page.getByLabel('Title').fill('CTO');
  await page.getByLabel('Company Name').fill(p.company);
  await page.getByLabel('Address').fill('1 Main Street');
  await page.getByLabel('City').fill('Newark');
  await page.getByLabel('State').click();
  await page.getByRole('option', { name: 'NJ', exact: true }).click();
  await page.getByLabel('Zip Code').fill('07101');
  await page.getByLabel('499 Filer ID').fill('831234');
  await page.getByLabel('FRN').fill('0012345678');
}

/**
 * Registers through steps 1–3 of the wizard, the signature drawn with the mouse; returns the service provider
 * uuid of the payment step URL. With `onScreen`, also opens the agreement modal and calls it at each screen.
 */
export async function registerThroughStep3(
  page: Page,
  portal: Portal,
  p: NewProvider,
  onScreen?: OnScreen,
): Promise<string> {
  await page.goto(`${portal.url}/login`);
  await page.getByRole('link', { name: 'Sign Up' }).click();
  await page.waitForURL('**/register');
  await page.getByRole('heading', { name: 'Registration', exact: true }).waitFor();
  await page.getByText('1/4').waitFor();

  await fillRegistrationStep1(page, p);
  if (onScreen) await onScreen('register-step1');
  await page.getByRole('button', { name: 'Next Step' }).click();

  await page.getByRole('heading', { name: 'Registration - Review and Sign Subscriber agreement' }).waitFor();
  await page.getByText('2/4').waitFor();
  await page.getByLabel('Printed Name').fill('Ada Lovelace');
  const canvas = page.locator('canvas').first();
  const box = await canvas.boundingBox();
  assert.ok(box, 'the signature canvas is visible');
  assert.equal(Math.round(box.height), 145);
  await page.mouse.move(box.x + 20, box.y + 100);
  await page.mouse.down();
  for (let i = 1; i <= 20; i++)
    await page.mouse.move(box.x + 20 + i * 12, box.y + 100 - Math.sin(i / 3) * 40);
  await page.mouse.up();
  if (onScreen) {
    await onScreen('register-step2-drawn');
    await page.getByRole('button', { name: 'Read the subscription agreement' }).click();
    await page.getByRole('dialog', { name: 'Certificate info' }).waitFor();
    await onScreen('agreement-modal');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Certificate info' }).waitFor({ state: 'hidden' });
  }
  await page.getByRole('button', { name: 'Next Step' }).click();

  await page.getByRole('heading', { name: 'Registration - Enter a new password and confirm it' }).waitFor();
  await page.getByText('3/4').waitFor();
  await page.getByLabel('Password', { exact: true }).fill(p.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(p.password);
  if (onScreen) await onScreen('register-step3');
  await page.getByRole('button', { name: 'Next Step' }).click();

  await page.waitForURL(/\/register\/payment\?uuid=[0-9a-f-]{36}/);
  const uuid = new URL(page.url()).searchParams.get('uuid');
  assert.ok(uuid);
  return uuid;
}

/** Opens the confirmation link mailed to the outbox (to `to`, when given) and confirms the address. */
export async function confirmEmailFromOutbox(page: Page, portal: Portal, onScreen?: OnScreen, to?: string) {
  const link = outboxLinks(portal.dataDir, to).find((l) => l.includes('/email-verify?token='));
  assert.ok(link, `a confirmation link was mailed; outbox: ${outboxLinks(portal.dataDir).join(', ')}`);
  await page.goto(link);
  await page.getByRole('heading', { name: 'Redirect to Login page' }).waitFor();
  if (onScreen) await onScreen('email-verify');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL('**/login?notice=email_confirmed');
  await page.getByText('Your email address is confirmed. Sign in to continue.').waitFor();
}

export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** From the plan step (year preselected): pays with a sandbox test card and comes back to /login with its notice. */
export async function payPlanInSandbox(page: Page, card = '4242424242424242') {
  await page.getByRole('button', { name: 'Go to payment' }).click();
  await page.waitForURL(/\/sandbox\/checkout\//);
  await fillSandboxCard(page, card);
  await page.getByRole('button', { name: /^Pay/ }).click();
}

export async function fillSandboxCard(page: Page, card: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry month (MM)').fill('12');
  await page.getByLabel('Expiry year (YYYY)').fill(String(new Date().getFullYear() + 2));
  await page.getByLabel('CVC').fill('123');
}

/** Registers, pays the yearly plan, confirms the address and signs in: an active provider on its summary. */
export async function activeProvider(page: Page, portal: Portal, p: NewProvider) {
  await registerThroughStep3(page, portal, p);
  await payPlanInSandbox(page);
  await page.waitForURL('**/login?notice=subscription_paid');
  await confirmEmailFromOutbox(page, portal);
  await signIn(page, p.email, p.password);
  await page.waitForURL('**/account/summary');
}

/**
 * Clicks what opens an invoice in a new tab (a blob: address the page made from the file) and answers the file's
 * first bytes and size, read from that address.
 */
export async function openedFile(
  page: Page,
  open: () => Promise<void>,
): Promise<{ start: string; size: number }> {
  const popup = page.waitForEvent('popup');
  await open();
  const tab = await popup;
  await tab.waitForURL(/^blob:/);
  const head = await page.evaluate(async (blobUrl) => {
    const bytes = new Uint8Array(await (await fetch(blobUrl)).arrayBuffer());
    return { start: String.fromCharCode(...bytes.slice(0, 5)), size: bytes.length };
  }, tab.url());
  await tab.close();
  return head;
}

/**
 * Double-clicks a button that creates, sends or charges and asserts that it made one request to `route` (a POST
 * whose path ends so), waiting for that request's answer and `settleMs` more for a late second one. A flow checks
 * the effect itself (a mail, a row) where it can see it.
 */
export async function doubleClickOnce(page: Page, button: Locator, route: string | RegExp, settleMs = 800) {
  const matches = (url: string) => {
    const path = new URL(url).pathname;
    return typeof route === 'string' ? path.endsWith(route) : route.test(path);
  };
  const sent: Request[] = [];
  const onRequest = (r: Request) => {
    if (r.method() === 'POST' && matches(r.url())) sent.push(r);
  };
  page.context().on('request', onRequest);
  try {
    const answered = page.context().waitForEvent('requestfinished', {
      predicate: (r) => r.method() === 'POST' && matches(r.url()),
      timeout: 30_000,
    });
    await button.dblclick();
    await answered;
    await page.waitForTimeout(settleMs);
  } finally {
    page.context().off('request', onRequest);
  }
  const keys = new Set(await Promise.all(sent.map((r) => r.headerValue('idempotency-key'))));
  assert.equal(sent.length, 1, `a double click sent ${sent.length} requests to ${String(route)}`);
  assert.ok(!keys.has(null), `the request to ${String(route)} carries an Idempotency-Key`);
}

/** How many mails of the portal's outbox name `to` (a double-clicked send must have made one). */
export function mailsTo(dataDir: string, to: string): number {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return 0;
  return fs
    .readdirSync(dir)
    .filter((f) => fs.readFileSync(path.join(dir, f), 'utf8').toLowerCase().includes(to.toLowerCase()))
    .length;
}

/** The text of a file the page saved. */
export async function downloadedText(file: Download): Promise<string> {
  let text = '';
  for await (const chunk of await file.createReadStream()) text += String(chunk);
  return text;
}

// Accessibility in the real browser: axe-core is injected into each page of the public wizard and of the
// provider, admin and reseller portals, and none may have a serious or critical violation or headings out of
// order. Lesser findings are printed as warnings. The registration is completed with the keyboard alone, the
// signature typed instead of drawn.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { confirmEmailFromOutbox, payPlanInSandbox, signIn } from './flows';
import { outboxLinks, screenshot, usePortal } from './harness';

// axe is injected as a script tag, which the portal's Content-Security-Policy forbids: the pages bypass it.
const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** Rules that fail a page whatever their impact. */
const ALWAYS_FAILS = new Set(['heading-order']);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** Every violation found, by page: printed at the end as the figures of the run. */
const found: { page: string; violations: AxeViolation[] }[] = [];

async function axeCheck(page: Page, name: string) {
  // let transitions (a dialog fading in, the skip link) settle
  await page.waitForTimeout(400);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (o: object) => Promise<{ violations: AxeViolation[] }> } }).axe
        .run({ runOnly: tags })
        .then((r) => r.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes }))),
    AXE_TAGS,
  );
  found.push({ page: name, violations });
  const describe = (v: AxeViolation) =>
    `${v.impact} ${v.id} (${v.help}) at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`;
  const failing = violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical' || ALWAYS_FAILS.has(v.id),
  );
  for (const v of violations.filter((x) => !failing.includes(x))) console.warn(`[axe] ${name}: ${describe(v)}`);
  failures.push(...failing.map((v) => `${name}: ${describe(v)}`));
}

/** The failing violations of the current test; each test asserts there are none at its end (so that one run
 * reports every page, not only the first that fails). */
const failures: string[] = [];
function assertNoFailures() {
  const all = failures.splice(0);
  assert.deepEqual(all, [], 'axe found serious or critical violations, or headings out of order');
}

/** Steps 1–3 of the wizard with axe on each, the agreement modal scrolled and the signature typed by keyboard. */
async function registerWithKeyboardSignature(page: Page, url: string, ocn: string, email: string, password: string) {
  await page.goto(`${url}/register`);
  await page.getByText('1/4').waitFor();
  await axeCheck(page, 'register step 1');
  await page.getByLabel('OCN').fill(ocn);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Lovelace');
  await page.getByLabel('Phone Number').fill('2015550123');
  await page.getByLabel('Title').fill('CTO');
  await page.getByLabel('Company Name').fill('Delta Telecom');
  await page.getByLabel('Address').fill('1 Main Street');
  await page.getByLabel('City').fill('Newark');
  await page.getByLabel('State').click();
  await page.getByRole('option', { name: 'NJ', exact: true }).click();
  await page.getByLabel('Zip Code').fill('07101');
  await page.getByLabel('499 Filer ID').fill('831234');
  await page.getByLabel('FRN').fill('0012345678');
  await page.getByRole('button', { name: 'Next Step' }).click();

  await page.getByText('2/4').waitFor();
  await page.getByLabel('Printed Name').fill('Ada Lovelace');
  await axeCheck(page, 'register step 2');

  // the agreement's scroll area takes the focus and scrolls with the keyboard
  await page.getByRole('button', { name: 'Read the subscription agreement' }).click();
  const modal = page.getByRole('dialog', { name: 'Certificate info' });
  await modal.waitFor();
  await axeCheck(page, 'agreement modal');
  const text = modal.getByRole('region', { name: 'Subscriber agreement text' });
  await text.focus();
  await page.keyboard.press('PageDown');
  await page.waitForFunction(() => (document.activeElement?.scrollTop ?? 0) > 0);
  await page.keyboard.press('Escape');
  await modal.waitFor({ state: 'hidden' });

  // the typed signature, chosen and written with the keyboard alone
  const typed = page.getByRole('tab', { name: 'Type your signature instead' });
  await typed.focus();
  await page.keyboard.press('Enter');
  const typedName = page.getByLabel('Typed signature');
  await typedName.waitFor();
  assert.equal(await typedName.inputValue(), 'Ada Lovelace', 'the printed name is the typed signature by default');
  await axeCheck(page, 'register step 2, typed signature');
  await screenshot(page, '50-a11y-typed-signature');
  await page.getByRole('button', { name: 'Next Step' }).focus();
  await page.keyboard.press('Enter');

  await page.getByText('3/4').waitFor();
  await axeCheck(page, 'register step 3');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Next Step' }).click();
  await page.waitForURL(/\/register\/payment\?uuid=[0-9a-f-]{36}/);
  await page.getByRole('button', { name: 'Go to payment' }).waitFor();
  await axeCheck(page, 'register payment step');
}

/** Opens each page from the address bar and checks it once loaded: one h1, its title, then axe. */
async function checkPages(page: Page, url: string, pages: [string, string][]) {
  for (const [path, title] of pages) {
    await page.goto(`${url}${path}`);
    await page.waitForLoadState('networkidle');
    await page.getByRole('progressbar').waitFor({ state: 'detached' }).catch(() => undefined);
    await axeCheck(page, path);
    const h1 = await page.locator('h1').allTextContents();
    if (h1.length !== 1 || !h1[0].includes(title)) failures.push(`${path}: one h1 reading '${title}', found ${JSON.stringify(h1)}`);
  }
}

/** WCAG's contrast ratio of two CSS rgb()/rgba() colours (opaque ones: the alpha is ignored). */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, bl] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The focused element's text, colours, place and focus outline (an input's is drawn on its field box). */
async function focused(page: Page) {
  await page.waitForTimeout(300);
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const marked = (el.matches('input, textarea') && el.closest('.MuiInputBase-root')) || el;
    const style = getComputedStyle(el);
    const mark = getComputedStyle(marked);
    return {
      label: el.getAttribute('aria-label') ?? el.textContent ?? el.tagName,
      color: style.color,
      background: style.backgroundColor,
      top: el.getBoundingClientRect().top,
      outline: `${mark.outlineStyle} ${mark.outlineWidth}`,
    };
  });
}

/** The skip link appears on the first Tab and reads at 4.5:1; the next stops have a solid outline of 2 px or more. */
async function checkFocusMarks(page: Page, url: string) {
  await page.goto(`${url}/account/summary`);
  await page.waitForLoadState('networkidle');
  await page.keyboard.press('Tab');
  const skip = await focused(page);
  await screenshot(page, '51-a11y-skip-link');
  assert.match(skip.label, /skip/i);
  assert.ok(skip.top >= 0, `the skip link is on screen (top ${skip.top})`);
  const ratio = contrast(skip.color, skip.background);
  assert.ok(ratio >= 4.5, `the skip link reads at ${ratio.toFixed(2)}:1 (${skip.color} on ${skip.background})`);
  for (let stop = 0; stop < 6; stop++) {
    await page.keyboard.press('Tab');
    const { label, outline } = await focused(page);
    const [style, width] = outline.split(' ');
    assert.ok(style === 'solid' && parseFloat(width) >= 2, `'${label}' is marked by an outline (${outline})`);
  }
  await screenshot(page, '52-a11y-focus-mark');
}

describe('accessibility (axe-core)', { timeout: 480_000 }, () => {
  const env = usePortal();
  const stamp = Date.now();
  const provider = { ocn: '076D', email: `owner+${stamp}@delta-telecom.test`, password: 'delta-horse-53' };
  const reseller = { email: `rita+${stamp}@a11y-partner.test`, password: 'reseller-horse-77' };

  it('finds no serious violation on the public pages', { timeout: 60_000 }, async () => {
    const page = await env.newPage({ bypassCSP: true });
    await page.goto(`${env.portal.url}/login`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await axeCheck(page, 'login');
    // the required fields' error texts, on their filled inputs, the email focused
    await page.getByRole('button', { name: 'Login' }).click();
    await page.locator('.Mui-error').first().waitFor();
    await page.getByLabel('Email').focus();
    await axeCheck(page, 'login with an error');
    await page.goto(`${env.portal.url}/forgot-password`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await axeCheck(page, 'forgot password');
    await page.goto(`${env.portal.url}/subscriber-agreement`);
    await page.getByRole('heading', { name: 'STI Certificate Subscriber Agreement' }).waitFor();
    await axeCheck(page, 'subscriber agreement');
    assertNoFailures();
  });

  it('finds none in the wizard, completed with the keyboard, nor in the provider portal', { timeout: 180_000 }, async () => {
    const page = await env.newPage({ bypassCSP: true });
    await registerWithKeyboardSignature(page, env.portal.url, provider.ocn, provider.email, provider.password);
    await payPlanInSandbox(page);
    await page.waitForURL('**/login?notice=subscription_paid');
    await confirmEmailFromOutbox(page, env.portal);
    await signIn(page, provider.email, provider.password);
    await page.waitForURL('**/account/summary');
    await checkPages(page, env.portal.url, [
      ['/account/summary', 'Account'],
      ['/payment-listing', 'Payment Listing'],
      ['/invoice-listing', 'Invoice Listing'],
      ['/import-history', 'Import History'],
      ['/number-listing', 'Number Listing'],
      ['/sti-certificate/certificate', 'Certificate'],
      ['/sti-certificate/private-key', 'Private Key'],
      ['/profile', 'My Profile'],
    ]);
    await checkFocusMarks(page, env.portal.url);
    assertNoFailures();
  });

  it('finds none in the admin and reseller portals', { timeout: 180_000 }, async () => {
    const admin = await env.newPage({ bypassCSP: true });
    await admin.goto(`${env.portal.url}/login`);
    await signIn(admin, env.portal.adminEmail, env.portal.adminPassword);
    await admin.waitForURL(/\/admin(\/|$)/);
    await checkPages(admin, env.portal.url, [
      ['/admin/dashboard', 'Dashboard'],
      ['/admin/service-provider', 'Service Provider'],
      ['/admin/resellers', 'Resellers'],
      ['/profile', 'My Profile'],
      ['/admin/resellers/create', 'New Reseller'],
    ]);
    await admin.getByLabel('Name').fill('Rita Reseller');
    await admin.getByLabel('Email').fill(reseller.email);
    await admin.getByLabel('Company').fill('A11y Partner LLC');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.waitForURL('**/admin/resellers');

    const link = outboxLinks(env.portal.dataDir).find((l) => l.includes('/accept-invite?token='));
    assert.ok(link, 'an invitation link was mailed');
    const page = await env.newPage({ bypassCSP: true });
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
    await axeCheck(page, 'accept invitation');
    await page.getByLabel('Password', { exact: true }).fill(reseller.password);
    await page.getByLabel('Confirm Password', { exact: true }).fill(reseller.password);
    await page.getByRole('button', { name: 'Set password and Log In' }).click();
    await page.waitForURL('**/login?notice=password_set');
    await signIn(page, reseller.email, reseller.password);
    await page.waitForURL('**/reseller/sp');
    await checkPages(page, env.portal.url, [
      ['/reseller/sp', 'Companies'],
      ['/reseller/payment-listing', 'Payment Listing'],
    ]);
    assertNoFailures();
  });

  it('prints the figures', () => {
    const byImpact: Record<string, number> = {};
    for (const { violations } of found)
      for (const v of violations) byImpact[v.impact ?? 'none'] = (byImpact[v.impact ?? 'none'] ?? 0) + 1;
    console.log(`[axe] ${found.length} pages, violations by impact: ${JSON.stringify(byImpact)}`);
  });
});

// Register → plan → sandbox payment → sign in → the summary shows the dates → add a card → auto renewal on.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { confirmEmailFromOutbox, fillSandboxCard, registerThroughStep3, signIn } from './flows';
import { screenshot, usePortal } from './harness';

describe('subscription and card', { timeout: 240_000 }, () => {
  const env = usePortal();
  const provider = {
    ocn: '074B',
    email: `billing+${Date.now()}@beta-telecom.test`,
    password: 'paid-horse-77',
    company: 'Beta Telecom',
  };

  it(
    'pays in the sandbox, sees the dates, adds a card and turns auto renewal on',
    { timeout: 180_000 },
    async () => {
      const page = await env.newPage();

      await registerThroughStep3(page, env.portal, provider);
      await page.getByRole('heading', { name: "It's almost done!" }).waitFor();
      assert.equal(await page.getByRole('radio', { name: /year/i }).isChecked(), true, 'year is preselected');
      await screenshot(page, '10-plan-step');
      await page.getByRole('button', { name: 'Go to payment' }).click();

      await page.waitForURL(/\/sandbox\/checkout\//);
      await page.getByText('$500.00').first().waitFor();
      await fillSandboxCard(page, '4000000000000002');
      await page.getByRole('button', { name: /^Pay/ }).click();
      await page.getByRole('alert').getByText('Your card was declined.').waitFor();
      await screenshot(page, '11-sandbox-declined');
      await page.getByLabel('Card number').fill('4242424242424242');
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: /^Pay/ }).click();
      await page.waitForURL('**/login?notice=subscription_paid');
      await page.getByText(/your payment was received/).waitFor();

      await confirmEmailFromOutbox(page, env.portal);
      await signIn(page, provider.email, provider.password);
      await page.waitForURL('**/account/summary');
      await page.getByRole('heading', { name: 'Account Summary' }).waitFor();
      const today = new Date();
      const inAYear = new Date(today);
      inAYear.setUTCFullYear(today.getUTCFullYear() + 1);
      const enUS = (d: Date) => d.toLocaleDateString('en-US', { timeZone: 'UTC' });
      await page.getByText(enUS(today)).first().waitFor();
      await page.getByText(enUS(inAYear)).first().waitFor();
      await page.getByText('074B').waitFor();
      await screenshot(page, '12-account-summary');

      await page.getByRole('link', { name: 'Auto Renewal' }).first().click();
      await page.waitForURL('**/account/renewal');
      await page
        .getByRole('button', { name: 'Add card' })
        .first()
        .click()
        .catch(() => undefined);
      await page.getByLabel('Card Number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry Date').fill(`12 / ${today.getFullYear() + 3}`);
      await page.getByLabel('Security Code').fill('123');
      await page.getByLabel('Billing Address').fill('1 Main Street');
      await page.getByLabel('State').fill('NJ');
      await page.getByLabel('City').fill('Newark');
      await page.getByLabel('Zip Code').fill('07101');
      await page.locator('form').getByRole('button', { name: 'Add card' }).click();
      await page.getByText('Your card has been successfully added').waitFor();
      await page.getByText(/4242/).first().waitFor();
      await screenshot(page, '13-card-added');

      const toggle = page
        .getByRole('switch', { name: 'auto charge' })
        .or(page.getByRole('checkbox', { name: 'auto charge' }));
      await toggle.first().click();
      await page.getByRole('dialog', { name: 'Auto charge enabled' }).waitFor();
      await screenshot(page, '14-auto-charge-enabled');
    },
  );
});

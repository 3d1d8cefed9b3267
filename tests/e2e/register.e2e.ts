// The flow a new provider walks: register through step 3, confirm from the outbox link, sign in and
// get the not-active outcome; and the admin reaching the Admin Portal shell.
import { describe, it } from 'node:test';
import { confirmEmailFromOutbox, registerThroughStep3, signIn } from './flows';
import { screenshot, usePortal } from './harness';

describe('registration and sign-in', { timeout: 180_000 }, () => {
  const env = usePortal();
  const provider = {
    ocn: '073k',
    email: `owner+${Date.now()}@acme-telecom.test`,
    password: 'correct-horse-9',
    company: 'Acme Telecom',
  };

  it(
    'registers through step 3, confirms by mail and sees the not-active outcome',
    { timeout: 120_000 },
    async () => {
      const page = await env.newPage();
      await page.goto(`${env.portal.url}/`);
      await page.waitForURL('**/login');
      const uuid = await registerThroughStep3(page, env.portal, provider, '01');
      await screenshot(page, '01-payment-step');
      await confirmEmailFromOutbox(page, env.portal, '01');
      await signIn(page, provider.email, provider.password);
      await page.getByText('Service provider is not active').waitFor();
      await screenshot(page, '01-login-not-active');
      // After 2 seconds the login page sends the provider to the plan step.
      await page.waitForURL(new RegExp(`/register/payment\\?uuid=${uuid}`), { timeout: 5000 });
    },
  );

  it('lets the admin sign in to the Admin Portal', { timeout: 60_000 }, async () => {
    const page = await env.newPage();
    await page.goto(`${env.portal.url}/login`);
    await signIn(page, env.portal.adminEmail, env.portal.adminPassword);
    await page.waitForURL(/\/admin\//);
    await page.getByText('Admin Portal').first().waitFor();
    for (const item of ['Resellers', 'Service Provider', 'Payment', 'Invoice']) {
      await page.getByRole('menuitem', { name: new RegExp(`${item}$`) }).waitFor();
    }
    await screenshot(page, '02-admin-shell');
  });
});

// A demo says so, and the simulator's demo account (any OCN) is never the default of a production server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../../server/src/config';
import { createTestApp, secondApp, type TestApp } from '../helpers';

const SIM_LOGIN = '/stipa-sim/api/v1/auth/login';

function simLogin(t: TestApp, userId: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: SIM_LOGIN,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ userId, password }),
  });
}

const settingsOf = async (t: TestApp) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/public/settings' });
  expect(res.statusCode).toBe(200);
  return res.json() as { demo?: boolean; payments: string };
};

// One database: the apps below share it (each is the same server started with other settings).
let dev: TestApp;
const others: TestApp[] = [];
beforeAll(async () => {
  dev = await createTestApp();
});
afterAll(async () => {
  for (const o of others) await o.close();
  await dev.close();
});

async function withConfig(config: Partial<Config>): Promise<TestApp> {
  const app = await secondApp(dev.db, { ...dev.config, ...config });
  others.push(app);
  await app.app.ready();
  return app;
}

describe('the demo flag of the public settings', () => {
  it('is on with the sandbox payments and the built-in STI-PA (the development default)', async () => {
    expect(await settingsOf(dev)).toMatchObject({ demo: true, payments: 'sandbox' });
  });

  it('is on in a production start declared a demo', async () => {
    const demo = await withConfig({ isProduction: true, demoMode: true });
    expect((await settingsOf(demo)).demo).toBe(true);
  });

  it('is off with real payments and a real STI-PA', async () => {
    const real = await withConfig({
      payments: 'stripe',
      stripeSecretKey: 'sk_test_portal',
      stripeWebhookSecret: 'whsec_portal',
      stiPaUrl: 'https://sti-pa.example.com/api/v1',
    });
    expect(await settingsOf(real)).toMatchObject({ demo: false, payments: 'stripe' });
  });
});

describe("the STI-PA simulator's demo account", () => {
  it('signs in by default in development and in a declared demo', async () => {
    expect((await simLogin(dev, 'demo', 'demo-pass')).statusCode).toBe(200);
    const demo = await withConfig({ isProduction: true, demoMode: true });
    expect((await simLogin(demo, 'demo', 'demo-pass')).json()).toMatchObject({ status: 'success' });
  });

  it('does not exist in production unless DEMO_MODE=true', async () => {
    const prod = await withConfig({ isProduction: true, demoMode: false });
    const res = await simLogin(prod, 'demo', 'demo-pass');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'error', message: 'Invalid credentials' });
  });

  it('gives way in production to the accounts STI_PA_SIM_ACCOUNTS names', async () => {
    const prod = await withConfig({
      isProduction: true,
      demoMode: false,
      stiPaSimAccounts: 'carrier:carrier-pass:073K',
    });
    expect((await simLogin(prod, 'carrier', 'carrier-pass')).statusCode).toBe(200);
    expect((await simLogin(prod, 'demo', 'demo-pass')).statusCode).toBe(401);
  });
});

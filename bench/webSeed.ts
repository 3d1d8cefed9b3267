// The data bench/webScreens.ts opens the signed-in screens on: a PGlite database in a data folder of its own, filled
// through the app's own routes (app.inject) as the server tests fill theirs, then closed, so that the built server
// (in a process of its own) starts on it. Every list of every role has at least one row:
// - an admin (ADMIN_EMAIL and ADMIN_PASSWORD: the server creates the account);
// - a reseller created by the admin, its invitation followed (a password), with one company that paid once and one
//   invitation sent;
// - a provider that registered, confirmed its address and paid the yearly plan in the sandbox (a payment, an
//   invoice), with a private key and its certificate (the built-in STI-PA simulator), an import of numbers (one
//   good row, one bad) and an ACME credential.
import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { ensureAdminAccount } from '../server/src/accounts/admin';
import { activeProvider, api, tokenOf } from '../tests/server/billing/billing-fixtures';
import type { TestApp } from '../tests/server/helpers';
import { pgliteApp } from './pgliteApp';
import { login, multipart } from '../tests/server/accounts/accounts-fixtures';
import {
  as,
  insertPayment,
  registeredCompany,
  RESELLER_PASSWORD,
  signedInReseller,
} from '../tests/server/resellers/resellers-fixtures';

export interface SeededWorld {
  /** The data folder (DATA_DIR) the server is to start on. */
  dataDir: string;
  /** What the server's process needs to read that folder as the seed wrote it. */
  env: Record<string, string>;
  /** Email and password of one account of each role. */
  accounts: Record<'admin' | 'reseller' | 'provider', { email: string; password: string }>;
  /** The provider's OCN, which its summary and profile show once its profile came. */
  providerOcn: string;
}

const ADMIN = { email: 'admin@bench.test', password: 'bench-admin-password' };
const JWT_SECRET = 'bench-web-secret-that-is-long-enough-for-hs256';

function check(what: string, res: { statusCode: number; body: string }, ok = 300) {
  if (res.statusCode >= ok) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
}

/** Uploads a CSV of numbers and waits until the job queue has run its import (one good row, one bad). */
async function importNumbers(t: TestApp, token: string, csv: string) {
  const body = multipart({}, [
    { name: 'file', filename: 'numbers.csv', type: 'text/csv', data: Buffer.from(csv) },
  ]);
  const headers = { authorization: `Bearer ${token}` };
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/service_provider/tn/import',
    headers: { ...body.headers, ...headers },
    payload: body.payload,
  });
  check('import', upload);
  const id = upload.json().id as string;
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const history = await t.app.inject({ url: '/api/service_provider/tn/import-history', headers });
    const found = (history.json() as { id: string; status: string }[]).find((i) => i.id === id);
    if (found && (found.status === 'completed' || found.status === 'failed')) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`import ${id} did not finish in 60 s`);
}

export async function seedWorld(): Promise<SeededWorld> {
  const config = {
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    jwtSecret: JWT_SECRET,
  };
  const t = await pgliteApp(config, { keepData: true });
  const { db } = t;
  const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
  try {
    // the admin as the server's first start makes it, signed in
    await ensureAdminAccount({ db, config: t.config, log });
    const adminLogin = await login(t, ADMIN.email, ADMIN.password);
    check('admin login', adminLogin);
    const admin = adminLogin.json().token as string;
    const reseller = await signedInReseller(t, admin, { company_name: 'Bench Resell' });
    const company = await registeredCompany(t, reseller.url_token, { company_name: 'Bench Company' });
    await insertPayment(t, company.spId, 120);
    check(
      'invite',
      await as(t, reseller.token).post('/api/reseller/service_provider/invite', {
        email: 'invited@bench.test',
      }),
    );

    const provider = await activeProvider(t);
    const token = await tokenOf(t, provider);
    const http = api(t, token);
    const key = await http.post('/api/service_provider/generate_sti_priv_key');
    check('key', key);
    const certificate = await http.post('/api/service_provider/generate_sti_spc_cert', {
      sti_pa_username: 'demo',
      sti_pa_password: 'demo-pass',
      private_key_uuid: key.json().priv_key_uuid,
    });
    // a refusal (the STI-PA's, or the account's) answers 200 with success false
    check('certificate', { ...certificate, statusCode: certificate.json().success === true ? 200 : 422 });
    check('acme credential', await http.post('/api/service_provider/acme/eab'));
    await importNumbers(
      t,
      token,
      'tn,voip_user,organization,assigned_on\n2015550000,user0,org0,2024-01-01\nnot-a-number,u,o,2024-01-01\n',
    );
    return {
      dataDir: t.config.dataDir,
      env: {
        DATA_DIR: t.config.dataDir,
        DATABASE_URL: '',
        JWT_SECRET,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      },
      providerOcn: (
        await db.query<{ ocn: string }>('SELECT ocn FROM service_providers WHERE id = $1', [provider.spId])
      )[0].ocn,
      accounts: {
        admin: ADMIN,
        reseller: { email: reseller.email, password: RESELLER_PASSWORD },
        provider: { email: provider.email, password: provider.password },
      },
    };
  } catch (error) {
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
    throw error;
  } finally {
    await t.close();
  }
}

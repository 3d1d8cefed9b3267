// GET /api/docs: the OpenAPI 3 document of the real app, generated from the routes as they are registered.
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../../package.json';
import { buildHttpApp } from '../../../server/src/app';
import { createServices } from '../../../server/src/services';
import { loadConfig } from '../../../server/src/config';
import { createTestApp, createTestDatabase, sessionToken, testConfig, type TestDatabase } from '../helpers';

interface Operation {
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
}

let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildHttpApp>>;
let services: Awaited<ReturnType<typeof createServices>>;
const seen: { method: string; url: string }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  services = await createServices({ config: testConfig(), db: database.db, logger: false });
  app = await buildHttpApp(services, {
    logger: false,
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat())
        if (method !== 'HEAD') seen.push({ method, url: route.url });
    },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await services?.close();
  await database?.drop();
});

async function fetchDocument(url = '/api/docs'): Promise<Document> {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json();
}

/** Fastify's `/a/:id` is OpenAPI's `/a/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)\??/g, '{$1}');
const standIn = (url: string) => url.startsWith('/stipa-sim/') || url.startsWith('/sandbox/');

describe('GET /api/docs', () => {
  it('answers an OpenAPI 3 document without a token', async () => {
    const doc = await fetchDocument();
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info).toMatchObject({ title: 'SHAKEN CA Portal API', version: packageJson.version });
    expect(doc.components.securitySchemes.bearerAuth).toEqual(
      expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    );
    expect(Object.keys(doc.paths).length).toBeGreaterThan(40);
    for (const [path, operations] of Object.entries(doc.paths)) {
      expect(path.startsWith('/'), path).toBe(true);
      for (const op of Object.values(operations)) expect(op.responses, path).toBeTypeOf('object');
    }
    expect(await fetchDocument('/api/docs/json')).toEqual(doc);
  });

  it('lists every route the app registers with its method, but not the stand-ins of other parties', async () => {
    const doc = await fetchDocument();
    expect(seen.length).toBeGreaterThan(40);
    const missing = seen
      .filter((r) => !standIn(r.url))
      .filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    expect(seen.some((r) => standIn(r.url))).toBe(true);
    expect(Object.keys(doc.paths).filter(standIn)).toEqual([]);
  });

  it('says which operations need a session token', async () => {
    const doc = await fetchDocument();
    expect(doc.paths['/api/service_provider'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/auth/login'].post.security).toBeUndefined();
    expect(doc.paths['/api/health'].get.security).toBeUndefined();
  });
});

describe('who may read /api/docs (API_DOCS)', () => {
  it('is public in development, admins only in production, and refuses a value it does not know', () => {
    expect(loadConfig({}).apiDocs).toBe('public');
    const production = { NODE_ENV: 'production', DEMO_MODE: 'true' };
    expect(loadConfig(production).apiDocs).toBe('admin');
    expect(loadConfig({ ...production, API_DOCS: 'public' }).apiDocs).toBe('public');
    expect(() => loadConfig({ API_DOCS: 'everyone' })).toThrow(/API_DOCS must be one of public, admin, off/);
  });

  it('admin: an admin reads it; without a token, or as a provider or a reseller, it is refused', async () => {
    const t = await createTestApp({ config: { apiDocs: 'admin' } });
    try {
      for (const url of ['/api/docs', '/api/docs/json']) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
        for (const type of ['service-provider', 'reseller'] as const) {
          const token = await sessionToken(t, { type });
          const res = await t.app.inject({
            method: 'GET',
            url,
            headers: { authorization: `Bearer ${token}` },
          });
          expect(res.statusCode, `${type} ${url}`).toBe(403);
        }
        const admin = await sessionToken(t, { type: 'admin' });
        const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
        expect(res.statusCode).toBe(200);
        expect(Object.keys(res.json<Document>().paths).length).toBeGreaterThan(40);
      }
    } finally {
      await t.close();
    }
  });

  it('off: not served at all', async () => {
    const t = await createTestApp({ config: { apiDocs: 'off' } });
    try {
      const admin = await sessionToken(t, { type: 'admin' });
      for (const url of ['/api/docs', '/api/docs/json']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
        expect(res.statusCode, url).toBe(404);
      }
    } finally {
      await t.close();
    }
  });
});

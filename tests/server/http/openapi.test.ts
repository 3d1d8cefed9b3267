// GET /api/docs: the OpenAPI 3 document of the real app, generated from the routes as they are registered.
import { validate } from '@readme/openapi-parser';
import Ajv from 'ajv';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../../package.json';
import { buildHttpApp } from '../../../server/src/app';
import { createServices } from '../../../server/src/services';
import { loadConfig } from '../../../server/src/config';
import { createTestApp, createTestDatabase, sessionToken, testConfig, type TestDatabase } from '../helpers';

interface BodySchema {
  type?: string;
  properties?: Record<string, { type?: string; format?: string; enum?: unknown[] }>;
  required?: string[];
}
interface Operation {
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
  requestBody?: { required: boolean; content: Record<string, { schema: BodySchema }> };
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

  it('is a valid OpenAPI 3.0 document by the published OpenAPI schema and parser', async () => {
    const doc = await fetchDocument();
    // the parser resolves and checks in place: give it a copy
    await expect(validate(structuredClone(doc) as never)).resolves.toMatchObject({ valid: true });
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

/**
 * The POST/PUT/PATCH operations whose body is not one that yup rules: none at all, a file upload, an ACME JWS, the
 * payment provider's signed event. Every other one describes its body.
 */
const NOT_RULED_BY_YUP = [
  'post /api/auth/reseller_token/{code}',
  'post /api/service_provider/confirm/{token}',
  'post /api/auth/logout',
  'post /api/auth/logout_all',
  'post /api/payment/webhook',
  'post /api/service_provider/generate_sti_priv_key',
  'post /api/service_provider/tn/import',
  'post /api/admin/service_provider/{id}/tn/import',
  'post /api/admin/reseller/{id}/rotate_token',
  'post /api/admin/reseller/{id}/invite',
  'post /api/admin/service_provider/{id}/resend_confirmation_email',
];
const isAcme = (path: string) => path.startsWith('/acme/');

function operationsWithBodies(doc: Document): [string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => ['post', 'put', 'patch'].includes(method))
      .map(([method, op]): [string, Operation] => [`${method} ${path}`, op]),
  );
}

describe('request bodies in /api/docs (config.body: the yup rules of the handlers)', () => {
  it('every POST, PUT and PATCH that takes a JSON or form body describes it; the others describe none', async () => {
    const doc = await fetchDocument();
    const operations = operationsWithBodies(doc);
    const described = operations.filter(([, op]) => op.requestBody);
    const undescribed = operations
      .filter(
        ([name, op]) => !op.requestBody && !NOT_RULED_BY_YUP.includes(name) && !isAcme(name.split(' ')[1]),
      )
      .map(([name]) => name);
    expect(undescribed).toEqual([]);
    expect(described.length).toBeGreaterThan(25);
    for (const name of NOT_RULED_BY_YUP) {
      const [method, path] = name.split(' ');
      expect(doc.paths[path]?.[method], name).toBeDefined();
      expect(doc.paths[path][method].requestBody, name).toBeUndefined();
    }
    // each schema is a sound JSON schema (unknown keywords refused), of an object
    const ajv = new Ajv({ strict: true, validateFormats: false });
    for (const [name, op] of described) {
      const [type, media] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
      expect(['application/json', 'multipart/form-data'], name).toContain(type);
      expect(media.schema.type, name).toBe('object');
      expect(() => ajv.compile(media.schema), name).not.toThrow();
    }
  });

  it('registration: a form of its fields and the signature file, with what is required', async () => {
    const doc = await fetchDocument();
    const body = doc.paths['/api/auth/register'].post.requestBody;
    expect(body?.required).toBe(true);
    expect(Object.keys(body?.content ?? {})).toEqual(['multipart/form-data']);
    const schema = body!.content['multipart/form-data'].schema;
    const fields = [
      'ocn',
      'email',
      'first_name',
      'last_name',
      'phone_number',
      'country',
      'state',
      'password',
    ];
    expect(Object.keys(schema.properties ?? {})).toEqual(expect.arrayContaining([...fields, 'sign_file']));
    expect(schema.required).toEqual(expect.arrayContaining([...fields, 'sign_file']));
    expect(schema.properties?.sign_file).toEqual({ type: 'string', format: 'binary' });
    expect(schema.properties?.state.enum).toContain('TX');
    expect(schema.required).not.toContain('filer_id');
  });

  it('revoking a certificate: an optional body whose reason is one of the revocation reasons', async () => {
    const doc = await fetchDocument();
    for (const path of [
      '/api/service_provider/revoke_sti_spc_cert/{serial}',
      '/api/admin/service_provider/{id}/certificates/{serial}/revoke',
    ]) {
      const body = doc.paths[path].post.requestBody;
      expect(body?.required, path).toBe(false);
      const schema = body!.content['application/json'].schema;
      expect(schema.required, path).toBeUndefined();
      expect(schema.properties?.reason, path).toEqual({
        type: 'string',
        enum: [
          'unspecified',
          'key_compromise',
          'affiliation_changed',
          'superseded',
          'cessation_of_operation',
        ],
      });
    }
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

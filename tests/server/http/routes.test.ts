// The route table of the real app: every /api route is public or names a resource and action of the role matrix
// (contract/access.ts), every route declares its answers, and the guard lets exactly the matrix's roles through.
import Fastify, { type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_MATRIX, canAccessAny, type AccessRule, type AccessRequest } from '../../../contract/access';
import { ROLES, type Role } from '../../../contract/constants';
import { Type } from '../../../contract/wire/kit';
import { ById } from '../../../contract/wire/params';
import { buildHttpApp } from '../../../server/src/app';
import {
  access,
  accessOneOf,
  installGuard,
  requireRouteDeclarations,
  undeclaredRoute,
} from '../../../server/src/http/guard';
import { createServices } from '../../../server/src/services';
import { createTestDatabase, sessionToken, testConfig, type TestDatabase } from '../helpers';

interface SeenRoute {
  method: string;
  url: string;
  config: { public?: boolean; access?: AccessRule };
  route: RouteOptions;
}

let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildHttpApp>>;
let services: Awaited<ReturnType<typeof createServices>>;
const seen: SeenRoute[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  services = await createServices({ config: testConfig(), db: database.db, logger: false });
  app = await buildHttpApp(services, {
    logger: false,
    onRoute: (route) => {
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') seen.push({ method, url: route.url, config: route.config ?? {}, route });
      }
    },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await services?.close();
  await database?.drop();
});

const apiRoutes = () => seen.filter((r) => r.url.startsWith('/api/'));
const protectedRoutes = () => apiRoutes().filter((r) => r.config.public !== true);

describe('the route table', () => {
  it('has the modules’ routes', () => {
    expect(apiRoutes().length).toBeGreaterThan(30);
    expect(protectedRoutes().length).toBeGreaterThan(15);
  });

  it('every /api route is public or names what it does; every route declares its answers', () => {
    const undeclared = seen
      .map((r) => [`${r.method} ${r.url}`, undeclaredRoute(r.route)])
      .filter(([, why]) => why);
    expect(undeclared).toEqual([]);
  });

  it('every protected route names a resource and action some role of the matrix holds', () => {
    const unknown = protectedRoutes()
      .filter((r) => !ROLES.some((role) => canAccessAny(role, r.config.access!)))
      .map((r) => `${r.method} ${r.url}`);
    expect(unknown).toEqual([]);
  });

  it('nothing declares roles by hand any more', () => {
    expect(seen.filter((r) => 'roles' in r.config).map((r) => r.url)).toEqual([]);
  });
});

describe('the guard enforces the matrix on every protected route', () => {
  const tokens: Partial<Record<Role, string>> = {};
  beforeAll(async () => {
    for (const type of ROLES) {
      tokens[type] = await sessionToken(
        { db: database.db, services },
        { type, email: `${type}@portal.test`, first_name: 'A', last_name: 'B' },
      );
    }
  });

  it('answers 401 without a token and 403 to a role the matrix does not list', async () => {
    for (const r of protectedRoutes()) {
      const url = r.url.replace(/:[a-z_]+\??/gi, '00000000-0000-4000-8000-000000000002');
      const method = r.method as 'GET';
      const anonymous = await app.inject({ method, url });
      expect(anonymous.statusCode, `${r.method} ${r.url} without a token`).toBe(401);
      for (const role of ROLES) {
        if (canAccessAny(role, r.config.access!)) continue;
        const res = await app.inject({ method, url, headers: { authorization: `Bearer ${tokens[role]}` } });
        expect(res.statusCode, `${r.method} ${r.url} as ${role}`).toBe(403);
      }
    }
  });

  it('lets a role the matrix lists past the guard', async () => {
    const r = protectedRoutes().find((x) => x.method === 'GET' && x.url === '/api/service_provider')!;
    expect(ACCESS_MATRIX['service-provider'].account).toContain((r.config.access as AccessRequest).action);
    const res = await app.inject({
      method: 'GET',
      url: r.url,
      headers: { authorization: `Bearer ${tokens['service-provider']}` },
    });
    expect([401, 403]).not.toContain(res.statusCode);
  });
});

describe('a route that does not declare itself', () => {
  async function scopeWith(options: Record<string, unknown>, path = '/api/thing') {
    const server = Fastify();
    installGuard(server, services.tokens, services.sessions);
    await server.register(async (scope) => {
      requireRouteDeclarations(scope);
      scope.get(path, options, async () => ({}));
    });
    return server;
  }
  const listed = access('certificates', 'list');
  const shape = Type.Object({ id: Type.String() });

  it('is refused when the app is built', async () => {
    await expect(scopeWith({ schema: { response: { 200: shape } } })).rejects.toThrow(
      'declares neither config.public nor config.access',
    );
    await expect(scopeWith({ config: listed })).rejects.toThrow('declares no response schema');
    const ok = await scopeWith({ config: listed, schema: { response: { 200: shape } } });
    await ok.close();
    await expect(scopeWith({ config: accessOneOf(), schema: { response: { 200: shape } } })).rejects.toThrow(
      'declares neither config.public nor config.access',
    );
  });

  it('is refused when its path names an id without a params schema', async () => {
    const options = { config: listed, schema: { response: { 200: shape } } };
    await expect(scopeWith(options, '/api/thing/:id')).rejects.toThrow(
      'names a path parameter without a params schema',
    );
    const ok = await scopeWith({ ...options, schema: { ...options.schema, params: ById } }, '/api/thing/:id');
    await ok.close();
  });

  it('is refused when an answer is typed apart from its schema', async () => {
    const plain = { type: 'object', properties: { id: { type: 'string' } } };
    await expect(scopeWith({ config: listed, schema: { response: { 200: plain } } })).rejects.toThrow(
      'answers 200 with a schema that is not a wire shape',
    );
  });
});

describe('a route that roles reach through resources of their own', () => {
  it('admits a role that holds any one of its accesses, and only those', async () => {
    const server = Fastify();
    installGuard(server, services.tokens, services.sessions);
    server.get(
      '/api/either',
      { config: accessOneOf(['admin-invoices', 'list'], ['reseller-invoices', 'list']) },
      async () => ({ ok: true }),
    );
    await server.ready();
    try {
      const status = async (type: Role) => {
        const token = await sessionToken(
          { db: database.db, services },
          { type, email: `either-${type}@portal.test`, first_name: 'A', last_name: 'B' },
        );
        const headers = { authorization: `Bearer ${token}` };
        return (await server.inject({ method: 'GET', url: '/api/either', headers })).statusCode;
      };
      expect(await status('admin')).toBe(200);
      expect(await status('reseller')).toBe(200);
      expect(await status('service-provider')).toBe(403);
    } finally {
      await server.close();
    }
  });
});

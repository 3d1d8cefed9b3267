// A route's declared body (server/src/http/body.ts): the handler reads it with the rules it declares, and only those.
import Fastify, { type RouteOptions } from 'fastify';
import * as yup from 'yup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_NOT_OBJECT, ValidationFailure } from '../../contract/schemas';
import { bodyOf, jsonBody } from '../../server/src/http/body';

const note = yup.object({ text: yup.string().required('text is required') }).noUnknown();
const other = yup.object({ text: yup.string() });

const app = Fastify();
const schemas: unknown[] = [];

beforeAll(async () => {
  app.addHook('onRoute', (route: RouteOptions) => void schemas.push(route.schema?.body));
  app.setErrorHandler((e, _request, reply) =>
    reply.status(e instanceof ValidationFailure ? 400 : 500).send({ message: (e as Error).message }),
  );
  app.post('/required', { config: jsonBody(note) }, async (request) => bodyOf(request, note));
  app.post('/optional', { config: jsonBody(other, { optional: true }) }, async (request) => ({
    read: await bodyOf(request, other),
  }));
  app.post('/drifted', { config: jsonBody(note) }, async (request) => bodyOf(request, other));
  app.post('/undeclared', {}, async (request) => bodyOf(request, note));
  await app.ready();
});
afterAll(() => app.close());

const post = (url: string, payload?: unknown) =>
  app.inject({
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    headers: { 'content-type': 'application/json' },
  });

describe('bodyOf', () => {
  it('validates with the declared rules and their messages; Fastify itself validates no body', async () => {
    expect((await post('/required', { text: 'hi' })).json()).toEqual({ text: 'hi' });
    const missing = await post('/required', {});
    expect([missing.statusCode, missing.json().message]).toEqual([400, 'text is required']);
    const notObject = await post('/required', null);
    expect([notObject.statusCode, notObject.json().message]).toEqual([400, BODY_NOT_OBJECT]);
    expect(schemas).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('an optional body left out reads as {}', async () => {
    const res = await app.inject({ method: 'POST', url: '/optional' });
    expect([res.statusCode, res.json()]).toEqual([200, { read: {} }]);
  });

  it('refuses to read a body with rules other than the declared ones, or none declared', async () => {
    for (const url of ['/drifted', '/undeclared']) {
      const res = await post(url, { text: 'hi' });
      expect(res.statusCode, url).toBe(500);
      expect(res.json().message).toBe(`Route POST ${url} reads a body with rules other than its config.body`);
    }
  });
});

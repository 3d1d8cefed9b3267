// A client of the portal through nginx over TLS and HTTP/2 (Node's http2, trusting the test's own CA), and a TestApp
// whose `app.inject` goes through it, so that the fixtures written for app.inject (accounts-fixtures.ts,
// billing-fixtures.ts, live-server.ts) drive the cluster unchanged. Each request carries the X-Forwarded-For it is
// given: the client's address as the servers, trusting nginx (TRUST_PROXY=loopback), will see it.
import http2 from 'node:http2';
import { loadConfig } from '../../../server/src/config';
import type { TestApp } from '../helpers';

export interface H2Answer {
  statusCode: number;
  headers: Record<string, string>;
  rawPayload: Buffer;
  body: string;
  json: () => unknown;
}

export interface H2Request {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

export interface H2Client {
  request(req: H2Request): Promise<H2Answer>;
  /** HTTP/2 sessions opened so far (a new one only after nginx closed the last). */
  sessions(): number;
  close(): void;
}

export function h2Client(base: string, ca: string, forwardedFor: string): H2Client {
  let session: http2.ClientHttp2Session | null = null;
  let opened = 0;
  const current = () => {
    if (!session || session.closed || session.destroyed) {
      session = http2.connect(base, { ca });
      session.on('error', () => undefined);
      opened++;
    }
    return session;
  };
  return {
    request: ({ method = 'GET', url, headers = {}, payload }) =>
      new Promise<H2Answer>((resolve, reject) => {
        const stream = current().request({
          ':method': method,
          ':path': url,
          'x-forwarded-for': forwardedFor,
          ...headers,
        });
        const chunks: Buffer[] = [];
        let answer: Record<string, string> = {};
        let status = 0;
        stream.on('response', (h) => {
          status = Number(h[':status']);
          answer = Object.fromEntries(
            Object.entries(h)
              .filter(([k]) => !k.startsWith(':'))
              .map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]),
          );
        });
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', reject);
        stream.on('end', () => {
          const rawPayload = Buffer.concat(chunks);
          const body = rawPayload.toString('utf8');
          resolve({
            statusCode: status,
            headers: answer,
            rawPayload,
            body,
            json: () => JSON.parse(body) as unknown,
          });
        });
        stream.end(payload);
      }),
    sessions: () => opened,
    close: () => session?.close(),
  };
}

/**
 * The cluster as the fixtures see a TestApp: only `app.inject` (through `client`) and a config whose dataDir is
 * where the servers' outbox is (the confirmation mails) and whose publicUrl is nginx's.
 */
export function clusterApp(client: H2Client, dataDir: string, publicUrl: string): TestApp {
  const config = loadConfig({}, { dataDir, publicUrl });
  return { app: { inject: (req: H2Request) => client.request(req) }, config } as unknown as TestApp;
}

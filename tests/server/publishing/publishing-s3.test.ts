// Publishing to an object-store origin (PUBLISH_S3_BUCKET), against s3rver, an S3-compatible server run in this
// process on a free port: the job queue puts an issued certificate's chain and a re-signed CRL into the bucket,
// under the prefix, with the bytes the portal answers and the headers a CDN in front of the bucket serves them
// with; the same bytes again write nothing; the rebuild fills an empty bucket.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CreateBucketCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportedCa } from '../../../server/src/ca';
import { publishCr } from '../../../server/src/publishing/jobs';
import { rebuildTree } from '../../../server/src/publishing/rebuild';
import { S3Origin } from '../../../server/src/publishing/s3';
import type { PublishS3Settings } from '../../../server/src/publishing/settings';
import { type TestApp, createTestApp, injectFetch } from '../helpers';
import { legacyHierarchy } from '../ca/legacy-ca';
import { addLegacyCertificate, addLegacyIssuer, eventually, issueThroughApi } from './publishing-fixtures';

const ISSUER = 's3-int';
const BUCKET = 'publish';
const PREFIX = 'pki/v1';

describe('with PUBLISH_S3_BUCKET', () => {
  let server: S3rver;
  let work: string;
  let settings: PublishS3Settings;
  let client: S3Client;
  let t: TestApp;
  let ca: { root: ExportedCa; intermediate: ExportedCa };

  /** The stored object at `key` (under PREFIX unless given whole), or undefined when there is none. */
  async function object(key: string, bucket = BUCKET) {
    try {
      const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return { ...res, bytes: Buffer.from(await res.Body!.transformToByteArray()) };
    } catch (err) {
      if (err instanceof NoSuchKey) return undefined;
      throw err;
    }
  }

  async function keys(bucket: string): Promise<string[]> {
    const res = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
    return (res.Contents ?? []).map((c) => c.Key!).sort();
  }

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'publish-s3-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      directory: work,
      silent: true,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port } = await server.run();
    settings = {
      bucket: BUCKET,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      prefix: PREFIX,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    };
    client = new S3Origin(settings).client;
    ca = await legacyHierarchy('Publish S3 STI-CA', 'http://portal.test/crl/s3-root.crl');
    t = await createTestApp({
      config: { publishS3: settings },
      stiPaFetch: injectFetch(() => t.app),
      crlIssuers: [{ id: ISSUER, certificate: ca.intermediate.certificate, signer: ca.intermediate.signer }],
    });
    await addLegacyIssuer(t, ISSUER, ca);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    client?.destroy();
    await server?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  let serial: string;
  let http: Awaited<ReturnType<typeof issueThroughApi>>['http'];

  it("puts an issued certificate's chain, with the portal's bytes and the CR's headers", async () => {
    ({ serial, http } = await issueThroughApi(t));
    const portal = await t.app.inject({ method: 'GET', url: `/cr/${serial}.pem` });
    expect(portal.statusCode).toBe(200);
    // s3rver writes an object's bytes, then its metadata: read it once both are there
    const stored = await eventually(async () => {
      const o = await object(`${PREFIX}/cr/${serial}.pem`);
      return o?.Metadata?.sha256 ? o : undefined;
    });
    expect(stored.bytes.equals(portal.rawPayload)).toBe(true);
    expect(stored.bytes.toString()).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(stored.ContentType).toBe('application/pem-certificate-chain');
    expect(stored.CacheControl).toBe('public, max-age=86400');
    expect(stored.CacheControl).toBe(portal.headers['cache-control']);
  });

  it("re-puts the issuer's CRL after a revocation, with its time as metadata", async () => {
    const leafSerial = await addLegacyCertificate(t, ISSUER, ca, serial);
    const before = (await t.app.inject({ method: 'GET', url: `/crl/${ISSUER}.crl` })).rawPayload;
    const revoke = await http.post(`/api/service_provider/revoke_sti_spc_cert/${leafSerial}`, {
      reason: 'key_compromise',
    });
    expect(revoke.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: `/crl/${ISSUER}.crl` });
    expect(after.statusCode).toBe(200);
    expect(after.rawPayload.equals(before)).toBe(false);
    const stored = await eventually(async () => {
      const o = await object(`${PREFIX}/crl/${ISSUER}.crl`);
      return o?.bytes.equals(after.rawPayload) ? o : undefined;
    });
    expect(stored.ContentType).toBe('application/pkix-crl');
    expect(stored.CacheControl).toBe('public, max-age=3600');
    expect(stored.Metadata?.['last-modified']).toBe(after.headers['last-modified']);
  });

  it('puts idempotently: the same bytes again write nothing; changed bytes are replaced', async () => {
    const origin = new S3Origin(settings);
    try {
      const key = `${PREFIX}/cr/${serial}.pem`;
      const first = (await object(key))!;
      // s3rver's Last-Modified has whole seconds: a rewrite within the second would not show in it.
      await new Promise((r) => setTimeout(r, 1100));
      const deps = { db: t.db, now: () => new Date(), origin };
      expect(await publishCr(deps, serial)).toBe(false);
      expect(await publishCr(deps, serial)).toBe(false);
      const again = (await object(key))!;
      expect(again.LastModified).toEqual(first.LastModified);
      expect(again.bytes.equals(first.bytes)).toBe(true);

      // The same bytes put by something else (no SHA-256 in its metadata) are recognised by their MD5 ETag.
      const body = Buffer.from('same bytes');
      const meta = { contentType: 'text/plain', cacheControl: 'no-cache' };
      await client.send(
        new PutObjectCommand({
          Bucket: BUCKET,
          Key: `${PREFIX}/cr/other.pem`,
          Body: body,
          ContentType: 'text/plain',
        }),
      );
      expect(await origin.put('cr/other.pem', body, meta)).toBe(false);
      expect(await origin.put('cr/other.pem', Buffer.from('other bytes'), meta)).toBe(true);
      expect((await object(`${PREFIX}/cr/other.pem`))!.bytes.toString()).toBe('other bytes');
      await origin.remove('cr/other.pem');
      expect(await object(`${PREFIX}/cr/other.pem`)).toBeUndefined();
      // Removing what is not there is no error.
      await origin.remove('cr/other.pem');

      // A changed object is replaced by a new put.
      await client.send(
        new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: Buffer.from('stale'), ContentLength: 5 }),
      );
      expect(await publishCr(deps, serial)).toBe(true);
      expect((await object(key))!.bytes.equals(first.bytes)).toBe(true);

      // Credentials the store refuses: the put fails, it is not taken for an unchanged object.
      const refused = new S3Origin({
        ...settings,
        credentials: { accessKeyId: 'NOBODY', secretAccessKey: 'wrong' },
      });
      try {
        await expect(refused.put('cr/other.pem', body, meta)).rejects.toThrow();
      } finally {
        refused.close();
      }
      expect(await object(`${PREFIX}/cr/other.pem`)).toBeUndefined();

      expect(() => origin.keyOf('../escape.pem')).toThrow(/not an object key/);
      expect(() => origin.keyOf('cr/.hidden.pem')).toThrow(/not an object key/);
      expect(() => origin.keyOf('/cr/x.pem')).toThrow(/not an object key/);
      expect(origin.keyOf('cr/x.pem')).toBe(`${PREFIX}/cr/x.pem`);
      expect(new S3Origin({ ...settings, prefix: '' }).keyOf('cr/x.pem')).toBe('cr/x.pem');
    } finally {
      origin.close();
    }
  });

  it('rebuilds the whole tree from the database into an empty bucket', async () => {
    const bucket = 'rebuilt';
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    const origin = new S3Origin({ ...settings, bucket, prefix: '' });
    try {
      const deps = { db: t.db, now: () => new Date(), origin };
      const result = await rebuildTree(deps, { pageSize: 2 });
      const [{ n }] = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM certificates WHERE status IN ('issued', 'revoked') AND not_after > now()`,
      );
      const issuers = await t.db.query<{ issuer_id: string }>(
        'SELECT DISTINCT issuer_id FROM crls ORDER BY 1',
      );
      expect(result).toMatchObject({ certificates: n, crls: issuers.length, unchanged: 0 });
      expect(result.written).toBe(n + issuers.length);
      const stored = await keys(bucket);
      expect(stored).toHaveLength(result.written);
      expect(stored).toContain(`cr/${serial}.pem`);
      expect(stored).toContain(`crl/${ISSUER}.crl`);
      for (const key of stored) {
        const res = await t.app.inject({ method: 'GET', url: `/${key}` });
        expect(res.statusCode, key).toBe(200);
        const o = (await object(key, bucket))!;
        expect(o.bytes.equals(res.rawPayload), key).toBe(true);
        expect(o.ContentType, key).toBe(res.headers['content-type']);
      }
      expect(await rebuildTree(deps)).toMatchObject({ written: 0, unchanged: result.written });
    } finally {
      origin.close();
    }
  });
});

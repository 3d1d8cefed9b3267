// The object-store origin: objects are kept in a bucket of S3 or an S3-compatible server (PUBLISH_S3_BUCKET), under
// an optional prefix, with the headers a web server or CDN in front answers them with (docs/production.md,
// "Publishing for verifiers"). A PUT replaces an object at once: a reader gets the old object or the new one.
import { createHash } from 'node:crypto';
import {
  DeleteObjectCommand,
  HeadObjectCommand,
  type HeadObjectCommandOutput,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { type ObjectMeta, type Origin, keySegments } from './origin';
import type { PublishS3Settings } from './settings';

/** The object's metadata (`x-amz-meta-*`): the SHA-256 of its bytes, and the time its content was made. */
const SHA256_META = 'sha256';
const LAST_MODIFIED_META = 'last-modified';

export class S3Origin implements Origin {
  readonly client: S3Client;

  constructor(readonly settings: PublishS3Settings) {
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
      // Checksums only where S3 requires them: the CRC32 headers and aws-chunked bodies sent by default are
      // refused by several S3-compatible servers. The body is a buffer of known length, signed as a whole.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** The object key of `key` in the bucket, under the prefix; an error for a key that would leave it. */
  keyOf(key: string): string {
    const segments = keySegments(key);
    return [...(this.settings.prefix ? [this.settings.prefix] : []), ...segments].join('/');
  }

  async put(key: string, bytes: Uint8Array, meta: ObjectMeta): Promise<boolean> {
    const Key = this.keyOf(key);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const current = await this.head(Key);
    // The same bytes with the same type are left alone whatever their Cache-Control: a chain's max-age shrinks in
    // its last day, and a put for that alone would write those chains again at every run.
    if (current && sameContent(current, bytes, sha256) && current.ContentType === meta.contentType)
      return false;
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key,
        Body: bytes,
        ContentLength: bytes.byteLength,
        ContentType: meta.contentType,
        CacheControl: meta.cacheControl,
        Metadata: {
          [SHA256_META]: sha256,
          ...(meta.lastModified ? { [LAST_MODIFIED_META]: meta.lastModified.toUTCString() } : {}),
        },
      }),
    );
    return true;
  }

  async remove(key: string): Promise<void> {
    // Deleting an object that is not there succeeds.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key) }));
  }

  /**
   * The object's headers, or null when there is none or they may not be read: S3 answers 403 for a missing object
   * to credentials without s3:ListBucket, and a write-only credential may not read at all. Either way the put
   * writes (and fails there if writing is not allowed either).
   */
  async head(Key: string): Promise<HeadObjectCommandOutput | null> {
    try {
      return await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key }));
    } catch (err) {
      const status = err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
      if (status === 404 || status === 403) return null;
      throw err;
    }
  }

  close(): void {
    this.client.destroy();
  }
}

/**
 * Whether the object holds `bytes`: by the SHA-256 this origin stored with it, else (an object put by something
 * else) by its ETag, which is the MD5 of the bytes for an object uploaded whole without KMS encryption.
 */
function sameContent(head: HeadObjectCommandOutput, bytes: Uint8Array, sha256: string): boolean {
  if (head.ContentLength !== undefined && head.ContentLength !== bytes.byteLength) return false;
  const stored = head.Metadata?.[SHA256_META];
  if (stored) return stored === sha256;
  const md5 = createHash('md5').update(bytes).digest('hex');
  return head.ETag?.replace(/"/g, '') === md5;
}

// The publishing settings of config.ts, read from the environment it hands in: the origin every CR answer and
// CRL is also written to (docs/production.md, "Publishing for verifiers"), a folder (PUBLISH_DIR) or a bucket of
// an object store (PUBLISH_S3_*), at most one of them.
import path from 'node:path';
import { ConfigError } from '../configError';
import { keySegments } from './origin';

export interface PublishS3Settings {
  bucket: string;
  /** PUBLISH_S3_ENDPOINT: an S3-compatible server's URL (its requests are path-style); unset: AWS S3. */
  endpoint: string | undefined;
  /** PUBLISH_S3_REGION, default us-east-1. */
  region: string;
  /** PUBLISH_S3_PREFIX without its slashes (`pki` puts chains under `pki/cr/`); '' for none. */
  prefix: string;
  /** AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN); unset: the SDK's default chain. */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
}

export interface PublishingSettings {
  publishDir: string | undefined;
  publishS3: PublishS3Settings | undefined;
}

type Env = Record<string, string | undefined>;

function str(env: Env, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

/** PUBLISH_DIR: an absolute path, or unset. */
function publishDir(env: Env): string | undefined {
  const raw = str(env, 'PUBLISH_DIR');
  if (raw === undefined) return undefined;
  if (!path.isAbsolute(raw)) throw new ConfigError(`PUBLISH_DIR must be an absolute path, got "${raw}"`);
  return path.normalize(raw);
}

/** A bucket name as S3 and the S3-compatible servers take it: letters, digits, dots, dashes and underscores. */
const BUCKET_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{1,254}$/;

function endpoint(env: Env): string | undefined {
  const raw = str(env, 'PUBLISH_S3_ENDPOINT');
  if (raw === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (
    !url ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.search ||
    url.hash ||
    url.username
  )
    throw new ConfigError(
      `PUBLISH_S3_ENDPOINT must be an http or https URL such as "https://s3.example.net", got "${raw}"`,
    );
  return url.href.replace(/\/+$/, '');
}

function prefix(env: Env): string {
  const raw = str(env, 'PUBLISH_S3_PREFIX')?.replace(/^\/+|\/+$/g, '');
  if (!raw) return '';
  try {
    keySegments(raw);
  } catch {
    throw new ConfigError(
      `PUBLISH_S3_PREFIX must be folder names of letters, digits, ".", "_" and "-" separated by "/", got "${raw}"`,
    );
  }
  return raw;
}

function credentials(env: Env): PublishS3Settings['credentials'] {
  const accessKeyId = str(env, 'AWS_ACCESS_KEY_ID');
  const secretAccessKey = str(env, 'AWS_SECRET_ACCESS_KEY');
  if (!accessKeyId && !secretAccessKey) return undefined;
  if (!accessKeyId || !secretAccessKey)
    throw new ConfigError('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together');
  const sessionToken = str(env, 'AWS_SESSION_TOKEN');
  return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
}

/** PUBLISH_S3_BUCKET and its companions, or undefined when no bucket is set. */
function publishS3(env: Env): PublishS3Settings | undefined {
  const bucket = str(env, 'PUBLISH_S3_BUCKET');
  if (bucket === undefined) {
    const orphan = ['PUBLISH_S3_ENDPOINT', 'PUBLISH_S3_PREFIX'].find((name) => str(env, name) !== undefined);
    if (orphan) throw new ConfigError(`${orphan} is set but PUBLISH_S3_BUCKET is not`);
    return undefined;
  }
  if (!BUCKET_RE.test(bucket)) throw new ConfigError(`PUBLISH_S3_BUCKET is not a bucket name: "${bucket}"`);
  return {
    bucket,
    endpoint: endpoint(env),
    region: str(env, 'PUBLISH_S3_REGION') ?? 'us-east-1',
    prefix: prefix(env),
    credentials: credentials(env),
  };
}

export function publishingSettings(env: Env): PublishingSettings {
  const settings = { publishDir: publishDir(env), publishS3: publishS3(env) };
  if (settings.publishDir && settings.publishS3)
    throw new ConfigError(
      'PUBLISH_DIR and PUBLISH_S3_BUCKET are both set: publish to a folder or to a bucket, not both',
    );
  return settings;
}

/** Whether CR answers and CRLs are published to an origin at all. */
export const isPublishing = (config: PublishingSettings): boolean =>
  config.publishDir !== undefined || config.publishS3 !== undefined;

// The origin the settings choose: the folder of PUBLISH_DIR, the bucket of PUBLISH_S3_BUCKET, or none. The object
// store's SDK is loaded on the first write, so a server that publishes to a folder, or not at all, never loads it.
import { DirectoryOrigin } from './directory';
import type { ObjectMeta, Origin } from './origin';
import type { PublishS3Settings, PublishingSettings } from './settings';

class BucketOrigin implements Origin {
  private loaded: Promise<Origin> | undefined;

  constructor(private readonly settings: PublishS3Settings) {}

  private origin(): Promise<Origin> {
    this.loaded ??= import('./s3').then(({ S3Origin }) => new S3Origin(this.settings));
    return this.loaded;
  }

  async put(key: string, bytes: Uint8Array, meta: ObjectMeta): Promise<boolean> {
    return (await this.origin()).put(key, bytes, meta);
  }

  async remove(key: string): Promise<void> {
    await (await this.origin()).remove?.(key);
  }
}

/** The configured origin, or undefined when nothing is published. */
export function configuredOrigin(config: PublishingSettings): Origin | undefined {
  if (config.publishDir) return new DirectoryOrigin(config.publishDir);
  if (config.publishS3) return new BucketOrigin(config.publishS3);
  return undefined;
}

/** Where the configured origin is, for a message: its folder, or `s3://<bucket>/<prefix>` and its endpoint. */
export function originLabel(config: PublishingSettings): string | undefined {
  if (config.publishDir) return config.publishDir;
  const s3 = config.publishS3;
  if (!s3) return undefined;
  const where = `s3://${s3.bucket}${s3.prefix ? `/${s3.prefix}` : ''}`;
  return s3.endpoint ? `${where} at ${s3.endpoint}` : where;
}

// The directory origin: objects are files under one folder (PUBLISH_DIR), `<dir>/cr/<serial>.pem` and
// `<dir>/crl/<issuer>.crl`, served by a web server. A file is written beside its final name and renamed over it,
// so a reader never sees half of one.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type ObjectMeta, type Origin, keySegments } from './origin';

export class DirectoryOrigin implements Origin {
  constructor(readonly dir: string) {}

  /** The file of `key`; an error for a key that would leave the folder or name a temporary file. */
  fileOf(key: string): string {
    return path.join(this.dir, ...keySegments(key));
  }

  async put(key: string, bytes: Uint8Array, meta: ObjectMeta): Promise<boolean> {
    const file = this.fileOf(key);
    if (await sameContent(file, bytes)) return false;
    const folder = path.dirname(file);
    await fs.mkdir(folder, { recursive: true });
    const temp = path.join(folder, `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      const handle = await fs.open(temp, 'wx', 0o644);
      try {
        await handle.writeFile(bytes);
        // nginx answers the file's time as Last-Modified and builds its ETag from it and the size.
        if (meta.lastModified) await handle.utimes(meta.lastModified, meta.lastModified);
        // On disk before the rename makes it visible: a crash never leaves an empty file under the final name.
        await handle.datasync();
      } finally {
        await handle.close();
      }
      await fs.rename(temp, file);
    } catch (err) {
      await fs.rm(temp, { force: true });
      throw err;
    }
    return true;
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.fileOf(key), { force: true });
  }
}

async function sameContent(file: string, bytes: Uint8Array): Promise<boolean> {
  try {
    const stat = await fs.stat(file);
    if (stat.size !== bytes.byteLength) return false;
    return (await fs.readFile(file)).equals(bytes);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}

// Receives an import file: the multipart part `file` is streamed to a file under DATA_DIR (never held in memory),
// bytes counted against the limit; the first bytes are kept to refuse at once what is not a CSV with a header.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { IMPORT_MESSAGES, NUMBER_IMPORT } from '../../../contract/numbers';
import { HttpError, badRequest } from '../http/errors';
import { CsvParser, type CsvRecord } from './csvParser';
import { HeaderError, parseHeader } from './rows';

/** The folder of files waiting to be imported, relative to DATA_DIR. */
export const IMPORTS_DIR = 'number-imports';
/**
 * An upload's `.part` file not written to for the request timeout (REQUEST_TIMEOUT_SECONDS: the whole request must
 * arrive within it, or the server closes it) and this margin is one no server is receiving any more (a process
 * killed mid-upload left it): removeAbandonedUploads deletes it. The age is the file's, not the process's, so that
 * an upload that another server sharing DATA_DIR is still receiving is left alone.
 */
export const ABANDONED_UPLOAD_MARGIN_MS = 60_000;
/** How much of the file's start is kept to check its header. */
const SNIFF_BYTES = 64 * 1024;

export interface UploadedFile {
  id: string;
  filename: string;
  /** Relative to DATA_DIR. */
  relPath: string;
  size: number;
}

/** Throws the 4xx of a file whose start shows it cannot be imported: empty, binary, or without a valid header. */
export function checkStart(head: Buffer, complete: boolean): void {
  if (head.length === 0) throw badRequest(IMPORT_MESSAGES.empty, { file: IMPORT_MESSAGES.empty });
  if (head.includes(0))
    throw new HttpError(415, IMPORT_MESSAGES.notCsv, { errors: { file: IMPORT_MESSAGES.notCsv } });
  // A cut in the middle of a multi-byte character at the sniff's end is not an error.
  const text = new TextDecoder('utf-8').decode(complete ? head : head.subarray(0, head.length - 4));
  let header: CsvRecord | undefined;
  const parser = new CsvParser(
    { maxFieldLength: NUMBER_IMPORT.maxFieldLength, maxFields: NUMBER_IMPORT.maxFields },
    (r) => {
      header ??= r;
    },
  );
  parser.push(text);
  if (complete) parser.end();
  if (!header) {
    const message = complete ? IMPORT_MESSAGES.noHeader : IMPORT_MESSAGES.notCsv;
    throw badRequest(message, { file: message });
  }
  try {
    parseHeader(header);
  } catch (e) {
    if (!(e instanceof HeaderError)) throw e;
    const status = e.message === IMPORT_MESSAGES.notCsv ? 415 : 400;
    throw new HttpError(status, e.message, { errors: { file: e.message } });
  }
}

function multipartRefusal(e: unknown): Error {
  if (e instanceof HttpError) return e;
  switch ((e as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, IMPORT_MESSAGES.tooLarge, { errors: { file: IMPORT_MESSAGES.tooLarge } });
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return badRequest(IMPORT_MESSAGES.noFile);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(415, IMPORT_MESSAGES.notMultipart);
    default:
      return badRequest('Malformed multipart body');
  }
}

/** A display name: the base name of what the browser sent, without control characters, at most 255 characters. */
function cleanFilename(name: string | undefined): string {
  const base = [...path.basename((name ?? '').replace(/\\/g, '/'))]
    .filter((c) => c >= ' ' && c !== '\u007f')
    .join('')
    .trim();
  return (base || 'numbers.csv').slice(0, 255);
}

export async function receiveImportFile(
  request: FastifyRequest,
  dataDir: string,
  maxBytes: number,
): Promise<UploadedFile> {
  if (!request.isMultipart()) throw new HttpError(415, IMPORT_MESSAGES.notMultipart);
  const id = randomUUID();
  const dir = path.join(dataDir, IMPORTS_DIR);
  fs.mkdirSync(dir, { recursive: true });
  const relPath = path.join(IMPORTS_DIR, `${id}.csv`);
  const partial = path.join(dataDir, `${relPath}.part`);
  let size = 0;
  const head: Buffer[] = [];
  let headBytes = 0;
  try {
    const part = await request.file({
      limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 11, fieldSize: 1024 },
    });
    if (!part) throw badRequest(IMPORT_MESSAGES.noFile, { file: IMPORT_MESSAGES.noFile });
    if (part.fieldname !== 'file') {
      part.file.resume();
      throw badRequest(IMPORT_MESSAGES.noFile, { file: IMPORT_MESSAGES.noFile });
    }
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (headBytes < SNIFF_BYTES) {
          const take = chunk.subarray(0, SNIFF_BYTES - headBytes);
          head.push(take);
          headBytes += take.length;
        }
        done(null, chunk);
      },
    });
    await pipeline(part.file, counter, fs.createWriteStream(partial, { flags: 'wx' }));
    if (part.file.truncated || size > maxBytes) {
      throw new HttpError(413, IMPORT_MESSAGES.tooLarge, { errors: { file: IMPORT_MESSAGES.tooLarge } });
    }
    checkStart(Buffer.concat(head), size <= SNIFF_BYTES);
    fs.renameSync(partial, path.join(dataDir, relPath));
    return { id, filename: cleanFilename(part.filename), relPath, size };
  } catch (e) {
    fs.rmSync(partial, { force: true });
    throw multipartRefusal(e);
  }
}

/**
 * Deletes the `.part` files of uploads no server is receiving any more: those not written to for `requestTimeoutMs`
 * and ABANDONED_UPLOAD_MARGIN_MS (left by a process killed mid-upload). Returns how many were removed.
 */
export function removeAbandonedUploads(dataDir: string, requestTimeoutMs: number, now: Date): number {
  const dir = path.join(dataDir, IMPORTS_DIR);
  const before = now.getTime() - requestTimeoutMs - ABANDONED_UPLOAD_MARGIN_MS;
  let removed = 0;
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return 0; // no upload yet
  }
  for (const name of names) {
    if (!name.endsWith('.part')) continue;
    const file = path.join(dir, name);
    try {
      if (fs.statSync(file).mtimeMs >= before) continue;
      fs.rmSync(file, { force: true });
      removed++;
    } catch {
      // removed meanwhile (its upload ended, or another server's sweep took it)
    }
  }
  return removed;
}

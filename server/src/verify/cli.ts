// `npm run verify -- [options] <passport|certificate>`: the verifier on the command line. Exit code 0 when valid,
// 1 when invalid (the reason printed), 2 on a usage error (bad options, no trust anchor, an unreadable input).
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { formatReport } from './report';
import { isUrl, loadCertificates, readSource } from './sources';
import { type VerifyOptions, verifyShaken } from './verify';

export const USAGE = `usage: npm run verify -- [options] <passport|certificate>

  <passport|certificate>  a file holding a compact PASSporT or certificates (PEM, leaf first; or DER),
                          a CR URL, or the PASSporT itself

Trust
  --portal URL        the CA portal (its PUBLIC_URL): trust its root, URL/ca/root.pem
  --root REF          a trusted CA root (file or URL); repeatable
  --untrusted REF     intermediates for the leaf's path (file or URL); repeatable
  --stipa URL         an STI-PA publishing certificate/root.crt (trusted) and certificate/crl-signer.crt;
                      the built-in simulator: PUBLIC_URL/stipa-sim/api/v1
  --stipa-root REF    a trusted STI-PA root (file or URL); repeatable
  --crl-signer REF    the SHAKEN CRL's signer certificate (file or URL); repeatable

Checks
  --x5u REF           the PASSporT signer's chain (file or URL) instead of fetching its x5u
  --crl REF           the CRL (file or URL) instead of the one the certificate names
  --no-revocation     skip the CRL
  --max-age SECONDS   how far iat may be from now (default 60)
  --no-freshness      do not check iat (a PASSporT checked offline, later)
  --allow-http        accept an x5u over plain http (a portal without TLS)
  --at TIME           check as of TIME (ISO 8601) instead of now

Output
  --json              the report as JSON
  --cwd DIR           read relative file names from DIR (npm run verify passes where it was typed)
`;

class UsageError extends Error {}

const OPTIONS = {
  portal: { type: 'string' },
  root: { type: 'string', multiple: true },
  untrusted: { type: 'string', multiple: true },
  stipa: { type: 'string' },
  'stipa-root': { type: 'string', multiple: true },
  'crl-signer': { type: 'string', multiple: true },
  x5u: { type: 'string' },
  crl: { type: 'string' },
  'no-revocation': { type: 'boolean' },
  'max-age': { type: 'string' },
  'no-freshness': { type: 'boolean' },
  'allow-http': { type: 'boolean' },
  at: { type: 'string' },
  json: { type: 'boolean' },
  cwd: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const base = (url: string) => url.replace(/\/+$/, '');

/** The options of the module from the command line's; trust anchors and other files read (or fetched) here. */
async function optionsOf(
  values: Record<string, string | string[] | boolean | undefined>,
  doFetch?: typeof fetch,
) {
  const list = (k: string) => (values[k] as string[] | undefined) ?? [];
  const str = (k: string) => values[k] as string | undefined;
  const roots = [...list('root'), ...(str('portal') ? [`${base(str('portal')!)}/ca/root.pem`] : [])];
  if (!roots.length) throw new UsageError('name the trusted CA root: --root <file|url> or --portal <url>');
  const stipa = str('stipa') ? base(str('stipa')!) : undefined;
  const stiPaRoots = [...list('stipa-root'), ...(stipa ? [`${stipa}/certificate/root.crt`] : [])];
  const crlSigners = [...list('crl-signer'), ...(stipa ? [`${stipa}/certificate/crl-signer.crt`] : [])];
  const revocation = !values['no-revocation'];
  if (revocation && (!stiPaRoots.length || !crlSigners.length))
    throw new UsageError(
      'revocation needs the STI-PA root and CRL signer: --stipa <url>, or --stipa-root and --crl-signer (or --no-revocation)',
    );
  const maxAgeText = str('max-age') ?? '60';
  if (!/^\d+$/.test(maxAgeText)) throw new UsageError('--max-age takes a whole number of seconds');
  const now = str('at') ? new Date(str('at')!) : new Date();
  if (Number.isNaN(now.getTime())) throw new UsageError('--at takes an ISO 8601 time');
  const load = async (refs: string[]) => {
    try {
      return await loadCertificates(refs, doFetch);
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
  };
  const options: VerifyOptions = {
    trustAnchors: await load(roots),
    untrusted: await load(list('untrusted')),
    stiPaAnchors: await load(stiPaRoots),
    crlCertificates: await load(crlSigners),
    revocation,
    maxAgeSeconds: values['no-freshness'] ? null : Number(maxAgeText),
    allowHttp: Boolean(values['allow-http']),
    now,
    fetch: doFetch,
  };
  if (str('x5u')) options.x5uChain = await load([str('x5u')!]);
  if (str('crl'))
    options.crl = await readSource(str('crl')!, doFetch).catch((err: Error) => {
      throw new UsageError(`--crl: ${err.message}`);
    });
  return options;
}

/** The input: a file's bytes, a URL's (a CR), or the argument itself (a compact PASSporT). */
async function inputOf(ref: string, doFetch?: typeof fetch): Promise<Uint8Array | string> {
  if (isUrl(ref))
    return readSource(ref, doFetch).catch((err: Error) => Promise.reject(new UsageError(err.message)));
  if (fs.existsSync(ref)) return new Uint8Array(fs.readFileSync(ref));
  if (/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(ref.trim())) return ref.trim();
  throw new UsageError(`no such file: ${ref}`);
}

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  fetch?: typeof fetch;
}

/** Runs the command on `argv` (the arguments after the script); answers the exit code. */
export async function runVerifyCli(argv: string[], io: CliIo): Promise<number> {
  try {
    let parsed;
    try {
      parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
    const { values, positionals } = parsed;
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    if (values.cwd && fs.existsSync(values.cwd)) process.chdir(values.cwd);
    if (positionals.length !== 1) throw new UsageError('give one PASSporT or certificate');
    const options = await optionsOf(values, io.fetch);
    const report = await verifyShaken(await inputOf(positionals[0], io.fetch), options);
    io.out(values.json ? `${JSON.stringify(report, null, 2)}\n` : formatReport(report));
    return report.valid ? 0 : 1;
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.err(`${err.message}\n\n${USAGE}`);
    return 2;
  }
}

// The STI-PA for this deployment: the real one at STI_PA_URL (x5u must be https, chain to STI_PA_ROOT_PEM),
// or the built-in simulator on this server (x5u over PUBLIC_URL, its own root as the trust anchor).
import type { AppContext } from '../../context';
import { createStiPaClient, type StiPaClient, type StiPaLog } from './client';
import { simulatorBaseUrl, simulatorTrustAnchorPem } from './simulator';

export * from './client';
export {
  createStipaSimulatorModule,
  parseSimAccounts,
  simulatorBaseUrl,
  simulatorTrustAnchorPem,
  stipaSimulatorRoutes,
  STIPA_SIM_PREFIX,
  type SimAccount,
  type StipaSimulatorOptions,
} from './simulator';

export interface StiPaTrustPolicy {
  trustAnchorsPem: string[];
  requireHttpsX5u: boolean;
}

export class StiPaConfigError extends Error {
  override readonly name = 'StiPaConfigError';
}

/** The client for this deployment's STI-PA. */
export function createStiPaClientFor(
  ctx: Pick<AppContext, 'config'>,
  opts: { fetch?: typeof fetch; timeoutMs?: number; log?: StiPaLog } = {},
): StiPaClient {
  const baseUrl = ctx.config.stiPaUrl ?? simulatorBaseUrl(ctx.config.publicUrl);
  return createStiPaClient({ baseUrl, ...opts });
}

/** What verifySpcToken trusts in this deployment. */
export async function stiPaTrustPolicy(ctx: Pick<AppContext, 'config'>): Promise<StiPaTrustPolicy> {
  if (ctx.config.stiPaUrl) {
    if (!ctx.config.stiPaRootPem)
      throw new StiPaConfigError(
        'STI_PA_ROOT_PEM must be set when STI_PA_URL is: SPC tokens cannot be verified without it',
      );
    return { trustAnchorsPem: [ctx.config.stiPaRootPem], requireHttpsX5u: true };
  }
  return { trustAnchorsPem: [await simulatorTrustAnchorPem(ctx)], requireHttpsX5u: false };
}

/** Fetches an x5u certificate (PEM or DER) with a timeout and a size cap. */
export function createX5uFetcher(opts: { fetch?: typeof fetch; timeoutMs?: number; maxBytes?: number } = {}) {
  const doFetch = opts.fetch ?? fetch;
  const maxBytes = opts.maxBytes ?? 64 * 1024;
  return async (url: string): Promise<string | Uint8Array> => {
    const res = await doFetch(url, {
      signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      redirect: 'error',
    });
    if (!res.ok) throw new Error(`x5u answered HTTP ${res.status}`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (bytes.length > maxBytes) throw new Error('x5u certificate too large');
    const text = Buffer.from(bytes).toString('latin1');
    return text.includes('-----BEGIN') ? text : bytes;
  };
}

// The STI-PA integration: the API client (the one iconectiv runs, and our simulator), the STI-PA service the RA
// uses (built once by the composition root), and the simulator mounted on this server while STI_PA_URL is unset.
import type { Config } from '../../config';
import { configuredStiPaTrust, type StiPaTrustPolicy } from './service';
import { simulatorBaseUrl, simulatorStiPaTrust } from './simulator';
import { SIM_CRL_PATH } from './simulatorCrl';
import type { SimulatorKeys } from './simulatorKeys';
export { simulatorKeyring, type SimulatorKeys } from './simulatorKeys';
export * from './client';
export * from './service';
export { SIM_ANCHOR_CONTENT_TYPE, SIM_CRL_SIGNER_PATH, SIM_ROOT_PATH } from './simulatorCertificates';
export { SIM_CRL_ISSUER_ID, SIM_CRL_PATH, createSimulatorCrl, type SimulatorCrl } from './simulatorCrl';
export {
  createStipaSimulatorModule,
  parseSimAccounts,
  simulatorBaseUrl,
  simulatorStiPaTrust,
  simulatorTrustAnchorPem,
  stipaSimulatorRoutes,
  STIPA_SIM_PREFIX,
  type SimAccount,
  type StipaSimulatorDeps,
  type StipaSimulatorOptions,
} from './simulator';

/** Where the STI-PA's SHAKEN CRL is: at this URL, or the one a token names on this host. */
export type StiPaCrlPlace = { url: string } | { host: string };

/**
 * Which STI-PA this deployment talks to, and what its SPC tokens must chain to: the real one at STI_PA_URL (its
 * configured root, STI_PA_ROOT_PEM), or the simulator on this server (the simulator's own root); and where its
 * SHAKEN CRL is: the simulator's URL, or a real STI-PA's host (it names its CRL with each token, on that host).
 * For the composition root, which hands baseUrl and trust to createStiPa.
 */
export function stiPaEndpoint(
  config: Pick<Config, 'stiPaUrl' | 'stiPaRootPem' | 'publicUrl'>,
  simulatorKeys: () => Promise<SimulatorKeys>,
): { baseUrl: string; trust: () => Promise<StiPaTrustPolicy>; crl: StiPaCrlPlace } {
  if (config.stiPaUrl)
    return {
      baseUrl: config.stiPaUrl,
      trust: configuredStiPaTrust(config.stiPaRootPem),
      crl: { host: new URL(config.stiPaUrl).host },
    };
  const baseUrl = simulatorBaseUrl(config.publicUrl);
  return { baseUrl, trust: simulatorStiPaTrust(simulatorKeys), crl: { url: `${baseUrl}${SIM_CRL_PATH}` } };
}

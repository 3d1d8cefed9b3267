// The STI-PA integration: the API client (the one iconectiv runs, and our simulator), the STI-PA service the RA
// uses (built once by the composition root), and the simulator mounted on this server while STI_PA_URL is unset.
import type { Config } from '../../config';
import { configuredStiPaTrust } from './service';
import { simulatorBaseUrl, simulatorStiPaTrust } from './simulator';
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

/**
 * Which STI-PA this deployment talks to, and what its SPC tokens must chain to: the real one at STI_PA_URL (its
 * configured root, STI_PA_ROOT_PEM), or the simulator on this server (the simulator's own root). For the
 * composition root, which hands both to createStiPa.
 */
export function stiPaEndpoint(
  config: Pick<Config, 'stiPaUrl' | 'stiPaRootPem' | 'publicUrl'>,
  simulatorKeys: () => Promise<SimulatorKeys>,
) {
  return config.stiPaUrl
    ? { baseUrl: config.stiPaUrl, trust: configuredStiPaTrust(config.stiPaRootPem) }
    : { baseUrl: simulatorBaseUrl(config.publicUrl), trust: simulatorStiPaTrust(simulatorKeys) };
}

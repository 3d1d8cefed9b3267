// The ACME call beside the credentials' list, which ra-data-simple-rest reads (and creates the provider's own
// credential through) at the descriptor's path: a credential handed to a delegate customer, bound to its numbers
// (docs/acme.md). Sent without an Idempotency-Key: the server never replays this answer, which holds the HMAC key,
// so the one effect per click comes from the button (useSingleFlight), and a failed request is not retried.
import type { AcmeCredentialCreated } from '../../contract/acme';
import { postJson } from './http';
import type { PortalDataProvider } from './types';

export type AcmeCalls = Pick<PortalDataProvider, 'createCustomerAcmeCredential'>;

export const ACME_EAB_PATH = 'service_provider/acme/eab';

export function acmeCalls(): AcmeCalls {
  return {
    createCustomerAcmeCredential: (input) => postJson<AcmeCredentialCreated>(ACME_EAB_PATH, input),
  };
}

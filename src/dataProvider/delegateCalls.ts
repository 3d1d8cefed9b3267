// The calls of the delegate certificates (docs/delegates.md) beside their list, which ra-data-simple-rest reads at
// the descriptor's path: one certificate with its blocks and chain, a creation and a renewal (each one user action,
// sent with an Idempotency-Key, answering the certificate and, when the portal made the key, that key once), and a
// revocation.
import type { CreateDelegateInput } from '../../contract/delegates';
import type { RevocationReason } from '../../contract/certificates';
import type { DelegateDetail, DelegateIssued } from '../../contract/wire/delegates';
import { getJson, postIdempotent, postJson } from './http';
import type { PortalDataProvider } from './types';

export type DelegateCalls = Pick<
  PortalDataProvider,
  'getDelegate' | 'createDelegate' | 'renewDelegate' | 'revokeDelegate'
>;

/** The request of a creation: the contract's, whose `filter` is optional (no filter: the typed numbers alone). */
export type CreateDelegateRequest = Omit<CreateDelegateInput, 'filter'> &
  Partial<Pick<CreateDelegateInput, 'filter'>>;

/** For whom and which numbers, without a key: what an ACME credential for a customer is asked with (acmeCalls.ts). */
export type DelegateSelectionRequest = Omit<CreateDelegateRequest, 'csr'>;

export const DELEGATES_PATH = 'service_provider/delegates';
const itemPath = (id: string) => `${DELEGATES_PATH}/${encodeURIComponent(id)}`;

export function delegateCalls(): DelegateCalls {
  return {
    getDelegate: (id) => getJson<DelegateDetail>(itemPath(id)),

    createDelegate: (input) => postIdempotent<DelegateIssued>(DELEGATES_PATH, input),

    renewDelegate: (id, input) => postIdempotent<DelegateIssued>(`${itemPath(id)}/renew`, input),

    async revokeDelegate(id, reason?: RevocationReason) {
      return postJson<{ message: string }>(`${itemPath(id)}/revoke`, reason ? { reason } : {});
    },
  };
}

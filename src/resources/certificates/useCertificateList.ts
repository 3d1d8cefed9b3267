// The data of the certificate page (SPEC.md §2, §8): the provider's keys for the dropdown (up to 9999), the
// chosen key's last certificates, and why Create New is disabled. A failed key list toasts; either failure is
// then the page's error, with a retry of what failed (issue 14, over SPEC.md §8's empty certificate list).
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { certificateBlocker, formatKeyLabel } from '../../../contract/certificates';
import type { CertificateRow } from '../../../contract/api';
import { PAGE_SIZES } from '../../../contract/constants';
import { useCertificateNotify } from '../../components/certificates';
import { useProfile } from '../../authProvider/useProfile';
import type { PortalDataProvider } from '../../dataProvider/types';
import { CERTIFICATE_KEYS_QUERY_KEY } from '../private-keys/useReloadKeys';

export const CERTIFICATES_QUERY_KEY = ['portal', 'certificates'] as const;

function useCertificateKeys() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { failure } = useCertificateNotify();
  return useQuery({
    queryKey: CERTIFICATE_KEYS_QUERY_KEY,
    retry: false,
    queryFn: async () => {
      try {
        return await dataProvider.listPrivateKeys({ skip: 0, take: PAGE_SIZES.certificateKeys });
      } catch (error) {
        failure(error);
        throw error;
      }
    },
  });
}

function useLastCertificates(keyUuid: string) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({
    queryKey: [...CERTIFICATES_QUERY_KEY, keyUuid],
    retry: false,
    queryFn: (): Promise<CertificateRow[]> => dataProvider.lastCertificates(keyUuid),
    enabled: Boolean(keyUuid),
  });
}

export function useCertificateList() {
  const queryClient = useQueryClient();
  const { data: profile, isPending: profilePending } = useProfile();
  const [selected, setSelected] = useState<string | null>(null);

  const keysQuery = useCertificateKeys();
  const keys = keysQuery.data?.data ?? [];
  // the chosen key while it still exists, else the first one
  const keyUuid = keys.some((k) => k.priv_key_uuid === selected)
    ? (selected as string)
    : (keys[0]?.priv_key_uuid ?? '');
  const choices = keys.map((k) => ({
    id: k.priv_key_uuid,
    name: formatKeyLabel(k.priv_key_uuid, k.created_on),
  }));

  const certificatesQuery = useLastCertificates(keyUuid);
  const certificates = certificatesQuery.data ?? [];

  const reloadCertificates = () => queryClient.invalidateQueries({ queryKey: CERTIFICATES_QUERY_KEY });
  // the keys first: without them there is no certificate list to read
  const failed = keysQuery.error ? keysQuery : keyUuid && certificatesQuery.error ? certificatesQuery : null;

  const noKeys = keysQuery.isSuccess && keys.length === 0;
  // no reason is given while the keys or the profile are still loading: the button just waits
  const blocker = noKeys ? 'no_keys' : profilePending ? null : certificateBlocker(profile, Date.now());

  return {
    keyUuid,
    choices,
    selectKey: setSelected,
    noKeys,
    certificates,
    blocker,
    canCreate: keys.length > 0 && !profilePending && blocker === null,
    loading: !failed && (keysQuery.isPending || Boolean(keyUuid && certificatesQuery.isFetching)),
    empty:
      !failed &&
      ((keysQuery.isSuccess && !keyUuid) ||
        Boolean(keyUuid && !certificatesQuery.isPending && certificates.length === 0)),
    /** The failed load and its retry, or null. */
    failure: failed && { error: failed.error, retry: () => failed.refetch(), retrying: failed.isFetching },
    reloadCertificates,
  };
}

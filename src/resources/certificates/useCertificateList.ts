// What the certificate page needs besides its rows (docs/web.md, Keys and certificates lists): the provider's keys
// for the dropdown (up to 9999), the chosen key, and why Create New is disabled. A failed key list toasts, and is
// then the page's error with a retry; the chosen key's certificates are react-admin's list of
// 'certificates' (CertificateList).
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { certificateBlocker, formatKeyLabel } from '../../../contract/certificates';
import { PAGE_SIZES } from '../../../contract/constants';
import { useCertificateNotify } from '../../components/certificates';
import { useProfile } from '../../authProvider/useProfile';
import type { PortalDataProvider } from '../../dataProvider/types';
import { CERTIFICATE_KEYS_QUERY_KEY } from '../private-keys/useReloadKeys';

/** react-admin's queries of the certificate list: every page and key of it. */
export const CERTIFICATES_QUERY_KEY = ['certificates'] as const;

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

  const reloadCertificates = () => queryClient.invalidateQueries({ queryKey: CERTIFICATES_QUERY_KEY });

  const noKeys = keysQuery.isSuccess && keys.length === 0;
  // no reason is given while the keys or the profile are still loading: the button just waits
  const blocker = noKeys ? 'no_keys' : profilePending ? null : certificateBlocker(profile, Date.now());

  return {
    keyUuid,
    choices,
    selectKey: setSelected,
    noKeys,
    /** The keys are read: the certificates of the chosen one (none without keys) can be. */
    keysRead: keysQuery.isSuccess,
    blocker,
    canCreate: keys.length > 0 && !profilePending && blocker === null,
    /** The failed key list and its retry, or null. */
    failure: keysQuery.error && {
      error: keysQuery.error,
      retry: () => keysQuery.refetch(),
      retrying: keysQuery.isFetching,
    },
    reloadCertificates,
  };
}

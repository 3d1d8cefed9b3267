// The private keys, 10 a page with server-side paging (skip/take); a failed list toasts through the shared
// message extractor (SPEC.md §8) and is then the page's error, with a retry (issue 14).
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { PAGE_SIZES } from '../../../contract/constants';
import { useCertificateNotify } from '../../components/certificates';
import type { PortalDataProvider } from '../../dataProvider/types';

export const PRIVATE_KEYS_QUERY_KEY = ['portal', 'private-keys'] as const;
/** The certificate page's key dropdown (resources/certificates). */
export const CERTIFICATE_KEYS_QUERY_KEY = ['portal', 'certificate-keys'] as const;

export const PRIVATE_KEYS_PER_PAGE = PAGE_SIZES.privateKeys;

export function usePrivateKeyList() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const { failure } = useCertificateNotify();
  const [page, setPage] = useState(0);

  const { data, isPending, isFetching, error, refetch } = useQuery({
    queryKey: [...PRIVATE_KEYS_QUERY_KEY, page],
    retry: false,
    queryFn: async () => {
      try {
        return await dataProvider.listPrivateKeys({
          skip: page * PRIVATE_KEYS_PER_PAGE,
          take: PRIVATE_KEYS_PER_PAGE,
        });
      } catch (error) {
        failure(error);
        throw error;
      }
    },
    placeholderData: keepPreviousData,
  });

  const reload = async (targetPage = page) => {
    setPage(targetPage);
    // every page of this list, and the certificate page's key dropdown, which reads the same keys
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: PRIVATE_KEYS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: CERTIFICATE_KEYS_QUERY_KEY }),
    ]);
  };

  return {
    page,
    setPage,
    rows: data?.data ?? [],
    total: data?.total ?? 0,
    isPending,
    isFetching,
    /** The failed load, or null. */
    error,
    retry: () => refetch(),
    reload,
  };
}

// The signed-in provider's profile (GET /api/service_provider) as the pages read it: one query, shared by the
// account pages, the invoice and the certificate page.
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ServiceProviderProfile } from '../../contract/api';
import type { PortalDataProvider } from '../dataProvider/types';

export const PROFILE_QUERY_KEY = ['portal', 'service-provider-profile'] as const;

export function useProfile() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery<ServiceProviderProfile>({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: () => dataProvider.getProfile(),
  });
}

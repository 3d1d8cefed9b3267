// The provider's profile as the account pages read it: one query, shared with the summary.
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ServiceProviderProfile } from '../../../../contract/api';
import type { PortalDataProvider } from '../../../dataProvider/types';

export const PROFILE_QUERY_KEY = ['portal', 'service-provider-profile'] as const;

export function useProfile() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery<ServiceProviderProfile>({ queryKey: PROFILE_QUERY_KEY, queryFn: () => dataProvider.getProfile() });
}

// Delegate certificates that cover numbers no longer in their provider's inventory (docs/delegates.md, "Numbers
// stay true"), above the delegate lists: the provider's own (GET /api/service_provider/delegates/uncovered), or
// every provider's for an admin (GET /api/admin/delegates/uncovered). Nothing is shown while none has lost numbers.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/types';
import { UncoveredList } from '../numbers/RemoveNumbersDialog';

export const UNCOVERED_QUERY_KEY = ['delegates', 'uncovered'] as const;

export function UncoveredAlert({ scope }: { scope: 'provider' | 'admin' }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { data } = useQuery({
    queryKey: [...UNCOVERED_QUERY_KEY, scope],
    queryFn: () =>
      scope === 'admin' ? dataProvider.adminUncoveredDelegates() : dataProvider.uncoveredDelegates(),
  });
  if (!data?.length) return null;
  return (
    <Alert severity="warning" sx={{ mx: 2, mt: 1.5 }}>
      <AlertTitle>{translate('portal.numbers.uncovered_title')}</AlertTitle>
      {translate(
        scope === 'admin' ? 'portal.numbers.uncovered_admin_intro' : 'portal.numbers.uncovered_intro',
      )}
      <UncoveredList delegates={data} />
    </Alert>
  );
}

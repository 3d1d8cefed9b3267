// The resellers of the reseller filter and of the "assign a reseller" action, loaded once per screen.
import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider';

export interface ResellerOption {
  id: string;
  name: string;
  is_active: boolean;
}

export function useResellerOptions(): ResellerOption[] {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [options, setOptions] = useState<ResellerOption[]>([]);
  useEffect(() => {
    let live = true;
    dataProvider
      .resellerOptions()
      .then((rows) => live && setOptions(rows))
      .catch((error: Error) => console.error(error));
    return () => {
      live = false;
    };
  }, [dataProvider]);
  return options;
}

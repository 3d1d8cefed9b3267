// The dataProvider of the public pages: the one in react-admin's context (the portal's, or a test's), as it is.
// react-admin's useDataProvider adds the sign-out on a 401 (authProvider.checkError) and, with it, its router and
// logout machinery; the public endpoints never answer 401, and the public pages load without that machinery.
import { useContext } from 'react';
import { DataProviderContext } from 'react-admin';
import type { PublicDataProvider } from '../../dataProvider/public';

/** Typed to the public calls: the public shell provides only those (dataProvider/public.ts). */
export function usePublicDataProvider(): PublicDataProvider {
  const dataProvider = useContext(DataProviderContext);
  if (!dataProvider) throw new Error('The public pages need a dataProvider in context');
  return dataProvider as unknown as PublicDataProvider;
}

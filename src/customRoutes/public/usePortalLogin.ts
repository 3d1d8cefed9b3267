// Signing in as react-admin's useLogin does it (authProvider.login, the notifications reset, the permissions
// asked again, then the page the login answered with), without its router adapter: the public pages load
// without react-admin's router and logout machinery.
import { useCallback, useContext } from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import { useAuthProvider, useNotificationContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { LoginParams } from '../../authProvider/types';
import { preloadSignedInApp } from '../../routing/signedInApp';

export function usePortalLogin() {
  const authProvider = useAuthProvider();
  // the signed-in app's client when it runs there; the public shell has none, and nothing cached to refresh
  const queryClient = useContext(QueryClientContext);
  const navigate = useNavigate();
  const { resetNotifications } = useNotificationContext();

  return useCallback(
    async (params: LoginParams): Promise<unknown> => {
      if (!authProvider) throw new Error('The login page needs an authProvider');
      // the signed-in app downloads while the server checks the password
      preloadSignedInApp();
      const result: unknown = await authProvider.login(params);
      resetNotifications();
      void queryClient?.invalidateQueries({ queryKey: ['auth', 'getPermissions'] });
      if (result && typeof result === 'object' && 'redirectTo' in result) {
        const to = (result as { redirectTo?: unknown }).redirectTo;
        if (typeof to === 'string' && to) navigate(to);
      } else {
        navigate('/');
      }
      return result;
    },
    [authProvider, queryClient, navigate, resetNotifications],
  );
}

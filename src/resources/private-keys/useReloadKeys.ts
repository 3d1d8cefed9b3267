// Reading the keys again after a change: every page of the keys list (react-admin's queries of the resource) and
// the certificate page's key dropdown, which reads the same keys.
import { useQueryClient } from '@tanstack/react-query';

/** The certificate page's key dropdown (resources/certificates). */
export const CERTIFICATE_KEYS_QUERY_KEY = ['portal', 'certificate-keys'] as const;

export function useReloadKeys() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['private-keys'] }),
      queryClient.invalidateQueries({ queryKey: CERTIFICATE_KEYS_QUERY_KEY }),
    ]);
}

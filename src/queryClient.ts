// The react-query client of the signed-in app (and of a public page that needs one outside it).
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // no silent retries: a failure reaches its caller (and a network failure its toast) once
        retry: false,
        refetchOnWindowFocus: false,
      },
    },
  });
}

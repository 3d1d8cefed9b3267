// The payment step as a public page: its hooks are react-query's, which the public shell does not load with the
// sign-in page. Under <Admin> it uses the signed-in app's client; in the public shell, a client of its own,
// loaded with this page.
import { useContext, useState } from 'react';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import PaymentStep from '../../billing/PaymentStep';
import { createQueryClient } from '../../queryClient';

export default function PublicPaymentStep() {
  const appClient = useContext(QueryClientContext);
  const [ownClient] = useState(() => (appClient ? undefined : createQueryClient()));
  if (!ownClient) return <PaymentStep />;
  return (
    <QueryClientProvider client={ownClient}>
      <PaymentStep />
    </QueryClientProvider>
  );
}

// Whose a credential is: a delegate customer's, with how many numbers its account may order ('Acme Dental ·
// 1,000 numbers'), or the provider's own ('Your account').
import { useTranslate } from 'react-admin';
import type { AcmeCredentialRow } from '../../../contract/acme';
import { countText } from '../../../contract/format';

export function CredentialCustomer({ record }: { record: AcmeCredentialRow }) {
  const translate = useTranslate();
  const { customer_name: customer, number_count: count } = record;
  if (!customer) return <>{translate('portal.acme.own_account')}</>;
  if (count === null || count === undefined) return <>{customer}</>;
  return (
    <>
      {translate('portal.acme.customer_numbers', {
        customer,
        numbers: translate('portal.delegates.numbers_count', { smart_count: count, count: countText(count) }),
      })}
    </>
  );
}

// /sti-certificate/acme: how to point an ACME client at the portal (the directory URL, one account per
// credential), Create credential (its HMAC key shown once) and For a customer (a credential handed to a delegate
// customer, for its numbers), and the provider's credentials (its own, or a customer's with its number count),
// newest first, paged, sorted and filtered by status on the server, with CSV export (never a key: the server does
// not send them) and Revoke on each that is not revoked.
// A failed load shows its message and a Retry; below 960 px the rows stack (PortalList).
import Box from '@mui/material/Box';
import { FunctionField, SelectInput, TextField, type RaRecord } from 'react-admin';
import { ACME_CREDENTIAL_STATUSES, type AcmeCredentialRow } from '../../../contract/acme';
import { PAGE_SIZES } from '../../../contract/constants';
import { formatDateTime } from '../../components/dates';
import { csvExporter } from '../adminShared';
import { PortalList } from '../PortalList';
import { AcmeDirectory } from './AcmeDirectory';
import { CreateCredentialButton } from './CreateCredentialButton';
import { CredentialCustomer } from './CredentialCustomer';
import { CustomerCredentialButton } from './CustomerCredential';
import { CredentialStatus } from './CredentialStatus';
import {
  AskRevokeContext,
  RevokeCredentialButton,
  RevokeCredentialDialog,
  useRevokeQuestion,
} from './RevokeCredential';
import { DateTimeField } from '../../components/fields';

export type AcmeCredentialRecord = AcmeCredentialRow & RaRecord<string>;

const exporter = csvExporter<AcmeCredentialRecord>(
  [
    ['Created On', (r) => formatDateTime(r.created_on)],
    ['Key ID', (r) => r.key_id],
    ['Customer', (r) => r.customer_name ?? ''],
    ['Numbers', (r) => r.number_count ?? ''],
    ['Status', (r) => r.status],
    ['Account', (r) => r.account_id ?? ''],
    ['Account Status', (r) => r.account_status ?? ''],
    ['Bound On', (r) => formatDateTime(r.bound_on)],
    ['Revoked On', (r) => formatDateTime(r.revoked_on)],
  ],
  'acme-credentials',
);

const filters = [
  <SelectInput
    key="status"
    source="status"
    choices={ACME_CREDENTIAL_STATUSES.map((id) => ({ id, name: `portal.acme.status.${id}` }))}
    alwaysOn
  />,
];

export function AcmeCredentialList() {
  const revoke = useRevokeQuestion();
  return (
    <AskRevokeContext.Provider value={revoke.ask}>
      <PortalList
        title="portal.acme.title"
        perPage={PAGE_SIZES.acmeCredentials}
        filters={filters}
        exporter={exporter}
        before={
          <>
            <AcmeDirectory />
            <Box sx={{ px: 2, py: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <CreateCredentialButton />
              <CustomerCredentialButton
                label="portal.acme.for_customer"
                ariaLabel="portal.acme.for_customer_label"
              />
            </Box>
            <RevokeCredentialDialog question={revoke} />
          </>
        }
        emptyText="portal.acme.empty"
      >
        <DateTimeField source="created_on" />
        <TextField source="key_id" sortable={false} sx={{ fontFamily: 'monospace' }} />
        <FunctionField<AcmeCredentialRecord>
          source="customer_name"
          sortable={false}
          render={(r) => <CredentialCustomer record={r} />}
        />
        <FunctionField<AcmeCredentialRecord>
          source="status"
          render={(r) => <CredentialStatus record={r} />}
        />
        <DateTimeField source="bound_on" />
        <DateTimeField source="revoked_on" />
        <FunctionField label="portal.certificates.actions" render={() => <RevokeCredentialButton />} />
      </PortalList>
    </AskRevokeContext.Provider>
  );
}

export default AcmeCredentialList;

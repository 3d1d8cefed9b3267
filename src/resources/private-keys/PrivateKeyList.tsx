// /sti-certificate/private-key: the provider's private keys on the shared provider list (PortalList, see docs/web.md,
// Keys and certificates lists): 10 a page, paged and sorted by the server, newest first, with a rows-per-page choice,
// CSV export, Import and Create New, and per key Download and Delete. A failed list shows its message and a Retry in
// place of the rows, and is also a toast through the shared message extractor, as the key calls' failures are.
import { FunctionField, TextField, downloadCSV, type Exporter } from 'react-admin';
import type { PrivateKeyRow } from '../../../contract/api';
import { PAGE_SIZES } from '../../../contract/constants';
import { dateTimeText } from '../../../contract/format';
import { toCsv } from '../../billing/format';
import { useCertificateNotify } from '../../components/certificates';
import { DateTimeField } from '../../components/fields';
import { PortalList } from '../PortalList';
import { PrivateKeyListActions } from './PrivateKeyListActions';
import { PrivateKeyRowActions } from './PrivateKeyRowActions';

export const PRIVATE_KEYS_PER_PAGE = PAGE_SIZES.privateKeys;

const CSV_COLUMNS = ['Created On', 'Key UUID'] as const;

export const privateKeyExporter: Exporter<PrivateKeyRow & { id: string }> = (records) => {
  const rows = records.map((r) => ({
    'Created On': dateTimeText(r.created_on),
    'Key UUID': r.priv_key_uuid,
  }));
  downloadCSV(toCsv(CSV_COLUMNS, rows), 'private-keys');
};

export function PrivateKeyList() {
  const { failure } = useCertificateNotify();
  return (
    <PortalList
      resource="private-keys"
      title="portal.menu.private_key"
      perPage={PRIVATE_KEYS_PER_PAGE}
      exporter={privateKeyExporter}
      actions={<PrivateKeyListActions />}
      emptyText="portal.common.no_data_found"
      queryOptions={{ onError: failure }}
    >
      <DateTimeField source="created_on" />
      <TextField source="priv_key_uuid" sx={{ fontFamily: 'monospace' }} />
      <FunctionField
        label="portal.certificates.actions"
        textAlign="right"
        sortable={false}
        render={() => <PrivateKeyRowActions />}
      />
    </PortalList>
  );
}

export default PrivateKeyList;

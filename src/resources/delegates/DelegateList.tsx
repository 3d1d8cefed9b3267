// /sti-certificate/delegates (docs/screens.md, Delegate certificates): New delegate certificate and ACME credential
// for a customer (whose ACME client then orders its delegate certificates), then the provider's delegate
// certificates, newest first, paged, sorted and filtered (customer or serial, status) by the server, with CSV
// export: customer, numbers (how many, and the first blocks), the certificates' state badge, valid until, and View,
// Download chain, Renew and Revoke (past two in the row's menu). With none yet, it says what a delegate certificate
// is and that the STI-SCA signs them, with a link to its page. Below 960 px the rows stack (PortalList).
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { FunctionField, SelectInput, TextInput, useTranslate, type RaRecord } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { DelegateRow } from '../../../contract/wire/delegates';
import { formatDateOnly, formatDateTime } from '../../components/dates';
import { DateOnlyField } from '../../components/fields';
import { MainButton } from '../../components/MainButton';
import { csvExporter } from '../adminShared';
import { CustomerCredentialButton } from '../acme-credentials/CustomerCredential';
import { PortalList } from '../PortalList';
import { usePortalPath } from '../usePortalPath';
import { useDelegateDialogs } from './DelegateDialogs';
import { CustomerCell, DelegateStatus, NumbersCell, delegateState } from './DelegateFields';
import { DelegateRowActions } from './DelegateRowActions';
import { UncoveredAlert } from './UncoveredAlert';
import { useDelegateChainDownload } from './useDelegateActions';

export type DelegateRecord = DelegateRow & RaRecord<string>;

/** 7 a page, as the provider's other lists. */
export const DELEGATES_PER_PAGE = 7;

/** The states the list is filtered by: the certificates' own. */
export const DELEGATE_STATUS_FILTERS = ['current', 'replaced', 'revoked', 'expired'] as const;

const exporter = csvExporter<DelegateRecord>(
  [
    ['Created On', (r) => formatDateTime(r.created_on)],
    ['Customer', (r) => r.customer_name],
    ['Contact', (r) => r.customer_contact ?? ''],
    ['Serial Number', (r) => r.serial_number],
    ['Numbers', (r) => r.number_count],
    ['Blocks', (r) => r.numbers_summary],
    ['Status', (r) => delegateState(r).state],
    ['Valid From', (r) => formatDateOnly(r.not_before)],
    ['Valid Until', (r) => formatDateOnly(r.not_after)],
    ['STI-SCA Serial', (r) => r.sti_sca_serial],
    ['CR URL', (r) => r.cr_path],
    ['Revoked On', (r) => formatDateTime(r.revoked_on)],
    ['Revocation Reason', (r) => r.revocation_reason ?? ''],
  ],
  'delegate-certificates',
);

const filters = [
  <TextInput key="q" source="q" label="portal.delegates.search" alwaysOn resettable={false} />,
  <SelectInput
    key="status"
    source="status"
    label="resources.delegates.fields.status"
    choices={DELEGATE_STATUS_FILTERS.map((id) => ({ id, name: `portal.delegates.status.${id}` }))}
    alwaysOn
  />,
];

/** What a delegate certificate is, and that the STI-SCA must exist first, with a link to its page. */
function Empty() {
  const translate = useTranslate();
  const createPath = usePortalPath();
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 1, maxWidth: '60rem' }}>
      <Typography>{translate('portal.delegates.empty')}</Typography>
      <Typography variant="body2">{translate('portal.delegates.intro')}</Typography>
      <Typography variant="body2">
        {translate('portal.delegates.empty_needs_sti_sca')}{' '}
        <Link component={RouterLink} to={createPath({ resource: 'sti-scas', type: 'list' })}>
          {translate('portal.delegates.sti_sca_page')}
        </Link>
        .
      </Typography>
    </Box>
  );
}

export function DelegateList() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: ['delegates'] });
  const download = useDelegateChainDownload();
  const { create, renew, revoke, dialogs } = useDelegateDialogs(reload);

  return (
    <>
      <PortalList
        resource="delegates"
        title="portal.delegates.title"
        perPage={DELEGATES_PER_PAGE}
        filters={filters}
        exporter={exporter}
        before={
          <>
            <UncoveredAlert scope="provider" />
            <Box sx={{ px: 2, py: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <MainButton onClick={create}>{translate('portal.delegates.create')}</MainButton>
              <CustomerCredentialButton label="portal.acme.customer_action" />
            </Box>
          </>
        }
        emptyText="portal.delegates.empty"
        empty={<Empty />}
        rowTestId="delegate-row"
      >
        <FunctionField<DelegateRecord> source="customer_name" render={(row) => <CustomerCell row={row} />} />
        <FunctionField<DelegateRecord> source="number_count" render={(row) => <NumbersCell row={row} />} />
        <FunctionField<DelegateRecord>
          source="status"
          sortable={false}
          render={(row) => <DelegateStatus row={row} />}
        />
        <DateOnlyField source="not_after" />
        <FunctionField<DelegateRecord>
          label="portal.certificates.actions"
          sortable={false}
          textAlign="right"
          render={(row) => (
            <DelegateRowActions
              row={row}
              onDownload={(r) => void download(r)}
              onRenew={renew}
              onRevoke={revoke}
            />
          )}
        />
      </PortalList>
      {dialogs}
    </>
  );
}

export default DelegateList;

// One provider's keys, certificates, STI-SCAs and delegates, imports or numbers on its details page: react-admin reads them by reference to
// the provider (RecordRows: <ReferenceManyField>, a page at a time from the server, sorted by the server where it
// sorts), with the rows-per-page choices of every list, 'No Data Found' when empty and the failure's message with a
// Retry when it fails. Below 960 px the rows stack, as every list's do.
// Issued certificates carry a Revoke action (confirmed, with a reason) through the provider's revocation.
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { TextField, useDataProvider, useListContext, useRecordContext, useTranslate } from 'react-admin';
import { DETAILS_PAGE_SIZE } from '../../../contract/admin';
import type { RevocationReason } from '../../../contract/certificates';
import { ConfirmDialog } from '../../components/certificates/ConfirmDialog';
import { RevocationReasonChoice } from '../../components/certificates/RevocationReasonChoice';
import { CountField, DateTimeField, PhoneField } from '../../components/fields';
import { PROVIDER_TARGET } from '../../dataProvider/providerParts';
import type { PortalDataProvider } from '../../dataProvider/types';
import { DelegateStateField, KindField } from '../admin-delegates/fields';
import { RecordRows } from '../RecordRows';
import { useProviderAction } from './useProviderAction';

const label = (field: string) => `resources.service-providers.fields.${field}`;
const delegateLabel = (field: string) => `resources.admin-delegates.fields.${field}`;

function RevokeButton({
  providerId,
  serial,
  onDone,
}: {
  providerId: string;
  serial: string;
  onDone: () => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const action = useProviderAction(onDone);
  const [reason, setReason] = useState<RevocationReason | null>(null);
  // the call runs with the reason chosen in the open dialog, not the one of when it opened
  const chosen = useRef(reason);
  chosen.current = reason;
  return (
    <>
      <Button
        size="small"
        color="error"
        aria-label={`${translate('portal.admin.actions.revoke')} ${serial}`}
        onClick={() => {
          setReason(null);
          action.ask({
            question: 'portal.admin.actions.revoke_question',
            done: 'portal.admin.actions.revoked',
            run: () =>
              dataProvider.revokeProviderCertificate(providerId, serial, chosen.current ?? undefined),
          });
        }}
      >
        {translate('portal.admin.actions.revoke')}
      </Button>
      <ConfirmDialog
        open={action.pending !== null}
        question="portal.admin.actions.revoke_question"
        busy={action.busy}
        confirmDisabled={!reason}
        onConfirm={action.confirm}
        onCancel={action.cancel}
      >
        <Typography sx={{ mb: 2 }}>{translate('portal.admin.actions.revoke_hint', { serial })}</Typography>
        <RevocationReasonChoice value={reason} onChange={setReason} disabled={action.busy} />
      </ConfirmDialog>
    </>
  );
}

/** A certificate's Revoke, while it is issued; a revocation reads the rows again. */
function RevokeField({ providerId }: { providerId: string; label?: string }) {
  const record = useRecordContext();
  const { refetch } = useListContext();
  if (record?.status !== 'issued') return null;
  return (
    <RevokeButton
      providerId={providerId}
      serial={String(record.serial_number)}
      onDone={() => void refetch()}
    />
  );
}

const NEWEST = { field: 'created_on', order: 'DESC' } as const;

/** The provider's STI-SCAs and the delegate certificates they signed (read from the list of every provider's). */
function StiScaRows({ common }: { common: { target: string; perPage: number; emptyText: string } }) {
  return (
    <RecordRows {...common} title="portal.delegate_list.section" reference="admin-delegates" sort={NEWEST}>
      <KindField source="kind" label={delegateLabel('kind')} />
      <TextField source="customer_name" label={delegateLabel('customer_name')} emptyText="" />
      <CountField source="number_count" label={delegateLabel('number_count')} />
      <TextField source="serial_number" label={delegateLabel('serial_number')} />
      <DelegateStateField source="status" label={delegateLabel('status')} />
      <DateTimeField source="not_after" label={delegateLabel('not_after')} />
      <DateTimeField source="created_on" label={delegateLabel('created_on')} />
    </RecordRows>
  );
}

/** The provider's certificates, STI-SCAs and delegates, keys, imports and numbers, each under its heading. */
export function ProviderRows({ providerId }: { providerId: string }) {
  const common = {
    target: PROVIDER_TARGET,
    perPage: DETAILS_PAGE_SIZE,
    emptyText: 'portal.common.no_data_found',
  };
  return (
    <>
      <RecordRows
        {...common}
        title="portal.admin.sections.certificates"
        reference="provider-certificates"
        sort={NEWEST}
      >
        <TextField source="serial_number" label={label('serial_number')} />
        <TextField source="status" label={label('status')} />
        <DateTimeField source="created_on" label={label('created_on')} />
        <DateTimeField source="not_after" label={label('not_after')} />
        <DateTimeField source="revoked_on" label={label('revoked_on')} sortable={false} />
        <RevokeField providerId={providerId} label={label('action')} />
      </RecordRows>
      <StiScaRows common={common} />
      <RecordRows {...common} title="portal.admin.sections.keys" reference="provider-keys" sort={NEWEST}>
        <TextField source="priv_key_uuid" label={label('priv_key_uuid')} sortable={false} />
        <DateTimeField source="created_on" label={label('created_on')} />
      </RecordRows>
      <RecordRows
        {...common}
        title="portal.admin.sections.imports"
        reference="provider-imports"
        sort={{ field: 'imported_on', order: 'DESC' }}
      >
        <DateTimeField source="imported_on" label={label('imported_on')} />
        <TextField source="filename" label={label('filename')} />
        <TextField source="status" label={label('status')} />
        <CountField source="count" label={label('count')} sortable={false} />
        <CountField source="success_count" label={label('success_count')} sortable={false} />
        <CountField source="fail_count" label={label('fail_count')} sortable={false} />
      </RecordRows>
      <RecordRows
        {...common}
        title="portal.admin.sections.numbers"
        reference="provider-numbers"
        sort={{ field: 'tn', order: 'ASC' }}
      >
        <PhoneField source="tn" label={label('tn')} />
        <DateTimeField source="created_on" label={label('created_on')} />
        <TextField source="voip_user" label={label('voip_user')} sortable={false} />
        <TextField source="organization" label={label('organization')} sortable={false} />
        <TextField source="assigned_on" label={label('assigned_on')} sortable={false} />
      </RecordRows>
    </>
  );
}

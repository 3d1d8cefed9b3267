// The admin's actions on one provider, each asked for confirmation first and each written to its change log by the
// server: activate or deactivate, assign or remove a reseller, resend the confirmation mail, grant an extension,
// import numbers on its behalf.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ChangeEvent } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AdminProviderDetails } from '../../../contract/admin';
import { ConfirmDialog } from '../../components/certificates/ConfirmDialog';
import type { PortalDataProvider } from '../../dataProvider';
import { ExtensionDialog } from './ExtensionDialog';
import { useProviderAction, type PendingAction } from './useProviderAction';
import { useResellerOptions } from './useResellerOptions';

export interface ProviderActionsProps {
  record: AdminProviderDetails;
  onChanged: () => void;
}

type Patch = (data: Record<string, unknown>) => () => Promise<unknown>;

/** The provider's reseller: assign one from the dropdown, or remove it. */
function ResellerControl({
  record,
  ask,
  patch,
}: {
  record: AdminProviderDetails;
  ask: (action: PendingAction) => void;
  patch: Patch;
}) {
  const translate = useTranslate();
  const resellers = useResellerOptions();
  const [reseller, setReseller] = useState('');
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <Typography variant="body2">
        {translate('portal.admin.actions.reseller')}:{' '}
        {record.reseller_name ?? translate('portal.admin.actions.no_reseller')}
      </Typography>
      <TextField
        select
        size="small"
        label={translate('portal.admin.actions.reseller')}
        value={reseller}
        onChange={(e) => setReseller(e.target.value)}
        sx={{ minWidth: 180 }}
      >
        {resellers.map((r) => (
          <MenuItem key={r.id} value={r.id}>
            {r.name}
          </MenuItem>
        ))}
      </TextField>
      <Button
        disabled={!reseller || reseller === record.reseller_id}
        onClick={() =>
          ask({
            question: 'portal.admin.actions.assign_question',
            body: resellers.find((r) => r.id === reseller)?.name,
            done: 'portal.admin.actions.updated',
            run: patch({ reseller_id: reseller }),
          })
        }
      >
        {translate('portal.admin.actions.assign_reseller')}
      </Button>
      {record.reseller_id && (
        <Button
          color="error"
          onClick={() =>
            ask({
              question: 'portal.admin.actions.remove_question',
              done: 'portal.admin.actions.updated',
              run: patch({ reseller_id: null }),
            })
          }
        >
          {translate('portal.admin.actions.remove_reseller')}
        </Button>
      )}
    </Box>
  );
}

/** Import numbers on the provider's behalf: a CSV file chosen, then confirmed, then uploaded. */
function ImportNumbersButton({
  providerId,
  ask,
}: {
  providerId: string;
  ask: (action: PendingAction) => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const fileInput = useRef<HTMLInputElement>(null);
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    ask({
      question: 'portal.admin.actions.import_question',
      body: file.name,
      done: 'portal.admin.actions.imported',
      run: () => dataProvider.importNumbersFor(providerId, file),
    });
  };
  return (
    <>
      <input
        ref={fileInput}
        type="file"
        accept=".csv,text/csv"
        hidden
        aria-label={translate('portal.admin.actions.import')}
        onChange={onFile}
      />
      <Button variant="outlined" onClick={() => fileInput.current?.click()}>
        {translate('portal.admin.actions.import')}
      </Button>
    </>
  );
}

export function ProviderActions({ record, onChanged }: ProviderActionsProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const action = useProviderAction(onChanged);
  const [extending, setExtending] = useState(false);

  const patch = (data: Record<string, unknown>) => () =>
    dataProvider.update('service-providers', { id: record.id, data, previousData: record });

  const toggle = () =>
    action.ask(
      record.is_active
        ? {
            question: 'portal.admin.actions.deactivate_question',
            body: translate('portal.admin.actions.deactivate_hint'),
            done: 'portal.admin.actions.updated',
            run: patch({ is_active: false }),
          }
        : {
            question: 'portal.admin.actions.activate_question',
            done: 'portal.admin.actions.updated',
            run: patch({ is_active: true }),
          },
    );

  return (
    <Box
      component="section"
      aria-label={translate('portal.admin.actions.title')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
    >
      <Button variant="outlined" color={record.is_active ? 'error' : 'primary'} onClick={toggle}>
        {translate(record.is_active ? 'portal.admin.actions.deactivate' : 'portal.admin.actions.activate')}
      </Button>
      {!record.is_confirmed && (
        <Button
          variant="outlined"
          onClick={() =>
            action.ask({
              question: 'portal.admin.actions.resend_question',
              body: record.email,
              run: () => dataProvider.resendProviderConfirmation(record.id),
            })
          }
        >
          {translate('portal.admin.actions.resend')}
        </Button>
      )}
      <Button variant="outlined" onClick={() => setExtending(true)}>
        {translate('portal.admin.actions.extension')}
      </Button>
      <ImportNumbersButton providerId={record.id} ask={action.ask} />
      <ResellerControl record={record} ask={action.ask} patch={patch} />
      <ConfirmDialog
        open={action.pending !== null}
        question={action.pending?.question ?? 'portal.common.confirm'}
        busy={action.busy}
        onConfirm={action.confirm}
        onCancel={action.cancel}
      >
        {action.pending?.body ? <Typography>{action.pending.body}</Typography> : null}
      </ConfirmDialog>
      <ExtensionDialog
        providerId={record.id}
        open={extending}
        onClose={() => setExtending(false)}
        onGranted={() => {
          setExtending(false);
          onChanged();
        }}
      />
    </Box>
  );
}

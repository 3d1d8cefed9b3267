// One provider's keys, certificates or imports on its details page: a small table paged by the server, newest
// first, with a progress bar while loading, 'No Data Found' when empty and the failure's message with a Retry when
// it fails (issue 14). Below 960 px its rows stack (stackedOnPhone).
// Issued certificates carry a Revoke action (confirmed, with a reason) through the provider's revocation.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { DETAILS_PAGE_SIZE } from '../../../contract/admin';
import type { RevocationReason } from '../../../contract/certificates';
import { ConfirmDialog } from '../../components/certificates/ConfirmDialog';
import { RevocationReasonChoice } from '../../components/certificates/RevocationReasonChoice';
import { ListLoadError, stackedOnPhone } from '../../components/lists';
import { formatDateTime } from '../../components/dates';
import type { PortalDataProvider, ProviderPart } from '../../dataProvider/types';
import { useProviderAction } from './useProviderAction';

type Row = Record<string, unknown>;

const COLUMNS: Record<
  ProviderPart,
  { sort: string; order?: 'ASC'; fields: [string, (r: Row) => unknown][] }
> = {
  certificates: {
    sort: 'created_on',
    fields: [
      ['serial_number', (r) => r.serial_number],
      ['status', (r) => r.status],
      ['created_on', (r) => formatDateTime(r.created_on as string)],
      ['not_after', (r) => formatDateTime(r.not_after as string)],
      ['revoked_on', (r) => formatDateTime(r.revoked_on as string | null)],
    ],
  },
  private_keys: {
    sort: 'created_on',
    fields: [
      ['priv_key_uuid', (r) => r.priv_key_uuid],
      ['created_on', (r) => formatDateTime(r.created_on as string)],
    ],
  },
  'tn/assigned': {
    sort: 'tn',
    order: 'ASC',
    fields: [
      ['tn', (r) => r.tn],
      ['created_on', (r) => formatDateTime(r.created_on as string)],
      ['voip_user', (r) => r.voip_user],
      ['organization', (r) => r.organization],
      ['assigned_on', (r) => r.assigned_on],
    ],
  },
  'tn/import-history': {
    sort: 'imported_on',
    fields: [
      ['imported_on', (r) => formatDateTime(r.imported_on as string)],
      ['filename', (r) => r.filename],
      ['status', (r) => r.status],
      ['count', (r) => r.count],
      ['success_count', (r) => r.success_count],
      ['fail_count', (r) => r.fail_count],
    ],
  },
};

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

function RowsTable({
  providerId,
  part,
  rows,
  onChanged,
}: {
  providerId: string;
  part: ProviderPart;
  rows: Row[];
  onChanged: () => void;
}) {
  const translate = useTranslate();
  const { fields } = COLUMNS[part];
  const label = (field: string) => translate(`resources.service-providers.fields.${field}`);
  return (
    <Box sx={stackedOnPhone}>
      <Table size="small">
        <TableHead>
          <TableRow>
            {fields.map(([field]) => (
              <TableCell key={field}>{label(field)}</TableCell>
            ))}
            {part === 'certificates' && <TableCell>{label('action')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={String(row.id)}>
              {fields.map(([field, value]) => (
                <TableCell key={field} data-label={label(field)}>
                  {String(value(row) ?? '')}
                </TableCell>
              ))}
              {part === 'certificates' && (
                <TableCell data-label={label('action')}>
                  {row.status === 'issued' && (
                    <RevokeButton
                      providerId={providerId}
                      serial={String(row.serial_number)}
                      onDone={onChanged}
                    />
                  )}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export function ProviderRows({
  providerId,
  part,
  title,
}: {
  providerId: string;
  part: ProviderPart;
  title: string;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [page, setPage] = useState(0);
  const [state, setState] = useState<{ rows?: Row[]; total: number; error?: unknown }>({ total: 0 });
  const { sort, order = 'DESC' } = COLUMNS[part];

  const load = useCallback(() => {
    setState((s) => ({ total: s.total }));
    dataProvider
      .providerRows(providerId, part, {
        page: page + 1,
        perPage: DETAILS_PAGE_SIZE,
        sort: { field: sort, order },
      })
      .then(({ data, total }) => setState({ rows: data, total }))
      .catch((error: unknown) => setState({ total: 0, error: error ?? new Error('Request failed') }));
  }, [dataProvider, providerId, part, page, sort, order]);
  useEffect(load, [load]);

  return (
    <section aria-label={translate(title)}>
      <Typography component="h2" variant="h6" sx={{ mt: 3 }}>
        {translate(title)}
      </Typography>
      {state.error ? <ListLoadError error={state.error} onRetry={load} /> : null}
      {!state.rows && !state.error && <LinearProgress aria-label={translate('portal.common.loading')} />}
      {state.rows && state.rows.length === 0 && (
        <Typography sx={{ p: 2 }}>{translate('portal.common.no_data_found')}</Typography>
      )}
      {state.rows && state.rows.length > 0 && (
        <>
          <RowsTable providerId={providerId} part={part} rows={state.rows} onChanged={load} />
          <TablePagination
            component="div"
            count={state.total}
            page={page}
            onPageChange={(_, p) => setPage(p)}
            rowsPerPage={DETAILS_PAGE_SIZE}
            rowsPerPageOptions={[DETAILS_PAGE_SIZE]}
          />
        </>
      )}
    </section>
  );
}

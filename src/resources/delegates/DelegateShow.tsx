// /sti-certificate/delegates/:id (docs/screens.md, Delegate certificates): one delegate certificate on
// react-admin's <Show> (getOne: the row, every block it covers and its chain), as labelled fields in
// <SimpleShowLayout>: customer and contact, serial, state, validity, the serial of the STI-SCA that signed it,
// the blocks (a compact list: a million contiguous numbers are one block), the CR URL with Copy; then Download
// chain, Renew and Revoke as on its row. One that cannot be read says so in place of the fields (docs/web.md).
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import {
  FunctionField,
  Show,
  SimpleShowLayout,
  TextField,
  useShowContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { countText } from '../../../contract/format';
import type { DelegateDetail } from '../../../contract/wire/delegates';
import { DateTimeField } from '../../components/fields';
import { MainButton } from '../../components/MainButton';
import { RevocationReasonText, StiScaCrUrl } from '../sti-scas/StiScaFields';
import { usePortalPath } from '../usePortalPath';
import { useDelegateDialogs } from './DelegateDialogs';
import { CustomerCell, DelegateStatus, blockEnd } from './DelegateFields';
import { delegateActionsOf } from './DelegateRowActions';
import { useDelegateChainDownload } from './useDelegateActions';

type DelegateShowRecord = DelegateDetail & RaRecord<string>;

function Heading() {
  const translate = useTranslate();
  return (
    <Typography component="h1" variant="h5" id="delegate-title" gutterBottom>
      {translate('portal.delegates.detail_title')}
    </Typography>
  );
}

/** Every block, one a line: a single number, or `first – last (count)`. */
function Blocks({ record }: { record: DelegateDetail }) {
  const translate = useTranslate();
  return (
    <Box
      component="ul"
      aria-label={translate('portal.delegates.blocks')}
      sx={{ m: 0, pl: 0, listStyle: 'none', maxHeight: 240, overflowY: 'auto', fontFamily: 'monospace' }}
    >
      {record.blocks.map((block) => (
        <li key={block.start}>
          {block.count === 1
            ? block.start
            : translate('portal.delegates.block_range', {
                first: block.start,
                last: blockEnd(block),
                count: countText(block.count),
              })}
        </li>
      ))}
    </Box>
  );
}

function DelegatePage({ onRenew, onRevoke }: { onRenew: () => void; onRevoke: () => void }) {
  const translate = useTranslate();
  const download = useDelegateChainDownload();
  const { record, isPending } = useShowContext<DelegateShowRecord>();
  const may = record ? delegateActionsOf(record) : { renew: false, revoke: false };
  return (
    <CardContent component="section" aria-labelledby="delegate-title">
      <Heading />
      {!record && isPending ? <LinearProgress aria-label={translate('portal.common.loading')} /> : null}
      {record ? (
        <>
          <SimpleShowLayout sx={{ px: 0, overflowWrap: 'anywhere' }}>
            <FunctionField<DelegateShowRecord>
              source="customer_name"
              render={(r) => <CustomerCell row={r} />}
            />
            <TextField source="serial_number" sx={{ fontFamily: 'monospace' }} />
            <FunctionField<DelegateShowRecord> source="status" render={(r) => <DelegateStatus row={r} />} />
            <DateTimeField source="not_before" />
            <DateTimeField source="not_after" />
            <TextField source="sti_sca_serial" sx={{ fontFamily: 'monospace' }} />
            <FunctionField<DelegateShowRecord>
              source="number_count"
              render={(r) => countText(r.number_count)}
            />
            <FunctionField<DelegateShowRecord>
              label="portal.delegates.blocks"
              render={(r) => <Blocks record={r} />}
            />
            <FunctionField<DelegateShowRecord>
              source="cr_path"
              render={(r) => <StiScaCrUrl row={r} copyLabel="portal.delegates.copy_cr_url" />}
            />
            {record.revoked_on ? <DateTimeField source="revoked_on" /> : null}
            {record.revocation_reason ? (
              <FunctionField<DelegateShowRecord>
                source="revocation_reason"
                render={(r) => <RevocationReasonText row={r} />}
              />
            ) : null}
          </SimpleShowLayout>
          <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
            <MainButton startIcon={<DownloadIcon />} onClick={() => void download(record)}>
              {translate('portal.delegates.download_chain')}
            </MainButton>
            {may.renew ? (
              <Button variant="outlined" onClick={onRenew}>
                {translate('portal.certificates.renew')}
              </Button>
            ) : null}
            {may.revoke ? (
              <Button variant="outlined" color="error" onClick={onRevoke}>
                {translate('portal.certificates.revoke')}
              </Button>
            ) : null}
          </Stack>
        </>
      ) : null}
    </CardContent>
  );
}

function NotFound() {
  const translate = useTranslate();
  return (
    <CardContent component="section" aria-labelledby="delegate-title">
      <Heading />
      <Typography color="error" role="alert">
        {translate('portal.delegates.not_found')}
      </Typography>
    </CardContent>
  );
}

export function DelegateShow() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const createPath = usePortalPath();
  const queryClient = useQueryClient();
  const { id = '' } = useParams();
  const reload = () => queryClient.invalidateQueries({ queryKey: ['delegates'] });
  // a renewal opens the new certificate, the one that is current now
  const { renew, revoke, dialogs } = useDelegateDialogs(reload, ({ delegate }) =>
    navigate(createPath({ resource: 'delegates', type: 'show', id: delegate.id })),
  );
  return (
    <Box sx={{ mt: 2 }}>
      <Button
        startIcon={<ArrowBackIcon />}
        onClick={() => navigate(createPath({ resource: 'delegates', type: 'list' }))}
        sx={{ mb: 2 }}
      >
        {translate('portal.delegates.back')}
      </Button>
      <Show<DelegateShowRecord>
        resource="delegates"
        id={id}
        title={translate('portal.delegates.detail_title')}
        actions={false}
        sx={{ maxWidth: 720 }}
        queryOptions={{ onError: () => undefined }}
        error={<NotFound />}
      >
        <ShowBody onRenew={renew} onRevoke={revoke} />
      </Show>
      {dialogs}
    </Box>
  );
}

/** The page, with its actions on the record it shows. */
function ShowBody({
  onRenew,
  onRevoke,
}: {
  onRenew: (row: DelegateDetail) => void;
  onRevoke: (row: DelegateDetail) => void;
}) {
  const { record } = useShowContext<DelegateShowRecord>();
  return (
    <DelegatePage onRenew={() => record && onRenew(record)} onRevoke={() => record && onRevoke(record)} />
  );
}

export default DelegateShow;

// /sti-certificate/sti-sca: the provider's hosted STI-SCA (docs/screens.md, Delegate CA). What an STI-SCA is for,
// "Request STI-SCA" (disabled, with the reason in its tooltip, while a current one exists), then every STI-SCA of
// the provider, newest first: serial, state badge, validity, CR URL with Copy, revocation date and reason, and
// Download chain, Renew and Revoke. The list route answers them all at once: sorting and paging are done in the
// browser (dataProvider/stiScaCalls.ts). A failed load shows its message and a Retry (PortalList).
import { useState } from 'react';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { FunctionField, TextField, useListContext, useTranslate } from 'react-admin';
import { PAGE_SIZES } from '../../../contract/constants';
import type { StiScaRow } from '../../../contract/wire/delegates';
import { DateTimeField } from '../../components/fields';
import { MainButton } from '../../components/MainButton';
import type { StiScaListMeta } from '../../dataProvider/stiScaCalls';
import { RevokeCertificateDialog } from '../certificates/RevokeCertificateDialog';
import { PortalList } from '../PortalList';
import { StiScaCredentialsDialog } from './StiScaCredentialsDialog';
import { RevocationReasonText, StiScaCrUrl, StiScaStatus } from './StiScaFields';
import { StiScaRowActions } from './StiScaRowActions';
import { useChainDownload, useStiScaRevocation } from './useStiScaActions';

function Explanation() {
  const translate = useTranslate();
  return (
    <Box sx={{ px: 2, pt: 1 }}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate('portal.sti_sca.intro')}
      </Typography>
      <Typography variant="body2">{translate('portal.sti_sca.key_held')}</Typography>
    </Box>
  );
}

/** Request STI-SCA: open once the list is read and names no current STI-SCA. */
function RequestButton({ onClick }: { onClick: () => void }) {
  const translate = useTranslate();
  const { data, meta } = useListContext<StiScaRow>();
  const current = (meta as StiScaListMeta | undefined)?.current_id ?? null;
  const blocked = Boolean(current);
  return (
    <Box sx={{ px: 2, py: 1.5 }}>
      <Tooltip title={blocked ? translate('portal.sti_sca.request_blocked') : ''}>
        {/* a disabled button takes no pointer events: the tooltip listens on its wrapper */}
        <span style={{ display: 'inline-block' }}>
          <MainButton onClick={onClick} disabled={!data || blocked}>
            {translate('portal.sti_sca.request')}
          </MainButton>
        </span>
      </Tooltip>
      {blocked ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('portal.sti_sca.request_blocked')}
        </Typography>
      ) : null}
    </Box>
  );
}

export function StiScaList() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: ['sti-scas'] });
  const revocation = useStiScaRevocation(reload);
  const download = useChainDownload();
  const [target, setTarget] = useState<'request' | StiScaRow | null>(null);

  return (
    <>
      <PortalList
        resource="sti-scas"
        title="portal.sti_sca.title"
        perPage={PAGE_SIZES.stiScas}
        exporter={false}
        before={
          <>
            <Explanation />
            <RequestButton onClick={() => setTarget('request')} />
          </>
        }
        emptyText="portal.sti_sca.empty"
        rowTestId="sti-sca-row"
      >
        <TextField source="serial_number" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} />
        <FunctionField<StiScaRow>
          source="status"
          sortable={false}
          render={(row) => <StiScaStatus row={row} />}
        />
        <DateTimeField source="not_before" />
        <DateTimeField source="not_after" />
        <FunctionField<StiScaRow>
          source="cr_path"
          sortable={false}
          render={(row) => <StiScaCrUrl row={row} />}
        />
        <DateTimeField source="revoked_on" />
        <FunctionField<StiScaRow>
          source="revocation_reason"
          sortable={false}
          render={(row) => <RevocationReasonText row={row} />}
        />
        <FunctionField<StiScaRow>
          label="portal.certificates.actions"
          sortable={false}
          textAlign="right"
          render={(row) => (
            <StiScaRowActions
              row={row}
              onDownload={(r) => void download(r)}
              onRenew={setTarget}
              onRevoke={revocation.ask}
            />
          )}
        />
      </PortalList>

      <StiScaCredentialsDialog
        target={target}
        onClose={() => setTarget(null)}
        onDone={() => {
          setTarget(null);
          void reload();
        }}
      />
      <RevokeCertificateDialog
        revocation={revocation}
        question="portal.sti_sca.revoke_question"
        consequence="portal.sti_sca.revoke_delegates"
      />
    </>
  );
}

export default StiScaList;

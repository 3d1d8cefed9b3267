// /sti-certificate/certificate (SPEC.md §2, §4, §8): a private key dropdown (up to 9999 keys, labelled with
// the key id and its creation time), the key's last certificates with View, Renew and Revoke, and the
// generate modal. Create New is disabled with no keys or when the profile may not create certificates.
// A failed certificate list is logged and shows as empty; every toast here is 3000 ms, top-center.
import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import {
  DEFAULT_REVOCATION_REASON,
  REVOCATION_REASONS,
  canRenewOrRevoke,
  certificateBlocker,
  formatKeyLabel,
  hasCertificateActions,
  isRevoked,
  type RevocationReason,
} from '../../../contract/certificates';
import type { CertificateRow } from '../../../contract/api';
import { DELAYS, PAGE_SIZES } from '../../../contract/constants';
import { formatDateTime } from '../../components/dates';
import {
  CertificateViewDialog,
  ConfirmDialog,
  GenerateCertificateDialog,
  RenewCertificateDialog,
  useCertificateNotify,
} from '../../components/certificates';
import { DROPDOWN_MAX_HEIGHT } from '../../components/inputs';
import { useProfile } from '../../authProvider/useProfile';
import type { PortalDataProvider } from '../../dataProvider/types';
import { CERTIFICATE_KEYS_QUERY_KEY } from '../private-keys/usePrivateKeyList';

export const CERTIFICATES_QUERY_KEY = ['portal', 'certificates'] as const;

function CrUrl({ value }: { value: string | null }) {
  if (!value) return null;
  if (!/^https?:\/\//i.test(value)) return <>{value}</>;
  return (
    <Link href={value} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: 'break-all' }}>
      {value}
    </Link>
  );
}

export function CertificateList() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const { toast, failure } = useCertificateNotify();
  const { data: profile, isPending: profilePending } = useProfile();
  const helperId = useId();
  const titleId = useId();

  const [selected, setSelected] = useState<string | null>(null);
  const [viewUrl, setViewUrl] = useState<string | null>(null);
  const [toRenew, setToRenew] = useState<CertificateRow | null>(null);
  const [toRevoke, setToRevoke] = useState<CertificateRow | null>(null);
  const [reason, setReason] = useState<RevocationReason>(DEFAULT_REVOCATION_REASON);
  const [busy, setBusy] = useState(false);
  const [generateOpen, setGenerateOpen] = useState(false);

  const keysQuery = useQuery({
    queryKey: CERTIFICATE_KEYS_QUERY_KEY,
    retry: false,
    queryFn: async () => {
      try {
        return await dataProvider.listPrivateKeys({ skip: 0, take: PAGE_SIZES.certificateKeys });
      } catch (error) {
        failure(error);
        throw error;
      }
    },
  });
  const keys = keysQuery.data?.data ?? [];
  // the chosen key while it still exists, else the first one
  const keyUuid = keys.some((k) => k.priv_key_uuid === selected)
    ? (selected as string)
    : (keys[0]?.priv_key_uuid ?? '');
  const choices = keys.map((k) => ({
    id: k.priv_key_uuid,
    name: formatKeyLabel(k.priv_key_uuid, k.created_on),
  }));

  const certificatesQuery = useQuery({
    queryKey: [...CERTIFICATES_QUERY_KEY, keyUuid],
    retry: false,
    queryFn: async (): Promise<CertificateRow[]> => {
      try {
        return await dataProvider.lastCertificates(keyUuid);
      } catch (error) {
        // SPEC.md §8: logged, and an empty list is used
        console.error(error);
        return [];
      }
    },
    enabled: Boolean(keyUuid),
  });
  const certificates = certificatesQuery.data ?? [];

  const reloadCertificates = () => queryClient.invalidateQueries({ queryKey: CERTIFICATES_QUERY_KEY });

  // no reason is given while the keys or the profile are still loading: the button just waits
  const blocker =
    keysQuery.isSuccess && keys.length === 0
      ? 'no_keys'
      : profilePending
        ? null
        : certificateBlocker(profile, Date.now());
  const canCreate = keys.length > 0 && !profilePending && blocker === null;

  const revoke = async () => {
    if (!toRevoke?.serial_number) return;
    setBusy(true);
    try {
      await dataProvider.revokeCertificate(toRevoke.serial_number, reason);
      toast('portal.certificates.revoked', 'success');
      setToRevoke(null);
      await reloadCertificates();
    } catch (error) {
      setToRevoke(null);
      failure(error);
    } finally {
      setBusy(false);
    }
  };

  const openRevoke = (row: CertificateRow) => {
    setReason(DEFAULT_REVOCATION_REASON);
    setToRevoke(row);
  };

  const title = translate('portal.pages.certificates');
  const createButton = (
    <Button
      variant="contained"
      onClick={() => setGenerateOpen(true)}
      disabled={!canCreate}
      aria-describedby={blocker ? helperId : undefined}
    >
      {translate('portal.certificates.create_new')}
    </Button>
  );

  return (
    <Card sx={{ mt: 2 }} component="section" aria-labelledby={titleId}>
      <Title title={title} />
      <CardContent>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'flex-start',
            justifyContent: 'space-between',
            gap: 2,
            flexWrap: 'wrap',
            mb: 2,
          }}
        >
          <Typography component="h1" variant="h5" id={titleId}>
            {title}
          </Typography>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', maxWidth: 420 }}>
            {blocker ? (
              <Tooltip
                title={translate(`portal.certificates.blocked.${blocker}`)}
                enterDelay={0}
                leaveDelay={0}
              >
                {/* a disabled button gets no pointer events: the tooltip listens on its wrapper */}
                <span>{createButton}</span>
              </Tooltip>
            ) : (
              createButton
            )}
            {blocker ? (
              <Typography
                id={helperId}
                variant="caption"
                color="text.secondary"
                sx={{ mt: 0.5, textAlign: 'right' }}
              >
                {translate(`portal.certificates.blocked.${blocker}`)}
              </Typography>
            ) : null}
          </Box>
        </Box>

        <TextField
          select
          label={translate('portal.certificates.private_key')}
          value={keyUuid}
          onChange={(event) => setSelected(event.target.value)}
          disabled={keys.length === 0}
          fullWidth
          margin="dense"
          helperText={
            keysQuery.isSuccess && keys.length === 0 ? translate('portal.certificates.no_keys') : ' '
          }
          slotProps={{
            select: {
              MenuProps: {
                transitionDuration: { exit: DELAYS.dropdownCloseMs },
                slotProps: { paper: { sx: { maxHeight: DROPDOWN_MAX_HEIGHT } } },
              },
            },
          }}
        >
          {choices.map((choice) => (
            <MenuItem key={choice.id} value={choice.id}>
              {choice.name}
            </MenuItem>
          ))}
        </TextField>

        {keysQuery.isPending || (keyUuid && certificatesQuery.isFetching) ? (
          <LinearProgress aria-label={translate('portal.common.loading')} />
        ) : null}

        <TableContainer>
          <Table size="small" aria-labelledby={titleId}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.certificates.fields.created_on')}</TableCell>
                <TableCell>{translate('resources.certificates.fields.sti_cert_start_date')}</TableCell>
                <TableCell>{translate('resources.certificates.fields.sti_cert_expire_date')}</TableCell>
                <TableCell>{translate('resources.certificates.fields.cr_path')}</TableCell>
                <TableCell align="right">{translate('portal.certificates.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(keysQuery.isSuccess && !keyUuid) ||
              (keyUuid && !certificatesQuery.isPending && certificates.length === 0) ? (
                <TableRow>
                  <TableCell colSpan={5}>{translate('portal.common.no_data_found')}</TableCell>
                </TableRow>
              ) : null}
              {certificates.map((row) => (
                <TableRow
                  key={String(row.id ?? row.serial_number ?? row.created_on)}
                  data-testid="certificate-row"
                >
                  <TableCell>{formatDateTime(row.created_on)}</TableCell>
                  <TableCell>{formatDateTime(row.sti_cert_start_date)}</TableCell>
                  <TableCell>{formatDateTime(row.sti_cert_expire_date)}</TableCell>
                  <TableCell>
                    <CrUrl value={row.cr_path} />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {hasCertificateActions(row) ? (
                      <Button size="small" onClick={() => setViewUrl(row.cr_path)}>
                        {translate('portal.certificates.view')}
                      </Button>
                    ) : null}
                    {isRevoked(row) ? (
                      <Typography
                        component="span"
                        variant="body2"
                        color="error"
                        sx={{ px: 1, verticalAlign: 'middle' }}
                      >
                        {translate('portal.certificates.status_revoked')}
                      </Typography>
                    ) : null}
                    {canRenewOrRevoke(row) ? (
                      <>
                        <Button size="small" onClick={() => setToRenew(row)}>
                          {translate('portal.certificates.renew')}
                        </Button>
                        <Button size="small" color="error" onClick={() => openRevoke(row)}>
                          {translate('portal.certificates.revoke')}
                        </Button>
                      </>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </CardContent>

      <CertificateViewDialog url={viewUrl} onClose={() => setViewUrl(null)} />
      <RenewCertificateDialog
        serial={toRenew?.serial_number ?? null}
        onClose={() => setToRenew(null)}
        onRenewed={() => {
          setToRenew(null);
          void reloadCertificates();
        }}
      />
      <ConfirmDialog
        open={Boolean(toRevoke)}
        question="portal.certificates.revoke_question"
        busy={busy}
        onConfirm={revoke}
        onCancel={() => setToRevoke(null)}
      >
        <TextField
          select
          label={translate('portal.certificates.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value as RevocationReason)}
          fullWidth
          margin="dense"
          disabled={busy}
        >
          {REVOCATION_REASONS.map((r) => (
            <MenuItem key={r} value={r}>
              {translate(`portal.certificates.reasons.${r}`)}
            </MenuItem>
          ))}
        </TextField>
      </ConfirmDialog>
      <GenerateCertificateDialog
        open={generateOpen}
        first={certificates.length === 0}
        keys={choices}
        defaultKey={keyUuid}
        onClose={() => setGenerateOpen(false)}
        onGenerated={(uuid) => {
          setGenerateOpen(false);
          setSelected(uuid);
          void reloadCertificates();
        }}
      />
    </Card>
  );
}

export default CertificateList;

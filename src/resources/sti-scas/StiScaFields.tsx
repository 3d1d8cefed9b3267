// The cells of an STI-SCA's row: its state as the certificates' badge ('Current', 'Replaced by …', 'Revoked · …',
// 'Expired …': certificateState over the STI-SCA's dates), its CR URL with a Copy button, and its revocation
// reason in words. The delegate certificates' rows, which carry the same dates, are drawn with them too.
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslate } from 'react-admin';
import { certificateState } from '../../../contract/certificates';
import type { StiScaRow } from '../../../contract/wire/delegates';
import { useCopyToClipboard } from '../acme-credentials/CopyField';
import { StateChip, shortSerial } from '../certificates/CertificateStatus';

/** What the state of an STI-SCA (or of a delegate certificate) is told from. */
export type IssuedRow = Pick<
  StiScaRow,
  'status' | 'replaced_by' | 'not_after' | 'revoked_on' | 'revocation_reason'
>;

/** An STI-SCA's state, told as a certificate's (its validity end is not_after). */
export function stiScaState(row: IssuedRow, now: number = Date.now()) {
  return certificateState(
    {
      status: row.status,
      replaced_by: row.replaced_by,
      sti_cert_expire_date: row.not_after,
      revoked_on: row.revoked_on,
      revocation_reason: row.revocation_reason,
    },
    now,
  );
}

export function StiScaStatus({ row }: { row: IssuedRow }) {
  return <StateChip state={stiScaState(row)} />;
}

export function StiScaCrUrl({
  row,
  copyLabel = 'portal.sti_sca.copy_cr_url',
}: {
  row: Pick<StiScaRow, 'cr_path' | 'serial_number'>;
  /** Message key of the Copy button's name, given `serial`. */
  copyLabel?: string;
}) {
  const translate = useTranslate();
  const copy = useCopyToClipboard();
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Link href={row.cr_path} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: 'break-all' }}>
        {row.cr_path}
      </Link>
      <IconButton
        size="small"
        aria-label={translate(copyLabel, { serial: shortSerial(row.serial_number) })}
        onClick={() => void copy(row.cr_path)}
      >
        <ContentCopyIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}

export function RevocationReasonText({ row }: { row: Pick<StiScaRow, 'revocation_reason'> }) {
  const translate = useTranslate();
  if (!row.revocation_reason) return null;
  return (
    <>{translate(`portal.certificates.reasons.${row.revocation_reason}`, { _: row.revocation_reason })}</>
  );
}

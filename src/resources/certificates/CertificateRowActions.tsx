// A certificate's actions (SPEC.md §2): View while it has a CR URL, Renew and Revoke while it is valid (a revoked
// one is marked in the status column), and on the current certificate the "Renew automatically" switch.
import Button from '@mui/material/Button';
import { useTranslate } from 'react-admin';
import { canRenewOrRevoke, hasCertificateActions } from '../../../contract/certificates';
import type { CertificateRow } from '../../../contract/api';
import { AutoRenewalSwitch } from './AutoRenewalSwitch';

export interface CertificateRowHandlers {
  onView: (crUrl: string | null) => void;
  onRenew: (row: CertificateRow) => void;
  onRevoke: (row: CertificateRow) => void;
  /** The "Renew automatically" switch turned on or off: the list asks before anything changes. */
  onAutoRenew: (row: CertificateRow, on: boolean) => void;
}

export function CertificateRowActions({
  row,
  onView,
  onRenew,
  onRevoke,
  onAutoRenew,
}: CertificateRowHandlers & { row: CertificateRow }) {
  const translate = useTranslate();
  return (
    <>
      {hasCertificateActions(row) ? (
        <Button size="small" onClick={() => onView(row.cr_path)}>
          {translate('portal.certificates.view')}
        </Button>
      ) : null}
      {canRenewOrRevoke(row) ? (
        <>
          <Button size="small" onClick={() => onRenew(row)}>
            {translate('portal.certificates.renew')}
          </Button>
          <Button size="small" color="error" onClick={() => onRevoke(row)}>
            {translate('portal.certificates.revoke')}
          </Button>
        </>
      ) : null}
      <AutoRenewalSwitch row={row} onChange={onAutoRenew} />
    </>
  );
}

// A certificate's actions: View while it has a CR URL, Renew and Revoke while it is valid (a revoked
// one is marked in the status column), and on the current certificate the "Renew automatically" switch. At most two
// are buttons (components/lists/RowActions): Revoke, the third, is in the row's "More actions" menu.
import Box from '@mui/material/Box';
import { useTranslate } from 'react-admin';
import { canRenewOrRevoke, hasCertificateActions } from '../../../contract/certificates';
import type { CertificateRow } from '../../../contract/api';
import { RowActions, type RowAction } from '../../components/lists';
import { AutoRenewalSwitch } from './AutoRenewalSwitch';
import { shortSerial } from './CertificateStatus';

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
  const actions: RowAction[] = [];
  if (hasCertificateActions(row)) {
    actions.push({
      key: 'view',
      label: translate('portal.certificates.view'),
      onClick: () => onView(row.cr_path),
    });
  }
  if (canRenewOrRevoke(row)) {
    actions.push(
      { key: 'renew', label: translate('portal.certificates.renew'), onClick: () => onRenew(row) },
      {
        key: 'revoke',
        label: translate('portal.certificates.revoke'),
        color: 'error',
        onClick: () => onRevoke(row),
      },
    );
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: { xs: 'flex-start', md: 'flex-end' } }}>
      {actions.length ? (
        <RowActions actions={actions} name={shortSerial(String(row.serial_number ?? row.id))} />
      ) : null}
      <AutoRenewalSwitch row={row} onChange={onAutoRenew} />
    </Box>
  );
}

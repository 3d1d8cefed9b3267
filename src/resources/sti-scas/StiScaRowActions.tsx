// An STI-SCA's actions: Download chain always; Renew on the current one; Revoke while it is neither revoked nor
// expired (in the row's "More actions" menu when there are three, as a certificate's).
import { useTranslate } from 'react-admin';
import type { StiScaRow } from '../../../contract/wire/delegates';
import { RowActions, type RowAction } from '../../components/lists';
import { shortSerial } from '../certificates/CertificateStatus';
import { stiScaState } from './StiScaFields';

export interface StiScaRowHandlers {
  onDownload: (row: StiScaRow) => void;
  onRenew: (row: StiScaRow) => void;
  onRevoke: (row: StiScaRow) => void;
}

export function StiScaRowActions({
  row,
  onDownload,
  onRenew,
  onRevoke,
}: StiScaRowHandlers & { row: StiScaRow }) {
  const translate = useTranslate();
  const state = stiScaState(row).state;
  const actions: RowAction[] = [
    { key: 'download', label: translate('portal.sti_sca.download_chain'), onClick: () => onDownload(row) },
  ];
  if (row.is_current && state === 'current') {
    actions.push({
      key: 'renew',
      label: translate('portal.certificates.renew'),
      onClick: () => onRenew(row),
    });
  }
  if (state !== 'revoked' && state !== 'expired') {
    actions.push({
      key: 'revoke',
      label: translate('portal.certificates.revoke'),
      color: 'error',
      onClick: () => onRevoke(row),
    });
  }
  return <RowActions actions={actions} name={shortSerial(row.serial_number)} />;
}

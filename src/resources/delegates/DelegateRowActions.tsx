// A delegate certificate's actions: View and Download chain always; Renew on the current one; Revoke while it is
// neither revoked nor expired. Past two, the rest go in the row's "More actions" menu (RowActions).
import { useTranslate } from 'react-admin';
import type { DelegateRow } from '../../../contract/wire/delegates';
import { RowActions, type RowAction } from '../../components/lists';
import { usePortalPath } from '../usePortalPath';
import { delegateState } from './DelegateFields';

export interface DelegateRowHandlers {
  onDownload: (row: DelegateRow) => void;
  onRenew: (row: DelegateRow) => void;
  onRevoke: (row: DelegateRow) => void;
}

/** May it be renewed, or revoked? */
export function delegateActionsOf(row: DelegateRow) {
  const state = delegateState(row).state;
  return {
    renew: row.is_current && state === 'current',
    revoke: state !== 'revoked' && state !== 'expired',
  };
}

export function DelegateRowActions({
  row,
  onDownload,
  onRenew,
  onRevoke,
}: DelegateRowHandlers & { row: DelegateRow }) {
  const translate = useTranslate();
  const createPath = usePortalPath();
  const may = delegateActionsOf(row);
  const actions: RowAction[] = [
    {
      key: 'view',
      label: translate('portal.delegates.view'),
      to: createPath({ resource: 'delegates', type: 'show', id: row.id }),
    },
    { key: 'download', label: translate('portal.delegates.download_chain'), onClick: () => onDownload(row) },
  ];
  if (may.renew) {
    actions.push({
      key: 'renew',
      label: translate('portal.certificates.renew'),
      onClick: () => onRenew(row),
    });
  }
  if (may.revoke) {
    actions.push({
      key: 'revoke',
      label: translate('portal.certificates.revoke'),
      color: 'error',
      onClick: () => onRevoke(row),
    });
  }
  return <RowActions actions={actions} name={row.customer_name} />;
}

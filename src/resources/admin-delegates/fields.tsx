// The cells of an STI-SCA or delegate row that the list and a provider's details page share: its kind in words and
// its state as the certificates list's badge (StateChip) draws it.
import { FunctionField, useTranslate } from 'react-admin';
import type { AdminDelegateRow } from '../../../contract/admin';
import type { CertificateState } from '../../../contract/certificates';
import { StateChip } from '../certificates/CertificateStatus';

/** A row's state as the certificates list's badge reads it. */
export function stateOf(r: AdminDelegateRow): CertificateState {
  switch (r.status) {
    case 'revoked':
      return { state: 'revoked', reason: r.revocation_reason ?? 'unspecified', on: r.revoked_on };
    case 'expired':
      return { state: 'expired', on: r.not_after };
    case 'replaced':
      return { state: 'replaced', by: r.replaced_by ?? '', until: r.not_after };
    default:
      return { state: r.status };
  }
}

/** Props a list reads from a column's element (its header and sort), so a column says them where it is used. */
interface ColumnProps {
  source: string;
  label?: string;
  sortable?: boolean;
}

/** 'STI-SCA' or 'Delegate'. */
export function KindField(props: ColumnProps) {
  const translate = useTranslate();
  return (
    <FunctionField<AdminDelegateRow>
      {...props}
      render={(r) => translate(`portal.delegate_list.kinds.${r.kind}`)}
    />
  );
}

export function DelegateStateField(props: ColumnProps) {
  return <FunctionField<AdminDelegateRow> {...props} render={(r) => <StateChip state={stateOf(r)} />} />;
}

// The cells of a delegate certificate: its customer (and contact), its numbers (how many, and the first blocks),
// and its state as the certificates' badge (StiScaStatus: Current, Replaced by …, Revoked · …, Expired …).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { countText } from '../../../contract/format';
import type { DelegateBlock, DelegateRow } from '../../../contract/wire/delegates';
import { stiScaState } from '../sti-scas/StiScaFields';

export { StiScaStatus as DelegateStatus } from '../sti-scas/StiScaFields';

/** A delegate certificate's state, told as a certificate's. */
export const delegateState = stiScaState;

export function CustomerCell({ row }: { row: DelegateRow }) {
  return (
    <Box sx={{ overflowWrap: 'anywhere' }}>
      <Typography variant="body2">{row.customer_name}</Typography>
      {row.customer_contact ? (
        <Typography variant="caption" color="text.secondary">
          {row.customer_contact}
        </Typography>
      ) : null}
    </Box>
  );
}

/** '1,000 numbers' over the first blocks, which wrap rather than widen the row. */
export function NumbersCell({ row }: { row: DelegateRow }) {
  const translate = useTranslate();
  return (
    <Box sx={{ overflowWrap: 'anywhere' }}>
      <Typography variant="body2">
        {translate('portal.delegates.numbers_count', {
          smart_count: row.number_count,
          count: countText(row.number_count),
        })}
      </Typography>
      {row.numbers_summary ? (
        <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
          {row.numbers_summary}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The last number of a block: `count` numbers from `start`, of the same length. */
export function blockEnd(block: DelegateBlock): string {
  const last = BigInt(block.start) + BigInt(block.count - 1);
  return last.toString().padStart(block.start.length, '0');
}

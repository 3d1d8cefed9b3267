// The CR URL of a certificate: a link when it is one ('not created' while the issuance has none), broken anywhere
// so that a long URL never widens its row.
import Link from '@mui/material/Link';
import { FunctionField } from 'react-admin';
import type { CertificateRow } from '../../../contract/api';

function CrUrl({ value }: { value: string | null }) {
  if (!value) return null;
  if (!/^https?:\/\//i.test(value)) return <>{value}</>;
  return (
    <Link href={value} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: 'break-all' }}>
      {value}
    </Link>
  );
}

export function CrUrlField({ source }: { source: 'cr_path' }) {
  return <FunctionField<CertificateRow> source={source} render={(row) => <CrUrl value={row.cr_path} />} />;
}

// The certificate list's CSV: the chosen key's certificates with their dates, CR URL, serial number and state.
import { downloadCSV, type Exporter } from 'react-admin';
import type { CertificateRow } from '../../../contract/api';
import { certificateState } from '../../../contract/certificates';
import { dateTimeText } from '../../../contract/format';
import { toCsv } from '../../billing/format';

const CSV_COLUMNS = ['Created On', 'Start On', 'Expire On', 'CR URL', 'Serial Number', 'State'] as const;

export const certificateExporter: Exporter<CertificateRow> = (records) => {
  const rows = records.map((r) => ({
    'Created On': dateTimeText(r.created_on),
    'Start On': dateTimeText(r.sti_cert_start_date),
    'Expire On': dateTimeText(r.sti_cert_expire_date),
    'CR URL': r.cr_path ?? '',
    'Serial Number': r.serial_number ?? '',
    State: certificateState(r).state,
  }));
  downloadCSV(toCsv(CSV_COLUMNS, rows), 'certificates');
};

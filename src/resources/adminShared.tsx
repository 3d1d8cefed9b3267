// Pieces the admin's lists share: one provider's rows when the path names it (/admin/payment/{uuid}), the company
// linking to its details page, the provider status's words, and a CSV export of named columns.
import Link from '@mui/material/Link';
import { downloadCSV, useTranslate, type Exporter, type RaRecord } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { toCsv } from '../billing/format';
import { fillPath } from './descriptor';

export const DETAILS_PATH = '/admin/service-provider-details/:id';

/** `{ service_provider_uuid }` of the path's `:uuid`, or undefined for everyone's rows. */
export function useProviderFilter(): Record<string, string> | undefined {
  const { uuid } = useParams();
  return uuid ? { service_provider_uuid: uuid } : undefined;
}

/** The company's name, linking to its details page. */
export function CompanyLink({
  id,
  name,
}: {
  id: string | null | undefined;
  name: string | null | undefined;
}) {
  if (!id) return <>{name ?? ''}</>;
  return (
    <Link component={RouterLink} to={fillPath(DETAILS_PATH, { id })}>
      {name ?? id}
    </Link>
  );
}

/** A provider's status in words (portal.admin.status). */
export function StatusText({ status }: { status: unknown }) {
  const translate = useTranslate();
  return <>{typeof status === 'string' ? translate(`portal.admin.status.${status}`, { _: status }) : ''}</>;
}

/** An exporter writing these columns (header -> value of a row) to `<filename>.csv`. */
export function csvExporter<R extends RaRecord>(
  columns: [header: string, value: (r: R) => unknown][],
  filename: string,
): Exporter<R> {
  return (records) => {
    const rows = records.map((r) => Object.fromEntries(columns.map(([header, value]) => [header, value(r)])));
    downloadCSV(
      toCsv(
        columns.map(([header]) => header),
        rows,
      ),
      filename,
    );
  };
}

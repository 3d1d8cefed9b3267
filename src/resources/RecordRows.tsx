// The rows of one record's list on its show page (a provider's certificates, a company's payments): a headed
// section whose rows react-admin reads by reference to the record (<ReferenceManyField>, getManyReference), drawn
// as the portal's lists draw theirs: PortalRows (table, or stacked rows on a phone; the empty text; the failure
// with a Retry) and PortalPagination (the rows-per-page choices of every list). See docs/web.md.
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ReferenceManyField, useTranslate, type SortPayload } from 'react-admin';
import { PortalPagination, PortalRows } from './PortalList';

export interface RecordRowsProps {
  /** Message key of the section's heading (and its accessible name). */
  title: string;
  /** The resource of the rows and the field of each that names the record. */
  reference: string;
  target: string;
  perPage: number;
  sort: SortPayload;
  /** Message key of the text shown when there are no rows. */
  emptyText: string;
  /** The columns (react-admin fields). */
  children: ReactNode;
}

export function RecordRows({
  title,
  reference,
  target,
  perPage,
  sort,
  emptyText,
  children,
}: RecordRowsProps) {
  const translate = useTranslate();
  return (
    <section aria-label={translate(title)}>
      <Typography component="h2" variant="h6" sx={{ mt: 3 }}>
        {translate(title)}
      </Typography>
      <ReferenceManyField
        reference={reference}
        target={target}
        perPage={perPage}
        sort={sort}
        // the failure is on the page (PortalRows), not toasted; it is still logged
        queryOptions={{ onError: (error: Error) => console.error(error) }}
        pagination={<PortalPagination perPage={perPage} />}
      >
        <PortalRows emptyText={emptyText}>{children}</PortalRows>
      </ReferenceManyField>
    </section>
  );
}

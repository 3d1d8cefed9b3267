// The provider's listings (SPEC.md §2): a heading, newest first, a fixed page size, CSV export, a progress bar
// while loading and the listing's own empty text. SPEC.md §8: a failed load is only logged and the bar stays.
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Datagrid, List, Pagination, useListContext, useTranslate, type Exporter } from 'react-admin';

export interface PortalListProps {
  /** The resource's context (its descriptor's name) when not given. */
  resource?: string;
  /** Message key of the heading and page title. */
  title: string;
  perPage: number;
  exporter: Exporter;
  /** Message key of the text shown when there are no rows. */
  emptyText: string;
  /** The columns (react-admin fields). */
  children: ReactNode;
}

function PortalRows({ emptyText, children }: Pick<PortalListProps, 'emptyText' | 'children'>) {
  const translate = useTranslate();
  const { data } = useListContext();
  if (!data) return <LinearProgress aria-label={translate('portal.common.loading')} />;
  return (
    <Datagrid
      bulkActionButtons={false}
      rowClick={false}
      empty={<Typography sx={{ p: 2 }}>{translate(emptyText)}</Typography>}
    >
      {children}
    </Datagrid>
  );
}

export function PortalList({ resource, title, perPage, exporter, emptyText, children }: PortalListProps) {
  const translate = useTranslate();
  return (
    <List
      resource={resource}
      title={translate(title)}
      perPage={perPage}
      sort={{ field: 'created_on', order: 'DESC' }}
      exporter={exporter}
      empty={false}
      error={false}
      queryOptions={{ onError: (error: Error) => console.error(error) }}
      pagination={<Pagination rowsPerPageOptions={[perPage]} />}
    >
      <Typography component="h1" variant="h5" sx={{ px: 2, pt: 2 }}>
        {translate(title)}
      </Typography>
      <PortalRows emptyText={emptyText}>{children}</PortalRows>
    </List>
  );
}

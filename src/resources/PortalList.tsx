// The provider's listings (docs/screens.md, Lists): a heading, newest first unless told, a fixed page size,
// CSV export (or the listing's own actions), a progress bar while loading and the listing's own empty text.
// Below 960 px the rows stack, each record a block of labelled lines (components/lists/StackedRows). A failed
// load is not left as a running bar: the failure's message and a Retry stand in place of the rows and the
// pager (components/lists/ListLoadError). It is still logged, and not toasted, as the message is on the page.
// The filters belong to their list: inside its card, under what stands before the rows, in one row with
// "Clear filters" and the list's actions (export, create); nothing of a list is wider than the window (a
// table wider than its card scrolls inside it).
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ReactElement, ReactNode } from 'react';
import { ListLoadError, StackedRows, useIsPhone } from '../components/lists';
import {
  Datagrid,
  DatagridBody,
  DatagridRow,
  ExportButton,
  FilterForm,
  List,
  Pagination,
  useListContext,
  useTranslate,
  type Exporter,
  type SortPayload,
} from 'react-admin';

export interface PortalListProps {
  /** The resource's context (its descriptor's name) when not given. */
  resource?: string;
  /** Message key of the heading and page title. */
  title: string;
  perPage: number;
  /** The first sort (newest first by created_on when not given). */
  sort?: SortPayload;
  exporter?: Exporter | false;
  /** A filter always sent, that the user does not see (one provider's rows: its uuid from the path). */
  filter?: Record<string, unknown>;
  /** The list's filters, and its toolbar in place of react-admin's (false: none). */
  filters?: ReactElement[];
  actions?: ReactElement | false;
  /** What stands between the heading and the rows (an Import button, say). */
  before?: ReactNode;
  /** Message key of the text shown when there are no rows. */
  emptyText: string;
  /** Shown in place of the empty text when the list has more to say (what its rows are, where to start). */
  empty?: ReactNode;
  /** The rows are read only once enabled (say, once what the filter needs is known); a failed read is also told. */
  queryOptions?: { enabled?: boolean; onError?: (error: Error) => void };
  /** Stands in place of the rows and the pager (a failure of what the list depends on). */
  inPlaceOfRows?: ReactNode;
  /** The data-testid of each table row. */
  rowTestId?: string;
  /** The columns (react-admin fields). */
  children: ReactNode;
}

/** A list's rows from its list context: the failure with a Retry, a bar while loading, a table or stacked rows. */
export function PortalRows({
  emptyText,
  empty: emptyContent,
  inPlaceOfRows,
  rowTestId,
  children,
}: Pick<PortalListProps, 'emptyText' | 'empty' | 'inPlaceOfRows' | 'rowTestId' | 'children'>) {
  const translate = useTranslate();
  const phone = useIsPhone();
  const { data, error, isFetching, refetch } = useListContext();
  if (inPlaceOfRows) return <>{inPlaceOfRows}</>;
  if (error) return <ListLoadError error={error} onRetry={refetch} retrying={isFetching} />;
  if (!data) return <LinearProgress aria-label={translate('portal.common.loading')} />;
  const empty = emptyContent ?? <Typography sx={{ p: 2 }}>{translate(emptyText)}</Typography>;
  if (phone) return <StackedRows empty={empty}>{children}</StackedRows>;
  const body = rowTestId ? <DatagridBody row={<DatagridRow data-testid={rowTestId} />} /> : undefined;
  return (
    <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
      <Datagrid bulkActionButtons={false} rowClick={false} empty={empty} body={body}>
        {children}
      </Datagrid>
    </Box>
  );
}

/** Empties every filter the person set (not the list's own fixed `filter`); disabled while none is set. */
export function ClearFiltersButton() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const active = Object.values(filterValues ?? {}).some((v) => v !== undefined && v !== null && v !== '');
  return (
    <Button size="small" disabled={!active} onClick={() => setFilters({}, {})} sx={{ mb: 0.5 }}>
      {translate('portal.lists.clear_filters')}
    </Button>
  );
}

/**
 * The list's one toolbar, inside its card: the filters, Clear filters, then the actions at the row's end; it wraps
 * on a narrow window instead of widening the page.
 */
function ListToolbarRow({
  filters,
  actions,
  exporter,
}: Pick<PortalListProps, 'filters' | 'actions' | 'exporter'>) {
  const translate = useTranslate();
  const actionsElement =
    actions === undefined ? exporter === false ? null : <ExportButton /> : actions || null;
  if (!filters?.length && !actionsElement) return null;
  return (
    <Box
      data-testid="list-toolbar"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'flex-end',
        columnGap: 2,
        rowGap: 1,
        px: 2,
        pt: 1,
        pb: 1,
        // react-admin's toolbars pad and stretch themselves for a place above the card: here they sit in the row
        '& .RaTopToolbar-root': { p: 0, minHeight: 0, flexWrap: 'wrap', gap: 1 },
      }}
    >
      {filters?.length ? (
        <Box
          role="search"
          aria-label={translate('portal.lists.filters')}
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'flex-end',
            gap: 1,
            minWidth: 0,
            flex: '1 1 auto',
            // react-admin's form is made for the space above the card: no minimum height, no padding here
            '& > form': { flex: '0 1 auto', minHeight: 0, p: 0, columnGap: 2 },
          }}
        >
          <FilterForm filters={filters} />
          <ClearFiltersButton />
        </Box>
      ) : null}
      {actionsElement ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, ml: 'auto', mb: 0.5 }}>
          {actionsElement}
        </Box>
      ) : null}
    </Box>
  );
}

/** The page sizes a person may choose besides the listing's own (7 for the provider's listings). */
export const MORE_PAGE_SIZES = [25, 50, 100] as const;

/** The listing's page size first, then the larger choices, each once. */
export const pageSizeChoices = (perPage: number) =>
  [...new Set([perPage, ...MORE_PAGE_SIZES])].sort((a, b) => a - b);

/**
 * The pager with a rows-per-page choice (react-admin leaves the choice out on a phone), but for a failed load: no
 * "1-7 of 7" of rows that are not there.
 */
export function PortalPagination({ perPage, hidden = false }: { perPage: number; hidden?: boolean }) {
  const { error } = useListContext();
  if (error || hidden) return null;
  return <Pagination rowsPerPageOptions={pageSizeChoices(perPage)} />;
}

const NEWEST_FIRST: SortPayload = { field: 'created_on', order: 'DESC' };

export function PortalList({
  resource,
  title,
  perPage,
  sort = NEWEST_FIRST,
  exporter,
  filter,
  filters,
  actions,
  before,
  emptyText,
  empty,
  queryOptions,
  inPlaceOfRows,
  rowTestId,
  children,
}: PortalListProps) {
  const translate = useTranslate();
  const onError = queryOptions?.onError;
  return (
    <List
      resource={resource}
      title={translate(title)}
      perPage={perPage}
      sort={sort}
      exporter={exporter}
      filter={filter}
      // the filters and actions are drawn inside the card (ListToolbarRow), not above it
      actions={false}
      empty={false}
      error={false}
      queryOptions={{
        // react-admin's own condition (the auth check) stands unless the list adds one
        ...(queryOptions?.enabled === false ? { enabled: false } : {}),
        onError: (error: Error) => {
          console.error(error);
          onError?.(error);
        },
      }}
      pagination={<PortalPagination perPage={perPage} hidden={Boolean(inPlaceOfRows)} />}
      // react-admin's list is a row of flex boxes that grow to their widest content: bounded by the window here,
      // so that a wide table scrolls inside its card instead of widening the page
      sx={{ minWidth: 0, '& .RaList-main, & .RaList-content': { minWidth: 0 } }}
    >
      <Typography component="h1" variant="h5" sx={{ px: 2, pt: 2 }}>
        {translate(title)}
      </Typography>
      {before}
      <ListToolbarRow filters={filters} actions={actions} exporter={exporter} />
      <PortalRows emptyText={emptyText} empty={empty} inPlaceOfRows={inPlaceOfRows} rowTestId={rowTestId}>
        {children}
      </PortalRows>
    </List>
  );
}

// The rows of a list on a phone: each record a block of its own with every column as a labelled line,
// from the same fields the table shows, so that nothing is lost and the page never scrolls sideways. The first
// column leads each block, as it leads the table's row.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { FieldTitle, RecordContextProvider, useListContext } from 'react-admin';

interface FieldProps {
  source?: string;
  label?: string | false;
}

function fieldsOf(children: ReactNode): ReactElement<FieldProps>[] {
  return Children.toArray(children).filter((child): child is ReactElement<FieldProps> =>
    isValidElement(child),
  );
}

function Line({
  field,
  resource,
  lead,
}: {
  field: ReactElement<FieldProps>;
  resource: string;
  lead: boolean;
}) {
  const { label, source } = field.props;
  const hasLabel = label !== false && Boolean(label || source);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline', minWidth: 0 }}>
      {hasLabel ? (
        <Typography component="dt" variant="caption" color="text.secondary" sx={{ minWidth: '8rem' }}>
          <FieldTitle label={label || undefined} source={source} resource={resource} />
        </Typography>
      ) : null}
      <Box
        component="dd"
        sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere', fontWeight: lead ? 600 : undefined }}
      >
        {field}
      </Box>
    </Box>
  );
}

export function StackedRows({ children, empty }: { children: ReactNode; empty: ReactNode }) {
  const { data, resource } = useListContext();
  if (!data?.length) return <>{empty}</>;
  const fields = fieldsOf(children);
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {data.map((record) => (
        <RecordContextProvider key={record.id} value={record}>
          <Box
            component="li"
            data-testid="stacked-row"
            sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
          >
            <Box component="dl" sx={{ m: 0, display: 'grid', rowGap: 0.5 }}>
              {fields.map((field, index) => (
                <Line key={field.key ?? index} field={field} resource={resource} lead={index === 0} />
              ))}
            </Box>
          </Box>
        </RecordContextProvider>
      ))}
    </Box>
  );
}

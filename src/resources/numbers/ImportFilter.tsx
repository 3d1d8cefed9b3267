// The number listing's "From import" filter (`import_id`): shown only while the listing is filtered by an import
// (the import history's "View numbers" opens it so), named by the import's file and time as the import history
// lists them (read from it by id). react-admin's "Remove this filter" beside it, or Clear filters, removes it.
import MuiTextField from '@mui/material/TextField';
import { useGetList, useInput, useTranslate } from 'react-admin';
import { dateTimeText } from '../../../contract/format';
import type { NumberImport } from '../../../contract/numbers';

/** The import the listing is filtered by; "an import not found" for an id the history does not hold. */
export function ImportFilter({ source }: { source: 'import_id'; label?: string }) {
  const translate = useTranslate();
  const { field } = useInput({ source });
  const id = typeof field.value === 'string' ? field.value : '';
  const { data, isPending } = useGetList<NumberImport>(
    'imports',
    {
      filter: { id },
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'imported_on', order: 'DESC' },
    },
    { enabled: id !== '' },
  );
  const found = data?.[0];
  let value = translate('portal.numbers.import_unknown');
  if (found) {
    value = translate('portal.numbers.import_of', {
      name: found.filename,
      date: dateTimeText(found.imported_on),
    });
  } else if (isPending) {
    value = translate('portal.common.loading');
  }
  return (
    <MuiTextField
      label={translate('portal.numbers.filter_import')}
      value={value}
      size="small"
      // as wide as what it names, up to the row's width: a long file name wraps rather than being cut off
      multiline
      sx={{ width: `${value.length + 4}ch`, minWidth: 220, maxWidth: '100%', mb: 1 }}
      slotProps={{ htmlInput: { readOnly: true } }}
    />
  );
}

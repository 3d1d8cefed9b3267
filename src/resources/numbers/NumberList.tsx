// /number-listing (docs/screens.md, Number listing): the provider's numbers, 7 a page, paged, sorted and
// filtered by the server: number contains (digits), VoIP user and organization equal, their dropdowns
// searching the server's distinct values as the user types (a provider may have thousands), and the import that
// added the numbers when opened from the import history (ImportFilter). Export downloads the server's CSV of the
// current filter. When the server counts no total (a filter matching very many numbers) the pager goes by "next
// page" alone.
import Button from '@mui/material/Button';
import { useState } from 'react';
import {
  TextField,
  TextInput,
  TopToolbar,
  useDataProvider,
  useInput,
  useListContext,
  useNotify,
  useTranslate,
} from 'react-admin';
import { PAGE_SIZES } from '../../../contract/constants';
import type { AssignedNumber, NumberOptions } from '../../../contract/numbers';
import { saveFile } from '../../components/certificates/saveFile';
import type { PortalDataProvider } from '../../dataProvider';
import { PortalList } from '../PortalList';
import { DateOnlyField, DateTimeField, PhoneField } from '../../components/fields';
import { ImportFilter } from './ImportFilter';
import { RemoveNumbersDialog } from './RemoveNumbersDialog';
import { NumberOptionsAutocomplete } from './NumberOptionsAutocomplete';

export { SEARCH_DELAY_MS } from './NumberOptionsAutocomplete';

export type NumberRecord = AssignedNumber;

interface OptionsInputProps {
  source: 'voip_user' | 'organization';
  kind: keyof Omit<NumberOptions, 'more'>;
  label: string;
  alwaysOn?: boolean;
}

/** A dropdown of the server's distinct values starting with what is typed, as a filter of the list. */
function OptionsInput({ source, kind, label }: OptionsInputProps) {
  const { field } = useInput({ source });
  return (
    <NumberOptionsAutocomplete
      kind={kind}
      label={label}
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      sx={{ minWidth: 220, mb: 1 }}
    />
  );
}

const filters = [
  // only while the listing is filtered by an import (react-admin shows a filter that holds a value)
  <ImportFilter key="import_id" source="import_id" />,
  <TextInput
    key="q"
    source="q"
    label="portal.numbers.filter_number"
    helperText="portal.numbers.digits_only"
    parse={(v: string) => (v ?? '').replace(/\D/g, '').slice(0, 10)}
    alwaysOn
  />,
  <OptionsInput
    key="voip_user"
    source="voip_user"
    kind="voip_users"
    label="portal.numbers.filter_voip_user"
    alwaysOn
  />,
  <OptionsInput
    key="organization"
    source="organization"
    kind="organizations"
    label="portal.numbers.filter_organization"
    alwaysOn
  />,
];

function ExportButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { filterValues } = useListContext();
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const { blob, filename } = await dataProvider.exportNumbers(filterValues);
      saveFile(blob, filename);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <TopToolbar>
      <Button onClick={() => setRemoving(true)}>{translate('portal.numbers.remove')}</Button>
      <Button onClick={onClick} disabled={busy}>
        {translate('portal.numbers.export')}
      </Button>
      <RemoveNumbersDialog open={removing} onClose={() => setRemoving(false)} />
    </TopToolbar>
  );
}

export function NumberList() {
  return (
    <PortalList
      resource="numbers"
      title="portal.pages.number_listing"
      perPage={PAGE_SIZES.numbers}
      sort={{ field: 'tn', order: 'ASC' }}
      filters={filters}
      actions={<ExportButton />}
      emptyText="portal.common.no_data_found"
    >
      <PhoneField source="tn" />
      <DateTimeField source="created_on" />
      <TextField source="voip_user.name" sortBy="voip_user" />
      <TextField source="voip_user.company" sortBy="organization" />
      <DateOnlyField source="assigned_on" />
    </PortalList>
  );
}

export default NumberList;

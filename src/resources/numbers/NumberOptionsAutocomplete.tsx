// A dropdown of the server's distinct VoIP users or organizations starting with what is typed (a provider may have
// thousands): the number listing's filter, and the delegate certificate form's filtered selection.
import Autocomplete from '@mui/material/Autocomplete';
import MuiTextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { NumberOptions } from '../../../contract/numbers';
import type { PortalDataProvider } from '../../dataProvider';

/** How long typing pauses before the dropdown asks the server. */
export const SEARCH_DELAY_MS = 250;

export interface NumberOptionsAutocompleteProps {
  kind: keyof Omit<NumberOptions, 'more'>;
  /** Message key of the label. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  sx?: SxProps<Theme>;
}

export function NumberOptionsAutocomplete({
  kind,
  label,
  value,
  onChange,
  disabled,
  sx,
}: NumberOptionsAutocompleteProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [text, setText] = useState('');
  const [options, setOptions] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      // a failure, even one thrown before the call returns a promise, is logged and leaves the options as they are
      Promise.resolve()
        .then(() => dataProvider.numberOptions(text))
        .then((o) => live && setOptions(o[kind]))
        .catch((error: Error) => console.error(error));
    }, SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, kind, dataProvider]);
  return (
    <Autocomplete
      options={options}
      value={value || null}
      onChange={(_, next) => onChange(next ?? '')}
      inputValue={text}
      onInputChange={(_, next) => setText(next)}
      filterOptions={(x) => x}
      disabled={disabled}
      sx={sx}
      renderInput={(params) => <MuiTextField {...params} label={translate(label)} size="small" />}
    />
  );
}

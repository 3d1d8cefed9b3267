// For whom and which numbers: the customer's name and contact, the numbers typed one number or block a line, and/or
// every number of a filtered selection of the number listing. Fields of the form around them (DelegateRequestValues),
// asked by New delegate certificate and by an ACME credential for a customer (docs/screens.md).
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext, useWatch, type Control } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { NumberOptionsAutocomplete } from '../numbers/NumberOptionsAutocomplete';
import type { DelegateRequestValues } from './delegateForm';
import { useErrorText } from './KeyChoiceFields';

type Name = 'customer_name' | 'customer_contact' | 'numbers' | 'filter.q';

function Text({
  control,
  name,
  label,
  help,
  disabled,
  ...rest
}: {
  control: Control<DelegateRequestValues>;
  name: Name;
  label: string;
  help?: string;
  disabled: boolean;
  multiline?: boolean;
  minRows?: number;
  maxRows?: number;
  required?: boolean;
  autoFocus?: boolean;
  parse?: (value: string) => string;
}) {
  const translate = useTranslate();
  const errorText = useErrorText();
  const { parse, ...props } = rest;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          {...props}
          onChange={(event) => field.onChange(parse ? parse(event.target.value) : event.target.value)}
          label={translate(label)}
          fullWidth
          margin="dense"
          disabled={disabled}
          error={Boolean(fieldState.error)}
          helperText={errorText(fieldState.error?.message) ?? (help ? translate(help) : undefined)}
          slotProps={
            props.multiline
              ? { htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }
              : undefined
          }
        />
      )}
    />
  );
}

/** The number listing's filters whose every number is picked: number contains, VoIP user, organization. */
function FilterFields({ control, disabled }: { control: Control<DelegateRequestValues>; disabled: boolean }) {
  const translate = useTranslate();
  const on = useWatch({ control, name: 'by_filter' });
  return (
    <Box sx={{ mt: 1 }}>
      <Controller
        control={control}
        name="by_filter"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Checkbox
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                disabled={disabled}
              />
            }
            label={translate('portal.delegates.by_filter')}
          />
        )}
      />
      <FormHelperText sx={{ mt: -0.5, ml: 4 }}>{translate('portal.delegates.by_filter_help')}</FormHelperText>
      {on ? (
        <Box sx={{ display: 'grid', gap: 1, mt: 1, ml: { xs: 0, sm: 4 } }}>
          <Text
            control={control}
            name="filter.q"
            label="portal.delegates.filter_number"
            help="portal.numbers.digits_only"
            disabled={disabled}
            parse={(v) => v.replace(/\D/g, '').slice(0, 10)}
          />
          {(['voip_user', 'organization'] as const).map((source) => (
            <Controller
              key={source}
              control={control}
              name={`filter.${source}`}
              render={({ field }) => (
                <NumberOptionsAutocomplete
                  kind={source === 'voip_user' ? 'voip_users' : 'organizations'}
                  label={`portal.delegates.filter_${source}`}
                  value={field.value}
                  onChange={field.onChange}
                  disabled={disabled}
                />
              )}
            />
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

/** For whom, and which numbers: inside a FormProvider whose values hold DelegateRequestValues. */
export function DelegateRequestFields({ disabled }: { disabled: boolean }) {
  const { control } = useFormContext<DelegateRequestValues>();
  return (
    <>
      <Text
        control={control}
        name="customer_name"
        label="portal.delegates.customer_name"
        disabled={disabled}
        required
        autoFocus
      />
      <Text
        control={control}
        name="customer_contact"
        label="portal.delegates.customer_contact"
        help="portal.delegates.customer_contact_help"
        disabled={disabled}
      />
      <Text
        control={control}
        name="numbers"
        label="portal.delegates.numbers"
        help="portal.delegates.numbers_help"
        disabled={disabled}
        multiline
        minRows={3}
        maxRows={10}
      />
      <FilterFields control={control} disabled={disabled} />
    </>
  );
}

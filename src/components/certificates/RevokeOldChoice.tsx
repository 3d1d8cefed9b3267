// The renew dialog's "What happens to the old certificate?": keep it valid (the default), revoke it in 24 hours
// or now; each choice says what it does to calls signed with the old certificate (its description).
import { useId } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useController } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { RENEWAL_REVOKE_OLD, type RenewalRevokeOld } from '../../../contract/certificates';

export function RevokeOldChoice({ disabled = false }: { disabled?: boolean }) {
  const translate = useTranslate();
  const id = useId();
  const { field } = useController<{ revoke_old: RenewalRevokeOld }, 'revoke_old'>({ name: 'revoke_old' });
  return (
    <FormControl component="fieldset" margin="dense" disabled={disabled}>
      <FormLabel component="legend" id={`${id}-legend`}>
        {translate('portal.certificates.revoke_old.legend')}
      </FormLabel>
      <RadioGroup
        aria-labelledby={`${id}-legend`}
        name={field.name}
        value={field.value}
        onChange={(event) => field.onChange(event.target.value as RenewalRevokeOld)}
        onBlur={field.onBlur}
      >
        {RENEWAL_REVOKE_OLD.map((choice) => (
          <div key={choice}>
            <FormControlLabel
              value={choice}
              control={<Radio slotProps={{ input: { 'aria-describedby': `${id}-${choice}` } }} />}
              label={translate(`portal.certificates.revoke_old.${choice}`)}
            />
            <FormHelperText id={`${id}-${choice}`} sx={{ mt: -0.75, mb: 0.5, ml: 4 }}>
              {translate(`portal.certificates.revoke_old.${choice}_help`)}
            </FormHelperText>
          </div>
        ))}
      </RadioGroup>
    </FormControl>
  );
}

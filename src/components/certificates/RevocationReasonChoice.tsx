// The revocation reason, chosen by the person revoking (nothing is preselected): the reasons RFC 5280 lets a
// subscriber state, each with one line saying when it applies, and the word that revocation is final and its reason
// published in the CRL that call verifiers read.
import { useId } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { REVOCATION_REASONS, type RevocationReason } from '../../../contract/certificates';

export function RevocationReasonChoice({
  value,
  onChange,
  disabled = false,
}: {
  value: RevocationReason | null;
  onChange: (reason: RevocationReason) => void;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const id = useId();
  return (
    <>
      <Typography id={`${id}-final`} variant="body2" sx={{ mb: 1.5 }}>
        {translate('portal.certificates.revoke_final')}
      </Typography>
      <FormControl component="fieldset" margin="dense" disabled={disabled} required>
        <FormLabel component="legend" id={`${id}-legend`}>
          {translate('portal.certificates.reason')}
        </FormLabel>
        <RadioGroup
          aria-labelledby={`${id}-legend`}
          aria-describedby={`${id}-final`}
          name="revocation-reason"
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value as RevocationReason)}
        >
          {REVOCATION_REASONS.map((reason) => (
            <div key={reason}>
              <FormControlLabel
                value={reason}
                control={<Radio slotProps={{ input: { 'aria-describedby': `${id}-${reason}` } }} />}
                label={translate(`portal.certificates.reasons.${reason}`)}
              />
              <FormHelperText id={`${id}-${reason}`} sx={{ mt: -0.75, mb: 0.5, ml: 4 }}>
                {translate(`portal.certificates.reasons_help.${reason}`)}
              </FormHelperText>
            </div>
          ))}
        </RadioGroup>
      </FormControl>
    </>
  );
}

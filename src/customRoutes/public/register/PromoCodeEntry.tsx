// Step 1's promo code: the code applied (from a reseller's link, or typed as read out on a call) names
// the reseller it belongs to and can be removed; without one, a field takes a code in any case, grouped or not.
import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { MESSAGES } from '../../../../contract/constants';
import { formatPromoCode } from '../../../../contract/resellers';
import type { PromoCodeState } from './useResellerCodeFromLink';

/** Longer than any code: what is typed past it cannot be one. */
const MAX_TYPED = 80;

export function PromoCodeEntry({ applied, apply, remove }: PromoCodeState) {
  const translate = useTranslate();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  if (applied) {
    const code = formatPromoCode(applied.code);
    return (
      <Alert
        severity="info"
        sx={{ mb: 2 }}
        action={
          <Button color="inherit" size="small" onClick={remove}>
            {translate('portal.register.promo_code_remove')}
          </Button>
        }
      >
        {applied.company
          ? translate('portal.register.promo_code_of', { company: applied.company, code })
          : translate('portal.register.reseller_code_applied', { code })}
      </Alert>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!typed.trim()) return;
    setBusy(true);
    setError('');
    try {
      if (await apply(typed)) setTyped('');
      else setError(MESSAGES.resellerCodeInvalid);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e: FormEvent) => void submit(e)}
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 2 }}
    >
      <TextField
        size="small"
        label={translate('portal.register.promo_code')}
        value={typed}
        onChange={(e) => setTyped(e.target.value.slice(0, MAX_TYPED))}
        error={Boolean(error)}
        helperText={error || translate('portal.register.promo_code_hint')}
        inputProps={{ autoCapitalize: 'characters', spellCheck: false }}
        sx={{ flex: 1, maxWidth: 320 }}
      />
      <Button type="submit" variant="outlined" disabled={busy || !typed.trim()} sx={{ mt: 0.25 }}>
        {translate('portal.register.promo_code_apply')}
      </Button>
    </Box>
  );
}

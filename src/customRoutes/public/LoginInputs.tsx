// The login form's fields: email, password, Remember me, and the forgotten-password link.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { LIMITS } from '../../../contract/constants';
// each input from its own file: the inputs' index would bring the select and phone inputs (MUI's Select) along
import { FormCheckboxInput } from '../../components/inputs/FormCheckboxInput';
import { FormPasswordInput } from '../../components/inputs/FormPasswordInput';
import { FormTextInput } from '../../components/inputs/FormTextInput';

export function LoginInputs() {
  const translate = useTranslate();
  return (
    <>
      <FormTextInput
        source="email"
        label="portal.login.email"
        type="email"
        required
        autoComplete="username"
        maxLength={LIMITS.emailMax}
        autoFocus
      />
      <FormPasswordInput
        source="password"
        label="portal.login.password"
        required
        autoComplete="current-password"
      />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <FormCheckboxInput source="remember" label="portal.login.remember_me" />
        <Link component={RouterLink} to="/forgot-password">
          {translate('portal.login.forgot_password')}
        </Link>
      </Box>
    </>
  );
}

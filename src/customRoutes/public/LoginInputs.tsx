// The login form's fields: email, password, Remember me, and the forgotten-password link.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { LIMITS } from '../../../contract/constants';
// the inputs' views over the page's own form (useLoginForm), not the react-hook-form inputs: the page loads
// without react-hook-form; each from its own file, as the inputs' index would bring MUI's Select along
import { CheckboxFieldView } from '../../components/inputs/CheckboxFieldView';
import { PasswordFieldView } from '../../components/inputs/PasswordFieldView';
import { TextFieldView } from '../../components/inputs/TextFieldView';
import type { LoginForm } from './useLoginForm';

export function LoginInputs({ form }: { form: LoginForm }) {
  const translate = useTranslate();
  return (
    <>
      <TextFieldView
        binding={form.bind('email')}
        source="email"
        label="portal.login.email"
        type="email"
        required
        autoComplete="username"
        maxLength={LIMITS.emailMax}
        autoFocus
      />
      <PasswordFieldView
        binding={form.bind('password')}
        source="password"
        label="portal.login.password"
        required
        autoComplete="current-password"
      />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <CheckboxFieldView
          binding={form.bind('remember')}
          source="remember"
          label="portal.login.remember_me"
        />
        <Link component={RouterLink} to="/forgot-password">
          {translate('portal.login.forgot_password')}
        </Link>
      </Box>
    </>
  );
}

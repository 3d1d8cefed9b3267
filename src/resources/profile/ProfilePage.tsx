// /profile: the signed-in user's own page, whatever the role: a provider edits its company and contact details;
// everyone changes the password and can sign out everywhere (every session of the account ends, this one too).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Confirm, Title, useDataProvider, useLogout, useNotify, useTranslate } from 'react-admin';
import { useProfile } from '../../authProvider/useProfile';
import type { PortalDataProvider } from '../../dataProvider/types';
import { failureMessage } from '../../customRoutes/public/httpError';
import { usePortalRole } from '../../layout/usePortalRole';
import { DetailsForm } from './DetailsForm';
import { PasswordForm } from './PasswordForm';

function ProviderDetails() {
  const translate = useTranslate();
  const profile = useProfile();
  if (profile.isPending) return <LinearProgress aria-label={translate('portal.common.loading')} />;
  if (profile.error || !profile.data) {
    return (
      <Alert
        severity="error"
        action={<Button onClick={() => void profile.refetch()}>{translate('ra.action.refresh')}</Button>}
      >
        {failureMessage(profile.error)}
      </Alert>
    );
  }
  return <DetailsForm profile={profile.data} />;
}

function SignOutEverywhere() {
  const translate = useTranslate();
  const notify = useNotify();
  const logout = useLogout();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await dataProvider.logoutEverywhere();
      await logout();
    } catch (error) {
      notify(failureMessage(error), { type: 'error' });
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <Box>
      <Typography component="h2" variant="h6">
        {translate('portal.profile.sessions_title')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate('portal.profile.sessions_hint')}
      </Typography>
      <Button variant="outlined" color="error" onClick={() => setAsking(true)} sx={{ minHeight: 44 }}>
        {translate('portal.profile.sign_out_everywhere')}
      </Button>
      <Confirm
        isOpen={asking}
        loading={busy}
        title="portal.profile.sign_out_confirm_title"
        content="portal.profile.sign_out_confirm"
        confirm="portal.profile.sign_out_everywhere"
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      />
    </Box>
  );
}

export function ProfilePage() {
  const translate = useTranslate();
  const role = usePortalRole();
  return (
    <Paper sx={{ p: { xs: 2, md: 3 }, mt: 2, display: 'grid', gap: 3 }}>
      <Title title={translate('portal.profile.title')} />
      <Typography component="h1" variant="h5">
        {translate('portal.profile.title')}
      </Typography>
      {role === 'service-provider' ? (
        <>
          <ProviderDetails />
          <Divider />
        </>
      ) : null}
      <PasswordForm />
      <Divider />
      <SignOutEverywhere />
    </Paper>
  );
}

export default ProfilePage;

// /account/summary (docs/screens.md, Account summary): the provider's profile, the Extend button with its
// 'Extend duration' modal, and the Auto Renewal link when there is a subscription expiry date.
import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateOnly } from '../components/dates';
import { LandingNotice } from '../components/LandingNotice';
import { ExtendDialog } from './ExtendDialog';
import { useProfile } from '../authProvider/useProfile';
import { ProfileLoadState } from './ProfileLoadState';

function Field({ label, value, action }: { label: string; value: ReactNode; action?: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" color="text.secondary" sx={{ fontWeight: 500 }}>
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography component="span">{value}</Typography>
        {action}
      </Box>
    </Box>
  );
}

export function AccountSummary() {
  const translate = useTranslate();
  const { data: profile, error, isPending } = useProfile();
  const [extendOpen, setExtendOpen] = useState(false);
  const title = translate('portal.account.summary_title');
  const notSet = translate('portal.shell.not_set');
  const date = (value: string | null | undefined) => formatDateOnly(value) || notSet;

  return (
    <Card sx={{ mt: 2 }} component="section" aria-labelledby="account-summary-title">
      <Title title={title} />
      <CardContent>
        <Typography component="h1" variant="h5" id="account-summary-title" gutterBottom>
          {title}
        </Typography>
        {/* back from the payments provider after an extension: paid, or cancelled */}
        <LandingNotice sx={{ mb: 2 }} />
        <ProfileLoadState isPending={isPending} error={error} />
        {profile ? (
          <>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: 'minmax(180px, max-content) 1fr' },
                columnGap: 4,
                rowGap: 1.5,
                m: 0,
              }}
            >
              <Field label={translate('portal.account.company_name')} value={profile.company_name} />
              <Field label={translate('portal.account.ocn')} value={profile.ocn} />
              <Field
                label={translate('portal.account.contact_name')}
                value={`${profile.first_name ?? ''} ${profile.last_name ?? ''}`.trim() || notSet}
              />
              <Field
                label={translate('portal.account.activated_on')}
                value={date(profile.subscription_started_on)}
              />
              <Field label={translate('portal.account.email')} value={profile.email} />
              <Field
                label={translate('portal.account.expired_on')}
                value={date(profile.subscription_expired_on)}
                action={
                  <Button variant="contained" size="small" onClick={() => setExtendOpen(true)}>
                    {translate('portal.account.extend')}
                  </Button>
                }
              />
              <Field
                label={translate('portal.account.phone_number')}
                value={profile.phone_number || notSet}
              />
            </Box>
            {profile.subscription_expired_on ? (
              <Box component="nav" aria-label={translate('portal.account.account_actions')} sx={{ mt: 3 }}>
                <Link component={RouterLink} to="/account/renewal">
                  {translate('portal.account.auto_renewal')}
                </Link>
              </Box>
            ) : null}
          </>
        ) : null}
      </CardContent>
      {extendOpen ? <ExtendDialog open onClose={() => setExtendOpen(false)} /> : null}
    </Card>
  );
}

export default AccountSummary;

// /subscriber-agreement: the full subscriber agreement, with a back link.
import type { MouseEvent } from 'react';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { PublicLayout } from '../PublicLayout';
import { PUBLIC_PATHS } from '../paths';
import { AgreementText } from './AgreementText';

export function SubscriberAgreementPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const location = useLocation();

  // Back to where the reader came from; opened directly (no history in this app), to the registration.
  const goBack = (event: MouseEvent) => {
    if (location.key === 'default') return;
    event.preventDefault();
    navigate(-1);
  };

  return (
    <PublicLayout title={translate('portal.agreement.title')} wide>
      <Button
        component={RouterLink}
        to={PUBLIC_PATHS.register}
        onClick={goBack}
        startIcon={<ArrowBack />}
        sx={{ mb: 1 }}
      >
        {translate('portal.agreement.back')}
      </Button>
      <AgreementText />
    </PublicLayout>
  );
}

export default SubscriberAgreementPage;

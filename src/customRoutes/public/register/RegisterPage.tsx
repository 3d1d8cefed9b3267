// /register (docs/screens.md, Registration): the first three steps of the registration, on react-hook-form.
// The data is kept between the steps and cleared on success or Cancel; step 4 is /register/payment.
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { PublicLayout } from '../PublicLayout';
import { PUBLIC_PATHS } from '../paths';
import { REGISTRATION_STEPS } from './registrationData';
import { RegistrationStep1 } from './RegistrationStep1';
import { RegistrationStep2, type Step2Result } from './RegistrationStep2';
import { RegistrationStep3 } from './RegistrationStep3';
import { useRegistrationWizard } from './useRegistrationWizard';
import { PromoCodeEntry } from './PromoCodeEntry';
import { useResellerCodeFromLink } from './useResellerCodeFromLink';

export function RegisterPage() {
  const translate = useTranslate();
  const promo = useResellerCodeFromLink();
  const { data, step, failure, submitting, next, back, cancel, submit } = useRegistrationWizard();

  return (
    <PublicLayout
      title={translate(`portal.register.title_step${step}`)}
      step={translate('portal.common.step', { step, total: REGISTRATION_STEPS })}
    >
      {step === 1 ? <PromoCodeEntry {...promo} /> : null}
      {step === 1 ? (
        <RegistrationStep1
          key="step1"
          data={data}
          failure={failure}
          onNext={(values) => next(values, 2)}
          onCancel={cancel}
        />
      ) : null}
      {step === 2 ? (
        <RegistrationStep2
          key="step2"
          data={data}
          failure={failure}
          onNext={(values: Step2Result) => next(values, 3)}
          onBack={(values) => back(values, 1)}
        />
      ) : null}
      {step === 3 ? (
        <RegistrationStep3
          key="step3"
          data={data}
          failure={failure}
          submitting={submitting}
          onSubmit={submit}
          onBack={(values) => back(values, 2)}
        />
      ) : null}
      {step === 1 ? (
        <Typography variant="body2" sx={{ mt: 2, textAlign: 'center' }}>
          {translate('portal.register.already_registered')}{' '}
          <Link component={RouterLink} to={PUBLIC_PATHS.login}>
            {translate('portal.register.login_link')}
          </Link>
        </Typography>
      ) : null}
    </PublicLayout>
  );
}

export default RegisterPage;

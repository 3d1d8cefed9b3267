// /register (SPEC.md §2, §4): the first three steps of the registration, on react-hook-form.
// The data is kept between the steps and cleared on success or Cancel; step 4 is /register/payment.
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useDataProvider, useTranslate } from 'react-admin';
import type { RegistrationStep3 as Step3Values } from '../../../../contract/schemas';
import { clearResellerCode, readResellerCode, storeResellerCode } from '../../../authProvider/resellerCode';
import type { PortalDataProvider } from '../../../dataProvider/types';
import { dataUrlToBlob } from '../../../components/inputs/format';
import { PublicLayout } from '../PublicLayout';
import { paymentStepPath, PUBLIC_PATHS } from '../paths';
import {
  emptyRegistration,
  mergeFields,
  registrationFailure,
  registrationFields,
  REGISTRATION_STEPS,
  type RegistrationData,
  type RegistrationFailure,
  type RegistrationStep,
} from './registrationData';
import { RegistrationStep1 } from './RegistrationStep1';
import { RegistrationStep2, type Step2Result } from './RegistrationStep2';
import { RegistrationStep3 } from './RegistrationStep3';

/** A reseller's sign-up link carries its promo code as ?rc=: keep it for the session when it is valid. */
function useResellerCodeFromLink(): string | null {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [searchParams] = useSearchParams();
  const code = searchParams.get('rc')?.trim() ?? '';
  const [stored, setStored] = useState<string | null>(() => readResellerCode());

  useEffect(() => {
    if (!code) return;
    let active = true;
    dataProvider
      .validateResellerCode(code)
      .then(({ isValid }) => {
        if (isValid) storeResellerCode(code);
        else clearResellerCode();
      })
      .catch((error) => console.error(error))
      .finally(() => {
        if (active) setStored(readResellerCode());
      });
    return () => {
      active = false;
    };
  }, [code, dataProvider]);

  return stored;
}

export function RegisterPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const resellerCode = useResellerCodeFromLink();
  const [data, setData] = useState<RegistrationData>(emptyRegistration);
  const [step, setStep] = useState<RegistrationStep>(1);
  const [failure, setFailure] = useState<RegistrationFailure | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const goTo = (next: RegistrationStep) => {
    setStep(next);
    if (typeof window.scrollTo === 'function') window.scrollTo({ top: 0 });
  };

  const next = (values: Record<string, unknown>, to: RegistrationStep) => {
    setData((current) => mergeFields(current, values));
    setFailure(null);
    goTo(to);
  };

  const back = (values: Record<string, unknown>, to: RegistrationStep) => {
    setData((current) => mergeFields(current, values));
    goTo(to);
  };

  const cancel = () => {
    setData(emptyRegistration());
    setFailure(null);
    navigate(PUBLIC_PATHS.login);
  };

  const submit = async (values: Step3Values) => {
    const complete = mergeFields(data, values);
    setData(complete);
    setFailure(null);
    setSubmitting(true);
    try {
      const { service_provider_uuid } = await dataProvider.register({
        fields: registrationFields(complete, readResellerCode()),
        signature: dataUrlToBlob(complete.signature),
      });
      setData(emptyRegistration());
      navigate(paymentStepPath(service_provider_uuid));
    } catch (error) {
      const next = registrationFailure(error);
      setFailure(next);
      setSubmitting(false);
      goTo(next.step);
    }
  };

  return (
    <PublicLayout
      title={translate(`portal.register.title_step${step}`)}
      step={translate('portal.common.step', { step, total: REGISTRATION_STEPS })}
    >
      {resellerCode && step === 1 ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('portal.register.reseller_code_applied', { code: resellerCode })}
        </Alert>
      ) : null}
      {step === 1 ? (
        <RegistrationStep1 key="step1" data={data} failure={failure} onNext={(values) => next(values, 2)} onCancel={cancel} />
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

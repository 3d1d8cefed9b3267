// The wizard's state (docs/screens.md, Registration): the data kept between the steps, the step shown, and
// the failure of the last submission, which sends the provider back to the step of the field at fault.
// Success goes on to step 4, the payment step; Cancel clears the data and returns to the login page.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { usePublicDataProvider } from '../usePublicDataProvider';
import type { RegistrationStep3 as Step3Values } from '../../../../contract/schemas';
import { clearResellerCode, readResellerCode } from '../../../authProvider/resellerCode';
import type { PortalHttpError } from '../../../dataProvider/types';
import { dataUrlToBlob } from '../../../components/inputs/format';
import { paymentStepPath, PUBLIC_PATHS } from '../paths';
import {
  emptyRegistration,
  mergeFields,
  registrationFailure,
  registrationFields,
  type RegistrationData,
  type RegistrationFailure,
  type RegistrationStep,
} from './registrationData';

export function useRegistrationWizard() {
  const navigate = useNavigate();
  const dataProvider = usePublicDataProvider();
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
      // a code rotated or deactivated since the link was opened: dropped, so that a retry registers without it
      if ((error as PortalHttpError).body?.errors?.reseller_url_token) clearResellerCode();
      const next = registrationFailure(error);
      setFailure(next);
      setSubmitting(false);
      goTo(next.step);
    }
  };

  return { data, step, failure, submitting, next, back, cancel, submit };
}

// Registration step 1 (docs/screens.md, Registration): the provider's fields; Next Step checks that OCN and
// email are free.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { yupResolver } from '@hookform/resolvers/yup';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { usePublicDataProvider } from '../usePublicDataProvider';
import { COUNTRIES, LIMITS, MESSAGES, US_STATES } from '../../../../contract/constants';
import { registrationStep1Schema } from '../../../../contract/schemas';
import { FormPhoneInput, FormSelectInput, FormTextInput } from '../../../components/inputs';
import { MainButton } from '../../../components/MainButton';
import { failureMessage } from '../httpError';
import {
  pickFields,
  STEP1_FIELDS,
  type RegistrationData,
  type RegistrationFailure,
  type Step1Field,
} from './registrationData';
import { useServerErrors } from './useServerErrors';
import { formGridSx, FULL_ROW } from './layout';

type Step1Values = Record<Step1Field, string>;
// The schema narrows country and state to their lists; the form holds plain strings.
const step1Resolver = yupResolver(registrationStep1Schema) as unknown as Resolver<Step1Values>;

export interface RegistrationStep1Props {
  data: RegistrationData;
  failure?: RegistrationFailure | null;
  onNext: (values: Step1Values) => void;
  onCancel: () => void;
}

const STATE_CHOICES = US_STATES.map((code) => ({ id: code, name: code }));

export function RegistrationStep1({ data, failure, onNext, onCancel }: RegistrationStep1Props) {
  const translate = useTranslate();
  const dataProvider = usePublicDataProvider();
  const [checking, setChecking] = useState(false);
  const [message, setMessage] = useState(failure?.step === 1 ? failure.message : '');
  const form = useForm<Step1Values>({
    resolver: step1Resolver,
    mode: 'all',
    // An unset state stays undefined so that the schema answers 'state is a required field', not 'not valid'.
    defaultValues: { ...pickFields(data, STEP1_FIELDS), state: data.state || undefined },
  });
  useServerErrors(form, failure, STEP1_FIELDS);
  const onSubmit = async (values: Step1Values) => {
    setMessage('');
    setChecking(true);
    let availability;
    try {
      availability = await dataProvider.checkAvailability({
        email: values.email,
        ocn: values.ocn.toUpperCase(),
      });
    } catch (error) {
      setMessage(failureMessage(error));
      setChecking(false);
      return;
    }
    setChecking(false);
    const { isOcnExists, isEmailExists } = availability;
    if (isOcnExists)
      form.setError('ocn', { type: 'server', message: MESSAGES.ocnTaken }, { shouldFocus: true });
    if (isEmailExists)
      form.setError('email', { type: 'server', message: MESSAGES.emailTaken }, { shouldFocus: !isOcnExists });
    if (!isOcnExists && !isEmailExists) onNext(values);
  };

  return (
    <FormProvider {...form}>
      <Box
        component="form"
        noValidate
        onSubmit={form.handleSubmit(onSubmit)}
        aria-label={translate('portal.register.title_step1')}
      >
        <Box sx={formGridSx}>
          <ContactFields />
          <CompanyFields />
        </Box>
        {message ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {message}
          </Alert>
        ) : null}
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 2 }}>
          <Button variant="outlined" onClick={onCancel} sx={{ minHeight: 44 }}>
            {translate('portal.common.cancel')}
          </Button>
          <MainButton type="submit" loading={checking}>
            {translate('portal.common.next_step')}
          </MainButton>
        </Box>
      </Box>
    </FormProvider>
  );
}

const label = (field: string) => `portal.register.fields.${field}`;

/** The account's and its contact's fields, in the form's grid. */
function ContactFields() {
  return (
    <>
      <FormTextInput
        source="ocn"
        label={label('ocn')}
        required
        uppercase
        maxLength={LIMITS.ocnLength}
        autoFocus
      />
      <FormTextInput
        source="email"
        label={label('email')}
        type="email"
        required
        autoComplete="email"
        maxLength={LIMITS.emailMax}
      />
      <FormTextInput
        source="first_name"
        label={label('first_name')}
        required
        alphanumeric
        autoComplete="given-name"
        maxLength={LIMITS.textMax}
      />
      <FormTextInput
        source="last_name"
        label={label('last_name')}
        required
        alphanumeric
        autoComplete="family-name"
        maxLength={LIMITS.textMax}
      />
      <FormPhoneInput source="phone_number" label={label('phone_number')} required />
      <FormTextInput
        source="title"
        label={label('title')}
        required
        autoComplete="organization-title"
        maxLength={LIMITS.textMax}
      />
    </>
  );
}

/** The company and its address, in the form's grid. */
function CompanyFields() {
  const translate = useTranslate();
  const countryChoices = COUNTRIES.map((code) => ({
    id: code,
    name: translate(`portal.register.countries.${code}`, { _: code }),
  }));
  return (
    <>
      <Box sx={FULL_ROW}>
        <FormTextInput
          source="company_name"
          label={label('company_name')}
          required
          autoComplete="organization"
          maxLength={LIMITS.textMax}
        />
      </Box>
      <Box sx={FULL_ROW}>
        <FormTextInput
          source="address"
          label={label('address')}
          required
          autoComplete="street-address"
          maxLength={200}
        />
      </Box>
      <FormSelectInput
        source="country"
        label={label('country')}
        required
        choices={countryChoices}
        autoComplete="country"
      />
      <FormSelectInput
        source="state"
        label={label('state')}
        required
        choices={STATE_CHOICES}
        autoComplete="address-level1"
      />
      <FormTextInput
        source="city"
        label={label('city')}
        required
        autoComplete="address-level2"
        maxLength={LIMITS.textMax}
      />
      <FormTextInput
        source="zipcode"
        label={label('zipcode')}
        required
        numeric
        autoComplete="postal-code"
        maxLength={LIMITS.zipcodeMax}
      />
      <FormTextInput source="filer_id" label={label('filer_id')} required numeric maxLength={20} />
      <FormTextInput source="frn_number" label={label('frn_number')} required numeric maxLength={20} />
    </>
  );
}

// Registration step 2 (docs/screens.md, Registration): review, sign the subscriber agreement with a drawn (or
// typed) signature.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { yupResolver } from '@hookform/resolvers/yup';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { LIMITS, MESSAGES } from '../../../../contract/constants';
import { registrationStep2Schema, type RegistrationStep2 as Step2Values } from '../../../../contract/schemas';
import { FormPhoneInput, FormTextInput } from '../../../components/inputs';
import { SignatureInput } from '../../../components/inputs/SignatureInput';
import { MainButton } from '../../../components/MainButton';
import { AgreementDialog } from './AgreementDialog';
import { formGridSx } from './layout';
import {
  pickFields,
  SIGNATURE_FIELD,
  STEP2_FIELDS,
  type RegistrationData,
  type RegistrationFailure,
} from './registrationData';
import { useServerErrors } from './useServerErrors';

export type Step2Result = Step2Values & { signature: string };

export interface RegistrationStep2Props {
  data: RegistrationData;
  failure?: RegistrationFailure | null;
  onNext: (values: Step2Result) => void;
  onBack: (values: Partial<Step2Result>) => void;
}

export function RegistrationStep2({ data, failure, onNext, onBack }: RegistrationStep2Props) {
  const translate = useTranslate();
  const [signature, setSignature] = useState(data.signature);
  const [signatureError, setSignatureError] = useState(failure?.errors[SIGNATURE_FIELD] ?? '');
  const [agreementOpen, setAgreementOpen] = useState(false);
  const message = failure?.step === 2 ? failure.message : '';
  const form = useForm<Step2Values>({
    resolver: yupResolver(registrationStep2Schema),
    mode: 'all',
    defaultValues: pickFields(data, STEP2_FIELDS),
  });
  useServerErrors(form, failure, STEP2_FIELDS);
  const checkSignature = () => {
    if (signature) return true;
    setSignatureError(MESSAGES.signatureRequired);
    return false;
  };

  const onSignatureChange = (value: string) => {
    setSignature(value);
    setSignatureError(value ? '' : MESSAGES.signatureRequired);
  };

  const onValid = (values: Step2Values) => {
    if (checkSignature()) onNext({ ...values, signature });
  };

  return (
    <FormProvider {...form}>
      <Box
        component="form"
        noValidate
        onSubmit={form.handleSubmit(onValid, () => checkSignature())}
        aria-label={translate('portal.register.title_step2')}
      >
        <Box sx={formGridSx}>
          <SignerFields />
        </Box>
        <SignatureInput
          value={signature}
          onChange={onSignatureChange}
          label="portal.register.signature"
          resetLabel="portal.register.reset_signature"
          helperText={translate('portal.register.signature_hint')}
          error={signatureError}
          required
          typedDefault={form.watch('printed_name')}
          drawLabel="portal.register.signature_draw"
          typeLabel="portal.register.signature_type"
          typedLabel="portal.register.typed_signature"
          typedHelperText={translate('portal.register.typed_signature_hint')}
        />
        <Link component="button" type="button" onClick={() => setAgreementOpen(true)}>
          {translate('portal.register.read_agreement')}
        </Link>
        {message ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {message}
          </Alert>
        ) : null}
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 2 }}>
          <Button
            variant="outlined"
            onClick={() => onBack({ ...form.getValues(), signature })}
            sx={{ minHeight: 44 }}
          >
            {translate('portal.common.back')}
          </Button>
          <MainButton type="submit">{translate('portal.common.next_step')}</MainButton>
        </Box>
        <AgreementDialog open={agreementOpen} onClose={() => setAgreementOpen(false)} />
      </Box>
    </FormProvider>
  );
}

const label = (field: string) => `portal.register.fields.${field}`;

/** Who signs the agreement, in the form's grid. */
function SignerFields() {
  return (
    <>
      <FormTextInput
        source="printed_name"
        label={label('printed_name')}
        required
        alphanumeric
        autoComplete="name"
        maxLength={LIMITS.textMax}
        autoFocus
      />
      <FormPhoneInput source="phone_number" label={label('phone_number')} required />
      <FormTextInput
        source="title"
        label={label('title')}
        required
        autoComplete="organization-title"
        maxLength={LIMITS.textMax}
      />
      <FormTextInput
        source="company_name"
        label={label('company_name')}
        required
        autoComplete="organization"
        maxLength={LIMITS.textMax}
      />
    </>
  );
}

// Registration step 3 (docs/screens.md, Registration): the password and its confirmation; Next Step
// registers.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { yupResolver } from '@hookform/resolvers/yup';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { registrationStep3Schema, type RegistrationStep3 as Step3Values } from '../../../../contract/schemas';
import { FormPasswordInput } from '../../../components/inputs';
import { MainButton } from '../../../components/MainButton';
import {
  pickFields,
  STEP3_FIELDS,
  type RegistrationData,
  type RegistrationFailure,
} from './registrationData';
import { useServerErrors } from './useServerErrors';

export interface RegistrationStep3Props {
  data: RegistrationData;
  failure?: RegistrationFailure | null;
  submitting: boolean;
  onSubmit: (values: Step3Values) => void;
  onBack: (values: Partial<Step3Values>) => void;
}

export function RegistrationStep3({ data, failure, submitting, onSubmit, onBack }: RegistrationStep3Props) {
  const translate = useTranslate();
  const message = failure?.step === 3 ? failure.message : '';
  const form = useForm<Step3Values>({
    resolver: yupResolver(registrationStep3Schema),
    mode: 'all',
    defaultValues: pickFields(data, STEP3_FIELDS),
  });
  useServerErrors(form, failure, STEP3_FIELDS);

  return (
    <FormProvider {...form}>
      <Box
        component="form"
        noValidate
        onSubmit={form.handleSubmit(onSubmit)}
        aria-label={translate('portal.register.title_step3')}
      >
        <FormPasswordInput
          source="password"
          label="portal.register.fields.password"
          required
          autoComplete="new-password"
          autoFocus
        />
        <FormPasswordInput
          source="confirm_password"
          label="portal.register.fields.confirm_password"
          required
          autoComplete="new-password"
        />
        {message ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {message}
          </Alert>
        ) : null}
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 2 }}>
          <Button
            variant="outlined"
            onClick={() => onBack(form.getValues())}
            disabled={submitting}
            sx={{ minHeight: 44 }}
          >
            {translate('portal.common.back')}
          </Button>
          <MainButton type="submit" loading={submitting}>
            {translate('portal.common.next_step')}
          </MainButton>
        </Box>
      </Box>
    </FormProvider>
  );
}

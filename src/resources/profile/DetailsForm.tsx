// The provider's company and contact details (PATCH /api/service_provider), with the rules of registration; the
// OCN and the email are shown, not edited. The server's field errors show on their fields.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { yupResolver } from '@hookform/resolvers/yup';
import { useQueryClient } from '@tanstack/react-query';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { ServiceProviderProfile } from '../../../contract/api';
import { COUNTRIES, LIMITS, US_STATES } from '../../../contract/constants';
import { profileUpdateSchema } from '../../../contract/schemas';
import { PROFILE_QUERY_KEY } from '../../authProvider/useProfile';
import type { PortalDataProvider } from '../../dataProvider/types';
import { FormPhoneInput, FormSelectInput, FormTextInput } from '../../components/inputs';
import { MainButton } from '../../components/MainButton';
import { failureMessage, showFieldErrors } from '../../customRoutes/public/httpError';
import { formGridSx, FULL_ROW } from '../../customRoutes/public/register/layout';

export const DETAIL_FIELDS = [
  'first_name',
  'last_name',
  'phone_number',
  'title',
  'company_name',
  'address',
  'address2',
  'country',
  'state',
  'city',
  'zipcode',
  'filer_id',
  'frn_number',
] as const;
type Details = Record<(typeof DETAIL_FIELDS)[number], string>;
const resolver = yupResolver(profileUpdateSchema) as unknown as Resolver<Details>;
const STATE_CHOICES = US_STATES.map((code) => ({ id: code, name: code }));

const detailsOf = (p: ServiceProviderProfile): Details =>
  Object.fromEntries(
    DETAIL_FIELDS.map((f) => [f, String((p as unknown as Record<string, unknown>)[f] ?? '')]),
  ) as Details;

/** The editable fields, laid out as registration lays them out. */
function DetailInputs() {
  const translate = useTranslate();
  const label = (field: string) => `portal.register.fields.${field}`;
  const countryChoices = COUNTRIES.map((code) => ({
    id: code,
    name: translate(`portal.register.countries.${code}`, { _: code }),
  }));
  return (
    <Box sx={formGridSx}>
      <FormTextInput
        source="first_name"
        label={label('first_name')}
        required
        maxLength={LIMITS.textMax}
        autoComplete="given-name"
      />
      <FormTextInput
        source="last_name"
        label={label('last_name')}
        required
        maxLength={LIMITS.textMax}
        autoComplete="family-name"
      />
      <FormPhoneInput source="phone_number" label={label('phone_number')} required />
      <FormTextInput source="title" label={label('title')} required maxLength={LIMITS.textMax} />
      <Box sx={FULL_ROW}>
        <FormTextInput
          source="company_name"
          label={label('company_name')}
          required
          maxLength={LIMITS.textMax}
          autoComplete="organization"
        />
      </Box>
      <Box sx={FULL_ROW}>
        <FormTextInput
          source="address"
          label={label('address')}
          required
          maxLength={200}
          autoComplete="address-line1"
        />
      </Box>
      <Box sx={FULL_ROW}>
        <FormTextInput
          source="address2"
          label="portal.profile.address2"
          maxLength={200}
          autoComplete="address-line2"
        />
      </Box>
      <FormSelectInput source="country" label={label('country')} required choices={countryChoices} />
      <FormSelectInput source="state" label={label('state')} required choices={STATE_CHOICES} />
      <FormTextInput source="city" label={label('city')} required maxLength={LIMITS.textMax} />
      <FormTextInput
        source="zipcode"
        label={label('zipcode')}
        required
        numeric
        maxLength={LIMITS.zipcodeMax}
      />
      <FormTextInput source="filer_id" label={label('filer_id')} required numeric maxLength={20} />
      <FormTextInput source="frn_number" label={label('frn_number')} required numeric maxLength={20} />
    </Box>
  );
}

export function DetailsForm({ profile }: { profile: ServiceProviderProfile }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const form = useForm<Details>({ resolver, mode: 'onBlur', defaultValues: detailsOf(profile) });
  const onSubmit = async (values: Details) => {
    try {
      const { address2, ...rest } = values;
      const saved = await dataProvider.updateProfile({ ...rest, ...(address2 ? { address2 } : {}) } as never);
      queryClient.setQueryData(PROFILE_QUERY_KEY, saved);
      form.reset(detailsOf(saved));
      notify('portal.profile.saved', { type: 'success' });
    } catch (error) {
      if (!showFieldErrors(form, error, DETAIL_FIELDS)) notify(failureMessage(error), { type: 'error' });
    }
  };

  return (
    <FormProvider {...form}>
      <Box
        component="form"
        noValidate
        onSubmit={form.handleSubmit(onSubmit)}
        aria-labelledby="profile-details-title"
      >
        <Typography id="profile-details-title" component="h2" variant="h6">
          {translate('portal.profile.details_title')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate('portal.register.fields.ocn')}: <strong>{profile.ocn}</strong> ·{' '}
          {translate('portal.register.fields.email')}: <strong>{profile.email}</strong>
          <br />
          {translate('portal.profile.details_hint')}
        </Typography>
        <DetailInputs />
        <Box sx={{ mt: 2 }}>
          <MainButton type="submit" loading={form.formState.isSubmitting}>
            {translate('portal.profile.save')}
          </MainButton>
        </Box>
      </Box>
    </FormProvider>
  );
}

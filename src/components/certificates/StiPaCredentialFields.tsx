// The STI-PA username and password a certificate asks for (generate, renew, automatic renewal): one pair of fields,
// with the limits of contract/certificates.ts, inside the caller's react-hook-form.
import { CERTIFICATE_LIMITS } from '../../../contract/certificates';
import { FormPasswordInput, FormTextInput } from '../inputs';

export function StiPaCredentialFields({ autoFocus = false }: { autoFocus?: boolean }) {
  return (
    <>
      <FormTextInput
        source="sti_pa_username"
        label="portal.certificates.sti_pa_username"
        maxLength={CERTIFICATE_LIMITS.stiPaUsernameMax}
        autoComplete="username"
        required
        autoFocus={autoFocus}
      />
      <FormPasswordInput
        source="sti_pa_password"
        label="portal.certificates.sti_pa_password"
        maxLength={CERTIFICATE_LIMITS.stiPaPasswordMax}
        autoComplete="current-password"
        required
      />
    </>
  );
}

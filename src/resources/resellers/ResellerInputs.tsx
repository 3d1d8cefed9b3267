// The form body the admin's Create and Edit share: name and company; the email only when creating (it is the
// reseller's sign-in and where the invitation goes).
import { TextInput } from 'react-admin';
import { LIMITS } from '../../../contract/constants';

/** The admin's reseller list (docs/screens.md, Resellers), where create and edit return. */
export const RESELLERS_PATH = '/admin/resellers';

export function ResellerInputs({ withEmail = false }: { withEmail?: boolean }) {
  return (
    <>
      <TextInput
        source="name"
        isRequired
        fullWidth
        slotProps={{ htmlInput: { maxLength: LIMITS.textMax } }}
      />
      {withEmail ? (
        <TextInput
          source="email"
          type="email"
          isRequired
          fullWidth
          helperText="portal.resellers.name_hint"
          slotProps={{ htmlInput: { maxLength: LIMITS.emailMax } }}
        />
      ) : null}
      <TextInput
        source="company_name"
        isRequired
        fullWidth
        slotProps={{ htmlInput: { maxLength: LIMITS.textMax } }}
      />
    </>
  );
}

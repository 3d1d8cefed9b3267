// Shows the field errors of a failed registration on the fields of the step the wizard returned to.
import { useEffect } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { RegistrationFailure } from './registrationData';

export function useServerErrors<T extends FieldValues>(
  form: { setError: UseFormSetError<T> },
  failure: RegistrationFailure | null | undefined,
  fields: readonly string[],
) {
  useEffect(() => {
    if (!failure) return;
    let first = true;
    for (const field of fields) {
      const message = failure.errors[field];
      if (!message) continue;
      form.setError(field as Path<T>, { type: 'server', message }, { shouldFocus: first });
      first = false;
    }
    // When the step opens with a failure, or a new failure arrives while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failure]);
}

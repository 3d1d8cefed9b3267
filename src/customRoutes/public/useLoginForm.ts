// The sign-in form's state, without a form library: the sign-in page is the first page of most visits, and
// react-hook-form was the largest package of its first load after react-dom. Three fields, validated as the other
// forms are (react-hook-form's mode 'all': a field on each change and on blur, every field on submit, the first
// one in error focused) with the same rule, contract/schemas.ts's loginSchema, loaded on the first validation by
// lazySchemaResolver.ts as for the other public forms.
import { useCallback, useRef, useState } from 'react';
import type { ValidationError } from 'yup';
import type { FieldBinding } from '../../components/inputs/fieldView';
import { loadContractSchemas } from './lazySchemaResolver';

export interface LoginValues {
  email: string;
  password: string;
  remember?: boolean;
}

type Name = keyof LoginValues;
type Errors = Partial<Record<Name, string>>;
const NAMES: Name[] = ['email', 'password', 'remember'];

/** Every field's first error under loginSchema, and the values it cast (the email trimmed). */
async function validate(values: LoginValues): Promise<{ values: LoginValues; errors: Errors }> {
  let loginSchema: Awaited<ReturnType<typeof loadContractSchemas>>['loginSchema'];
  try {
    ({ loginSchema } = await loadContractSchemas());
  } catch {
    // the rules could not be downloaded: the server, which checks the same ones, answers instead
    return { values, errors: {} };
  }
  try {
    return { values: (await loginSchema.validate(values, { abortEarly: false })) as LoginValues, errors: {} };
  } catch (e) {
    const failed = e as ValidationError;
    const errors: Errors = {};
    for (const { path, message } of failed.inner.length ? failed.inner : [failed])
      if (path && NAMES.includes(path as Name)) errors[path as Name] ??= message;
    return { values, errors };
  }
}

export interface LoginForm {
  bind(name: Name): FieldBinding;
  getValues(): LoginValues;
  /** A field's error from the server, the field focused. */
  setError(name: Name, message: string): void;
  /** The submit handler: `onValid` with the cast values once every field passes. */
  handleSubmit(onValid: (values: LoginValues) => unknown): (event: { preventDefault(): void }) => void;
}

export function useLoginForm(): LoginForm {
  const [values, setValues] = useState<LoginValues>({ email: '', password: '', remember: false });
  const [errors, setErrors] = useState<Errors>({});
  const current = useRef(values);
  const inputs = useRef<Partial<Record<Name, HTMLInputElement | null>>>({});
  // Validations are numbered; each field remembers the last one that was for it, and a validation's answer for a
  // field that a newer one is for is dropped (each field's own: checking the password does not drop the email's).
  const runs = useRef(0);
  const lastRun = useRef<Partial<Record<Name, number>>>({});

  const validateFor = useCallback(async (names: Name[]) => {
    const run = ++runs.current;
    for (const n of names) lastRun.current[n] = run;
    const result = await validate(current.current);
    const latest = names.filter((n) => lastRun.current[n] === run);
    setErrors((e) => ({ ...e, ...Object.fromEntries(latest.map((n) => [n, result.errors[n]])) }));
    return { ...result, stale: latest.length < names.length };
  }, []);

  const bind = (name: Name): FieldBinding => ({
    name,
    value: values[name],
    error: errors[name],
    ref: (el: HTMLInputElement | null) => {
      inputs.current[name] = el;
    },
    onChange(value) {
      current.current = { ...current.current, [name]: value };
      setValues(current.current);
      void validateFor([name]);
    },
    onBlur() {
      void validateFor([name]);
    },
  });

  return {
    bind,
    getValues: () => current.current,
    setError(name, message) {
      setErrors((e) => ({ ...e, [name]: message }));
      inputs.current[name]?.focus();
    },
    handleSubmit: (onValid) => (event) => {
      event.preventDefault();
      void validateFor(NAMES).then(({ values: cast, errors: found, stale }) => {
        // a field changed meanwhile: its own validation answers, and the user submits again
        if (stale) return;
        const first = NAMES.find((n) => found[n]);
        if (first) inputs.current[first]?.focus();
        else return onValid(cast);
      });
    },
  };
}

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
    const errors: Errors = {};
    for (const inner of (e as ValidationError).inner.length
      ? (e as ValidationError).inner
      : [e as ValidationError])
      if (inner.path && NAMES.includes(inner.path as Name)) errors[inner.path as Name] ??= inner.message;
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
  // a validation that ended after a newer one started is dropped
  const runs = useRef(0);

  const check = useCallback(async (name: Name) => {
    const run = ++runs.current;
    const { errors: found } = await validate(current.current);
    if (run === runs.current) setErrors((e) => ({ ...e, [name]: found[name] }));
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
      void check(name);
    },
    onBlur() {
      void check(name);
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
      const run = ++runs.current;
      void validate(current.current).then(({ values: cast, errors: found }) => {
        if (run !== runs.current) return;
        setErrors(found);
        const first = NAMES.find((n) => found[n]);
        if (first) inputs.current[first]?.focus();
        else return onValid(cast);
      });
    },
  };
}

// The forms of the pages in the sign-in page's first load validate with contract/schemas.ts's yup schemas, as
// every form does, but yup and the schemas arrive in a chunk of their own: fetched when a form first validates
// (its first keystroke, blur or submit), which then awaits it, rather than with the page.
import type { FieldValues, Resolver } from 'react-hook-form';

type Schemas = typeof import('../../../contract/schemas');
type SchemaName = {
  [K in keyof Schemas]: Schemas[K] extends { validate: (...args: never[]) => unknown } ? K : never;
}[keyof Schemas];

let schemas: Promise<Schemas> | undefined;
let loading: Promise<[Schemas, typeof import('@hookform/resolvers/yup')]> | undefined;

/** contract/schemas.ts, loaded once (a failed download is tried again at the next call). */
export function loadContractSchemas(): Promise<Schemas> {
  schemas ??= import('../../../contract/schemas');
  schemas.catch(() => (schemas = undefined));
  return schemas;
}

function loadValidation() {
  loading ??= Promise.all([loadContractSchemas(), import('@hookform/resolvers/yup')]);
  // a failed download is tried again at the next validation
  loading.catch(() => (loading = undefined));
  return loading;
}

/** yupResolver(schemas[name]), the schema loaded on first use. */
export function lazySchemaResolver<T extends FieldValues>(name: SchemaName): Resolver<T> {
  return async (values, context, options) => {
    const [schemas, { yupResolver }] = await loadValidation();
    return (yupResolver(schemas[name] as never) as unknown as Resolver<T>)(values, context, options);
  };
}

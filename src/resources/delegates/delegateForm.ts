// The delegate certificate form's values, the request they make, and their check: the contract's schemas
// (createDelegateSchema, renewDelegateSchema, and customerAcmeCredentialSchema for an ACME credential handed to a
// customer, which picks its customer and numbers the same way), so that the form says what the server would, in
// its words. A refusal of the whole request (nothing picked) is told under the numbers; a chosen CSR that is left
// empty under the CSR (the contract reads no CSR as "make the key").
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { ValidationError, type AnyObjectSchema } from 'yup';
import {
  DELEGATE_MESSAGES,
  createDelegateSchema,
  customerAcmeCredentialSchema,
  renewDelegateSchema,
} from '../../../contract/delegates';
import type { CreateDelegateRequest, DelegateSelectionRequest } from '../../dataProvider/delegateCalls';
import type { KeyChoiceValues } from './KeyChoiceFields';

export interface NumbersFilterValues {
  q: string;
  voip_user: string;
  organization: string;
}

/** For whom, and which numbers: what a delegate certificate and a customer's ACME credential both ask. */
export interface DelegateRequestValues {
  customer_name: string;
  customer_contact: string;
  numbers: string;
  /** All numbers of the number listing's filtered selection, besides the typed ones. */
  by_filter: boolean;
  filter: NumbersFilterValues;
}

export interface DelegateFormValues extends DelegateRequestValues, KeyChoiceValues {}

export const EMPTY_DELEGATE_REQUEST: DelegateRequestValues = {
  customer_name: '',
  customer_contact: '',
  numbers: '',
  by_filter: false,
  filter: { q: '', voip_user: '', organization: '' },
};

export const EMPTY_DELEGATE_FORM: DelegateFormValues = {
  ...EMPTY_DELEGATE_REQUEST,
  key: 'generate',
  csr: '',
};

/** The message key of a chosen CSR left empty. */
export const CSR_REQUIRED = 'portal.delegates.csr_required';

/** What a key choice sends: the CSR, or nothing (the portal makes the key). */
export const keyPayload = ({ key, csr }: KeyChoiceValues): { csr?: string } => (key === 'csr' ? { csr } : {});

/** The customer and numbers of the form: empty fields left out, the filter only when chosen, with the filters set. */
export function selectionPayload(values: DelegateRequestValues): DelegateSelectionRequest {
  const payload: DelegateSelectionRequest = { customer_name: values.customer_name };
  if (values.customer_contact.trim()) payload.customer_contact = values.customer_contact;
  if (values.numbers.trim()) payload.numbers = values.numbers;
  if (values.by_filter) {
    const entries = Object.entries(values.filter).filter(([, v]) => v.trim() !== '');
    payload.filter = Object.fromEntries(entries) as CreateDelegateRequest['filter'];
  }
  return payload;
}

/** The request of the delegate certificate form: its customer and numbers, and its key. */
export function delegatePayload(values: DelegateFormValues): CreateDelegateRequest {
  return { ...selectionPayload(values), ...keyPayload(values) };
}

/** react-hook-form's errors from a schema's refusal: each field its first message; `root` errors on `rootField`. */
async function checked(
  schema: AnyObjectSchema,
  payload: unknown,
  rootField: string,
): Promise<Record<string, { type: string; message: string }>> {
  const errors: Record<string, { type: string; message: string }> = {};
  try {
    await schema.validate(payload, { abortEarly: false });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    for (const inner of error.inner.length ? error.inner : [error]) {
      const path = inner.path || rootField;
      errors[path] ??= { type: inner.type ?? 'validation', message: inner.message };
    }
  }
  return errors;
}

/** Nested form errors from dotted paths ('filter.q'). */
function nest<T extends FieldValues>(
  flat: Record<string, { type: string; message: string }>,
): FieldErrors<T> {
  const out: Record<string, unknown> = {};
  for (const [path, error] of Object.entries(flat)) {
    const parts = path.split('.');
    let at = out;
    for (const part of parts.slice(0, -1)) at = (at[part] ??= {}) as Record<string, unknown>;
    at[parts[parts.length - 1]] = error;
  }
  return out as FieldErrors<T>;
}

type FlatErrors = Record<string, { type: string; message: string }>;

function keyErrors(values: KeyChoiceValues): FlatErrors {
  return values.key === 'csr' && !values.csr.trim()
    ? { csr: { type: 'required', message: CSR_REQUIRED } }
    : {};
}

export const delegateResolver: Resolver<DelegateFormValues> = async (values) => {
  const flat = {
    ...(await checked(createDelegateSchema, delegatePayload(values), 'numbers')),
    ...keyErrors(values),
  };
  return Object.keys(flat).length
    ? { values: {}, errors: nest<DelegateFormValues>(flat) }
    : { values, errors: {} };
};

export const customerAcmeResolver: Resolver<DelegateRequestValues> = async (values) => {
  const flat = await checked(customerAcmeCredentialSchema, selectionPayload(values), 'numbers');
  return Object.keys(flat).length
    ? { values: {}, errors: nest<DelegateRequestValues>(flat) }
    : { values, errors: {} };
};

export const renewResolver: Resolver<KeyChoiceValues> = async (values) => {
  const flat = { ...(await checked(renewDelegateSchema, keyPayload(values), 'csr')), ...keyErrors(values) };
  return Object.keys(flat).length
    ? { values: {}, errors: nest<KeyChoiceValues>(flat) }
    : { values, errors: {} };
};

/** The fields of DelegateRequestFields a refusal of the server may name. */
const REQUEST_FIELDS = [
  'customer_name',
  'customer_contact',
  'numbers',
  'filter.q',
  'filter.voip_user',
  'filter.organization',
] as const;
export type DelegateRequestField = (typeof REQUEST_FIELDS)[number];

const isRequestField = (name: string): name is DelegateRequestField =>
  (REQUEST_FIELDS as readonly string[]).includes(name);

/**
 * A refusal of the server told on the fields it is about: each field its `errors` name (its message; a list of the
 * numbers refused is told by the refusal's sentence, which names them), else under the numbers the refusal of
 * numbers it names (`numbers`) or of an empty selection. None: the refusal is about no field (no STI-SCA, an
 * inactive subscription), for the form to tell otherwise.
 */
export function requestFieldErrors(
  body: { errors?: unknown; numbers?: unknown; message?: unknown } | null | undefined,
  message: string,
): [DelegateRequestField, string][] {
  const errors = body?.errors && typeof body.errors === 'object' ? Object.entries(body.errors) : [];
  const named = errors.flatMap(([name, value]): [DelegateRequestField, string][] =>
    isRequestField(name) ? [[name, typeof value === 'string' && value.trim() ? value : message]] : [],
  );
  if (named.length) return named;
  if (Array.isArray(body?.numbers) || message === DELEGATE_MESSAGES.nothingPicked)
    return [['numbers', message]];
  return [];
}

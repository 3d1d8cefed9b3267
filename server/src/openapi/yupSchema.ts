// A yup schema as the OpenAPI 3.0 document shows it: read from `schema.describe()`, the rules the forms and the
// handlers apply (docs/api.md, `GET /api/docs`). It describes; yup still validates and words the refusals.
import type * as yup from 'yup';

/** The subset of OpenAPI 3.0's Schema Object this writes. */
export interface OpenApiSchema {
  type?: 'object' | 'string' | 'number' | 'integer' | 'boolean' | 'array';
  format?: string;
  description?: string;
  nullable?: boolean;
  enum?: unknown[];
  default?: unknown;
  properties?: Record<string, OpenApiSchema>;
  required?: string[];
  additionalProperties?: boolean;
  items?: OpenApiSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
}

interface Test {
  name?: string;
  params?: Record<string, unknown>;
}

/** What `describe()` answers for a field, whatever its kind. */
interface Description {
  type: string;
  label?: string;
  meta?: Record<string, unknown>;
  optional: boolean;
  nullable: boolean;
  default?: unknown;
  oneOf: unknown[];
  tests: Test[];
  fields?: Record<string, Description>;
  innerType?: Description;
}

/** A regular expression JSON Schema can carry: its flags beyond `u` (`i`, `m`, …) have no equivalent there. */
function patternOf(regex: unknown, required: boolean): string | undefined {
  if (!(regex instanceof RegExp) || regex.flags.replace(/[gu]/g, '') !== '') return undefined;
  // an absent optional text is sent empty by the forms, which the rules take (`excludeEmptyString`)
  return required ? regex.source : `^$|(?:${regex.source})`;
}

/** `oneOf` values, less the references to another field (`oneOf([ref('password')])`), which no enum can say. */
function enumOf(d: Description): unknown[] {
  return d.oneOf.filter(
    (v) =>
      v !== undefined && !(typeof v === 'object' && v !== null && (v as { type?: string }).type === 'ref'),
  );
}

/** The JSON type of a `mixed` field from its listed values, when they share one. */
function typeOfValues(values: unknown[]): OpenApiSchema['type'] {
  const kinds = new Set(values.filter((v) => v !== null).map((v) => typeof v));
  if (kinds.size !== 1) return undefined;
  const [kind] = kinds;
  return kind === 'string' || kind === 'number' || kind === 'boolean' ? kind : undefined;
}

function numberParam(test: Test, key: string): number | undefined {
  const value = test.params?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function describeString(d: Description, out: OpenApiSchema, required: boolean): void {
  for (const test of d.tests) {
    const n = numberParam(test, test.name === 'length' ? 'length' : (test.name ?? ''));
    if (test.name === 'min' && n !== undefined) out.minLength = n;
    else if (test.name === 'max' && n !== undefined) out.maxLength = n;
    else if (test.name === 'length' && n !== undefined) out.minLength = out.maxLength = n;
    else if (test.name === 'matches') {
      const pattern = patternOf(test.params?.regex, required);
      if (pattern !== undefined) out.pattern = pattern;
    } else if (test.name === 'email') out.format = 'email';
    else if (test.name === 'url') out.format = 'uri';
    else if (test.name === 'uuid') out.format = 'uuid';
  }
  // `required()` refuses an empty text as well as a missing one
  if (required && (out.minLength ?? 0) < 1) out.minLength = 1;
}

function describeNumber(d: Description, out: OpenApiSchema): void {
  for (const test of d.tests) {
    if (test.name === 'integer') out.type = 'integer';
    const min = numberParam(test, 'min');
    const max = numberParam(test, 'max');
    const more = numberParam(test, 'more');
    const less = numberParam(test, 'less');
    if (test.name === 'min' && min !== undefined) out.minimum = min;
    if (test.name === 'max' && max !== undefined) out.maximum = max;
    if (test.name === 'min' && more !== undefined) [out.minimum, out.exclusiveMinimum] = [more, true];
    if (test.name === 'max' && less !== undefined) [out.maximum, out.exclusiveMaximum] = [less, true];
  }
}

function describeArray(d: Description, out: OpenApiSchema): void {
  out.items = d.innerType ? fromDescription(d.innerType) : {};
  for (const test of d.tests) {
    const n = numberParam(test, test.name ?? '');
    if (test.name === 'min' && n !== undefined) out.minItems = n;
    if (test.name === 'max' && n !== undefined) out.maxItems = n;
    if (test.name === 'length' && numberParam(test, 'length') !== undefined)
      out.minItems = out.maxItems = numberParam(test, 'length');
  }
}

function describeObject(d: Description, out: OpenApiSchema): void {
  const fields = Object.entries(d.fields ?? {});
  out.properties = Object.fromEntries(fields.map(([name, field]) => [name, fromDescription(field)]));
  const required = fields.filter(([, field]) => !field.optional).map(([name]) => name);
  if (required.length > 0) out.required = required;
  // `noUnknown()`: a field the rules do not name is refused
  if (d.tests.some((t) => t.name === 'noUnknown')) out.additionalProperties = false;
}

/** One field's (or the body's) description as an OpenAPI 3.0 schema. */
export function fromDescription(d: Description): OpenApiSchema {
  const out: OpenApiSchema = {};
  const values = enumOf(d);
  const required = !d.optional && d.tests.some((t) => t.name === 'required');
  if (d.type === 'string' || d.type === 'boolean' || d.type === 'object' || d.type === 'array')
    out.type = d.type;
  else if (d.type === 'number') out.type = 'number';
  else if (d.type === 'date') [out.type, out.format] = ['string', 'date-time'];
  else if (d.type === 'mixed') out.type = typeOfValues(values);
  if (d.type === 'string') describeString(d, out, required);
  if (d.type === 'number') describeNumber(d, out);
  if (d.type === 'array') describeArray(d, out);
  if (d.type === 'object') describeObject(d, out);
  if (values.length > 0) out.enum = d.nullable && !values.includes(null) ? [...values, null] : values;
  if (d.nullable) out.nullable = true;
  const text = [d.label, d.meta?.description].filter((s) => typeof s === 'string' && s !== '');
  if (text.length > 0) out.description = text.join(': ');
  const useful = d.default !== undefined && typeof d.default !== 'function' && d.type !== 'object';
  if (useful) out.default = d.default;
  return out;
}

/** A yup schema, as the OpenAPI document shows it. */
export function yupToOpenApi(schema: yup.AnySchema): OpenApiSchema {
  return fromDescription(schema.describe() as unknown as Description);
}

// A yup schema as the API's document describes it (server/src/openapi/yupSchema.ts).
import Ajv from 'ajv';
import * as yup from 'yup';
import { describe, expect, it } from 'vitest';
import { revokeCertificateSchema } from '../../contract/certificates';
import { registrationSchema, setNewPasswordSchema, validate } from '../../contract/schemas';
import { yupToOpenApi } from '../../server/src/openapi/yupSchema';

describe('yupToOpenApi', () => {
  it('an object: its fields, the required ones, and no other field under noUnknown', () => {
    const schema = yup
      .object({
        name: yup.string().required(),
        note: yup.string().optional(),
        active: yup.boolean(),
        parent: yup.string().nullable(),
      })
      .noUnknown();
    expect(yupToOpenApi(schema)).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 1 },
        note: { type: 'string' },
        active: { type: 'boolean' },
        parent: { type: 'string', nullable: true },
      },
      required: ['name'],
      additionalProperties: false,
    });
    expect(yupToOpenApi(yup.object({ a: yup.string() }))).toEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
    });
  });

  it('a text: its lengths, its pattern (an optional one admits the empty text), a label and meta as description', () => {
    expect(
      yupToOpenApi(
        yup
          .string()
          .required()
          .min(3)
          .max(10)
          .matches(/^[a-z]+$/)
          .label('code')
          .meta({ description: 'lower case letters' }),
      ),
    ).toEqual({
      type: 'string',
      minLength: 3,
      maxLength: 10,
      pattern: '^[a-z]+$',
      description: 'code: lower case letters',
    });
    expect(yupToOpenApi(yup.string().matches(/^\d+$/, { excludeEmptyString: true }))).toEqual({
      type: 'string',
      pattern: '^$|(?:^\\d+$)',
    });
    expect(yupToOpenApi(yup.string().length(4).email())).toEqual({
      type: 'string',
      minLength: 4,
      maxLength: 4,
      format: 'email',
    });
  });

  it('a pattern whose flags JSON Schema cannot say (case-insensitive) is left out rather than misstated', () => {
    expect(yupToOpenApi(yup.string().matches(/^[a-f]+$/i))).toEqual({ type: 'string' });
  });

  it('listed values: an enum, typed when they share a type; a reference to another field is no value', () => {
    expect(yupToOpenApi(yup.mixed().oneOf(['a', 'b']))).toEqual({ type: 'string', enum: ['a', 'b'] });
    expect(yupToOpenApi(yup.mixed().oneOf([1, 'b']))).toEqual({ enum: [1, 'b'] });
    expect(yupToOpenApi(yup.string().nullable().oneOf(['x', null]))).toEqual({
      type: 'string',
      enum: ['x', null],
      nullable: true,
    });
    expect(yupToOpenApi(setNewPasswordSchema).properties?.password_extra).toEqual({
      type: 'string',
      minLength: 1,
    });
  });

  it('numbers, arrays and defaults', () => {
    expect(yupToOpenApi(yup.number().integer().min(1).max(366))).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 366,
    });
    expect(yupToOpenApi(yup.number().moreThan(0).lessThan(5))).toEqual({
      type: 'number',
      minimum: 0,
      exclusiveMinimum: true,
      maximum: 5,
      exclusiveMaximum: true,
    });
    expect(yupToOpenApi(yup.array(yup.string().required()).min(1).max(3))).toEqual({
      type: 'array',
      items: { type: 'string', minLength: 1 },
      minItems: 1,
      maxItems: 3,
    });
    expect(yupToOpenApi(yup.boolean().default(false))).toEqual({ type: 'boolean', default: false });
    expect(yupToOpenApi(yup.date())).toEqual({ type: 'string', format: 'date-time' });
  });

  it('agrees with the rules on real bodies: what they take it takes, what they refuse it refuses', async () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    const revoke = ajv.compile(yupToOpenApi(revokeCertificateSchema));
    for (const body of [{}, { reason: 'key_compromise' }]) {
      await expect(validate(revokeCertificateSchema, body)).resolves.toBeDefined();
      expect(revoke(body), JSON.stringify(body)).toBe(true);
    }
    for (const body of [{ reason: 'lost' }, { reason: 'unspecified', other: 1 }]) {
      await expect(validate(revokeCertificateSchema, body)).rejects.toThrow();
      expect(revoke(body), JSON.stringify(body)).toBe(false);
    }
    const registration = yupToOpenApi(registrationSchema);
    expect(registration.required).toEqual(expect.arrayContaining(['ocn', 'email', 'password']));
    expect(registration.properties?.ocn.pattern).toBe('^\\d{3}[A-Za-z0-9]$');
    const ocn = ajv.compile(registration.properties?.ocn ?? {});
    expect([ocn('123A'), ocn('12A'), ocn('')]).toEqual([true, false, false]);
  });
});

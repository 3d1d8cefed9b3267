// The filtering and formatting of the portal's text inputs (docs/screens.md, Input rules).
import { describe, expect, it } from 'vitest';
import { US_PHONE_RE } from '../../contract/schemas';
import {
  blockLeadingSpace,
  dataUrlToBlob,
  filterTextInput,
  formatPhoneNumber,
  keepAlphanumeric,
  keepDigits,
  trimValue,
} from '../../src/components/inputs/format';

describe('text input filters', () => {
  it('alphanumeric keeps letters, digits, space, apostrophe and hyphen', () => {
    expect(keepAlphanumeric("O'Brien-Smith Jr. #2, <b>")).toBe("O'Brien-Smith Jr 2 b");
    expect(keepAlphanumeric('José Müller')).toBe('José Müller');
    expect(keepAlphanumeric('a_b@c!d')).toBe('abcd');
  });

  it('numeric keeps digits only', () => {
    expect(keepDigits('12a-3 4.5')).toBe('12345');
    expect(keepDigits('')).toBe('');
  });

  it('blocks a leading space', () => {
    expect(blockLeadingSpace('   Acme Inc ')).toBe('Acme Inc ');
    expect(blockLeadingSpace('\tx')).toBe('x');
  });

  it('combines the options', () => {
    expect(filterTextInput(' abc')).toBe('abc');
    expect(filterTextInput(' abc', { allowSpaces: true })).toBe(' abc');
    expect(filterTextInput(' 12ab34', { numeric: true })).toBe('1234');
    expect(filterTextInput(' a.b', { alphanumeric: true })).toBe('ab');
    expect(filterTextInput('123a', { uppercase: true })).toBe('123A');
    expect(filterTextInput('a b  c', {})).toBe('a b  c');
  });

  it('numeric wins over alphanumeric', () => {
    expect(filterTextInput('a1 b2', { numeric: true, alphanumeric: true })).toBe('12');
  });

  it('trims on blur', () => {
    expect(trimValue('  Acme  ')).toBe('Acme');
    expect(trimValue(undefined)).toBe('');
    expect(trimValue(null)).toBe('');
    expect(trimValue(42)).toBe('42');
  });
});

describe('formatPhoneNumber', () => {
  it('formats 10 US digits as (area) prefix-line', () => {
    expect(formatPhoneNumber('2015550123')).toBe('(201) 555-0123');
    expect(formatPhoneNumber('201-555-0123')).toBe('(201) 555-0123');
    expect(formatPhoneNumber('(201) 555 0123', 'US')).toBe('(201) 555-0123');
  });

  it('keeps the optional leading 1 within 15 characters', () => {
    const formatted = formatPhoneNumber('+1 (201) 555-0123');
    expect(formatted).toBe('1(201) 555-0123');
    expect(formatted).toHaveLength(15);
  });

  it('produces what the registration schema accepts', () => {
    expect(US_PHONE_RE.test(formatPhoneNumber('2015550123'))).toBe(true);
    expect(US_PHONE_RE.test(formatPhoneNumber('12015550123'))).toBe(true);
  });

  it("lets the extension the validator allows be typed: 'x' and four digits after a complete number", () => {
    // typed one key at a time after the formatted number, as the input sees it
    let value = formatPhoneNumber('2015550123');
    for (const key of 'x1234') value = formatPhoneNumber(value + key);
    expect(value).toBe('2015550123x1234');
    expect(US_PHONE_RE.test(value)).toBe(true);
    expect(value.length).toBeLessThanOrEqual(15);
    expect(formatPhoneNumber('(201) 555-0123 X12345')).toBe('2015550123x1234');
    expect(formatPhoneNumber('2015550123x12a')).toBe('2015550123x12');
  });

  it('drops the extension back to the formatted number, and an x before the number is complete', () => {
    expect(formatPhoneNumber('2015550123x')).toBe('2015550123x');
    expect(formatPhoneNumber('2015550123')).toBe('(201) 555-0123');
    expect(formatPhoneNumber('201555x')).toBe('201555');
  });

  it('keeps only digits while the number is incomplete', () => {
    expect(formatPhoneNumber('201-555')).toBe('201555');
    expect(formatPhoneNumber('(201) 555-012')).toBe('201555012');
    expect(formatPhoneNumber('abc')).toBe('');
  });

  it('keeps digits for numbers that are not a US pattern, never longer than 15', () => {
    expect(formatPhoneNumber('22015550123')).toBe('22015550123');
    expect(formatPhoneNumber('1234567890123456789')).toBe('123456789012345');
  });

  it('does not format other countries', () => {
    expect(formatPhoneNumber('+44 20 7946 0958', 'GB')).toBe('442079460958');
  });
});

describe('dataUrlToBlob', () => {
  it('decodes a base64 PNG data URL', async () => {
    const bytes = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
    const url = `data:image/png;base64,${btoa(String.fromCharCode(...bytes))}`;
    const blob = dataUrlToBlob(url);
    expect(blob.type).toBe('image/png');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual(bytes);
  });

  it('decodes a URL-encoded data URL', async () => {
    const blob = dataUrlToBlob('data:text/plain,hello%20world');
    expect(blob.type).toBe('text/plain');
    expect(await blob.text()).toBe('hello world');
  });
});

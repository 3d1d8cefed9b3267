// Pure filtering and formatting of what users type into the portal's text inputs (docs/screens.md, Input
// rules).
import { LIMITS } from '../../../contract/constants';

export interface TextFilterOptions {
  /** Only letters, digits, space, apostrophe and hyphen can be typed. */
  alphanumeric?: boolean;
  /** Only digits can be typed. */
  numeric?: boolean;
  /** Allow a leading space (blocked by default). */
  allowSpaces?: boolean;
  /** Upper-case what is typed (the OCN is stored uppercased). */
  uppercase?: boolean;
}

const NOT_ALPHANUMERIC = /[^\p{L}\p{M}0-9 '-]/gu;
const NOT_DIGIT = /\D/g;
const LEADING_SPACE = /^\s+/;

/** Letters, digits, space, apostrophe and hyphen only. */
export function keepAlphanumeric(value: string): string {
  return value.replace(NOT_ALPHANUMERIC, '');
}

/** Digits only. */
export function keepDigits(value: string): string {
  return value.replace(NOT_DIGIT, '');
}

/** A value may not start with whitespace. */
export function blockLeadingSpace(value: string): string {
  return value.replace(LEADING_SPACE, '');
}

/** What a text input keeps of a keystroke or a paste, under its options. */
export function filterTextInput(value: string, options: TextFilterOptions = {}): string {
  let next = value ?? '';
  if (options.numeric) next = keepDigits(next);
  else if (options.alphanumeric) next = keepAlphanumeric(next);
  if (!options.allowSpaces) next = blockLeadingSpace(next);
  if (options.uppercase) next = next.toUpperCase();
  return next;
}

/** What a text input holds once it loses focus. */
export function trimValue(value: unknown): string {
  return typeof value === 'string' ? value.trim() : value == null ? '' : String(value);
}

const US_NUMBER = /^(1?)(\d{3})(\d{3})(\d{4})$/;
const EXTENSION_MARK = /x/i;
const EXTENSION_DIGITS = 4;

/**
 * A complete US number followed by an `x`: the extension the validator allows ('x' plus four digits).
 * The number then stays plain digits, `2015550123x1234`, because `(201) 555-0123x1234` would not fit the
 * 15-character maximum. Null when the value has no extension to keep.
 */
function withExtension(value: string, country: string): string | null {
  const [number, ...rest] = value.split(EXTENSION_MARK);
  const digits = keepDigits(number);
  if (country !== 'US' || rest.length === 0 || !US_NUMBER.test(digits)) return null;
  return `${digits}x${keepDigits(rest.join('')).slice(0, EXTENSION_DIGITS)}`.slice(0, LIMITS.phoneMax);
}

/**
 * The phone input keeps only digits, and for the US an extension after a complete number (withExtension).
 * For the US, a complete number of 10 digits (or 11 with a leading 1) is shown as `(area) prefix-line`, with
 * the optional leading 1 in front: `1(201) 555-0123` fits the 15-character maximum. Anything else stays
 * digits, never longer than 15 characters. The contract's validator decides what is valid.
 */
export function formatPhoneNumber(value: string, country: string = 'US'): string {
  const extended = withExtension(value ?? '', country);
  if (extended !== null) return extended;
  const digits = keepDigits(value ?? '');
  if (country === 'US' && digits.length >= 10) {
    const match = US_NUMBER.exec(digits);
    if (match) {
      const [, lead, area, prefix, line] = match;
      return `${lead}(${area}) ${prefix}-${line}`;
    }
  }
  return digits.slice(0, LIMITS.phoneMax);
}

/** The PNG bytes of a data URL, for the sign_file part of the registration. */
export function dataUrlToBlob(dataUrl: string): Blob {
  const [header, data = ''] = dataUrl.split(',', 2);
  const type = /^data:([^;,]+)/.exec(header)?.[1] ?? 'image/png';
  if (!/;base64$/.test(header)) return new Blob([decodeURIComponent(data)], { type });
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

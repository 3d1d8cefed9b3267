// Rules shared by the end-entity and the CA lints, from RFC 5280 as zlint checks them: the subject's string types,
// characters and lengths (Appendix A upper bounds), and the encoding of the validity times (§4.1.2.5).
import { TAG, ascii, children } from '../der';
import { OID } from '../x509Parts';
import type { NameAttribute, Parsed, Report } from './parse';

/** RFC 5280 Appendix A upper bounds (ub-*), by attribute OID. */
const MAX_LENGTH: Record<string, number> = {
  [OID.commonName]: 64,
  [OID.organizationName]: 64,
  [OID.serialNumber]: 64,
  '2.5.4.11': 64, // organizationalUnitName
  '2.5.4.7': 128, // localityName
  '2.5.4.8': 128, // stateOrProvinceName
};

/** X.680's PrintableString alphabet. */
const PRINTABLE = /^[A-Za-z0-9 '()+,\-./:=?]*$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The subject's strings: a PrintableString only in its alphabet, no control characters, serialNumber and C as
 * PrintableString, each attribute within its RFC 5280 upper bound (in characters).
 */
export function checkSubjectStrings({ error, check }: Report, attrs: NameAttribute[]): void {
  check('subject-encoding', () => {
    for (const a of attrs) {
      if (a.tag === TAG.printableString && !PRINTABLE.test(a.text))
        error(
          'subject-encoding',
          `${a.oid} ${JSON.stringify(a.text)} is outside the PrintableString alphabet`,
        );
      if (CONTROL.test(a.text)) error('subject-encoding', `${a.oid} contains a control character`);
      if ((a.oid === OID.serialNumber || a.oid === OID.countryName) && a.tag !== TAG.printableString)
        error('subject-encoding', `${a.oid} must be a PrintableString`);
      const max = MAX_LENGTH[a.oid];
      if (max && [...a.text].length > max)
        error('subject-length', `${a.oid} has ${[...a.text].length} characters, at most ${max} allowed`);
    }
  });
}

/** Validity times: UTCTime through 2049, GeneralizedTime from 2050 (the Z form and seconds: decodeTime). */
export function checkTimeEncoding({ error, check }: Report, p: Parsed): void {
  check('validity-encoding', () => {
    for (const t of children(p.validity)) {
      const generalized = t.tag === TAG.generalizedTime;
      const year = Number(ascii(t.value.subarray(0, generalized ? 4 : 2)));
      if (generalized && year < 2050)
        error('validity-encoding', `a time in ${year} must be a UTCTime, not a GeneralizedTime`);
    }
  });
}

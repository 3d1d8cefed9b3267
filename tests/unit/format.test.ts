import { describe, expect, it } from 'vitest';
import {
  countText,
  dateText,
  dateTimeText,
  moneyText,
  phoneText,
  utcDateTimeText,
} from '../../contract/format';

describe('one format for each kind of value', () => {
  it('writes money with a dollar sign, thousands separators and cents', () => {
    expect(moneyText(1000)).toBe('$1,000.00');
    expect(moneyText('100')).toBe('$100.00');
    expect(moneyText('1234.5')).toBe('$1,234.50');
    expect(moneyText(0)).toBe('$0.00');
    for (const bad of [null, undefined, '', 'ten', Number.NaN, Infinity]) expect(moneyText(bad)).toBe('');
  });

  it('writes counts with thousands separators', () => {
    expect(countText(2000)).toBe('2,000');
    expect(countText('1000000')).toBe('1,000,000');
    expect(countText(7)).toBe('7');
    expect(countText(null)).toBe('');
  });

  it('writes dates as en-US calendar dates in UTC', () => {
    expect(dateText('2026-12-21T00:00:00Z')).toBe('12/21/2026');
    expect(dateText(new Date('2026-01-05T23:59:59Z'))).toBe('1/5/2026');
    expect(dateText('not a date')).toBe('');
    expect(dateText(null)).toBe('');
  });

  it('writes times with the whole year, and names UTC when the server writes them', () => {
    expect(dateTimeText('2026-12-21T15:04:00Z')).toMatch(/^12\/2[12]\/2026, \d{1,2}:04:00 [AP]M$/);
    expect(utcDateTimeText(new Date('2026-12-21T15:04:00Z'))).toBe('12/21/2026, 3:04:00 PM UTC');
    expect(utcDateTimeText('')).toBe('');
  });

  it('writes US numbers as (area) prefix-line and leaves others as given', () => {
    expect(phoneText('2015550123')).toBe('(201) 555-0123');
    expect(phoneText('12015550123')).toBe('+1 (201) 555-0123');
    expect(phoneText('+1 201-555-0123')).toBe('+1 (201) 555-0123');
    expect(phoneText('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(phoneText(null)).toBe('');
  });
});

// The kinds of list filter: what each binds, what it refuses (a 400 naming the filter, `errors: {<name>: …}`), the
// one limit of a search text, and the SQL each writes, through parseListQuery as the routes use them.
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../server/src/http/errors';
import { type ListFilter, type ListSpec, parseListQuery } from '../../server/src/http/list';
import {
  MAX_FILTER_TEXT,
  boolean,
  contains,
  date,
  oneOf,
  text,
  uuid,
  wholeNumber,
} from '../../server/src/http/listFilters';

const ID = '0b9c6e0e-5d7a-4c3e-9a1b-2f4d6e8a0c1e';

/** The value `filter` binds for `raw` under the name `name`. */
const bind = (filter: ListFilter, raw: unknown, name = 'f') => filter.value!(raw, name);

/** The 400 `filter` answers to `raw` under `name`: its message, also under errors[name]. */
function refusal(filter: ListFilter, raw: unknown, name = 'f'): string {
  try {
    bind(filter, raw, name);
  } catch (e) {
    expect(e).toBeInstanceOf(HttpError);
    const err = e as HttpError;
    expect(err.statusCode).toBe(400);
    expect(err.extra.errors).toEqual({ [name]: err.message });
    return err.message;
  }
  throw new Error(`expected ${JSON.stringify(raw)} to be refused`);
}

describe('contains', () => {
  const q = contains('p.company_name', 'p.email');

  it('binds %text% trimmed, for ILIKE on any of its columns', () => {
    expect(bind(q, '  Acme ')).toBe('%Acme%');
    expect(q.sql('$2', '%Acme%')).toBe('(p.company_name ILIKE $2 OR p.email ILIKE $2)');
    expect(contains('x.name').sql('$1', '')).toBe('(x.name ILIKE $1)');
  });

  it('takes the wildcards and backslashes of the text literally', () => {
    expect(bind(q, '100%')).toBe('%100\\%%');
    expect(bind(q, 'a_b')).toBe('%a\\_b%');
    expect(bind(q, 'c:\\d')).toBe('%c:\\\\d%');
  });

  it(`takes up to ${MAX_FILTER_TEXT} characters and refuses more, naming the filter`, () => {
    expect(MAX_FILTER_TEXT).toBe(100);
    expect(bind(q, 'x'.repeat(100))).toBe(`%${'x'.repeat(100)}%`);
    expect(refusal(q, 'x'.repeat(101), 'q')).toBe('q must be a text of at most 100 characters');
  });

  it('refuses what is not a text', () => {
    for (const raw of [12, true, ['a'], { a: 1 }]) {
      expect(refusal(q, raw, 'q')).toBe('q must be a text of at most 100 characters');
    }
  });
});

describe('text', () => {
  it('binds the text as sent, for an equality on its column', () => {
    const change = text('c.change');
    expect(bind(change, ' Activated ')).toBe(' Activated ');
    expect(change.sql('$3', 'x')).toBe('c.change = $3');
  });

  it('refuses more than 100 characters and what is not a text', () => {
    expect(refusal(text('c.change'), 'x'.repeat(101), 'change')).toBe(
      'change must be a text of at most 100 characters',
    );
    expect(refusal(text('c.change'), 5, 'change')).toBe('change must be a text of at most 100 characters');
  });
});

describe('uuid', () => {
  it('binds an id lowercased, cast to uuid', () => {
    const sp = uuid('p.service_provider_id');
    expect(bind(sp, ID.toUpperCase())).toBe(ID);
    expect(sp.sql('$2', ID)).toBe('p.service_provider_id = $2::uuid');
  });

  it('refuses what is not an id', () => {
    for (const raw of ['x', `${ID}0`, 42, null]) {
      expect(refusal(uuid('p.id'), raw, 'service_provider_uuid')).toBe('service_provider_uuid must be an id');
    }
  });
});

describe('oneOf', () => {
  const status = oneOf('i.status', ['open', 'paid', 'void']);

  it('binds one of its values, spelled exactly', () => {
    expect(bind(status, 'paid')).toBe('paid');
    expect(status.sql('$1', 'paid')).toBe('i.status = $1');
  });

  it('refuses any other value, listing them', () => {
    for (const raw of ['Paid', 'lost', 1, ['paid']]) {
      expect(refusal(status, raw, 'status')).toBe('status must be one of open, paid, void');
    }
  });
});

describe('boolean', () => {
  const active = boolean('x.is_active');

  it('binds true or false, as JSON or as text', () => {
    expect(bind(active, true)).toBe(true);
    expect(bind(active, 'true')).toBe(true);
    expect(bind(active, false)).toBe(false);
    expect(bind(active, 'false')).toBe(false);
    expect(active.sql('$1', true)).toBe('x.is_active = $1');
  });

  it('refuses anything else', () => {
    for (const raw of ['maybe', 'TRUE', 1, 0, 'yes']) {
      expect(refusal(active, raw, 'is_active')).toBe('is_active must be true or false');
    }
  });
});

describe('wholeNumber', () => {
  const days = wholeNumber((p) => `p.ends < now() + ${p}::int * interval '1 day'`, 0, 3650);

  it('binds a whole number in its bounds, as a number or in digits, under its own condition', () => {
    expect(bind(days, 0)).toBe(0);
    expect(bind(days, '30')).toBe(30);
    expect(bind(days, 3650)).toBe(3650);
    expect(days.sql('$2', 30)).toBe("p.ends < now() + $2::int * interval '1 day'");
    expect(wholeNumber('p.count', 1, 9).sql('$1', 1)).toBe('p.count = $1::int');
  });

  it('refuses a number out of its bounds, a fraction, or anything else', () => {
    for (const raw of [-1, 3651, 1.5, '1e3', '30 ', 'x', true, '99999999']) {
      expect(refusal(days, raw, 'expiring_within_days')).toBe(
        'expiring_within_days must be a whole number from 0 to 3650',
      );
    }
  });
});

describe('date', () => {
  const from = date((p) => `l.occurred_on >= ${p}::timestamptz`);

  it('binds a date, or a date and time, as its instant', () => {
    expect(bind(from, '2026-03-01')).toBe('2026-03-01T00:00:00.000Z');
    expect(bind(from, '2026-03-01T12:30:00Z')).toBe('2026-03-01T12:30:00.000Z');
    expect(from.sql('$1', '')).toBe('l.occurred_on >= $1::timestamptz');
    expect(date('l.day').sql('$1', '')).toBe('l.day = $1::timestamptz');
  });

  it('refuses what is not a date', () => {
    for (const raw of ['yesterday', '2026-13-45', '01/03/2026', 20260301, `2026-03-01${' '.repeat(40)}`]) {
      expect(refusal(from, raw, 'occurred_from')).toBe('occurred_from must be a date (YYYY-MM-DD)');
    }
  });
});

describe('in a list query', () => {
  const spec: ListSpec = {
    sortable: { created_on: 'p.created_on' },
    filters: { q: contains('p.company_name', 'p.ocn'), status: oneOf('p.status', ['active', 'expired']) },
    defaultSort: ['created_on', 'DESC'],
  };
  const query = (filter: unknown) => ({ filter: JSON.stringify(filter) });

  it('names each filter by its key and binds its values after the offset', () => {
    const list = parseListQuery(query({ q: '50%', status: 'active' }), spec, { paramOffset: 1 });
    expect(list.where).toEqual(['((p.company_name ILIKE $2 OR p.ocn ILIKE $2))', '(p.status = $3)']);
    expect(list.params).toEqual(['%50\\%%', 'active']);
  });

  it('answers the 400 under the filter’s key', () => {
    try {
      parseListQuery(query({ status: 'gone' }), spec);
      throw new Error('expected a 400');
    } catch (e) {
      expect((e as HttpError).statusCode).toBe(400);
      expect((e as HttpError).extra.errors).toEqual({ status: 'status must be one of active, expired' });
    }
  });
});

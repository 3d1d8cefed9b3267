// The key list's two paging forms through the list helper: the API's skip/take (answered {total, data}) and
// the list protocol's range (answered with Content-Range).
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../server/src/http/errors';
import { type ListSpec, parseListQuery } from '../../server/src/http/list';

const spec: ListSpec = {
  sortable: { created_on: 'created_on', priv_key_uuid: 'id' },
  filters: {},
  defaultSort: ['created_on', 'DESC'],
  tiebreaker: 'id',
};
const opts = { paramOffset: 1, skipTake: { maxTake: 9999 } };

describe('parseListQuery with skipTake', () => {
  it('pages by skip/take, or by nothing at all, capped at maxTake', () => {
    expect(parseListQuery({ skip: '1', take: '1' }, spec, opts)).toMatchObject({
      offset: 1,
      limit: 1,
      range: null,
      skipTake: true,
    });
    expect(parseListQuery({}, spec, opts)).toMatchObject({ offset: 0, limit: 9999, skipTake: true });
    expect(parseListQuery({ take: '100000' }, spec, opts).limit).toBe(9999);
    // skip/take win over a range sent with them; sort still applies
    const both = parseListQuery(
      { skip: '0', take: '10', range: '[0,0]', sort: '["created_on","ASC"]' },
      spec,
      opts,
    );
    expect(both).toMatchObject({ offset: 0, limit: 10, range: null, orderBy: 'created_on ASC, id ASC' });
  });

  it('leaves a range request to the list protocol', () => {
    const q = parseListQuery({ range: '[0,0]' }, spec, opts);
    expect(q).toMatchObject({ offset: 0, limit: 1, range: [0, 0] });
    expect(q.skipTake).toBeUndefined();
    expect(parseListQuery({}, spec).skipTake).toBeUndefined();
  });

  it('refuses a skip or take that is not a whole number from 0', () => {
    for (const [name, value] of [
      ['skip', '-1'],
      ['take', '1.5'],
      ['take', 'x'],
    ]) {
      const err = (() => {
        try {
          parseListQuery({ [name]: value }, spec, opts);
        } catch (e) {
          return e;
        }
      })() as HttpError;
      expect(err).toBeInstanceOf(HttpError);
      expect(err.statusCode).toBe(400);
      expect(err.message).toBe(`${name} must be a non-negative integer`);
    }
  });
});

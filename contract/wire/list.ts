// The query string of every list (docs/api.md, "Conventions"): react-admin's simple REST protocol, and the key
// list's `skip`/`take`. Declared once for each list route's `querystring`, so that the OpenAPI document describes
// it; the values are JSON text that http/list.ts parses against the list's own sorts and filters (with its messages).
import { Type, type Static } from './kit';

/**
 * Text the list's parser checks with its own messages, a repeated value too (`sort=a&sort=b`), which it refuses by
 * name: the schema admits a list of texts rather than answering first with a message of its own.
 */
export const ListParameter = (description: string) =>
  Type.Optional(
    Type.Unsafe<string | string[]>({
      anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
      description,
    }),
  );

export const ListQuerystring = Type.Object({
  sort: ListParameter('JSON ["field","ASC"|"DESC"]: a sort the list allows'),
  range: ListParameter('JSON [first,last]: the rows to answer, from 0'),
  filter: ListParameter('JSON {field: value}: the filters the list allows'),
});
export type ListQuerystring = Static<typeof ListQuerystring>;

/** The key list's paging beside the protocol's (`{ total, data }` answers). */
export const SkipTakeQuerystring = Type.Composite([
  ListQuerystring,
  Type.Object({
    skip: ListParameter('rows to skip, a whole number'),
    take: ListParameter('rows to answer, a whole number'),
  }),
]);
export type SkipTakeQuerystring = Static<typeof SkipTakeQuerystring>;

// The query string of every list (docs/api.md, "Conventions"): react-admin's simple REST protocol, and the key list's
// `skip`/`take`. Declared once for each list route's `querystring`, so that the OpenAPI document describes it; the
// values are JSON text that http/list.ts parses against the list's own sorts and filters (with its messages).
import { Type, type Static } from './kit';

export const ListQuerystring = Type.Object({
  sort: Type.Optional(Type.String({ description: 'JSON ["field","ASC"|"DESC"]: a sort the list allows' })),
  range: Type.Optional(Type.String({ description: 'JSON [first,last]: the rows to answer, from 0' })),
  filter: Type.Optional(Type.String({ description: 'JSON {field: value}: the filters the list allows' })),
});
export type ListQuerystring = Static<typeof ListQuerystring>;

/** The key list's paging beside the protocol's (`{ total, data }` answers). */
export const SkipTakeQuerystring = Type.Composite([
  ListQuerystring,
  Type.Object({
    skip: Type.Optional(Type.String({ description: 'rows to skip, a whole number' })),
    take: Type.Optional(Type.String({ description: 'rows to answer, a whole number' })),
  }),
]);
export type SkipTakeQuerystring = Static<typeof SkipTakeQuerystring>;

// The ids in a route's path, checked at the edge (docs/wire.md): a route whose path names an id declares it here,
// and a request whose id is not a UUID is refused before any handler or service runs.
import { UUID_RE } from '../ids';
import { Type, type Static } from './kit';

/** A UUID of any version, as contract/ids.ts defines it (the one pattern; JSON schema's `pattern` has no flags). */
export const Uuid = () =>
  Type.String({ pattern: UUID_RE.source.replace(/\[0-9a-f\]/g, '[0-9a-fA-F]'), description: 'a UUID' });

/** `{ <name>: uuid }`: the params schema of a route with one id in its path, `/…/:id`. */
export const IdParams = <N extends string>(name: N) =>
  Type.Object({ [name]: Uuid() } as Record<N, ReturnType<typeof Uuid>>);

/** The most common one: `/…/:id`. */
export const ById = IdParams('id');
export type ById = Static<typeof ById>;

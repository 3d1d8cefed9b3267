// The PGlite template of the server tests: what a test database on PGlite starts as (initdb, today's migrations and
// pg-boss's schema), made once by tests/server/globalSetup.ts and reused while PGlite and the migrations stay the
// same (its stamp says). A test database copies it (tens of ms) instead of running initdb and the migrations (about
// 1.4 s of CPU per test file).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const TEST_PGLITE_TEMPLATE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../build/test/pglite-template',
);

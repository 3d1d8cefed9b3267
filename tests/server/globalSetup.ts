// Once per run of the server tests: makes the template that each PGlite test database and each spawned server's new
// data folder copies (tests/server/db/pgliteTemplate.ts), unless the one there is already the installed PGlite's with
// today's migrations. Made on PostgreSQL runs too: the process tests' servers run on PGlite there as well.
import { createPgliteTemplate, isPgliteTemplate } from '../../server/src/db/pgliteTemplateBuild';
import { TEST_PGLITE_TEMPLATE } from './db/pgliteTemplate';

export default async function setup(): Promise<void> {
  if (isPgliteTemplate(TEST_PGLITE_TEMPLATE)) return;
  await createPgliteTemplate(TEST_PGLITE_TEMPLATE);
}

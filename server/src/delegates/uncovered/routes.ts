// Delegates that lost numbers over HTTP (docs/delegates.md, "Numbers stay true"): the provider's own, and every
// provider's for an admin.
import type { FastifyInstance } from 'fastify';
import { Type } from '../../../../contract/wire/kit';
import { DelegateUncovered } from '../../../../contract/wire/numbers';
import type { Database } from '../../db';
import { access, providerActor } from '../../http/guard';
import { toView, uncoveredOfAll, uncoveredOfProvider } from './store';

export interface CoverageDeps {
  db: Database;
  now: () => Date;
}

/** One delegate that lost numbers, with the provider whose it is. */
const AdminDelegateUncovered = Type.Composite([
  DelegateUncovered,
  Type.Object({ service_provider_id: Type.String({ format: 'uuid' }), company_name: Type.String() }),
]);

export async function coverageRoutes(app: FastifyInstance, deps: CoverageDeps): Promise<void> {
  app.get(
    '/api/service_provider/delegates/uncovered',
    {
      config: access('delegates', 'list'),
      schema: { response: { 200: Type.Array(DelegateUncovered) } },
    },
    async (request) =>
      (await uncoveredOfProvider(deps.db, providerActor(request).serviceProviderId, deps.now())).map(toView),
  );

  app.get(
    '/api/admin/delegates/uncovered',
    {
      config: access('delegate-coverage', 'list'),
      schema: { response: { 200: Type.Array(AdminDelegateUncovered) } },
    },
    async () =>
      (await uncoveredOfAll(deps.db, deps.now())).map((r) => ({
        ...toView(r),
        service_provider_id: r.service_provider_id,
        company_name: r.company_name,
      })),
  );
}

/**
 * The handlers of the public routes (no key, no metering), by the name the route table gives them:
 * health, the OpenAPI document and the docs page.
 */
import type { Catalog } from '../catalog/catalog.ts';
import type { TierTable } from '../limits/tiers.ts';
import type { StoreStatus } from '../limits/usage-store.ts';
import { createPublicPages } from './public-pages.ts';
import type { ApiRequest, Reply } from './reply.ts';
import { json } from './replies.ts';
import type { PublicRouteName } from './routes.ts';

export interface PublicRoutesDeps {
  catalog(): Catalog | undefined;
  counterStoreStatus(): StoreStatus;
  tiers: TierTable;
  version: string;
  /** The service's public base URL, for the docs page's examples; relative links when absent. */
  publicUrl?: () => string;
}

export type PublicHandler = (request: ApiRequest) => Reply;

export function createPublicRoutes(deps: PublicRoutesDeps): Record<PublicRouteName, PublicHandler> {
  const pages = createPublicPages({
    tiers: deps.tiers,
    publicUrl: deps.publicUrl ?? (() => ''),
    // The docs page is built at its first request, and once more when the first catalog is loaded.
    catalog: deps.catalog,
    version: deps.version,
  });

  /** GET /v1/health: 503 until a catalog is loaded; `degraded` while the counter store fails. */
  function health(): Reply {
    const catalog = deps.catalog();
    const redis = deps.counterStoreStatus();
    const status = catalog === undefined ? 'unavailable' : redis === 'ok' ? 'ok' : 'degraded';
    const body = JSON.stringify({
      status,
      version: deps.version,
      dataVersion: catalog?.dataVersion ?? null,
      exerciseCount: catalog?.exercises.length ?? 0,
      checks: { supabase: catalog === undefined ? 'unavailable' : 'ok', redis },
    });
    return json(catalog === undefined ? 503 : 200, body);
  }

  return { health, docs: pages.docs, openapi: pages.openapi };
}

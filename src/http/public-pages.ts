/**
 * The bodies of the public documentation routes, GET /v1/openapi.json and GET /docs (also at
 * /docs/errors): built on first use (after the server knows its public URL), then served like any
 * fixed body, with an ETag and compressed once.
 */
import { createHash } from 'node:crypto';
import type { Catalog } from '../catalog/catalog.ts';
import type { TierTable } from '../limits/tiers.ts';
import { exampleExercisePosition, exampleMediaPath, exampleResponses } from './docs-examples.ts';
import { fixedReply, PUBLIC_CACHE_CONTROL, PUBLIC_VARY, type Representation } from './caching.ts';
import { negotiate } from './compression.ts';
import { buildDocsPage } from './docs-page.ts';
import { buildOpenApi } from './openapi.ts';
import type { ApiRequest, Reply } from './reply.ts';
import { HTML_TYPE, JSON_TYPE } from './replies.ts';

export interface PublicPagesDeps {
  tiers: TierTable;
  /** '' when unknown: the page then uses relative URLs. */
  publicUrl(): string;
  /** The loaded catalog, for the examples; undefined before one is loaded. */
  catalog(): Catalog | undefined;
  version: string;
}

interface Page {
  body: Buffer;
  how: Representation;
}

/** Built once per process, so hashing the body here costs nothing per request. */
function pageOf(text: string, contentType: [string, string]): Page {
  const body = Buffer.from(text);
  const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"`;
  return { body, how: { etag, contentType, cacheControl: PUBLIC_CACHE_CONTROL, vary: PUBLIC_VARY } };
}

export function createPublicPages(deps: PublicPagesDeps): { openapi(request: ApiRequest): Reply; docs(request: ApiRequest): Reply } {
  let openapi: Record<string, unknown> | undefined;
  let openapiPage: Page | undefined;
  let docsPage: Page | undefined;
  /** The catalog the docs page's examples were taken from: a page built before one was loaded is rebuilt once it is. */
  let docsCatalog: Catalog | undefined;
  const document = () => (openapi ??= buildOpenApi(deps.tiers, deps.version));
  const serve = (request: ApiRequest, page: Page) => fixedReply(request, page.body, negotiate(request.acceptEncoding), page.how);
  return {
    openapi(request) {
      openapiPage ??= pageOf(JSON.stringify(document()), JSON_TYPE);
      return serve(request, openapiPage);
    },
    docs(request) {
      const catalog = deps.catalog();
      if (docsPage === undefined || (docsCatalog === undefined && catalog !== undefined)) {
        docsCatalog = catalog;
        const exerciseId = catalog === undefined ? 'Barbell_Bench_Press' : catalog.exercises[exampleExercisePosition(catalog)]!.id;
        docsPage = pageOf(
          buildDocsPage(document(), deps.tiers, {
            base: deps.publicUrl(),
            exerciseId,
            mediaPath: exampleMediaPath(catalog),
            responses: exampleResponses(catalog, deps.version),
          }),
          HTML_TYPE,
        );
      }
      return serve(request, docsPage);
    },
  };
}

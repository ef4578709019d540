/**
 * The media host's part of the OpenAPI document (openapi.ts adds it): one public operation whose path
 * parameters are the patterns media-host.ts serves by, so the document cannot drift from the host.
 */
import { CLIP_NAME } from '../catalog/snapshot-media.ts';
import { ID_PATTERN } from '../catalog/snapshot-schema.ts';
import { CLIP_TYPES, STILL_NAME } from './media-host.ts';
import type { HeaderName } from './response-schemas.ts';

type Json = Record<string, unknown>;

/** What the media operation takes from the document it joins: its header builder and the 404 envelope. */
export interface MediaDocumentParts {
  headers(required: readonly HeaderName[], optional?: readonly HeaderName[]): Json;
  notFound: Json;
}

/** GET /media/{id}/{file}: a still or a clip, public, never metered (docs/api.md#media). */
export function mediaOperation(parts: MediaDocumentParts): Json {
  const { headers } = parts;
  const served = ['X-Request-Id', 'Cache-Control', 'ETag'] as HeaderName[];
  const binary = { type: 'string', contentMediaType: 'application/octet-stream' };
  const clipTypes = Object.values(CLIP_TYPES);
  return {
    operationId: 'getMedia',
    summary: 'A still (<n>.jpg) or a clip (demo-<n>.mp4) the catalog lists; no key. HEAD answers the same without a body.',
    security: [],
    parameters: [
      {
        name: 'id',
        in: 'path',
        required: true,
        description: 'An exercise id.',
        schema: { type: 'string', pattern: ID_PATTERN.source },
      },
      {
        name: 'file',
        in: 'path',
        required: true,
        description: 'A still or a clip of the exercise.',
        // The names the media host serves, from the patterns it serves them by.
        schema: { type: 'string', pattern: `^(${STILL_NAME.source.slice(1, -1)}|${CLIP_NAME.source.slice(1, -1)})$` },
      },
      {
        name: 'If-None-Match',
        in: 'header',
        required: false,
        description: 'An ETag from an earlier response.',
        schema: { type: 'string' },
      },
      {
        name: 'Range',
        in: 'header',
        required: false,
        description: 'On clips: bytes=a-b, bytes=a- or bytes=-n.',
        schema: { type: 'string' },
      },
    ],
    responses: {
      200: {
        description: 'The file.',
        headers: headers(served, ['Accept-Ranges']),
        content: Object.fromEntries(['image/jpeg', ...clipTypes].map((type) => [type, { schema: binary }])),
      },
      206: {
        description: 'Part of a clip.',
        headers: headers([...served, 'Accept-Ranges', 'Content-Range']),
        content: Object.fromEntries(clipTypes.map((type) => [type, { schema: binary }])),
      },
      304: { description: 'Not modified: If-None-Match named the current ETag.', headers: headers(served, ['Accept-Ranges']) },
      404: parts.notFound,
    },
  };
}

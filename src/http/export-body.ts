/**
 * The body of GET /v1/export: every public exercise as one line of JSON (NDJSON), in default order.
 * It is read straight from the per-exercise bytes the catalog built once at load, joined into pieces
 * of about 64 KB only as the client reads them (see StreamedBody), so an export costs no copy of the
 * catalog, however many clients are downloading it.
 */
import type { Catalog } from '../catalog/catalog.ts';
import type { CacheKind, SearchIndex } from '../search/search-index.ts';
import type { StreamedBody } from './reply.ts';

/** Big enough that a piece is one cheap write, small enough that a slow reader pins little memory. */
export const PIECE_BYTES = 64 * 1024;
const NEWLINE = Buffer.from('\n');

/** The export's length, worked out once per search index. */
const EXPORT_LENGTH: CacheKind<number, { readonly catalog: Catalog }> = {
  name: 'the length of GET /v1/export',
  make({ catalog }) {
    let length = 0;
    for (const bytes of catalog.exerciseBytes) length += bytes.length + NEWLINE.length;
    return length;
  },
};

function* exportPieces(exerciseBytes: readonly Buffer[]): Generator<Buffer, void, undefined> {
  let batch: Buffer[] = [];
  let batchBytes = 0;
  for (let position = 0; position < exerciseBytes.length; position++) {
    const bytes = exerciseBytes[position]!;
    batch.push(bytes, NEWLINE);
    batchBytes += bytes.length + NEWLINE.length;
    if (batchBytes >= PIECE_BYTES) {
      yield Buffer.concat(batch, batchBytes);
      batch = [];
      batchBytes = 0;
    }
  }
  if (batchBytes > 0) yield Buffer.concat(batch, batchBytes);
}

export function exportBody(index: SearchIndex): StreamedBody {
  const { catalog } = index;
  return { length: index.caches.of(EXPORT_LENGTH), pieces: () => exportPieces(catalog.exerciseBytes) };
}

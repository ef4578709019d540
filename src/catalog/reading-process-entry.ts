/**
 * The reading process's entry (reading-process.ts starts it with `--single-threaded-gc` and a bounded
 * heap): for each request it reads and checks the snapshot file (snapshot-reader.ts), lists its media
 * (media-listing.ts), builds the catalog and, with the build module named on its command line (the
 * search index: search/index-parts.ts), what is served from it, and then hands the main thread one piece
 * at a time, each when asked for: the catalog's (catalog-pieces.ts), then the build's. Asked for one at
 * a time, no piece waits in the main thread's queue to be received beside another.
 *
 * It keeps, between reads, the last snapshot it read (records equal to it need no second check) and the
 * last catalog it built and sent, under that read's id (unchanged records keep their objects and bytes;
 * when the main thread says it serves that one, they are sent as their positions there).
 */
import { basename } from 'node:path';
import { problem } from '../problems.ts';
import { runNow } from '../time-slices.ts';
import { type Catalog, catalogSteps } from './catalog.ts';
import { catalogPieces } from './catalog-pieces.ts';
import { listMediaSteps } from './media-listing.ts';
import type { BuildModule, FromProcess, ToProcess } from './reading-process.ts';
import { readSnapshot } from './snapshot-reader.ts';
import type { Snapshot } from './snapshot-schema.ts';

const buildModule = process.argv[2];
/** The build module, or why it could not be loaded: then every read says why it built nothing, and the main thread builds. */
const builder: BuildModule | { problem: string } | undefined =
  buildModule === undefined || buildModule === ''
    ? undefined
    : await import(buildModule).then(
        (loaded) => loaded as BuildModule,
        (error: unknown) => ({ problem: `the build module could not be loaded (${String(error)})` }),
      );

let lastSnapshot: Snapshot | undefined;
/**
 * The catalog the last read built and sent, under that read's id: the next build keeps its unchanged
 * records (and their bytes), and they go as positions in it when the main thread serves it. A build that
 * throws stops this process, so nothing half-built is ever kept.
 */
let lastSent: { readId: number; catalog: Catalog } | undefined;
/** The pieces of the read under way, handed over one per `next`. */
let pending: { readId: number; pieces: unknown[] } | undefined;

function send(message: FromProcess): void {
  process.send!(message);
}

/** What is served from `catalog` as the build module's pieces, or why there are none. */
function built(catalog: Catalog): { pieces: unknown[] } | { problem: string } {
  if (builder === undefined) return { problem: 'no build module' };
  if ('problem' in builder) return builder;
  try {
    return { pieces: builder.buildParts(catalog) };
  } catch (error) {
    return { problem: String((error as Error)?.stack ?? error) };
  }
}

function read({ readId, file, dir, maxBytes, liveId, media }: Extract<ToProcess, { kind: 'read' }>): void {
  pending = undefined;
  const result = readSnapshot(file, dir, maxBytes, lastSnapshot);
  if (!result.ok) {
    send({ kind: 'refused', readId, problems: result.problems });
    return;
  }
  const snapshot = media === undefined ? result.value : runNow(listMediaSteps(result.value, media.folders, media.url));
  lastSnapshot = snapshot;
  const catalog = runNow(catalogSteps(snapshot, basename(file), undefined, lastSent?.catalog));
  const index = built(catalog);
  // Records the main thread's live catalog holds go as positions, only when it serves what this process sent last.
  const sent = catalogPieces(catalog, lastSent !== undefined && lastSent.readId === liveId ? lastSent.catalog : undefined);
  lastSent = { readId, catalog };
  const buildPieces = 'pieces' in index ? index.pieces : [];
  pending = { readId, pieces: [...sent, ...buildPieces] };
  send({
    kind: 'ready',
    readId,
    catalogPieces: sent.length,
    buildPieces: buildPieces.length,
    buildProblem: 'problem' in index ? index.problem : undefined,
  });
}

process.on('message', (message: ToProcess) => {
  if (message.kind === 'read') {
    read(message);
  } else if (pending?.readId === message.readId && message.at < pending.pieces.length) {
    send({ kind: 'piece', readId: message.readId, piece: pending.pieces[message.at] });
    if (message.at === pending.pieces.length - 1) pending = undefined;
  } else {
    send({
      kind: 'refused',
      readId: message.readId,
      problems: [problem('', '', `could not be read (no piece ${message.at} of read ${message.readId})`)],
    });
  }
});
// The main process went away (even by SIGKILL, its end of the channel closes): nothing is left to read for.
process.on('disconnect', () => process.exit(0));

/**
 * The reading process's entry (reading-process.ts starts it with `--single-threaded` and a bounded
 * heap): for each request it reads and checks the snapshot file (snapshot-reader.ts), lists its media
 * (media-listing.ts), builds the catalog and, with the build module named on its command line (the
 * search index: search/index-parts.ts), what is served from it, and then hands the main thread one piece
 * at a time, each when asked for: the catalog's (catalog-pieces.ts), then the build's. Asked for one at
 * a time, no piece waits in the main thread's queue to be received beside another.
 *
 * It keeps, between reads, what the last read that passed leaves (snapshot-reader.ts: records whose
 * bytes did not change are not parsed again, and records equal to its own need no second check) and the
 * last catalog it built and sent, under that read's id (unchanged records keep their objects and bytes;
 * when the main thread says it serves that one, they are sent as their positions there), with the bytes
 * of each build piece it sent (v8.serialize): a build piece of the next read with the same bytes as the
 * one in its place goes as that one's place, and the main thread takes the one it holds (a day's
 * edits leave most of an index's parts as they were, and each part received whole is memory that the
 * serving thread's young-generation collections copy with the thread stopped). A build piece that
 * changed goes as those bytes, which the main thread deserializes: serialized once, not again by the
 * channel. One answer (`built`) carries a run of a build's pieces, so unchanged runs and small changed
 * pieces do not cost a round trip each.
 *
 * The catalog and index builds run in slices of about a millisecond, and between slices the process
 * waits while the other tasks want every core and its deadline allows (idle-cpu.ts): a reload's CPU
 * comes from what serving leaves idle where it can.
 */
import { basename } from 'node:path';
import { performance } from 'node:perf_hooks';
import { serialize } from 'node:v8';
import { ok, problem } from '../problems.ts';
import { runPaced, type Steps } from '../time-slices.ts';
import { type Catalog, catalogSteps } from './catalog.ts';
import { catalogPieces } from './catalog-pieces.ts';
import { expectedCpuMs, idleCpuPacer, type ReadCost, READ_TARGET_MS } from './idle-cpu.ts';
import { listMediaSteps } from './media-listing.ts';
import type { BuildModule, FromProcess, ToProcess } from './reading-process.ts';
import { type ReadMemory, rereadSnapshot } from './snapshot-reader.ts';

const buildModule = process.argv[2];
/** The build module, or why it could not be loaded: then every read says why it built nothing, and the main thread builds. */
const builder: BuildModule | { problem: string } | undefined =
  buildModule === undefined || buildModule === ''
    ? undefined
    : await import(buildModule).then(
        (loaded) => loaded as BuildModule,
        (error: unknown) => ({ problem: `the build module could not be loaded (${String(error)})` }),
      );

/**
 * Bytes of changed build pieces per answer, beside any number of unchanged ones (which go as their
 * places): the main thread takes an answer's pieces from their bytes one per turn of its event loop
 * (received-pieces.ts), so an answer can carry many; each is at most about 32 KB (search/structures/part-chunks.ts).
 */
const BUILT_BYTES_PER_ANSWER = 256 * 1024;

/** A read's build pieces as sent: where they start among its pieces, and each one's bytes (v8.serialize), in order. */
interface SentBytes {
  readonly firstBuilt: number;
  readonly bytes: Buffer[];
}

/** The CPU time the last read took up to saying it was ready, its file's size and changed bytes: what the next expects (idle-cpu.ts). */
let lastCost: ReadCost | undefined;

/** What the last read that passed leaves for the next: its snapshot as checked (before media are listed) and its records' bytes. */
let lastRead: ReadMemory | undefined;
/**
 * The catalog the last read built and sent, under that read's id: the next build keeps its unchanged
 * records (and their bytes), and they go as positions in it when the main thread serves it. A build that
 * throws stops this process, so nothing half-built is ever kept.
 */
let lastSent: { readId: number; catalog: Catalog; built: SentBytes } | undefined;
type ReadRequest = Extract<ToProcess, { kind: 'read' }>;

/**
 * The pieces of the read under way (`request` asked for them), handed over as `next` asks; `built.bytes`
 * fills as they go, and `earlier` is the build pieces of the read the main thread serves, if this process sent it.
 */
interface Pending {
  readonly request: ReadRequest;
  readonly readId: number;
  readonly pieces: unknown[];
  readonly built: SentBytes;
  readonly earlier: SentBytes | undefined;
}
let pending: Pending | undefined;

function send(message: FromProcess): void {
  process.send!(message);
}

/** What is served from `catalog` as the build module's pieces, or why there are none. */
function buildOf(catalog: Catalog, run: <T>(steps: Steps<T>) => T): { pieces: unknown[] } | { problem: string } {
  if (builder === undefined) return { problem: 'no build module' };
  if ('problem' in builder) return builder;
  try {
    return { pieces: builder.buildParts(catalog, run) };
  } catch (error) {
    return { problem: String((error as Error)?.stack ?? error) };
  }
}

/**
 * A read's file checked and built over what the last read left, paced to the CPU serving leaves idle.
 * It changes nothing of this process's but the index build's last index (index-parts.ts), which the
 * next build borrows from.
 */
function readAndBuild({ file, dir, maxBytes, media }: ReadRequest) {
  const cpuAtStart = process.cpuUsage();
  const start = performance.now();
  const cpuMs = () => {
    const cpu = process.cpuUsage(cpuAtStart);
    return (cpu.user + cpu.system) / 1000;
  };
  const result = rereadSnapshot(file, dir, maxBytes, lastRead);
  if (!result.ok) return result;
  const { fileBytes, changedBytes } = result.value;
  // The read itself is one step (it cannot wait part way); what follows is paced.
  const pacer = idleCpuPacer({
    start,
    deadline: start + READ_TARGET_MS,
    expectedCpuMs: expectedCpuMs(lastCost, fileBytes, changedBytes),
    now: () => performance.now(),
    cpuMs,
  });
  const run = <T>(steps: Steps<T>): T => runPaced(steps, pacer);
  const checked = result.value.snapshot;
  const snapshot = media === undefined ? checked : run(listMediaSteps(checked, media.folders, media.url));
  const catalog = run(catalogSteps(snapshot, basename(file), undefined, lastSent?.catalog));
  const index = buildOf(catalog, run);
  /** What the read has cost so far: what the next read expects (expectedCpuMs). */
  const cost = (): ReadCost => ({ cpuMs: cpuMs(), fileBytes, changedBytes });
  return ok({ memory: result.value, catalog, index, pacer, cost });
}

function read(request: ReadRequest): void {
  const { readId, liveId } = request;
  pending = undefined;
  const built = readAndBuild(request);
  if (!built.ok) {
    send({ kind: 'refused', readId, problems: built.problems });
    return;
  }
  const { memory, catalog, index, pacer, cost } = built.value;
  lastRead = memory;
  // Records the main thread's live catalog holds go as positions, and pieces it holds as their places, only
  // when it serves what this process sent last.
  const serving = lastSent !== undefined && lastSent.readId === liveId ? lastSent : undefined;
  const sent = catalogPieces(catalog, serving?.catalog);
  const sentBytes: SentBytes = { firstBuilt: sent.length, bytes: [] };
  lastSent = { readId, catalog, built: sentBytes };
  const buildPieces = 'pieces' in index ? index.pieces : [];
  pending = { request, readId, pieces: [...sent, ...buildPieces], built: sentBytes, earlier: serving?.built };
  const pacedBy = lastCost;
  lastCost = cost();
  send({
    kind: 'ready',
    readId,
    catalogPieces: sent.length,
    buildPieces: buildPieces.length,
    buildProblem: 'problem' in index ? index.problem : undefined,
    waitedMs: pacer.waitedMs(),
    cpuMs: lastCost.cpuMs,
    pacedBy,
  });
}

/**
 * The build's pieces from piece `from` of the read under way, as one answer: a run of them, each one
 * equal to the piece in its place in the read the main thread serves going as that one's place, the
 * others as their bytes, up to BUILT_BYTES_PER_ANSWER of those. A build's pieces come in the same order
 * every read (each language's parts, field by field), so a piece is compared with the one in its place.
 */
function builtItems({ pieces, built, earlier }: Pending, from: number): (number | Uint8Array)[] {
  const items: (number | Uint8Array)[] = [];
  let sentBytes = 0;
  for (let at = from - built.firstBuilt; built.firstBuilt + at < pieces.length; at++) {
    // Kept whichever way it goes: the next read compares with it, and a piece that ended this answer
    // begins the next.
    built.bytes[at] ??= serialize(pieces[built.firstBuilt + at]);
    const bytes = built.bytes[at]!;
    if (earlier?.bytes[at]?.equals(bytes) === true) items.push(earlier.firstBuilt + at);
    else if (items.length > 0 && sentBytes + bytes.length > BUILT_BYTES_PER_ANSWER) break;
    else {
      items.push(bytes);
      sentBytes += bytes.length;
    }
  }
  return items;
}

/** Whether this process has handed a read over and rehearsed it (rehearse): once, after its first read, REHEARSALS times over. */
let isRehearsed = false;
/**
 * How many times the first file is read again. The code and heap warm up over several reads: in process
 * the same reload of 20 records took 530-730 ms of CPU after one rehearsal and 230-420 after two, each
 * rehearsal 340-560 (stop 55).
 */
const REHEARSALS = 2;

/**
 * Reads the first read's file again over what that read left, as a reload reads a new file (the same
 * records' bytes compared, the catalog built over the last one, the index over the last index's texts,
 * its pieces serialized and compared with those sent), and drops the result. A reload's code otherwise
 * runs for the first time on the first reload after a start, in a process whose compiling has no thread
 * of its own: that reload took 1.3-1.8 s on an idle box against 0.6-1.1 s for the next of the same size,
 * and 2.4-3.3 s beside two CPU-bound processes (docs/performance.md#reloading-a-snapshot). The rehearsal
 * is paced like a read; a read asked for meanwhile waits for it. The index it builds becomes the one the
 * next build borrows from: built from the same file, it holds what the first read's held.
 */
function rehearse(request: ReadRequest): void {
  const sent = lastSent;
  if (pending !== undefined || sent === undefined) return;
  const built = readAndBuild(request);
  if (!built.ok || !('pieces' in built.value.index)) return;
  // What the next read is paced by (expectedCpuMs): this one, warmer, not the first read, which ran every
  // path cold and expected a reload of 20 records to take more than its whole second, so that the first
  // reloads after a start never waited for idle CPU (docs/operations.md#snapshot-reloads).
  lastCost = built.value.cost();
  catalogPieces(built.value.catalog, sent.catalog);
  for (const [at, piece] of built.value.index.pieces.entries()) serialize(piece).equals(sent.built.bytes[at] ?? Buffer.alloc(0));
}

process.on('message', (message: ToProcess) => {
  if (message.kind === 'read') {
    read(message);
  } else if (pending?.readId === message.readId && message.at < pending.pieces.length) {
    const { at, readId } = message;
    /** The last piece this answer gives. */
    let last = at;
    // The build's pieces only: the catalog's unchanged records already go as positions, and comparing
    // the catalog's pieces too (30 MB when every record changed; digested then) made the worst busy
    // reload 1.9-2.2 s in three runs of the reload suite, against 1.6-1.7 s.
    if (at < pending.built.firstBuilt) send({ kind: 'piece', readId, piece: pending.pieces[at] });
    else {
      const items = builtItems(pending, at);
      send({ kind: 'built', readId, items });
      last = at + items.length - 1;
    }
    if (last === pending.pieces.length - 1) {
      const { request } = pending;
      pending = undefined;
      if (!isRehearsed) {
        isRehearsed = true;
        setImmediate(() => {
          for (let i = 0; i < REHEARSALS; i++) rehearse(request);
        });
      }
    }
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

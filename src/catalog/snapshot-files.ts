/**
 * Snapshot files in DATA_DIR (`YYYY-MM-DD.json`): keeping the newest valid one live. Each candidate is
 * read and checked in a process of the service's own (reading-process.ts), so a huge, hostile or slow
 * file never pauses serving; that process builds the new catalog, which is put together here beside the
 * live one (in slices, so serving goes on), and what is served from it (its search index, which this
 * module does not know) is built there too and adopted here (`offThread`), or built here by `prepare`
 * when it could not be; then both are swapped in whole. A file that fails the check is refused with a
 * logged reason (once per version of the file) and the live one keeps serving.
 */
import { type FSWatcher, watch as fsWatch, readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { DATE_FILE_NAME } from '../dates.ts';
import { fileSignature } from '../files.ts';
import type { Logger } from '../log.ts';
import { formatProblems, type Result } from '../problems.ts';
import type { Catalog } from './catalog.ts';
import { readSnapshot } from './snapshot-reader.ts';
import type { MediaFolders } from './media-listing.ts';
import { type LiveRead, type ProcessRead, type ReadWork, readInProcess, stopReadingProcess } from './reading-process.ts';
import type { Snapshot } from './snapshot-schema.ts';

/** MAX_SNAPSHOT_BYTES's default (docs/operations.md#environment): 64 MiB. */
export const DEFAULT_MAX_SNAPSHOT_BYTES = 64 * 2 ** 20;
/** The loader's log message for a snapshot it refused: the loader says so only in its log, which the metrics tap. */
export const SNAPSHOT_REFUSED = 'snapshot refused; the live catalog keeps serving';

/** How long a change in DATA_DIR must be followed by no other before the loader looks (a copy in progress keeps changing). */
const WATCH_QUIET_MS = 100;

/** Snapshot file names in `dir`, newest first. */
export function listSnapshotFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => DATE_FILE_NAME.test(name))
    .sort()
    .reverse();
}

/**
 * A snapshot file's text as the project's tools write it (`npm run snapshot`, scripts/build-snapshot.ts):
 * JSON with one space of indent, and a closing newline. One layout for every tool matters beyond looks:
 * a reload does not parse again the records whose bytes did not change (snapshot-spans.ts), so a file
 * that changes a day's records in another layout is read as if every record had changed.
 */
export function snapshotText(snapshot: unknown): string {
  return `${JSON.stringify(snapshot, null, 1)}\n`;
}

/** Reads and checks one snapshot file on this thread (the CLI and tests); problems name the file. */
export function readSnapshotFile(file: string, maxBytes = DEFAULT_MAX_SNAPSHOT_BYTES): Result<Snapshot> {
  return readSnapshot(file, undefined, maxBytes);
}

export interface CatalogLoaderOptions<T> {
  dir: string;
  maxBytes: number;
  logger: Logger;
  /**
   * Builds what is served from a new catalog (its search index); the pair is swapped in together.
   * `previous` is what the live catalog is served from, which the build may borrow from.
   */
  prepare(catalog: Catalog, previous: T | undefined): Promise<T>;
  /**
   * The same built by the reading process with `module` (a BuildModule, reading-process.ts) over its
   * catalog of the snapshot, and adopted here over the catalog put together from it: `adopt` resolves
   * with why it cannot be, when it cannot (then `prepare` builds it here, and the log says why).
   */
  offThread?: {
    module: URL;
    adopt(catalog: Catalog, parts: unknown[], previous: T | undefined): Promise<{ adopted: T } | { problem: string }>;
  };
  /**
   * The media the catalog lists, decided against the media folders by the reading process
   * (media-listing.ts) for media served from `url()`; a new signature reloads.
   */
  media?: { signature(): string; folders: MediaFolders; url(): string };
}

/** Holds what is served from the live catalog and replaces it when a newer (or changed) valid snapshot appears. */
export class CatalogLoader<T> {
  readonly #options: CatalogLoaderOptions<T>;
  /** The live catalog, under the id of the read that gave it (the reading process sends only what differs from it). */
  #live: LiveRead | undefined;
  #served: T | undefined;
  #currentSignature: string | undefined;
  /** file -> signature of a version already refused, so a broken file is not re-checked (or re-logged) every poll. */
  readonly #refused = new Map<string, string>();
  #timer: NodeJS.Timeout | undefined;
  #watcher: FSWatcher | undefined;
  #debounce: NodeJS.Timeout | undefined;
  #hasWarnedEmpty = false;
  /** The reload under way, if any; a reload asked for meanwhile runs once after it. */
  #running: Promise<void> | undefined;
  #isAskedAgain = false;

  constructor(options: CatalogLoaderOptions<T>) {
    this.#options = options;
  }

  get current(): T | undefined {
    return this.#served;
  }

  /** Serves the newest valid snapshot; resolves once this check (and any asked for meanwhile) is done. */
  reload(): Promise<void> {
    if (this.#running !== undefined) {
      this.#isAskedAgain = true;
      return this.#running;
    }
    this.#running = (async () => {
      do {
        this.#isAskedAgain = false;
        await this.#reloadOnce().catch((error: unknown) => {
          // A bug in a build must not take the server down (an unhandled rejection would): the live catalog keeps serving.
          this.#options.logger.error('catalog build failed; the live catalog keeps serving', {
            error: String((error as Error)?.stack ?? error),
          });
        });
      } while (this.#isAskedAgain);
    })().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #reloadOnce(): Promise<void> {
    const { dir, maxBytes, logger } = this.#options;
    let hasRefused = false;
    for (const name of listSnapshotFiles(dir)) {
      const file = join(dir, name);
      const fileSigned = fileSignature(file);
      if (fileSigned === undefined) continue;
      const signature = `${fileSigned}|${this.#options.media?.signature() ?? ''}`;
      if (this.#live?.catalog.source === name && this.#currentSignature === signature) return;
      if (this.#refused.get(name) === signature) continue;
      const started = performance.now();
      const { media, offThread } = this.#options;
      const work: ReadWork = {
        media: media === undefined ? undefined : { folders: media.folders, url: media.url() },
        build: offThread?.module,
      };
      const result = await readInProcess(file, dir, maxBytes, work, this.#live);
      const readMs = performance.now() - started;
      if (!result.ok) {
        this.#refused.set(name, signature);
        logger.error(SNAPSHOT_REFUSED, {
          file,
          problems: formatProblems(result.problems.slice(0, 20)),
          problemCount: result.problems.length,
          live: this.#live?.catalog.dataVersion ?? null,
        });
        hasRefused = true;
        continue;
      }
      this.#refused.delete(name);
      const { catalog, processMs, waitedMs, cpuMs } = result.value;
      const { served, builtBy } = await this.#serve(catalog, result.value.built);
      const prepareMs = performance.now() - started - readMs;
      const previous = this.#live?.catalog.dataVersion ?? null;
      // The pieces too: the next read sends those it would send again as their places here. They hold
      // little beside what is served (the index's parts are the adopted ones, records the catalog's),
      // except after a read whose parts could not be adopted: those are kept, unused, until the next.
      this.#live = { readId: result.value.readId, catalog, pieces: result.value.pieces };
      this.#served = served;
      this.#currentSignature = signature;
      logger.info('catalog loaded', {
        file,
        dataVersion: catalog.dataVersion,
        exercises: catalog.exercises.length,
        previous,
        // Where the time went (docs/operations.md#snapshot-reloads): reading and building in the reading process
        // (of which `waited`: waiting for CPU serving left idle; `cpu`: that process's CPU time), taking its
        // pieces and putting the catalog together here, then the search index (adopting what the reading
        // process built, or the build here) and the warm-up.
        ms: {
          read: Math.round(processMs),
          waited: Math.round(waitedMs),
          cpu: Math.round(cpuMs),
          catalog: Math.round(readMs - processMs),
          index: Math.round(prepareMs),
        },
        // Where what is served was built: by the reading process, or here (prepare) when it could not be.
        builtBy,
      });
      return;
    }
    if (this.#live === undefined && !hasRefused && !this.#hasWarnedEmpty) {
      this.#hasWarnedEmpty = true;
      logger.warn('no snapshot to serve yet', { dir });
    }
  }

  /** What is served from `catalog`: adopted from what the reading process built, or built here when it could not be. */
  async #serve(catalog: Catalog, built: ProcessRead['built']): Promise<{ served: T; builtBy: 'reading process' | 'main thread' }> {
    const { offThread, prepare, logger } = this.#options;
    if (offThread !== undefined) {
      const adopted = 'pieces' in built ? await offThread.adopt(catalog, built.pieces, this.#served) : built;
      if ('adopted' in adopted) return { served: adopted.adopted, builtBy: 'reading process' };
      logger.warn('the reading process built no index; building it here', { dataVersion: catalog.dataVersion, why: adopted.problem });
    }
    return { served: await prepare(catalog, this.#served), builtBy: 'main thread' };
  }

  /**
   * Checks DATA_DIR for a newer or changed snapshot every `intervalMs`, and as soon as a file in it has
   * been quiet for WATCH_QUIET_MS after a change (inotify; a file still being copied keeps changing), so
   * a new snapshot is not waiting on the poll. The poll stays: some file systems send no events.
   */
  watch(intervalMs: number): void {
    this.#timer = setInterval(() => void this.reload(), intervalMs);
    this.#timer.unref();
    try {
      this.#watcher = fsWatch(this.#options.dir, { persistent: false }, () => {
        clearTimeout(this.#debounce);
        this.#debounce = setTimeout(() => void this.reload(), WATCH_QUIET_MS);
        this.#debounce.unref();
      });
      this.#watcher.on('error', () => this.#watcher?.close()); // the folder went away: the poll goes on
    } catch {
      // No folder yet, or no events here: the poll alone finds new files.
    }
  }

  stop(): void {
    clearInterval(this.#timer);
    clearTimeout(this.#debounce);
    this.#watcher?.close();
    stopReadingProcess();
  }
}

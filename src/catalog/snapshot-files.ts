/**
 * Snapshot files in DATA_DIR (`YYYY-MM-DD.json`): reading and checking one, and keeping the newest
 * valid one live. A new catalog is built beside the live one (in slices, so serving goes on), then
 * handed to `prepare` (which builds what is served from it, such as its search index, without this
 * module knowing what that is), and swapped in whole; a file that fails the check is refused with a
 * logged reason (once per version of the file) and the live one keeps serving.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileSignature, readJsonFile } from '../files.ts';
import type { Logger } from '../log.ts';
import { type Catalog, loadCatalog } from './catalog.ts';
import { checkSnapshot, type SnapshotCheck } from './snapshot-schema.ts';

const SNAPSHOT_NAME = /^(\d{4}-\d{2}-\d{2})\.json$/;

/** Snapshot file names in `dir`, newest first. */
export function listSnapshotFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.filter((name) => SNAPSHOT_NAME.test(name)).sort().reverse();
}

/** Reads, parses and checks one snapshot file; every problem is prefixed with the file's path. */
export function readSnapshotFile(file: string): SnapshotCheck {
  const date = SNAPSHOT_NAME.exec(file.split('/').pop() ?? '')?.[1];
  const read = readJsonFile(file);
  if (!read.ok) return { ok: false, problems: [read.problem] };
  const result = checkSnapshot(read.value, date);
  return result.ok ? result : { ok: false, problems: result.problems.map((p) => `${file}: ${p}`) };
}

/** Holds what is served from the live catalog and replaces it when a newer (or changed) valid snapshot appears. */
export class CatalogLoader<T> {
  readonly #dir: string;
  readonly #logger: Logger;
  readonly #prepare: (catalog: Catalog) => Promise<T>;
  #current: Catalog | undefined;
  #served: T | undefined;
  /** The reload under way, and whether another was asked for meanwhile (it runs once, after). */
  #running: Promise<void> | undefined;
  #isAgainWanted = false;
  #currentSignature: string | undefined;
  /** file -> signature of a version already refused, so a broken file is not re-checked (or re-logged) every poll. */
  readonly #refused = new Map<string, string>();
  #timer: NodeJS.Timeout | undefined;
  #hasWarnedEmpty = false;

  constructor(dir: string, logger: Logger, prepare: (catalog: Catalog) => Promise<T>) {
    this.#dir = dir;
    this.#logger = logger;
    this.#prepare = prepare;
  }

  get current(): T | undefined {
    return this.#served;
  }

  /** Serves the newest valid snapshot; a changed file that fails the check is refused and logged once. One reload runs at a time. */
  reload(): Promise<void> {
    if (this.#running !== undefined) {
      this.#isAgainWanted = true;
      return this.#running;
    }
    this.#running = this.#reloadOnce()
      .catch((error: unknown) => {
        // A bug in a build must not take the server down (an unhandled rejection would): the live catalog keeps serving.
        this.#logger.error('catalog build failed; the live catalog keeps serving', { error: String((error as Error)?.stack ?? error) });
      })
      .finally(() => {
        this.#running = undefined;
        if (this.#isAgainWanted) {
          this.#isAgainWanted = false;
          void this.reload();
        }
      });
    return this.#running;
  }

  async #reloadOnce(): Promise<void> {
    let hasRefused = false;
    for (const name of listSnapshotFiles(this.#dir)) {
      const file = join(this.#dir, name);
      const signature = fileSignature(file);
      if (signature === undefined) continue;
      if (this.#current?.source === name && this.#currentSignature === signature) return;
      if (this.#refused.get(name) === signature) continue;
      const result = readSnapshotFile(file);
      if (!result.ok) {
        this.#refused.set(name, signature);
        this.#logger.error('snapshot refused; the live catalog keeps serving', {
          file,
          problems: result.problems.slice(0, 20),
          problemCount: result.problems.length,
          live: this.#current?.dataVersion ?? null,
        });
        hasRefused = true;
        continue;
      }
      this.#refused.delete(name);
      const catalog = await loadCatalog(result.snapshot, name);
      const served = await this.#prepare(catalog);
      const previous = this.#current?.dataVersion ?? null;
      this.#current = catalog;
      this.#served = served;
      this.#currentSignature = signature;
      this.#logger.info('catalog loaded', { file, dataVersion: catalog.dataVersion, exercises: catalog.exercises.length, previous });
      return;
    }
    if (this.#current === undefined && !hasRefused && !this.#hasWarnedEmpty) {
      this.#hasWarnedEmpty = true;
      this.#logger.warn('no snapshot to serve yet', { dir: this.#dir });
    }
  }

  /** Checks DATA_DIR for a newer or changed snapshot every `intervalMs`. */
  watch(intervalMs: number): void {
    this.#timer = setInterval(() => void this.reload(), intervalMs);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}

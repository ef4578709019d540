/**
 * A JSON document that several writers change at once without losing a change: the key store and
 * the portal's accounts. The local file is always the copy this instance reads (authentication and
 * log-in never wait on anything else); `update` is the only way to change it:
 *
 * - one box (FileDocument): read, change and write under the file's lock (files-lock.ts), which every
 *   process on the host takes, the keys CLI included;
 * - a fleet (RedisDocument, redis-document.ts): Redis holds the document and arbitrates, and every
 *   instance mirrors it into its local file.
 *
 * `change` is pure and may run more than once (a fleet retries it on a conflict), so it must not
 * do anything but compute the next document and a result.
 */
import { jsonErrorReason, writeFileAtomic } from '../files.ts';
import { withFileLock } from '../files-lock.ts';
import { type Problem, problem, type Result } from '../problems.ts';

/** A change could not reach the shared copy (a fleet's Redis is down or too slow); nothing was written. */
export class StoreUnavailableError extends Error {
  constructor(where: string, reason: string) {
    super(`${where}: cannot be changed now (${reason})`);
    this.name = 'StoreUnavailableError';
  }
}

/** What a writer returns: the next document (undefined: nothing to write) and what to answer. */
export interface Change<T, R> {
  doc: T | undefined;
  result: R;
}

export interface SharedDocument<T> {
  /** The local copy: what `read` reads and every problem names. */
  readonly file: string;
  /** Runs `change` on the newest document, exclusively against every other writer, and stores what it returns. */
  update<R>(change: (doc: T) => Change<T, R>): Promise<R>;
  /** Brings the local copy up to date with the shared one; true when the local file changed. */
  sync(): Promise<boolean>;
}

/** How a document is read from its local file and checked when it arrives from elsewhere. */
export interface DocumentCodec<T> {
  /** The document in the local file (an empty one when there is no file); throws, naming the file and field, when it is invalid. */
  read(): T;
  /** Problems with a document's text that came from elsewhere (a Redis copy), each naming `where`. */
  check(text: string, where: string): Problem[];
}

/** `DocumentCodec.check` for a JSON document: the text parsed, then validated by `parse` (naming `where`). */
export function checkJsonText(text: string, where: string, parse: (raw: unknown, where: string) => Result<unknown>): Problem[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return [problem(where, '', jsonErrorReason(error))];
  }
  const parsed = parse(raw, where);
  return parsed.ok ? [] : parsed.problems;
}

export function serializeDocument(doc: unknown): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** One box: the file is the document; every writer on the host takes its lock. */
export class FileDocument<T> implements SharedDocument<T> {
  readonly file: string;
  readonly #codec: DocumentCodec<T>;

  constructor(file: string, codec: DocumentCodec<T>) {
    this.file = file;
    this.#codec = codec;
  }

  update<R>(change: (doc: T) => Change<T, R>): Promise<R> {
    return withFileLock(this.file, () => {
      const { doc, result } = change(this.#codec.read());
      if (doc !== undefined) writeFileAtomic(this.file, serializeDocument(doc));
      return result;
    });
  }

  /** Nothing to bring in: the file is the only copy (readers notice a rewrite by its signature). */
  sync(): Promise<boolean> {
    return Promise.resolve(false);
  }
}

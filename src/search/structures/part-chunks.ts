/**
 * A search index part's large values cut into chunks for the crossing, and put together again (issue 19:
 * a reload with the search p99 unchanged). The main thread takes a build's pieces one per turn of its
 * event loop (catalog/received-pieces.ts), and a search that arrives meanwhile waits for the piece being
 * deserialized: v8.deserialize of one whole value took up to 1-1.6 ms for the bundled catalog's largest
 * (a language's alias terms, 333 KB of Int32Array; its facet bitsets; its synonyms, 83 KB of Maps and
 * arrays: Maps of objects are the slow kind, about 120 KB a millisecond), and at 100x the catalog one
 * array is 20 MB, tens of milliseconds. Cut to about CHUNK_BYTES, none takes more than a few tenths of a
 * millisecond, and the chunks still travel many to an answer (catalog/reading-process-entry.ts).
 */
import { serialize } from 'node:v8';

/** Serialized bytes a chunk aims at: 0.1-0.3 ms to deserialize on the serving thread. */
export const CHUNK_BYTES = 32 * 1024;

/** Entries serialized to estimate a Map's or an array's size without serializing it twice. */
const SAMPLED = 32;

type Typed = NodeJS.TypedArray;

/**
 * Which chunk of a value a piece holds: its kind, the place of its first element (or entry) in the
 * whole, and how many elements (or entries) the whole has.
 */
export interface Chunk {
  readonly kind: 'typed' | 'map' | 'array';
  readonly at: number;
  readonly of: number;
}

/** `value` as the chunks it crosses in, each with where it goes; one piece (no chunk) when it is small. */
export function chunksOf(value: unknown): { value: unknown; chunk?: Chunk }[] {
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    const typed = value as Typed;
    const per = Math.max(1, Math.floor(CHUNK_BYTES / typed.BYTES_PER_ELEMENT));
    if (typed.length <= per) return [{ value }];
    return spans(typed.length, per).map((at) => ({ value: typed.subarray(at, at + per), chunk: { kind: 'typed', at, of: typed.length } }));
  }
  if (value instanceof Map || Array.isArray(value)) {
    const entries: unknown[] = value instanceof Map ? [...value] : value;
    const per = entriesPerChunk(entries);
    if (entries.length <= per) return [{ value }];
    const kind = value instanceof Map ? 'map' : 'array';
    return spans(entries.length, per).map((at) => ({ value: entries.slice(at, at + per), chunk: { kind, at, of: entries.length } }));
  }
  return [{ value }];
}

function spans(length: number, per: number): number[] {
  const starts: number[] = [];
  for (let at = 0; at < length; at += per) starts.push(at);
  return starts;
}

/** How many of `entries` make about CHUNK_BYTES, from a sample spread over them. */
function entriesPerChunk(entries: readonly unknown[]): number {
  if (entries.length <= SAMPLED) return entries.length;
  const step = entries.length / SAMPLED;
  const sample = Array.from({ length: SAMPLED }, (_, i) => entries[Math.floor(i * step)]);
  const bytesPerEntry = serialize(sample).length / SAMPLED;
  return Math.max(1, Math.floor(CHUNK_BYTES / bytesPerEntry));
}

/** A value being put together from its chunks, in the order they were cut. */
export class ChunkJoin {
  readonly #kind: Chunk['kind'];
  readonly #of: number;
  #taken = 0;
  #value: Typed | Map<unknown, unknown> | unknown[] | undefined;

  constructor(first: Chunk) {
    this.#kind = first.kind;
    this.#of = first.of;
    // A typed array is made at the first chunk, of that chunk's kind.
    this.#value = first.kind === 'map' ? new Map() : first.kind === 'array' ? [] : undefined;
  }

  /** Adds the chunk `value` placed by `chunk`; why it does not follow the chunks before, if it does not. */
  add(chunk: Chunk, value: unknown): string | undefined {
    if (chunk.kind !== this.#kind || chunk.of !== this.#of || chunk.at !== this.#taken)
      return `chunk at ${chunk.at} does not follow ${this.#taken}`;
    if (this.#kind === 'typed') {
      if (!ArrayBuffer.isView(value) || value instanceof DataView) return 'a typed array chunk is not a typed array';
      const typed = value as Typed;
      // Copied into one array of its own: a deserialized chunk may be a view on its whole answer's buffer.
      if (this.#value === undefined) this.#value = new (typed.constructor as new (length: number) => Typed)(this.#of);
      (this.#value as Typed).set(typed as never, chunk.at);
      this.#taken += typed.length;
    } else if (!Array.isArray(value)) return `a ${this.#kind} chunk is not an array`;
    else if (this.#value instanceof Map) {
      for (const [key, inner] of value as [unknown, unknown][]) this.#value.set(key, inner);
      this.#taken += value.length;
    } else {
      for (const inner of value) (this.#value as unknown[]).push(inner);
      this.#taken += value.length;
    }
    return this.#taken > this.#of ? `chunks hold ${this.#taken} of ${this.#of}` : undefined;
  }

  /** The whole value once every chunk is in, else undefined. */
  get whole(): unknown {
    return this.#taken === this.#of ? this.#value : undefined;
  }
}

/**
 * A record the serving thread holds as the bytes of its JSON, read whole only when something asks for
 * more than its id and name (issue 19: a reload with the search p99 unchanged).
 *
 * Why: a reload's changed records cross from the reading process as their response bodies
 * (catalog-pieces.ts), and serving needs little of them as objects: a page, an exercise and an export
 * are spliced from the bytes, a search reads the index, suggest reads ids and names. Parsed on arrival,
 * a reload of every record in three languages made 6,700 records' objects (about 50 each) on the
 * serving thread, all of them live, which its young-generation collections then copied twice with the
 * thread stopped (docs/performance.md#reloading-a-snapshot). Held as bytes, a record is one object and
 * two strings until one of the other fields is read (a build on this thread, which only happens when
 * the reading process could not build; the docs page's example), and then parsed once and kept.
 */
import type { Exercise, Video } from './snapshot-schema.ts';

export class RecordOfBytes implements Exercise {
  readonly id: string;
  readonly name: string;
  readonly #bytes: Buffer;
  #record: Exercise | undefined;

  /** `bytes`: the record's JSON, which the caller has checked parses to a record of this id and name. */
  constructor(id: string, name: string, bytes: Buffer) {
    this.id = id;
    this.name = name;
    this.#bytes = bytes;
  }

  #whole(): Exercise {
    this.#record ??= JSON.parse(this.#bytes.toString('utf8')) as Exercise;
    return this.#record;
  }

  get keywords(): string[] {
    return this.#whole().keywords;
  }
  get primaryMuscles(): string[] {
    return this.#whole().primaryMuscles;
  }
  get secondaryMuscles(): string[] {
    return this.#whole().secondaryMuscles;
  }
  get equipment(): string | null {
    return this.#whole().equipment;
  }
  get force(): Exercise['force'] {
    return this.#whole().force;
  }
  get level(): Exercise['level'] {
    return this.#whole().level;
  }
  get mechanic(): Exercise['mechanic'] {
    return this.#whole().mechanic;
  }
  get category(): Exercise['category'] {
    return this.#whole().category;
  }
  get instructions(): string[] {
    return this.#whole().instructions;
  }
  get exerciseTips(): string[] {
    return this.#whole().exerciseTips;
  }
  get commonMistakes(): string[] {
    return this.#whole().commonMistakes;
  }
  get safetyInfo(): string {
    return this.#whole().safetyInfo;
  }
  get overview(): string {
    return this.#whole().overview;
  }
  get variations(): string[] {
    return this.#whole().variations;
  }
  get images(): string[] {
    return this.#whole().images;
  }
  get videos(): Video[] {
    return this.#whole().videos;
  }

  /** JSON.stringify writes the record, not this holder of it. */
  toJSON(): Exercise {
    return this.#whole();
  }
}

/**
 * The record a body's bytes hold, as a RecordOfBytes, or undefined when they are not a record's JSON.
 * Parsed once here to be sure (the parse is thrown away: objects that die young cost a collection
 * nothing), so that reading the record later cannot fail.
 */
export function recordOfBytes(bytes: Buffer): RecordOfBytes | undefined {
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    if (typeof value !== 'object' || value === null) return undefined;
    const { id, name } = value as { id?: unknown; name?: unknown };
    return typeof id === 'string' && typeof name === 'string' ? new RecordOfBytes(id, name, bytes) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Parsing a snapshot again by its records' bytes (issue 19: a reload costs serving almost nothing). A
 * day's edits change a few records of thousands, yet decoding the whole file, parsing it and comparing
 * every record with the last read's took the reading process about 70 ms of the 90 it spent reading the
 * bundled snapshot, on a 2-core box where each of those milliseconds is taken from serving. Here the
 * file's bytes are walked once to find each record's span (an exercise, or one language's translation
 * of one), a span whose bytes equal the last read's span of the same record takes that read's value
 * as it is, and only the rest (changed records, and the short text around them) is decoded and parsed.
 *
 * The answer is JSON.parse's, by construction: every span is one JSON value (JSON.parse of its text,
 * or bytes that parsed before), and the text left around the spans, each span replaced by a number, is
 * parsed as a whole, so the document is valid exactly when every part is, and a value can stand in for
 * any value in JSON's grammar. Whenever a step cannot go on (not UTF-8, too deep, a byte where the walk
 * expects none, a part that does not parse), this answers undefined and the caller parses the whole
 * text the usual way, which says precisely what is wrong.
 */
import { isUtf8 } from 'node:buffer';
import { CannotWalk, OPEN_BRACE, OPEN_BRACKET, Walker } from './json-walk.ts';

/** A record's value as the last read gave it, and its bytes there (as one-byte text, see `parseReusing`). */
interface Known {
  readonly bytes: string;
  readonly value: unknown;
}

/**
 * What one read leaves for the next: each record's bytes and value, by a key found in its bytes (an
 * exercise's leading `"id"`, a translation's language and member name). The key only says which
 * record to compare with; a value is taken only for equal bytes.
 */
export interface SpanMemory {
  readonly records: ReadonlyMap<string, Known>;
}

/** A record's place in the file, and the key it is remembered by (undefined: not remembered). */
interface Span {
  readonly start: number;
  readonly end: number;
  readonly key: string | undefined;
}

const LEADING_ID = /\{\s*"id"\s*:\s*"([^"\\]*)"/y;

/** An exercise's key: its `"id"` when the record opens with it (as every snapshot this project writes does). */
function exerciseKey(text: string, start: number): string | undefined {
  LEADING_ID.lastIndex = start;
  const id = LEADING_ID.exec(text)?.[1];
  return id === undefined ? undefined : `e ${id}`;
}

/** Finds the record spans: every element of `exercises`, and every member of `translations.<lang>.exercises`. */
function walk(text: string, maxDepth: number): Span[] {
  const walker = new Walker(text, maxDepth);
  const spans: Span[] = [];
  const record = (key: string | undefined, depth: number) => {
    const start = walker.value(depth);
    spans.push({ start, end: walker.at, key });
  };
  walker.members(1, (name) => {
    if (name === 'exercises' && walker.opens(OPEN_BRACKET)) {
      walker.elements(2, () => {
        walker.whitespace();
        record(exerciseKey(text, walker.at), 2);
      });
    } else if (name === 'translations' && walker.opens(OPEN_BRACE)) {
      walker.members(2, (lang) => {
        if (!walker.opens(OPEN_BRACE)) return void walker.value(2);
        walker.members(3, (field) => {
          if (field !== 'exercises' || !walker.opens(OPEN_BRACE)) return void walker.value(3);
          walker.members(4, (id) => record(`t ${lang} ${id}`, 4));
        });
      });
    } else walker.value(1);
  });
  walker.whitespace();
  if (walker.at !== text.length) throw new CannotWalk();
  return spans;
}

/**
 * `bytes` parsed as JSON.parse would, reusing `earlier`'s values for records whose bytes did not change,
 * with what the next read may reuse and how many bytes were in records `earlier` did not hold as they
 * are (`changedBytes`, all of them without `earlier`); or undefined when the whole text is to be parsed
 * instead (see the module's comment). The values given are shared between reads: whatever reads them
 * must not change them.
 */
export function parseReusing(
  bytes: Buffer,
  maxDepth: number,
  earlier: SpanMemory | undefined,
): { raw: unknown; memory: SpanMemory; changedBytes: number } | undefined {
  // A byte-order mark is left to the whole parse, which drops it as the decoder does.
  if (bytes[0] === 0xef || !isUtf8(bytes)) return undefined;
  const text = bytes.toString('latin1');
  let spans: Span[];
  try {
    spans = walk(text, maxDepth);
  } catch (error) {
    if (error instanceof CannotWalk) return undefined;
    throw error;
  }
  // What the last read holds of each span, as it is. Every changed span is parsed on its own even when
  // most of the file changed: a parse of the whole text was slower (stop 55, the bundled snapshot with
  // every record in three languages changed, in process: 470-480 ms to read against 250-260 by spans; a
  // few characters outside Latin-1 make the whole text two bytes a character, while most records decode
  // to one-byte strings on their own), and it left the next read nothing to reuse.
  const spanTexts = spans.map(({ start, end }) => text.slice(start, end));
  const kept: (Known | undefined)[] = [];
  let changedBytes = 0;
  for (let i = 0; i < spans.length; i++) {
    const { start, end, key } = spans[i]!;
    const known = key === undefined ? undefined : earlier?.records.get(key);
    if (known !== undefined && known.bytes === spanTexts[i]) kept.push(known);
    else {
      kept.push(undefined);
      changedBytes += end - start;
    }
  }
  const values: unknown[] = [];
  const records = new Map<string, Known>();
  // The text around the spans, each span's number in its place, as bytes: decoded once, parsed once.
  const around = Buffer.allocUnsafe(bytes.length + spans.length * 8);
  let length = 0;
  let from = 0;
  try {
    for (let i = 0; i < spans.length; i++) {
      const { start, end, key } = spans[i]!;
      length += bytes.copy(around, length, from, start);
      length += around.write(String(i), length, 'latin1');
      from = end;
      const value = kept[i]?.value ?? JSON.parse(bytes.toString('utf8', start, end));
      values.push(value);
      if (key !== undefined) records.set(key, kept[i] ?? { bytes: spanTexts[i]!, value });
    }
    length += bytes.copy(around, length, from, bytes.length);
    const raw: unknown = JSON.parse(around.toString('utf8', 0, length));
    if (!placed(raw, values)) return undefined;
    return { raw, memory: { records }, changedBytes };
  } catch (error) {
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}

const placeless = Symbol('placeless');

/**
 * Puts each span's value where its number stands in the parsed text; false if one is not a number in
 * range. Every element of every `exercises` array and member of every translation's `exercises` object
 * the walk passed was a span, and JSON.parse keeps the last of a repeated name, so each such container
 * in `raw` holds only numbers.
 */
function placed(raw: unknown, values: readonly unknown[]): boolean {
  if (!isObject(raw)) return true;
  const take = (at: unknown) => (typeof at === 'number' && Number.isInteger(at) && at >= 0 && at < values.length ? values[at] : placeless);
  if (Array.isArray(raw.exercises)) {
    const exercises = raw.exercises as unknown[];
    for (let i = 0; i < exercises.length; i++) {
      const value = take(exercises[i]);
      if (value === placeless) return false;
      exercises[i] = value;
    }
  }
  if (isObject(raw.translations)) {
    for (const translation of Object.values(raw.translations)) {
      if (!isObject(translation) || !isObject(translation.exercises)) continue;
      const entries = translation.exercises;
      for (const id of Object.keys(entries)) {
        const value = take(entries[id]);
        if (value === placeless) return false;
        // Defined, not assigned: a member named __proto__ is an own property in what JSON.parse gives.
        Object.defineProperty(entries, id, { value, writable: true, enumerable: true, configurable: true });
      }
    }
  }
  return true;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

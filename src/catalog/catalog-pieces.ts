/**
 * A Catalog as pieces that cross processes, and back (issue 19: a reload with the search p99
 * unchanged). The reading process (reading-process-entry.ts) builds each new snapshot's catalog, and
 * sends it in pieces: each language's head (everything but its records), then its records in batches,
 * a record the catalog it sent last holds too (the same object: catalogSteps keeps the earlier record
 * when it is unchanged) as that record's position there. The main thread takes the pieces one at a
 * time between serving and puts the catalog together over the live one, which is what that process
 * sent last (reading-process.ts keeps the two in step): an unchanged record is the live record and its
 * live bytes, so a day's edits cost the main thread a few records, not a catalog. A translation's
 * English words (each position's English name and keywords, TranslatedSearch) are not sent: they are
 * the English records' own strings, taken from them here when first read, which only a build does
 * (sent, two languages' were 1.6 MB of strings that a reload's collections copied on the serving thread).
 *
 * A changed record crosses as its response body alone (the record's JSON, every field in order:
 * catalog.ts), checked here a few at a time in the assembly's slices and held as those bytes, its id
 * and name read out (record-of-bytes.ts). Sent as the record object beside its body, a reload of every
 * record in three languages moved 27 MB (13 of them objects, 44-96 ms for the reading process to
 * serialize, received in one go per piece); as bodies it moves 13 MB of bytes that cost a copy to
 * receive, in a fifth as many pieces.
 */
import { ok, refuse, type Result } from '../problems.ts';
import type { Steps } from '../time-slices.ts';
import type { Catalog, TranslatedSearch } from './catalog.ts';
import type { Exercise } from './snapshot-schema.ts';
import { recordOfBytes } from './record-of-bytes.ts';
import { englishWordsOf } from './translations.ts';

/** A language's catalog without its records and what is made from them on arrival. */
export type CatalogHead = Omit<Catalog, 'languages' | 'exercises' | 'positionById' | 'exerciseBodies' | 'exerciseBytes' | 'translated'> & {
  readonly translated: Omit<TranslatedSearch, 'englishWords'> | undefined;
};

/** A record: its position in the last catalog sent (of the same language), or its body (`{"data":<record>}`). */
export type SentRecord = number | Buffer;

export type CatalogPiece =
  /** `isRoot`: the English catalog, which comes last and holds the others as its languages. */
  { kind: 'head'; head: CatalogHead; size: number; isRoot: boolean } | { kind: 'records'; lang: string; records: SentRecord[] };

/**
 * Bytes of bodies per piece (about 250 records). Each piece costs a round trip to the reading process,
 * which on a busy box waits for a core: with 50 records a piece (objects and bodies, 200 KB), a reload
 * of every record in three languages took 140 pieces and 300-650 ms to take them. Bodies alone are a
 * copy to receive (the parse is the assembly's, in slices), so a piece can be larger.
 */
const WHOLE_BYTES_PER_PIECE = 512 * 1024;
/** Records checked from their bodies per step of the assembly (a parse each: about 0.1 ms). */
const PARSED_PER_STEP = 16;
/**
 * Records taken per step otherwise (a live record by its position, an id's position, a translation's
 * ids looked up in the English catalog): well under 0.25 ms. A translation's English words, made here
 * until stop 48, were one step for the bundled catalog (4,096 records a step), 2-7 ms on the serving
 * thread in the reload suite; in 256s, 6 steps of 24 reloads went over 2 ms against 15, and those were
 * young-generation collections of about 4 ms that fell in the step (a scratch trace of the serving
 * thread's steps over 2 ms, stop 46).
 */
const TAKEN_PER_STEP = 256;
/** Entries per piece when most are positions, which cost next to nothing to send: a day's edits cross in a piece a language. */
const ENTRIES_PER_PIECE = 4096;

/** `catalog` as pieces, its translations first; records `earlier` holds as positions there. */
export function catalogPieces(catalog: Catalog, earlier: Catalog | undefined): CatalogPiece[] {
  const pieces: CatalogPiece[] = [];
  for (const language of [...catalog.languages.values(), catalog]) {
    const before = language === catalog ? earlier : earlier?.languages.get(language.lang);
    const {
      languages: _languages,
      exercises,
      positionById: _positions,
      exerciseBodies,
      exerciseBytes: _bytes,
      translated,
      ...rest
    } = language;
    const head: CatalogHead = { ...rest, translated: translated === undefined ? undefined : withoutWords(translated) };
    pieces.push({ kind: 'head', head, size: exercises.length, isRoot: language === catalog });
    let records: SentRecord[] = [];
    let wholeBytes = 0;
    for (let position = 0; position < exercises.length; position++) {
      const exercise = exercises[position]!;
      const at = before?.positionById.get(exercise.id);
      if (at !== undefined && before!.exercises[at] === exercise) {
        records.push(at);
      } else {
        records.push(exerciseBodies[position]!);
        wholeBytes += exerciseBodies[position]!.length;
      }
      if (wholeBytes >= WHOLE_BYTES_PER_PIECE || records.length === ENTRIES_PER_PIECE || position === exercises.length - 1) {
        pieces.push({ kind: 'records', lang: language.lang, records });
        records = [];
        wholeBytes = 0;
      }
    }
  }
  return pieces;
}

/** A translation's search beside its English words, which are not sent (they are made again on arrival). */
function withoutWords({ englishWords: _words, ...sent }: TranslatedSearch): Omit<TranslatedSearch, 'englishWords'> {
  return sent;
}

const DATA_PREFIX_BYTES = '{"data":'.length;

/** One language's catalog, as it is put together. */
interface Assembling {
  head: CatalogHead;
  isRoot: boolean;
  size: number;
  live: Catalog | undefined;
  exercises: Exercise[];
  positionById: ReadonlyMap<string, number>;
  exerciseBodies: Buffer[];
  exerciseBytes: Buffer[];
}

const NO_POSITIONS: ReadonlyMap<string, number> = new Map();

/** `english`: for a translation, the English catalog its search reads the English words of. */
function finished(
  { head, exercises, positionById, exerciseBodies, exerciseBytes }: Assembling,
  languages: Map<string, Catalog>,
  english: Assembling | undefined,
): Catalog {
  const translated =
    head.translated === undefined || english === undefined ? undefined : withEnglishWords(head.translated, exercises, english);
  return { ...head, translated, languages, exercises, positionById, exerciseBodies, exerciseBytes };
}

/**
 * A translation's search beside its English words (per position, the English name and keywords of the
 * same exercise, as the build takes them from the snapshot), made when first read. Only an index build
 * reads them, and builds run in the reading process: made here on every reload, they read every changed
 * English record whole (record-of-bytes.ts) for nothing.
 */
function withEnglishWords(
  sent: Omit<TranslatedSearch, 'englishWords'>,
  exercises: readonly Exercise[],
  english: Assembling,
): TranslatedSearch {
  let words: (readonly string[])[] | undefined;
  return {
    ...sent,
    get englishWords() {
      words ??= exercises.map((exercise) => englishWordsOf(english.exercises[english.positionById.get(exercise.id)!]!));
      return words;
    },
  };
}

/** The first id of `translation` the English catalog does not hold, or undefined. */
function* missingInEnglishSteps(translation: Assembling, english: Assembling): Steps<string | undefined> {
  for (let position = 0; position < translation.exercises.length; position++) {
    const { id } = translation.exercises[position]!;
    if (!english.positionById.has(id)) return id;
    if (position % TAKEN_PER_STEP === TAKEN_PER_STEP - 1) yield;
  }
  return undefined;
}

/**
 * Each id's position: the live catalog's own Map when every position holds the id it held there (a
 * day's edits change no name, so no order), else a new one. Made anew, a reload's three Maps were 6,700
 * entries the serving thread's collections copied.
 */
function* positionsSteps(at: Assembling): Steps<ReadonlyMap<string, number>> {
  const { exercises, live } = at;
  let isSameOrder = live !== undefined && live.exercises.length === exercises.length;
  for (let position = 0; isSameOrder && position < exercises.length; position++) {
    isSameOrder = exercises[position]!.id === live!.exercises[position]!.id;
    if (position % TAKEN_PER_STEP === TAKEN_PER_STEP - 1) yield;
  }
  if (isSameOrder) return live!.positionById;
  const positions = new Map<string, number>();
  for (let position = 0; position < exercises.length; position++) {
    positions.set(exercises[position]!.id, position);
    if (position % TAKEN_PER_STEP === TAKEN_PER_STEP - 1) yield;
  }
  return positions;
}

/**
 * The catalog `pieces` were taken from, a piece a step, its unchanged records taken from `live` (the
 * catalog the process sent last); or why the pieces do not make one (`file` names the snapshot).
 */
export function* catalogOfPiecesSteps(file: string, pieces: readonly CatalogPiece[], live: Catalog | undefined): Steps<Result<Catalog>> {
  const translations: Assembling[] = [];
  let at: Assembling | undefined;
  const wrong = (why: string): Result<Catalog> => refuse(file, '', `could not be read (the reading process sent ${why})`);
  for (const piece of pieces) {
    if (piece.kind === 'head') {
      if (at !== undefined) {
        if (at.isRoot) return wrong('a catalog after the English one');
        if (at.exercises.length !== at.size) return wrong(`${at.exercises.length} records of ${at.size} for ${at.head.lang}`);
        at.positionById = yield* positionsSteps(at);
        translations.push(at);
      }
      const { head, size, isRoot } = piece;
      at = {
        head,
        isRoot,
        size,
        live: isRoot ? live : live?.languages.get(head.lang),
        exercises: [],
        positionById: NO_POSITIONS,
        exerciseBodies: [],
        exerciseBytes: [],
      };
    } else {
      if (at === undefined || piece.lang !== at.head.lang) return wrong(`records of ${piece.lang} out of place`);
      let parsed = 0;
      for (const record of piece.records) {
        const position = at.exercises.length;
        if (typeof record === 'number') {
          const exercise = at.live?.exercises[record];
          if (exercise === undefined) return wrong(`a reference to record ${record} the live ${at.head.lang} catalog does not hold`);
          at.exercises.push(exercise);
          at.exerciseBodies.push(at.live!.exerciseBodies[record]!);
          at.exerciseBytes.push(at.live!.exerciseBytes[record]!);
        } else {
          const bytes = record.subarray(DATA_PREFIX_BYTES, record.length - 1);
          const exercise = recordOfBytes(bytes);
          if (exercise === undefined) return wrong(`a ${at.head.lang} record whose body is not a record's JSON`);
          at.exercises.push(exercise);
          at.exerciseBodies.push(record);
          at.exerciseBytes.push(bytes);
          if (++parsed % PARSED_PER_STEP === 0) yield;
        }
        if (position % TAKEN_PER_STEP === TAKEN_PER_STEP - 1) yield;
      }
    }
    yield;
  }
  if (at === undefined || !at.isRoot) return wrong('no English catalog last');
  if (at.exercises.length !== at.size) return wrong(`${at.exercises.length} records of ${at.size} for ${at.head.lang}`);
  at.positionById = yield* positionsSteps(at);
  const languages = new Map<string, Catalog>();
  for (const translation of translations) {
    const missing = yield* missingInEnglishSteps(translation, at);
    if (missing !== undefined) return wrong(`${translation.head.lang} record ${missing}, which the English catalog does not hold`);
    languages.set(translation.head.lang, finished(translation, new Map(), at));
  }
  return ok(finished(at, languages, undefined));
}

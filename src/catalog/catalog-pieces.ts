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
 * the English records' own strings, and are taken from them here once the English catalog is together
 * (sent, two languages' were 1.6 MB of strings that a reload's collections copied on the serving thread).
 */
import { ok, refuse, type Result } from '../problems.ts';
import type { Steps } from '../time-slices.ts';
import type { Catalog, TranslatedSearch } from './catalog.ts';
import type { Exercise } from './snapshot-schema.ts';
import { englishWordsOf } from './translations.ts';

/** A language's catalog without its records and what is made from them on arrival. */
export type CatalogHead = Omit<Catalog, 'languages' | 'exercises' | 'positionById' | 'exerciseBodies' | 'exerciseBytes' | 'translated'> & {
  readonly translated: Omit<TranslatedSearch, 'englishWords'> | undefined;
};

/** A record: its position in the last catalog sent (of the same language), or the record and its body. */
export type SentRecord = number | [Exercise, Buffer];

export type CatalogPiece =
  /** `isRoot`: the English catalog, which comes last and holds the others as its languages. */
  { kind: 'head'; head: CatalogHead; size: number; isRoot: boolean } | { kind: 'records'; lang: string; records: SentRecord[] };

/**
 * Records sent whole per piece: about 200 KB. A piece is received (deserialized) in one go, outside
 * any slice (100 records, 400 KB, took 4-8 ms on a busy box), and each piece costs a round trip to the
 * reading process, which on a busy box waits for a core: with 25 a piece, a reload of every record in
 * three languages spent up to a second taking them.
 */
const WHOLE_PER_PIECE = 50;
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
    let whole = 0;
    for (let position = 0; position < exercises.length; position++) {
      const exercise = exercises[position]!;
      const at = before?.positionById.get(exercise.id);
      if (at !== undefined && before!.exercises[at] === exercise) {
        records.push(at);
      } else {
        records.push([exercise, exerciseBodies[position]!]);
        whole += 1;
      }
      if (whole === WHOLE_PER_PIECE || records.length === ENTRIES_PER_PIECE || position === exercises.length - 1) {
        pieces.push({ kind: 'records', lang: language.lang, records });
        records = [];
        whole = 0;
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
  positionById: Map<string, number>;
  exerciseBodies: Buffer[];
  exerciseBytes: Buffer[];
}

function finished(
  { head, exercises, positionById, exerciseBodies, exerciseBytes }: Assembling,
  languages: Map<string, Catalog>,
  englishWords: readonly (readonly string[])[] | undefined,
): Catalog {
  const translated = head.translated === undefined || englishWords === undefined ? undefined : { ...head.translated, englishWords };
  return { ...head, translated, languages, exercises, positionById, exerciseBodies, exerciseBytes };
}

/** Per position of `translation`, the English name and keywords of the same exercise, as the build takes them from the snapshot. */
function* englishWordsSteps(translation: Assembling, english: Assembling): Steps<(readonly string[])[] | string> {
  const words: (readonly string[])[] = [];
  for (const exercise of translation.exercises) {
    const at = english.positionById.get(exercise.id);
    if (at === undefined) return `${translation.head.lang} record ${exercise.id}, which the English catalog does not hold`;
    words.push(englishWordsOf(english.exercises[at]!));
    if (words.length % 4096 === 0) yield;
  }
  return words;
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
        translations.push(at);
      }
      const { head, size, isRoot } = piece;
      at = {
        head,
        isRoot,
        size,
        live: isRoot ? live : live?.languages.get(head.lang),
        exercises: [],
        positionById: new Map(),
        exerciseBodies: [],
        exerciseBytes: [],
      };
    } else {
      if (at === undefined || piece.lang !== at.head.lang) return wrong(`records of ${piece.lang} out of place`);
      for (const record of piece.records) {
        const position = at.exercises.length;
        if (typeof record === 'number') {
          const exercise = at.live?.exercises[record];
          if (exercise === undefined) return wrong(`a reference to record ${record} the live ${at.head.lang} catalog does not hold`);
          at.exercises.push(exercise);
          at.exerciseBodies.push(at.live!.exerciseBodies[record]!);
          at.exerciseBytes.push(at.live!.exerciseBytes[record]!);
        } else {
          const [exercise, body] = record;
          at.exercises.push(exercise);
          at.exerciseBodies.push(body);
          at.exerciseBytes.push(body.subarray(DATA_PREFIX_BYTES, body.length - 1));
        }
        at.positionById.set(at.exercises[position]!.id, position);
      }
    }
    yield;
  }
  if (at === undefined || !at.isRoot) return wrong('no English catalog last');
  if (at.exercises.length !== at.size) return wrong(`${at.exercises.length} records of ${at.size} for ${at.head.lang}`);
  const languages = new Map<string, Catalog>();
  for (const translation of translations) {
    const words = translation.head.translated === undefined ? undefined : yield* englishWordsSteps(translation, at);
    if (typeof words === 'string') return wrong(words);
    languages.set(translation.head.lang, finished(translation, new Map(), words));
  }
  return ok(finished(at, languages, undefined));
}

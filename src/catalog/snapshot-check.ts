/**
 * Checks a parsed snapshot against the file format (snapshot-schema.ts) and the cross-reference rules a
 * schema cannot express: the taxonomy listed once, references into it, aliases. Every problem names the
 * exercise id and field.
 */
import * as v from 'valibot';
import { fail, issueProblems, ok, type Problem, problem, type Result } from '../problems.ts';
import { passesAs, rememberChecked } from './same-record.ts';
import { CATEGORIES, type Exercise, ExerciseSchema, type SearchDictionary, type Snapshot, SnapshotShape } from './snapshot-schema.ts';
import { checkTranslations } from './translations.ts';

/** The taxonomy's names, lowercased: what exercises and the search dictionary may refer to. */
interface TaxonomyNames {
  muscles: Set<string>;
  groups: Set<string>;
  equipment: Set<string>;
}

/** A problem of a snapshot, whose file only the reader knows (snapshot-reader.ts fills it in). */
const at = (path: string, message: string): Problem => problem('', path, message);

/** Categories (all twelve, once each), muscle groups and equipment each listed once; the names collected. */
function taxonomyProblems(top: SnapshotShape): { names: TaxonomyNames; problems: Problem[] } {
  const problems: Problem[] = [];
  const seenCategories = new Set<string>();
  for (const info of top.categories) {
    if (seenCategories.has(info.category)) problems.push(at('categories', `"${info.category}" is listed twice`));
    seenCategories.add(info.category);
  }
  for (const category of CATEGORIES) {
    if (!seenCategories.has(category)) problems.push(at('categories', `"${category}" is missing (all twelve are required)`));
  }
  const names: TaxonomyNames = { muscles: new Set(), groups: new Set(), equipment: new Set() };
  for (const group of top.muscleGroups) {
    const groupKey = group.displayGroup.toLowerCase();
    if (names.groups.has(groupKey)) problems.push(at('muscleGroups', `"${group.displayGroup}" is listed twice`));
    names.groups.add(groupKey);
    for (const muscle of group.muscles) names.muscles.add(muscle.toLowerCase());
  }
  for (const name of top.equipment) {
    if (names.equipment.has(name.toLowerCase())) problems.push(at('equipment', `"${name}" is listed twice`));
    names.equipment.add(name.toLowerCase());
  }
  return { names, problems };
}

/** Every target of the search dictionary's aliases must be a muscle, a display group or equipment of the taxonomy. */
function dictionaryProblems(search: SearchDictionary | undefined, names: TaxonomyNames): Problem[] {
  const problems: Problem[] = [];
  for (const [alias, targets] of Object.entries(search?.muscleAliases ?? {})) {
    for (const target of targets) {
      if (!names.muscles.has(target.toLowerCase()) && !names.groups.has(target.toLowerCase())) {
        problems.push(at(`search.muscleAliases.${alias}`, `"${target}" is neither a muscle nor a display group`));
      }
    }
  }
  for (const [alias, targets] of Object.entries(search?.equipmentAliases ?? {})) {
    for (const target of targets) {
      if (target !== null && !names.equipment.has(target.toLowerCase())) {
        problems.push(at(`search.equipmentAliases.${alias}`, `"${target}" is not in the equipment list`));
      }
    }
  }
  return problems;
}

/** What a valid exercise refers to: muscles of a group, listed equipment, images under its own id. */
function referenceProblems(exercise: Exercise, where: string, names: TaxonomyNames): Problem[] {
  const problems: Problem[] = [];
  for (const field of ['primaryMuscles', 'secondaryMuscles'] as const) {
    for (const muscle of exercise[field]) {
      if (!names.muscles.has(muscle.toLowerCase())) problems.push(at(`${where}.${field}`, `"${muscle}" belongs to no muscle group`));
    }
  }
  if (exercise.equipment !== null && !names.equipment.has(exercise.equipment.toLowerCase())) {
    problems.push(at(`${where}.equipment`, `"${exercise.equipment}" is not in the equipment list`));
  }
  exercise.images.forEach((image, i) => {
    if (!image.startsWith(`${exercise.id}/`)) problems.push(at(`${where}.images[${i}]`, `"${image}" must start with "${exercise.id}/"`));
  });
  return problems;
}

/** `exercises[<id>]`, or `exercises[#<index>]` for a record without a usable id. */
function exerciseWhere(item: unknown, index: number): string {
  const id = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
  return `exercises[${typeof id === 'string' ? id : `#${index}`}]`;
}

/** Checks the exercises one by one: a record failing the schema is named and not cross-checked. */
function exerciseProblems(
  items: readonly unknown[],
  names: TaxonomyNames,
  earlier: ReadonlyMap<string, Exercise> | undefined,
): { exercises: Exercise[]; ids: Set<string>; problems: Problem[] } {
  const exercises: Exercise[] = [];
  const ids = new Set<string>();
  const problems: Problem[] = [];
  items.forEach((item, index) => {
    const where = exerciseWhere(item, index);
    const known = earlier?.get((item as { id?: unknown } | null)?.id as string);
    let exercise: Exercise;
    // A record equal to a checked one passes the schema as that one did; its references are checked again.
    if (known !== undefined && passesAs(item, known)) exercise = known;
    else {
      const parsed = v.safeParse(ExerciseSchema, item);
      if (!parsed.success) {
        problems.push(...issueProblems('', parsed.issues, { prefix: where }));
        return;
      }
      exercise = parsed.output;
    }
    rememberChecked(item, exercise);
    if (ids.has(exercise.id)) problems.push(at(`${where}.id`, 'duplicate id'));
    ids.add(exercise.id);
    problems.push(...referenceProblems(exercise, where, names));
    exercises.push(exercise);
  });
  return { exercises, ids, problems };
}

/** An alias names a live exercise and is not itself the id of one. */
function aliasProblems(aliases: Readonly<Record<string, string>>, ids: ReadonlySet<string>): Problem[] {
  const problems: Problem[] = [];
  for (const [alias, canonical] of Object.entries(aliases)) {
    if (ids.has(alias)) problems.push(at(`aliases.${alias}`, 'is the id of a live exercise; an alias may not shadow one'));
    if (!ids.has(canonical)) problems.push(at(`aliases.${alias}`, `"${canonical}" is the id of no exercise`));
  }
  return problems;
}

/**
 * Validates a parsed snapshot: shape, then every exercise, then the cross-references of the contract.
 * `expectedVersion` is the date in the file name, when the snapshot came from a file. `earlier`, a
 * snapshot this check already passed (the reading process's last, reading-process-entry.ts): a record equal to
 * one of its records is taken as that record instead of being checked field by field again, which was
 * half of checking the bundled snapshot on a reload that changes a few records (issue 19); the result
 * is the same either way (tested). Problems carry no source: the caller that knows the file fills it in.
 */
export function checkSnapshot(raw: unknown, expectedVersion?: string, earlier?: Snapshot): Result<Snapshot> {
  const shape = v.safeParse(SnapshotShape, raw);
  if (!shape.success) return fail(issueProblems('', shape.issues));
  const top = shape.output;
  const problems: Problem[] = [];
  if (expectedVersion !== undefined && top.dataVersion !== expectedVersion) {
    problems.push(at('dataVersion', `"${top.dataVersion}" does not match the file name's date ${expectedVersion}`));
  }
  const taxonomy = taxonomyProblems(top);
  problems.push(...taxonomy.problems, ...dictionaryProblems(top.search, taxonomy.names));
  const borrowed = earlier && { translations: earlier.translations, byId: new Map(earlier.exercises.map((e) => [e.id, e])) };
  const checked = exerciseProblems(top.exercises, taxonomy.names, borrowed?.byId);
  problems.push(...checked.problems, ...aliasProblems(top.aliases ?? {}, checked.ids));
  const { aliases, translations: rawTranslations, ...rest } = top;
  const english = { ...rest, exercises: checked.exercises, ...(aliases === undefined ? {} : { aliases }) };
  const translations = rawTranslations === undefined ? undefined : checkTranslations(rawTranslations, english, borrowed);
  problems.push(...(translations?.problems ?? []));
  if (problems.length > 0) return fail(problems);
  return ok(translations === undefined ? english : { ...english, translations: translations.translations });
}

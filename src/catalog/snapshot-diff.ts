/**
 * What changed between two snapshots, for a maintainer about to publish the newer one. Ids that
 * vanish matter most: clients store ids (the spec tells them to), and a vanished id answers 404 NOT_FOUND.
 */
import type { Exercise, Snapshot } from './snapshot-schema.ts';

export interface ExerciseRef {
  id: string;
  name: string;
}

/** An id present in the old snapshot and absent from the new one. */
export interface VanishedExercise extends ExerciseRef {
  /** The new id now carrying the same name (case-insensitive), when there is one: probably a changed id. */
  nameNowUsedBy?: string;
}

export interface SnapshotDiff {
  dataVersion: { old: string; next: string };
  exerciseCount: { old: number; next: number };
  added: ExerciseRef[];
  /** Ids that no longer resolve at all (neither an exercise nor an alias): clients holding them get 404. */
  removed: VanishedExercise[];
  /**
   * Name changes under one id, and ids moved to another exercise through an alias (`newId`: the
   * canonical id the old one now resolves to, as after a merge). Both keep answering.
   */
  renamed: { id: string; oldName: string; newName: string; newId?: string }[];
  /** Fields other than `id` and `name` (renames are listed apart) whose values differ, compared as JSON. */
  changed: { id: string; fields: string[] }[];
  equipment: { added: string[]; removed: string[] };
  muscles: { added: string[]; removed: string[] };
  /** Per language of either snapshot: exercises whose translation appeared, went, or changed (by field), and changed taxonomy names. */
  translations: TranslationDiff[];
}

export interface TranslationDiff {
  lang: string;
  added: string[];
  removed: string[];
  changed: { id: string; fields: string[] }[];
  /** Categories, muscle groups and equipment whose name in the language changed, appeared or went. */
  names: string[];
}

/** What changed in each language's translation, exercise by exercise (ids sorted). */
function translationDiffs(old: Snapshot, next: Snapshot): TranslationDiff[] {
  const languages = [...new Set([...Object.keys(old.translations ?? {}), ...Object.keys(next.translations ?? {})])].sort();
  return languages.map((lang) => {
    const before = old.translations?.[lang] ?? { exercises: {} };
    const after = next.translations?.[lang] ?? { exercises: {} };
    const ids = [...new Set([...Object.keys(before.exercises), ...Object.keys(after.exercises)])].sort();
    const diff: TranslationDiff = { lang, added: [], removed: [], changed: [], names: [] };
    for (const id of ids) {
      const a = before.exercises[id] as Record<string, unknown> | undefined;
      const b = after.exercises[id] as Record<string, unknown> | undefined;
      if (a === undefined) diff.added.push(id);
      else if (b === undefined) diff.removed.push(id);
      else {
        const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((f) => JSON.stringify(a[f]) !== JSON.stringify(b[f]));
        if (fields.length > 0) diff.changed.push({ id, fields: fields.sort() });
      }
    }
    for (const part of ['categories', 'muscleGroups', 'equipment'] as const) {
      const a: Record<string, string> = before[part] ?? {};
      const b: Record<string, string> = after[part] ?? {};
      for (const name of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
        if (a[name] !== b[name])
          diff.names.push(`${part}.${name}: ${JSON.stringify(a[name] ?? null)} -> ${JSON.stringify(b[name] ?? null)}`);
      }
    }
    return diff;
  });
}

const byId = (a: { id: string }, b: { id: string }): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function changedFields(old: Exercise, next: Exercise): string[] {
  const fields = new Set([...Object.keys(old), ...Object.keys(next)]);
  fields.delete('id');
  fields.delete('name');
  const record = (exercise: Exercise) => exercise as unknown as Record<string, unknown>;
  return [...fields].filter((field) => JSON.stringify(record(old)[field]) !== JSON.stringify(record(next)[field]));
}

function setChanges(old: readonly string[], next: readonly string[]): { added: string[]; removed: string[] } {
  const oldSet = new Set(old);
  const nextSet = new Set(next);
  return {
    added: [...nextSet].filter((name) => !oldSet.has(name)).sort(),
    removed: [...oldSet].filter((name) => !nextSet.has(name)).sort(),
  };
}

/** Compares two valid snapshots exercise by exercise (matched by id); every list is sorted by id. */
export function diffSnapshots(old: Snapshot, next: Snapshot): SnapshotDiff {
  const oldById = new Map(old.exercises.map((exercise) => [exercise.id, exercise]));
  const nextById = new Map(next.exercises.map((exercise) => [exercise.id, exercise]));
  const added = next.exercises.filter((exercise) => !oldById.has(exercise.id)).map(({ id, name }) => ({ id, name }));
  const addedByName = new Map(added.map((exercise) => [exercise.name.toLowerCase(), exercise.id]));

  const nextAliases = new Map(Object.entries(next.aliases ?? {}));
  const removed: VanishedExercise[] = [];
  const renamed: SnapshotDiff['renamed'] = [];
  const changed: SnapshotDiff['changed'] = [];
  for (const before of old.exercises) {
    const after = nextById.get(before.id);
    if (after === undefined) {
      const movedTo = nextById.get(nextAliases.get(before.id) ?? '');
      if (movedTo !== undefined) {
        renamed.push({ id: before.id, oldName: before.name, newName: movedTo.name, newId: movedTo.id });
        continue;
      }
      const nameNowUsedBy = addedByName.get(before.name.toLowerCase());
      removed.push(
        nameNowUsedBy === undefined ? { id: before.id, name: before.name } : { id: before.id, name: before.name, nameNowUsedBy },
      );
      continue;
    }
    if (before.name !== after.name) renamed.push({ id: before.id, oldName: before.name, newName: after.name });
    const fields = changedFields(before, after);
    if (fields.length > 0) changed.push({ id: before.id, fields });
  }
  // An alias the old snapshot served is an id clients may hold too: it must keep resolving.
  for (const [alias, canonical] of Object.entries(old.aliases ?? {})) {
    if (nextById.has(alias)) continue;
    const movedTo = nextById.get(nextAliases.get(alias) ?? '');
    const name = oldById.get(canonical)!.name;
    if (movedTo === undefined) removed.push({ id: alias, name });
    else if (movedTo.id !== canonical) renamed.push({ id: alias, oldName: name, newName: movedTo.name, newId: movedTo.id });
  }

  const muscleNames = (snapshot: Snapshot) => snapshot.muscleGroups.flatMap((group) => group.muscles);
  return {
    dataVersion: { old: old.dataVersion, next: next.dataVersion },
    exerciseCount: { old: old.exercises.length, next: next.exercises.length },
    added: added.sort(byId),
    removed: removed.sort(byId),
    renamed: renamed.sort(byId),
    changed: changed.sort(byId),
    equipment: setChanges(old.equipment, next.equipment),
    muscles: setChanges(muscleNames(old), muscleNames(next)),
    translations: translationDiffs(old, next),
  };
}

const plural = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`;

/** The report `snapshot diff` prints: a warning block first when ids vanished, then versions, counts and lists. */
export function formatDiff(diff: SnapshotDiff): string {
  const lines: string[] = [];
  if (diff.removed.length > 0) {
    lines.push(`WARNING: ${plural(diff.removed.length, 'id', 'ids')} vanished; clients holding them will get 404 NOT_FOUND:`);
    for (const exercise of diff.removed) {
      const hint = exercise.nameNowUsedBy === undefined ? '' : ` (its name is now used by ${exercise.nameNowUsedBy})`;
      lines.push(`  ${exercise.id}  "${exercise.name}"${hint}`);
    }
    lines.push('');
  }
  lines.push(`dataVersion ${diff.dataVersion.old} -> ${diff.dataVersion.next}`);
  const delta = diff.exerciseCount.next - diff.exerciseCount.old;
  lines.push(
    `exercises ${diff.exerciseCount.old} -> ${diff.exerciseCount.next} (${delta >= 0 ? '+' : ''}${delta}): ` +
      `${diff.added.length} added, ${diff.removed.length} removed, ${diff.renamed.length} renamed, ${diff.changed.length} changed`,
  );
  const section = (title: string, items: string[]) => {
    if (items.length === 0) return;
    lines.push('', `${title} (${items.length}):`, ...items.map((item) => `  ${item}`));
  };
  section(
    'added',
    diff.added.map((exercise) => `${exercise.id}  "${exercise.name}"`),
  );
  section(
    'removed',
    diff.removed.map((exercise) => `${exercise.id}  "${exercise.name}"`),
  );
  section(
    'renamed',
    diff.renamed.map((rename) =>
      rename.newId === undefined
        ? `${rename.id}: "${rename.oldName}" -> "${rename.newName}"`
        : `${rename.id} -> ${rename.newId} (alias): "${rename.oldName}" -> "${rename.newName}"`,
    ),
  );
  section(
    'changed',
    diff.changed.map((change) => `${change.id}: ${change.fields.join(', ')}`),
  );
  section('equipment names added', diff.equipment.added);
  section('equipment names removed', diff.equipment.removed);
  section('muscle names added', diff.muscles.added);
  section('muscle names removed', diff.muscles.removed);
  for (const t of diff.translations) {
    const count = t.added.length + t.removed.length + t.changed.length + t.names.length;
    if (count === 0) continue;
    lines.push(
      '',
      `translation ${t.lang}: ${t.added.length} added, ${t.removed.length} removed, ${t.changed.length} changed, ${t.names.length} taxonomy names changed`,
    );
    lines.push(...t.added.map((id) => `  added ${id}`), ...t.removed.map((id) => `  removed ${id}`));
    lines.push(...t.changed.map((change) => `  changed ${change.id}: ${change.fields.join(', ')}`), ...t.names.map((name) => `  ${name}`));
  }
  const isUnchanged =
    diff.added.length + diff.removed.length + diff.renamed.length + diff.changed.length === 0 &&
    diff.equipment.added.length + diff.equipment.removed.length + diff.muscles.added.length + diff.muscles.removed.length === 0;
  const isTranslationUnchanged = diff.translations.every(
    (t) => t.added.length + t.removed.length + t.changed.length + t.names.length === 0,
  );
  if (isUnchanged && isTranslationUnchanged) lines.push('no changes to exercises, equipment, muscles or translations');
  else if (isUnchanged) lines.push('no changes to the English exercises, equipment or muscles');
  return lines.join('\n');
}

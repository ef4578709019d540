/** The one-screen summary `snapshot check` prints for a valid snapshot. */
import type { Snapshot } from './snapshot-schema.ts';
import { coverageLines, translationCoverage } from './translations.ts';

function countBy<T>(items: readonly T[], key: (item: T) => string): [string, number][] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

/** Variation names that match no exercise name in the snapshot (case-insensitive). */
export function danglingVariations(snapshot: Snapshot): { id: string; variation: string }[] {
  const names = new Set(snapshot.exercises.map((e) => e.name.toLowerCase()));
  return snapshot.exercises.flatMap((e) =>
    e.variations.filter((v) => !names.has(v.toLowerCase())).map((variation) => ({ id: e.id, variation })),
  );
}

/** Each language's coverage; a partial language is served with English where it has no text, and says so here. */
function translationLines(snapshot: Snapshot): string[] {
  const lines = coverageLines(translationCoverage(snapshot));
  return lines.length === 0 ? ['translations: none (served in English only)'] : ['translations:', ...lines.map((line) => `  ${line}`)];
}

export function summarizeSnapshot(snapshot: Snapshot, file: string): string {
  const { exercises } = snapshot;
  const table = (rows: [string, number][]) => rows.map(([name, n]) => `  ${name.padEnd(24)} ${String(n).padStart(5)}`).join('\n');
  const withoutVideo = exercises.filter((e) => e.videos.length === 0).length;
  const dangling = danglingVariations(snapshot).map(({ id, variation }) => `${id} -> ${variation}`);
  return [
    `${file}: ok`,
    `dataVersion ${snapshot.dataVersion}, lastUpdated ${snapshot.lastUpdated}`,
    `${exercises.length} exercises, ${Object.keys(snapshot.aliases ?? {}).length} aliases, ` +
      `${snapshot.muscleGroups.length} muscle groups, ${snapshot.equipment.length} equipment names`,
    '',
    'by category:',
    table(snapshot.categories.map((c) => [c.category, exercises.filter((e) => e.category === c.category).length])),
    'by level:',
    table(countBy(exercises, (e) => e.level)),
    'by equipment:',
    table(countBy(exercises, (e) => e.equipment ?? '(none)')),
    '',
    `with videos: ${exercises.length - withoutVideo}, without videos: ${withoutVideo}`,
    `dangling variation names: ${dangling.length}`,
    ...dangling.slice(0, 20).map((d) => `  ${d}`),
    ...(dangling.length > 20 ? [`  ... and ${dangling.length - 20} more`] : []),
    '',
    ...translationLines(snapshot),
  ].join('\n');
}

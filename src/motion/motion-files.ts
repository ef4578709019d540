/**
 * Motion description files, `data/source/motion/<category>.json`: `{ "category", "motions": { "<id>":
 * { "pattern", "props"?, "view"?, ...the pattern's parameters } } }`. Read and checked here (valibot),
 * built into Motions by the pattern each names; problems name the file and the field.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { CATEGORIES } from '../catalog/snapshot-schema.ts';
import { fail, issueProblems, ok, type Problem, problem, type Result } from '../problems.ts';
import type { Motion } from './motion.ts';
import { PROP_KINDS, type PropKind } from './prop-kinds.ts';
import { PATTERN_NAMES, PATTERNS } from './patterns.ts';
import { aboveMisuse } from './above-params.ts';
import { pivotViewMisuse } from './foot-pivot.ts';
import { bellHandleHeight } from './bell-rest.ts';
import { buildTurned, THREE_QUARTER } from './three-params.ts';
import { TURNED_RENDERER_VERSION, type TurnedMotion } from './three-motion.ts';

const DescriptionSchema = v.looseObject({
  pattern: v.picklist(PATTERN_NAMES, `must be one of ${PATTERN_NAMES.join(', ')}`),
  props: v.optional(v.array(v.picklist(PROP_KINDS, `must be one of ${PROP_KINDS.join(', ')}`)), []),
  view: v.optional(v.picklist(['side', 'front', 'above'], 'must be side, front or above')),
});

const FileSchema = v.strictObject({
  category: v.picklist(CATEGORIES, `must be one of ${CATEGORIES.join(', ')}`),
  motions: v.record(v.pipe(v.string(), v.regex(/^[A-Z0-9][A-Za-z0-9_-]{0,99}$/, 'must be an exercise id')), v.unknown()),
});

/** One exercise's description as written, and what it builds. */
export interface Description {
  id: string;
  category: string;
  /** Where it was read: `data/source/motion/strength.json`. */
  file: string;
  source: Record<string, unknown>;
  /** sha256 of the description's canonical JSON and the renderer's version: the cache key of its media. */
  hash: string;
  motion: Motion;
}

/** A description drawn by the three-quarter camera (`"view": "three-quarter"`, three-params.ts): the same fields, its own motion. */
export interface TurnedDescription extends Omit<Description, 'motion'> {
  motion: TurnedMotion;
}

/** Either kind of description: what the media commands check, render, sheet and count. */
export type AnyDescription = Description | TurnedDescription;

export const isTurned = (description: AnyDescription): description is TurnedDescription => description.motion.view === THREE_QUARTER;

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, item]) => `${JSON.stringify(k)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Builds one description; problems name `motions.<id>.<field>`. */
export function buildDescription(file: string, category: string, id: string, raw: unknown, rendererVersion: string): Result<Description> {
  const at = `motions.${id}`;
  const parsed = v.safeParse(DescriptionSchema, raw);
  if (!parsed.success) return fail(issueProblems(file, parsed.issues, { prefix: at, isShowingReceived: true }));
  const { pattern: name, props, view, ...params } = parsed.output;
  const pattern = PATTERNS[name]!;
  if (view !== undefined && !pattern.views.includes(view)) {
    return fail([problem(file, `${at}.view`, `pattern ${name} is drawn from the ${pattern.views.join(' or ')}, not the ${view}`)]);
  }
  // Seen from above a figure lies on the floor: what that view does not draw is refused (above-params.ts); a pivot outside the front view (foot-pivot.ts).
  const misuse = aboveMisuse(view, params, props) ?? pivotViewMisuse(view, params);
  if (misuse !== undefined) return fail([problem(file, `${at}.${misuse.field}`, misuse.message)]);
  const paramsParsed = v.safeParse(pattern.params, params);
  if (!paramsParsed.success) return fail(issueProblems(file, paramsParsed.issues, { prefix: at, isShowingReceived: true }));
  const motion = pattern.build({
    params: paramsParsed.output as never,
    props: props as PropKind[],
    ...(view === undefined ? {} : { view }),
  });
  // A prop the pattern does not draw would silently vanish from the picture: refuse it instead.
  // A dumbbell or bar lying on the floor (floor-load.ts) is the load the description names, drawn there.
  const drawn = new Set<string>([...motion.held.map((prop) => prop.kind), ...motion.fixed.map((prop) => prop.load ?? prop.kind)]);
  const undrawn = props.map((kind, i) => [kind, i] as const).filter(([kind]) => !drawn.has(kind));
  if (undrawn.length > 0) {
    return fail(undrawn.map(([kind, i]) => problem(file, `${at}.props.${i}`, `pattern ${name} does not draw a ${kind} (yet)`)));
  }
  // Which side of the legs a bar rests against means nothing without a barbell in both hands (bar-against-thighs.ts).
  if ('barAt' in params && !motion.held.some((prop) => prop.barAt !== undefined)) {
    return fail([problem(file, `${at}.barAt`, 'barAt says where a barbell held in both hands rests: name a barbell, held in the hands')]);
  }
  // A safety squat bar is a barbell on the back (safety-bar.ts).
  if ('bar' in params && !motion.held.some((prop) => prop.bar !== undefined)) {
    return fail([problem(file, `${at}.bar`, 'bar safety says the barbell on the back is a safety squat bar: name a barbell, holdIn back')]);
  }
  // Bells on the floor under the hands are the held pair's (floor-bells.ts).
  if ('bellsOnFloor' in params && bellHandleHeight(motion.held) === undefined) {
    return fail([
      problem(
        file,
        `${at}.bellsOnFloor`,
        'bellsOnFloor says the held dumbbells or kettlebells rest on the floor under the hands: name dumbbells or kettlebells, one in each hand',
      ),
    ]);
  }
  const source = raw as Record<string, unknown>;
  const hash = createHash('sha256')
    .update(`${rendererVersion}\n${canonical(source)}`)
    .digest('hex')
    .slice(0, 16);
  return ok({ id, category, file, source, hash, motion });
}

/** A three-quarter description built (three-params.ts), with its hash. */
export function buildTurnedDescription(
  file: string,
  category: string,
  id: string,
  raw: unknown,
  rendererVersion: string,
): Result<TurnedDescription> {
  const built = buildTurned(file, id, raw);
  if (!built.ok) return built;
  const source = raw as Record<string, unknown>;
  const hash = createHash('sha256')
    .update(`${rendererVersion}\n${THREE_QUARTER} ${TURNED_RENDERER_VERSION}\n${canonical(source)}`)
    .digest('hex')
    .slice(0, 16);
  return ok({ id, category, file, source, hash, motion: built.value });
}

/** A description of either kind: `"view": "three-quarter"` goes to the three-quarter renderer, anything else to the planar one. */
export function buildAnyDescription(
  file: string,
  category: string,
  id: string,
  raw: unknown,
  rendererVersion: string,
): Result<AnyDescription> {
  const isThreeQuarter = raw !== null && typeof raw === 'object' && (raw as Record<string, unknown>).view === THREE_QUARTER;
  return isThreeQuarter
    ? buildTurnedDescription(file, category, id, raw, rendererVersion)
    : buildDescription(file, category, id, raw, rendererVersion);
}

/** The planar descriptions under `dir` (what the planar renderer's own tests read), or every problem found. */
export function readDescriptions(dir: string, rendererVersion: string): Result<Description[]> {
  const read = readAllDescriptions(dir, rendererVersion);
  return read.ok ? ok(read.value.filter((d): d is Description => !isTurned(d))) : read;
}

/** Every description under `dir` (`*.json`, sorted), planar and three-quarter, or every problem found. */
export function readAllDescriptions(dir: string, rendererVersion: string): Result<AnyDescription[]> {
  const problems: Problem[] = [];
  const descriptions: AnyDescription[] = [];
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort();
  } catch {
    return fail([problem(dir, '', 'is not a readable folder')]);
  }
  const seen = new Map<string, string>();
  for (const name of names) {
    const file = join(dir, name);
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      problems.push(problem(file, '', `is not valid JSON (${(error as Error).message})`));
      continue;
    }
    const parsed = v.safeParse(FileSchema, json);
    if (!parsed.success) {
      problems.push(...issueProblems(file, parsed.issues));
      continue;
    }
    for (const [id, raw] of Object.entries(parsed.output.motions)) {
      const earlier = seen.get(id);
      if (earlier !== undefined) {
        problems.push(problem(file, `motions.${id}`, `is described twice (also in ${earlier})`));
        continue;
      }
      seen.set(id, file);
      const built = buildAnyDescription(file, parsed.output.category, id, raw, rendererVersion);
      if (built.ok) descriptions.push(built.value);
      else problems.push(...built.problems);
    }
  }
  return problems.length > 0 ? fail(problems) : ok(descriptions);
}

/**
 * Example responses for the docs page, taken from the catalog the server has loaded (real records,
 * lists cut to three items), one per route and keyed by the OpenAPI path; placeholders until a catalog
 * is loaded (the page is rebuilt once one is).
 */
import { type Catalog, compareDefaultOrder } from '../catalog/catalog.ts';

const ITEMS = 3;

/** `value` with every array cut to ITEMS items, for an example that fits on a screen. */
function abridged(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, ITEMS).map(abridged);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, abridged(item)]));
}

const pretty = (value: unknown) => JSON.stringify(abridged(value), null, 2);

/** The exercise the examples show: a bench press when the catalog has one, else the first. */
export function exampleExercisePosition(catalog: Catalog): number {
  const position = catalog.exercises.findIndex((exercise) => exercise.id.includes('Bench_Press'));
  return position === -1 ? 0 : position;
}

/** A medium the catalog lists, `<id>/<file>`, for the media host's example: the example exercise's first image, else any listed. */
export function exampleMediaPath(catalog: Catalog | undefined): string | undefined {
  if (catalog === undefined || catalog.exercises.length === 0) return undefined;
  const example = catalog.exercises[exampleExercisePosition(catalog)]!;
  return example.images[0] ?? catalog.exercises.find((exercise) => exercise.images.length > 0)?.images[0];
}

export function exampleResponses(catalog: Catalog | undefined, version: string): Record<string, string> {
  if (catalog === undefined || catalog.exercises.length === 0) return {};
  const body = (buffer: Buffer) => JSON.parse(buffer.toString('utf8')) as { data: unknown };
  const position = exampleExercisePosition(catalog);
  const exercise = body(catalog.exerciseBodies[position]!).data as { id: string; name: string };
  const first = [...catalog.exercises.keys()].sort((a, b) => compareDefaultOrder(catalog.exercises[a]!, catalog.exercises[b]!))[0]!;
  const typed = catalog.exercises.filter((e) => e.name.toLowerCase().startsWith('bench pr') || e.name.toLowerCase().includes(' bench pr'));
  return {
    '/v1/exercises': pretty({ data: [body(catalog.exerciseBodies[first]!).data], total: catalog.exercises.length, limit: 1, offset: 0 }),
    '/v1/exercises/{id}': pretty({ data: exercise }),
    '/v1/muscles': pretty(body(catalog.bodies.muscles)),
    '/v1/equipment': pretty(body(catalog.bodies.equipment)),
    '/v1/categories': pretty(body(catalog.bodies.categories)),
    '/v1/stats': pretty(body(catalog.bodies.stats)),
    '/v1/suggest': pretty({ data: typed.slice(0, ITEMS).map((e) => ({ id: e.id, name: e.name })) }),
    '/v1/export': `${JSON.stringify(body(catalog.exerciseBodies[first]!).data).slice(0, 300)}…\n… one exercise per line`,
    '/v1/health': pretty({
      status: 'ok',
      version,
      dataVersion: catalog.dataVersion,
      exerciseCount: catalog.exercises.length,
      checks: { supabase: 'ok', redis: 'ok' },
    }),
    '/v1/openapi.json':
      '{\n  "openapi": "3.1.0",\n  "info": { "title": "Exercise Catalog API", … },\n  "paths": { … },\n  "components": { … }\n}',
    '/docs': '<!doctype html> … this page',
    '/media/{id}/{file}':
      'HTTP/1.1 200 OK\nContent-Type: image/jpeg\nCache-Control: public, max-age=31536000\nETag: "…"\n\n' +
      '(the JPEG itself; a clip answers Range: bytes=… with 206 and Content-Range)',
    '/docs/errors': '<!doctype html> … this page, at the error codes',
  };
}

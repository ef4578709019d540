/**
 * The OpenAPI 3.1 document of GET /v1/openapi.json, generated, never written by hand: paths from the
 * route table, parameters from the list-parameter rules, bodies and headers from the valibot schemas
 * in response-schemas.ts, error codes from the error table. Built once per process.
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { ExerciseSchema } from '../catalog/snapshot-schema.ts';
import { ADMIN_SCHEMAS, adminPaths } from './admin-contract.ts';
import { KEY_LENGTH, KEY_PREFIX } from '../key-shape.ts';
import { type TierTable, tierLines } from '../limits/tiers.ts';
import { ERROR_CODES, ERROR_TABLE } from './http-error.ts';
import { ACCEPT_LANGUAGE_PARAMETER, LANG_PARAM } from './language.ts';
import { LIST_PARAMS, type ParamRule } from './list-params.ts';
import { SUGGEST_PARAMS } from './suggest-params.ts';
import { BODY_SCHEMAS, HEADER_SCHEMAS, type HeaderName } from './response-schemas.ts';
import { mediaOperation } from './media-contract.ts';
import { ROUTES } from './routes.ts';

type Json = Record<string, unknown>;

/**
 * A valibot schema as JSON Schema (2020-12 compatible subset). Objects that do not say otherwise are
 * closed (`additionalProperties: false`): responses carry exactly the documented fields, and a test
 * that validates every response catches a field the document does not name.
 */
export function jsonSchemaOf(schema: v.GenericSchema): Json {
  const generated = toJsonSchema(schema, { errorMode: 'ignore' }) as Json;
  delete generated.$schema;
  return close(generated);
}

function close(node: unknown): Json {
  if (Array.isArray(node)) return node.map(close) as unknown as Json;
  if (typeof node !== 'object' || node === null) return node as Json;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) out[key] = key === 'properties' ? mapValues(value as Json, close) : close(value);
  if (out.type === 'object' && out.properties !== undefined && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

function mapValues(record: Json, fn: (value: unknown) => Json): Json {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, fn(value)]));
}

const ref = (kind: 'schemas' | 'responses', name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** The component name of a header's schema: headers are inlined where used (`required` may not sit beside a `$ref`). */
export const headerSchemaName = (name: HeaderName) => `Header-${name}`;

/** Headers every metered response carries, and the ones that come and go with the decision. */
const METERED: readonly HeaderName[] = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];
const METERED_OPTIONAL: readonly HeaderName[] = ['X-RateLimit-Warning', 'X-Overage', 'X-Overage-Count', 'X-Overage-Cap'];

function headers(required: readonly HeaderName[], optional: readonly HeaderName[] = []): Json {
  const out: Json = {};
  const header = (name: HeaderName, isRequired: boolean) => ({
    description: HEADER_SCHEMAS[name].description,
    required: isRequired,
    schema: ref('schemas', headerSchemaName(name)),
  });
  for (const name of required) out[name] = header(name, true);
  for (const name of optional) out[name] = header(name, false);
  return out;
}

/**
 * Body schemas as components, each schema that another one contains (Exercise inside a page) replaced
 * there by a `$ref` to it, so the document defines every schema once.
 */
function bodyComponents(): Json {
  const generated = mapValues(BODY_SCHEMAS, (schema) => jsonSchemaOf(schema as v.GenericSchema));
  const shared = new Map([[JSON.stringify(generated.Exercise), 'Exercise']]);
  const referenced = (node: unknown, self: string): unknown => {
    if (typeof node !== 'object' || node === null) return node;
    const name = shared.get(JSON.stringify(node));
    if (name !== undefined && name !== self) return ref('schemas', name);
    if (Array.isArray(node)) return node.map((item) => referenced(item, self));
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, referenced(value, self)]));
  };
  return Object.fromEntries(Object.entries(generated).map(([name, schema]) => [name, referenced(schema, name)]));
}

/**
 * An error response: `required` when every such reply was metered (the key was known and admitted),
 * `optional` when some are refused before metering (a 503 before the catalog loads), `none` for 401.
 */
function errorResponse(status: number, metering: 'required' | 'optional' | 'none', extra: readonly HeaderName[] = []): Json {
  const codes = ERROR_CODES.filter((code) => (ERROR_TABLE[code].statuses as readonly number[]).includes(status));
  const required: HeaderName[] = ['X-Request-Id', 'Cache-Control', ...extra, ...(metering === 'required' ? METERED : [])];
  const optional: HeaderName[] = metering === 'none' ? [] : [...(metering === 'optional' ? METERED : []), ...METERED_OPTIONAL];
  return {
    description: `Error envelope; error.code is ${codes.join(' or ')}.`,
    headers: headers(required, optional),
    content: { 'application/json': { schema: ref('schemas', 'Error') } },
  };
}

function parameterOf(rule: ParamRule): Json {
  const value = jsonSchemaOf(rule.schema);
  if (rule.defaultValue !== undefined) value.default = rule.defaultValue;
  return {
    name: rule.name,
    in: 'query',
    required: rule.isRequired === true,
    description: rule.description,
    schema: rule.isRepeatable ? { type: 'array', items: value } : value,
    // A list parameter is comma-separated (explode: false); a repeatable filter is sent once per value.
    ...(rule.isRepeatable ? { style: 'form', explode: rule.kind !== 'list' } : {}),
  };
}

interface KeyedOperation {
  summary: string;
  body: keyof typeof BODY_SCHEMAS;
  /** The 200's media type, when not application/json. */
  contentType?: string;
  parameters?: Json[];
  /** Statuses beyond the ones every keyed route can answer. */
  errors: number[];
}

const KEYED: Record<string, KeyedOperation> = {
  '/v1/exercises': {
    summary: 'Search, filter, page or sample the catalog. random=true answers no-store without an ETag.',
    body: 'ExercisePage',
    parameters: LIST_PARAMS.map(parameterOf),
    errors: [400, 403],
  },
  '/v1/exercises/:id': {
    summary: 'One exercise by id (an alias of a merged or renamed id answers with the canonical record).',
    body: 'ExerciseResponse',
    parameters: [
      {
        name: 'id',
        in: 'path',
        required: true,
        description: 'An id from list or search results.',
        schema: jsonSchemaOf(ExerciseSchema.entries.id),
      },
    ],
    errors: [404],
  },
  '/v1/muscles': { summary: 'Muscle groups: displayGroup values are valid muscle filters.', body: 'MusclesResponse', errors: [] },
  '/v1/equipment': { summary: 'The canonical equipment names.', body: 'EquipmentResponse', errors: [] },
  '/v1/categories': { summary: 'Every category with its exercise count and description.', body: 'CategoriesResponse', errors: [] },
  '/v1/stats': { summary: 'Library statistics and the data version.', body: 'StatsResponse', errors: [] },
  '/v1/suggest': {
    summary:
      'Extension: names for a search box as the user types, best first: every typed word is in the name or an alias ' +
      '(the last one completed; typos in longer words, joined words and abbreviations read). Metered like any data route.',
    body: 'SuggestResponse',
    parameters: SUGGEST_PARAMS.map(parameterOf),
    errors: [400],
  },
  '/v1/export': {
    summary:
      'Extension: every public exercise, one JSON object per line (NDJSON), in default order, streamed. ' +
      'Metered as ceil(exercises / maxResults) requests (a 304 as one); ' +
      'a tier with a pagination depth (free) gets 403 PAGINATION_DEPTH_EXCEEDED.',
    body: 'ExportLines',
    contentType: 'application/x-ndjson',
    errors: [403],
  },
};

function keyedOperation(path: string, operation: KeyedOperation): Json {
  const success = ['X-Request-Id', 'Cache-Control', 'Vary', 'Content-Language', ...METERED] as HeaderName[];
  const responses: Json = {
    200: {
      description: 'OK. HEAD answers the same without a body.',
      headers: headers(success, [...METERED_OPTIONAL, 'ETag', 'Content-Encoding']),
      content: { [operation.contentType ?? 'application/json']: { schema: ref('schemas', operation.body) } },
    },
    304: {
      description: 'Not modified: If-None-Match named the current ETag. Metered like the 200 it stands for.',
      headers: headers([...success, 'ETag'], METERED_OPTIONAL),
    },
    401: errorResponse(401, 'none'),
    431: errorResponse(431, 'none'),
    429: errorResponse(429, 'required', ['Retry-After']),
    500: errorResponse(500, 'optional'),
    503: errorResponse(503, 'optional'),
  };
  // Every data route takes lang, so every one can answer 400 for it.
  for (const status of new Set([400, ...operation.errors])) responses[status] = errorResponse(status, 'required');
  return {
    operationId: operationId(path),
    summary: operation.summary,
    security: [{ ApiKey: [] }],
    parameters: [
      {
        name: 'If-None-Match',
        in: 'header',
        required: false,
        description: 'An ETag from an earlier response.',
        schema: { type: 'string' },
      },
      ACCEPT_LANGUAGE_PARAMETER,
      ...(operation.parameters ?? []),
      parameterOf(LANG_PARAM),
    ],
    responses,
  };
}

function publicOperation(path: string, name: string): Json {
  const base = { operationId: operationId(path), security: [] };
  if (name === 'health') {
    const health = {
      headers: headers(['X-Request-Id', 'Cache-Control']),
      content: { 'application/json': { schema: ref('schemas', 'Health') } },
    };
    return {
      ...base,
      summary: 'Health: no key, no rate-limit headers.',
      responses: {
        200: { description: 'Loaded: ok, or degraded when the counter store fails.', ...health },
        431: errorResponse(431, 'none'),
        503: { description: 'No catalog loaded yet.', ...health },
      },
    };
  }
  const ok = (type: string, schema: Json) => ({
    description: 'OK',
    headers: headers(['X-Request-Id', 'Cache-Control', 'Vary', 'ETag'], ['Content-Encoding']),
    content: { [type]: { schema } },
  });
  const notModified = { description: 'Not modified.', headers: headers(['X-Request-Id', 'Cache-Control', 'Vary', 'ETag']) };
  const tooLarge = errorResponse(431, 'none');
  if (name === 'openapi') {
    return {
      ...base,
      summary: 'This document.',
      responses: { 200: ok('application/json', { type: 'object' }), 304: notModified, 431: tooLarge },
    };
  }
  return {
    ...base,
    summary: 'The HTML reference: quick start, routes, limits and tiers, and every error code at an id="<CODE>" anchor.',
    responses: { 200: ok('text/html', { type: 'string' }), 304: notModified, 431: tooLarge },
  };
}

function operationId(path: string): string {
  const words = path
    .replace(/^\/v1\//, '')
    .replace(/^\//, '')
    .split(/[/.]/)
    .map((part) => (part === ':id' ? 'ById' : part));
  return `get${words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('')}`;
}

/** The whole document. `tiers` is the live tier table; servers are relative to where it is served. */
export function buildOpenApi(tiers: TierTable, version: string): Json {
  const paths: Json = {};
  for (const route of ROUTES) {
    const path = route.path.replace(':id', '{id}');
    paths[path] = { get: route.isKeyed ? keyedOperation(route.path, KEYED[route.path]!) : publicOperation(route.path, route.name) };
  }
  paths['/media/{id}/{file}'] = { get: mediaOperation({ headers, notFound: errorResponse(404, 'none') }) };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Exercise Catalog API',
      version,
      license: { name: 'MIT', identifier: 'MIT' },
      description:
        `Read-only exercise catalog. Send your key in X-API-Key (${KEY_PREFIX} + ${KEY_LENGTH - KEY_PREFIX.length} letters and digits). ` +
        `Limits by tier:\n\n${tierLines(tiers)}`,
    },
    servers: [{ url: '/' }],
    security: [{ ApiKey: [] }],
    paths: { ...paths, ...adminPaths({ headers: (required) => headers(required), errorSchema: ref('schemas', 'Error') }) },
    components: {
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        AdminToken: { type: 'http', scheme: 'bearer', description: 'The ADMIN_TOKEN the operator set.' },
      },
      schemas: {
        ...bodyComponents(),
        ...mapValues(ADMIN_SCHEMAS, (schema) => jsonSchemaOf(schema as v.GenericSchema)),
        ...Object.fromEntries(
          Object.entries(HEADER_SCHEMAS).map(([name, header]) => [
            headerSchemaName(name as HeaderName),
            jsonSchemaOf(header.schema as v.GenericSchema),
          ]),
        ),
      },
    },
  };
}

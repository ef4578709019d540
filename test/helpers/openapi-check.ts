/**
 * Checks a real response against the service's own OpenAPI document: the status is documented for
 * the route, required headers are present, documented headers and the body match their schemas.
 * The JSON Schema validator covers exactly the keywords the generator emits and throws on any other,
 * so a keyword it does not know can never pass silently.
 */
import { buildOpenApi } from '../../src/http/openapi.ts';
import { loadTierTable } from '../../src/limits/tiers.ts';
import { formatProblems } from '../../src/problems.ts';

type Json = Record<string, any>;

const ANNOTATIONS = new Set(['description', 'default', 'title', 'examples', 'deprecated', 'contentMediaType']);
const FORMATS: Record<string, (value: string) => boolean> = {
  uri: (value) => URL.canParse(value),
  'date-time': (value) => !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}T/.test(value),
  date: (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)),
};

function typeMatches(type: string, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    default:
      throw new Error(`openapi-check: unknown type "${type}"`);
  }
}

/** Problems of `value` against `schema`, with JSON-pointer-ish paths; [] when it matches. */
export function validate(schema: Json, value: unknown, root: Json, at = '$'): string[] {
  if (schema.$ref !== undefined) {
    const target = (schema.$ref as string)
      .replace(/^#\//, '')
      .split('/')
      .reduce((node: Json, key) => node?.[key], root);
    if (target === undefined) throw new Error(`openapi-check: unresolved $ref ${schema.$ref}`);
    return validate(target, value, root, at);
  }
  const problems: string[] = [];
  for (const [keyword, rule] of Object.entries(schema)) {
    if (ANNOTATIONS.has(keyword)) continue;
    switch (keyword) {
      case 'type': {
        const types: string[] = Array.isArray(rule) ? rule : [rule];
        if (!types.some((type) => typeMatches(type, value)))
          return [`${at}: expected ${types.join('|')}, got ${JSON.stringify(value)?.slice(0, 80)}`];
        break;
      }
      case 'enum':
        if (!(rule as unknown[]).includes(value)) problems.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(rule)}`);
        break;
      case 'const':
        if (value !== rule) problems.push(`${at}: expected ${JSON.stringify(rule)}`);
        break;
      case 'anyOf':
        if (!(rule as Json[]).some((option) => validate(option, value, root, at).length === 0))
          problems.push(`${at}: matches none of anyOf`);
        break;
      case 'minimum':
        if (typeof value === 'number' && value < rule) problems.push(`${at}: ${value} < minimum ${rule}`);
        break;
      case 'maximum':
        if (typeof value === 'number' && value > rule) problems.push(`${at}: ${value} > maximum ${rule}`);
        break;
      case 'minLength':
        if (typeof value === 'string' && [...value].length < rule) problems.push(`${at}: shorter than ${rule}`);
        break;
      case 'maxLength':
        if (typeof value === 'string' && [...value].length > rule) problems.push(`${at}: longer than ${rule}`);
        break;
      case 'pattern':
        if (typeof value === 'string' && !new RegExp(rule, 'u').test(value))
          problems.push(`${at}: "${value.slice(0, 80)}" does not match ${rule}`);
        break;
      case 'format': {
        const check = FORMATS[rule];
        if (check === undefined) throw new Error(`openapi-check: unknown format "${rule}"`);
        if (typeof value === 'string' && !check(value)) problems.push(`${at}: "${value}" is not a ${rule}`);
        break;
      }
      case 'minItems':
        if (Array.isArray(value) && value.length < rule) problems.push(`${at}: fewer than ${rule} items`);
        break;
      case 'maxItems':
        if (Array.isArray(value) && value.length > rule) problems.push(`${at}: more than ${rule} items`);
        break;
      case 'items':
        if (Array.isArray(value)) for (const [i, item] of value.entries()) problems.push(...validate(rule, item, root, `${at}[${i}]`));
        break;
      case 'required':
        if (typeMatches('object', value))
          for (const name of rule as string[]) if (!(name in (value as Json))) problems.push(`${at}: missing ${name}`);
        break;
      case 'properties':
        if (typeMatches('object', value)) {
          for (const [name, sub] of Object.entries(rule as Json))
            if (name in (value as Json)) problems.push(...validate(sub, (value as Json)[name], root, `${at}.${name}`));
        }
        break;
      case 'additionalProperties':
        if (typeMatches('object', value)) {
          const known = new Set(Object.keys(schema.properties ?? {}));
          for (const [name, item] of Object.entries(value as Json)) {
            if (known.has(name)) continue;
            if (rule === false) problems.push(`${at}: unexpected field ${name}`);
            else if (rule !== true) problems.push(...validate(rule, item, root, `${at}.${name}`));
          }
        }
        break;
      case 'propertyNames':
        if (typeMatches('object', value))
          for (const name of Object.keys(value as Json)) problems.push(...validate(rule, name, root, `${at} key ${name}`));
        break;
      default:
        throw new Error(`openapi-check: keyword "${keyword}" is not supported; extend the validator before using it`);
    }
  }
  return problems;
}

/** The document the service serves with the built-in tier table (the test servers use it too). */
const tiers = loadTierTable(undefined);
if (!tiers.ok) throw new Error(formatProblems(tiers.problems).join('; '));
export const OPENAPI: Json = buildOpenApi(tiers.value, '1.0.0');

const PATHS = Object.keys(OPENAPI.paths).map((template) => ({
  template,
  regex: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

export interface WireResponse {
  method: string;
  url: string;
  status: number;
  headers: Headers;
  /** The body as text (already decompressed by fetch). */
  text: string;
}

/** A header value as the schema's type: integers are numbers on the wire only as digits. */
function headerValue(schema: Json, raw: string): unknown {
  const resolved =
    schema.$ref !== undefined
      ? (schema.$ref as string)
          .replace(/^#\//, '')
          .split('/')
          .reduce((n: Json, k) => n?.[k], OPENAPI)
      : schema;
  return resolved.type === 'integer' && /^-?\d+$/.test(raw) ? Number(raw) : raw;
}

/** Every way `response` departs from the document; [] when it matches. */
export function openApiProblems(response: WireResponse): string[] {
  const path = new URL(response.url).pathname;
  const method = response.method.toLowerCase();
  const where = `${response.method} ${path} -> ${response.status}`;
  const item = PATHS.find((candidate) => candidate.regex.test(path));
  const isBodyless = method === 'head' || response.status === 304 || response.status === 204;
  const operation = item === undefined ? undefined : OPENAPI.paths[item.template][method === 'head' ? 'get' : method];
  if (operation === undefined) {
    // Unknown routes, other methods and preflights: only the error envelope is documented.
    if (isBodyless || response.status < 400) return [];
    return validate(OPENAPI.components.schemas.Error, JSON.parse(response.text), OPENAPI).map((p) => `${where}: ${p}`);
  }
  const documented = operation.responses[String(response.status)];
  if (documented === undefined) return [`${where}: status not documented`];
  const problems: string[] = [];
  for (const [name, header] of Object.entries(documented.headers ?? {}) as [string, Json][]) {
    const raw = response.headers.get(name);
    if (raw === null) {
      if (header.required === true) problems.push(`${where}: missing header ${name}`);
      continue;
    }
    const schema =
      header.$ref !== undefined
        ? (header.$ref as string)
            .replace(/^#\//, '')
            .split('/')
            .reduce((n: Json, k) => n?.[k], OPENAPI).schema
        : header.schema;
    problems.push(...validate(schema, headerValue(schema, raw), OPENAPI, `header ${name}`).map((p) => `${where}: ${p}`));
  }
  if (isBodyless) return problems;
  const content = documented.content as Json | undefined;
  if (content === undefined) return [...problems, `${where}: a body was sent where none is documented`];
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!;
  if (content[type] === undefined) return [...problems, `${where}: content type ${type} not documented`];
  const body = type === 'application/json' ? JSON.parse(response.text) : response.text;
  return [...problems, ...validate(content[type].schema, body, OPENAPI).map((p) => `${where}: ${p}`)];
}

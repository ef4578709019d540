/**
 * The admin API's contract: its request bodies as the valibot schemas that check them (admin/admin-body.ts),
 * its answers, and its part of the OpenAPI document (openapi.ts adds it). Kept in http/, beside the
 * document, so that http/ never imports http/admin/. The routes answer only when the server runs with
 * ADMIN_TOKEN; without it every one is a 404, as the summaries say.
 */
import * as v from 'valibot';
import type { ErrorCode } from './http-error.ts';

/** What a key's label may hold: short, one line. */
const MAX_LABEL_LENGTH = 200;
const label = v.pipe(
  v.string('must be a string'),
  v.maxLength(MAX_LABEL_LENGTH, `must be at most ${MAX_LABEL_LENGTH} characters`),
  v.check((text) => ![...text].some((c) => c < ' ' || c === '\u007f'), 'must be one line of text'),
);
const tier = v.string('must name a tier');

export const CreateKeySchema = v.strictObject({ tier, label: v.optional(label, '') }, 'must be a JSON object');
export const UpdateKeySchema = v.pipe(
  v.strictObject({ tier: v.optional(tier), label: v.optional(label) }, 'must be a JSON object'),
  v.check((body) => body.tier !== undefined || body.label !== undefined, 'must hold tier or label'),
);

type Json = Record<string, unknown>;

const timestamp = v.pipe(v.string(), v.isoTimestamp());

/** A key record as GET /admin/v1/keys shows it (publicRecord in admin-api.ts): never the key. */
const AdminKeyRecordSchema = v.object({
  id: v.pipe(v.string(), v.description('The key id: stable across regenerations, the id usage is reported under.')),
  tier: v.string(),
  label: v.string(),
  maskedKey: v.pipe(v.string(), v.description('exlib_ and asterisks, then the last four characters of the key.')),
  createdAt: timestamp,
  rotatedAt: v.optional(timestamp),
  revokedAt: v.optional(timestamp),
});

export const ADMIN_SCHEMAS = {
  AdminKeyRecord: AdminKeyRecordSchema,
  AdminKeyList: v.object({ data: v.array(AdminKeyRecordSchema) }),
  AdminIssuedKey: v.object({
    id: v.string(),
    key: v.pipe(v.string(), v.description('The whole key, shown this once.')),
    tier: v.string(),
    label: v.string(),
  }),
  AdminRegeneratedKey: v.object({
    id: v.string(),
    key: v.pipe(v.string(), v.description('The new key, shown this once; the old one stops working.')),
    tier: v.string(),
  }),
  AdminUsage: v.object({
    data: v.array(
      v.object({
        keyId: v.string(),
        date: v.pipe(v.string(), v.isoDate()),
        requests: v.pipe(v.number(), v.integer()),
        overageRequests: v.pipe(v.number(), v.integer()),
        overageCost: v.pipe(v.string(), v.description('US dollars, as a decimal string.')),
      }),
    ),
    from: v.pipe(v.string(), v.isoDate()),
    to: v.pipe(v.string(), v.isoDate()),
  }),
  AdminCreateKey: CreateKeySchema,
  AdminUpdateKey: UpdateKeySchema,
} as const;

const schemaRef = (name: keyof typeof ADMIN_SCHEMAS) => ({ $ref: `#/components/schemas/${name}` });

/** The codes the admin API answers with, by status (its 400 on the usage route is INVALID_PARAMETER). */
const ADMIN_ERROR_CODES: Record<number, ErrorCode[]> = {
  400: ['INVALID_BODY', 'INVALID_PARAMETER'],
  401: ['ADMIN_TOKEN_INVALID'],
  404: ['NOT_FOUND'],
  413: ['INVALID_BODY'],
  500: ['INTERNAL_ERROR'],
  503: ['SERVICE_UNAVAILABLE'],
};

/** How openapi.ts writes headers by name, and where its error envelope schema is. */
export interface AdminDocumentParts {
  headers(required: readonly ('X-Request-Id' | 'Cache-Control')[]): Json;
  errorSchema: Json;
}

const ONLY_WITH_TOKEN = 'Admin API (only when the server runs with ADMIN_TOKEN; otherwise 404).';

export function adminPaths(parts: AdminDocumentParts): Json {
  const error = (status: number) => ({
    description: `Error envelope; error.code is ${(ADMIN_ERROR_CODES[status] ?? []).join(' or ')}.`,
    headers: parts.headers(['X-Request-Id', 'Cache-Control']),
    content: { 'application/json': { schema: parts.errorSchema } },
  });
  const ok = (status: number, description: string, schema: keyof typeof ADMIN_SCHEMAS) => ({
    [status]: {
      description,
      headers: parts.headers(['X-Request-Id', 'Cache-Control']),
      content: { 'application/json': { schema: schemaRef(schema) } },
    },
  });
  // Every route answers 404 when the server runs without ADMIN_TOKEN (and the id routes for an unknown id).
  const errors = (...statuses: number[]) =>
    Object.fromEntries([...new Set([401, 404, ...statuses, 500])].sort((a, b) => a - b).map((status) => [status, error(status)]));
  const body = (schema: keyof typeof ADMIN_SCHEMAS) => ({
    required: true,
    content: { 'application/json': { schema: schemaRef(schema) } },
  });
  const idParameter = {
    name: 'id',
    in: 'path',
    required: true,
    description: 'A key id from GET /admin/v1/keys.',
    schema: { type: 'string' },
  };
  const operation = (operationId: string, summary: string, rest: Json) => ({
    operationId,
    summary: `${summary} ${ONLY_WITH_TOKEN}`,
    security: [{ AdminToken: [] }],
    ...rest,
  });
  return {
    '/admin/v1/keys': {
      get: operation('adminListKeys', 'Every key with its tier, label and masked key.', {
        responses: { ...ok(200, 'The keys, live and revoked.', 'AdminKeyList'), ...errors() },
      }),
      post: operation('adminCreateKey', 'Makes a key of a tier; the key is in this answer only.', {
        requestBody: body('AdminCreateKey'),
        responses: { ...ok(201, 'The new key.', 'AdminIssuedKey'), ...errors(400, 413, 503) },
      }),
    },
    '/admin/v1/keys/{id}': {
      patch: operation('adminUpdateKey', "Changes a live key's tier or label.", {
        parameters: [idParameter],
        requestBody: body('AdminUpdateKey'),
        responses: { ...ok(200, "The key's record.", 'AdminKeyRecord'), ...errors(400, 413, 503) },
      }),
      delete: operation('adminRevokeKey', 'Revokes a key: it stops working at once; its usage stays.', {
        parameters: [idParameter],
        responses: {
          204: { description: 'Revoked.', headers: parts.headers(['X-Request-Id', 'Cache-Control']) },
          ...errors(503),
        },
      }),
    },
    '/admin/v1/keys/{id}/regenerate': {
      post: operation('adminRegenerateKey', 'A new key for the same id; the old key stops working.', {
        parameters: [idParameter],
        responses: { ...ok(200, 'The new key.', 'AdminRegeneratedKey'), ...errors(503) },
      }),
    },
    '/admin/v1/usage': {
      get: operation('adminUsage', 'Requests, overage requests and overage cost per key and UTC day.', {
        parameters: [
          {
            name: 'from',
            in: 'query',
            required: false,
            description: 'First day, YYYY-MM-DD (default: 29 days before `to`).',
            schema: { type: 'string' },
          },
          {
            name: 'to',
            in: 'query',
            required: false,
            description: 'Last day, YYYY-MM-DD (default: today, UTC).',
            schema: { type: 'string' },
          },
        ],
        responses: { ...ok(200, 'One row per key and day with requests, by date then key id.', 'AdminUsage'), ...errors(400) },
      }),
    },
  };
}

/** The admin API's request bodies (schemas in ../admin-contract.ts) checked by valibot, failures as INVALID_BODY with the field named. */
import * as v from 'valibot';
import { HttpError } from '../http-error.ts';
import { BODY_TOO_LARGE, type ApiRequest } from '../reply.ts';

function invalidBody(message: string, field: string | undefined, status = 400): HttpError {
  return new HttpError(
    status,
    'INVALID_BODY',
    message,
    'Send a JSON object with the documented fields (docs/api.md#admin-api).',
    field ? { field } : undefined,
  );
}

/** The request's JSON body checked by `schema`, or INVALID_BODY naming the field and the problem. */
export function parseBody<S extends v.GenericSchema>(request: ApiRequest, schema: S): v.InferOutput<S> | HttpError {
  if (request.body === BODY_TOO_LARGE) return invalidBody('The request body is over 16 KiB.', undefined, 413);
  let raw: unknown;
  try {
    raw = JSON.parse((request.body ?? Buffer.alloc(0)).toString('utf8'));
  } catch {
    return invalidBody('The request body is not valid JSON.', undefined);
  }
  const parsed = v.safeParse(schema, raw, { abortPipeEarly: true });
  if (parsed.success) return parsed.output;
  const issue = parsed.issues[0];
  const field = issue.path?.map((item: { key: unknown }) => String(item.key)).join('.');
  return invalidBody(`${field ? `${field}: ` : ''}${issue.message}`, field);
}

/** 400 for a tier the tier table does not have, listing those it has. */
export function unknownTier(name: string, known: readonly string[]): HttpError {
  return new HttpError(
    400,
    'INVALID_BODY',
    `tier: "${name.slice(0, 40)}" is not a tier of the tier table.`,
    `Use one of: ${known.join(', ')}.`,
    {
      field: 'tier',
      allowed: known,
    },
  );
}

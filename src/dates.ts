/**
 * The one date rule: `YYYY-MM-DD` naming a day that exists (no 2026-13-45, no 2026-02-30), as a test,
 * as a valibot schema, and as the `<date>.json` file names of snapshots and the usage archive.
 */
import * as v from 'valibot';

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function isRealDate(text: string): boolean {
  if (!DATE_PATTERN.test(text)) return false;
  const ms = Date.parse(`${text}T00:00:00.000Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === text;
}

export const DATE_MESSAGE = 'must be a real date as YYYY-MM-DD';

/**
 * The date rule as a schema. The regex is there for the OpenAPI document (which shows the pattern); the
 * pipe stops at the first failure, so a malformed date is reported once.
 */
export const DateSchema = v.config(v.pipe(v.string(DATE_MESSAGE), v.regex(DATE_PATTERN, DATE_MESSAGE), v.check(isRealDate, DATE_MESSAGE)), {
  abortPipeEarly: true,
});

/**
 * `<YYYY-MM-DD>.json`: a snapshot in DATA_DIR, a day of STATE_DIR/history. Only the shape: a name of no real
 * date is still listed, so that it is refused with a reason rather than passed over in silence.
 */
export const DATE_FILE_NAME = new RegExp(`^(${DATE_PATTERN.source.slice(1, -1)})\\.json$`);

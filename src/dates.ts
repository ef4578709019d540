/** The one date rule: `YYYY-MM-DD` naming a day that exists (no 2026-13-45, no 2026-02-30). */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function isRealDate(text: string): boolean {
  if (!DATE_PATTERN.test(text)) return false;
  const ms = Date.parse(`${text}T00:00:00.000Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === text;
}

/**
 * Whether two records (plain JSON values) are equal, value for value. A reload compares each record of
 * a new snapshot with the live one's, and the catalog keeps the record and response bytes of what did
 * not change (catalog.ts), which the reading process then sends as positions (catalog-pieces.ts).
 * Key order counts too: that only ever costs work that was not needed, never a stale record. node:util's
 * isDeepStrictEqual answers the same for JSON but took about twice as long over the bundled 2,233
 * (12-20 against 7 ms).
 */
export function isSameRecord(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!isSameRecord(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  if (aKeys.length !== bKeys.length) return false;
  for (let i = 0; i < aKeys.length; i++) {
    const key = aKeys[i]!;
    if (key !== bKeys[i] || !isSameRecord((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}

/**
 * Each raw record (as JSON.parse gave it) that passed a check, with what the check gave. A reread hands
 * back unchanged records as the very objects the last read parsed (snapshot-spans.ts), and they are
 * never changed after parsing, so one of them gives what it gave before: knowing that by identity
 * spared comparing 6,700 records field by field on every reload (about 20 ms of the reading process's
 * time on a 2-core box, issue 19).
 */
const checkedAs = new WeakMap<object, unknown>();

/** Remembers that checking `raw` gave `checked`. */
export function rememberChecked(raw: unknown, checked: unknown): void {
  if (typeof raw === 'object' && raw !== null) checkedAs.set(raw, checked);
}

/** Whether checking `raw` gives `checked` again: the very record that gave it, or one equal to it. */
export function passesAs(raw: unknown, checked: unknown): boolean {
  return (typeof raw === 'object' && raw !== null && checkedAs.get(raw) === checked) || isSameRecord(checked, raw);
}

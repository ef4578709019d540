/**
 * A walk over JSON text that finds where values start and end without building them, for
 * snapshot-spans.ts, which has JSON.parse check every part it finds. It reads a file's bytes as
 * one-byte (latin1) text: every character it looks for is ASCII, and no byte of a multi-byte UTF-8
 * character is, so positions in the text are positions in the bytes, and strings are skipped with
 * indexOf rather than character by character.
 */
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
export const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
export const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

/**
 * Where the JSON string whose opening quote is at `quoteAt` ends (its closing quote), or -1 when it does
 * not: found with indexOf rather than character by character (a snapshot is mostly text).
 */
export function stringEnd(text: string, quoteAt: number): number {
  let end = quoteAt;
  for (;;) {
    end = text.indexOf('"', end + 1);
    if (end === -1) return -1;
    // A quote ends the string unless an odd run of backslashes escapes it.
    let slashes = 0;
    while (text.charCodeAt(end - 1 - slashes) === BACKSLASH) slashes += 1;
    if (slashes % 2 === 0) return end;
  }
}

/** Thrown inside the walk when the bytes are not what it can follow; the caller parses the whole text. */
export class CannotWalk extends Error {}

/** The walk's place in the text, and how it steps over each part of JSON. */
export class Walker {
  at = 0;
  constructor(
    readonly text: string,
    readonly maxDepth: number,
  ) {}

  whitespace(): void {
    const { text } = this;
    let at = this.at;
    for (;;) {
      const c = text.charCodeAt(at);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
      at += 1;
    }
    this.at = at;
  }

  expect(char: number): void {
    this.whitespace();
    if (this.text.charCodeAt(this.at) !== char) throw new CannotWalk();
    this.at += 1;
  }

  /** Whether the next character (after whitespace) is `char`, taking it if so. */
  takes(char: number): boolean {
    this.whitespace();
    if (this.text.charCodeAt(this.at) !== char) return false;
    this.at += 1;
    return true;
  }

  /** Whether the next value (after whitespace) opens with `char`. */
  opens(char: number): boolean {
    this.whitespace();
    return this.text.charCodeAt(this.at) === char;
  }

  /** Skips a string whose opening quote is at `this.at`; answers where its text ends (its closing quote). */
  string(): number {
    const end = stringEnd(this.text, this.at);
    if (end === -1) throw new CannotWalk();
    this.at = end + 1;
    return end;
  }

  /** Skips one value held at `depth`; answers where it starts. */
  value(depth: number): number {
    this.whitespace();
    const { text } = this;
    const start = this.at;
    const c = text.charCodeAt(start);
    if (c === QUOTE) this.string();
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) this.container(depth + 1);
    else {
      // A number, true, false or null: up to the next delimiter (JSON.parse says whether it is one).
      let at = start;
      for (;;) {
        const b = text.charCodeAt(at);
        if (Number.isNaN(b) || b === COMMA || b === CLOSE_BRACE || b === CLOSE_BRACKET || b <= 0x20) break;
        at += 1;
      }
      if (at === start) throw new CannotWalk();
      this.at = at;
    }
    return start;
  }

  /** Skips an array or object (at `depth`) from its opening character, strings skipped whole. */
  container(depth: number): void {
    const { text } = this;
    let at = this.at;
    let open = 0;
    for (;;) {
      const c = text.charCodeAt(at);
      if (c === QUOTE) {
        this.at = at;
        at = this.string();
      } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        open += 1;
        if (depth + open - 1 > this.maxDepth) throw new CannotWalk();
      } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        open -= 1;
        if (open === 0) break;
      } else if (Number.isNaN(c)) throw new CannotWalk();
      at += 1;
    }
    this.at = at + 1;
  }

  /** Walks an object (at `depth`) from its opening brace, handing each member's name to `member`, which takes its value. */
  members(depth: number, member: (name: string) => void): void {
    this.expect(OPEN_BRACE);
    if (depth > this.maxDepth) throw new CannotWalk();
    if (this.takes(CLOSE_BRACE)) return;
    do {
      this.whitespace();
      if (this.text.charCodeAt(this.at) !== QUOTE) throw new CannotWalk();
      const start = this.at + 1;
      const end = this.string();
      this.expect(COLON);
      member(nameOf(this.text, start, end));
    } while (this.takes(COMMA));
    this.expect(CLOSE_BRACE);
  }

  /** Walks an array (at `depth`) from its opening bracket, calling `element` to take each element. */
  elements(depth: number, element: () => void): void {
    this.expect(OPEN_BRACKET);
    if (depth > this.maxDepth) throw new CannotWalk();
    if (this.takes(CLOSE_BRACKET)) return;
    do element();
    while (this.takes(COMMA));
    this.expect(CLOSE_BRACKET);
  }
}

const NOT_PLAIN = /[^\x20-\x5b\x5d-\x7e]/;

/** A member name as JSON.parse reads it: plain ASCII names (nearly all) as they are, others parsed. */
function nameOf(text: string, start: number, end: number): string {
  const name = text.slice(start, end);
  if (!NOT_PLAIN.test(name)) return name;
  try {
    return JSON.parse(`"${Buffer.from(name, 'latin1').toString('utf8')}"`) as string;
  } catch {
    throw new CannotWalk();
  }
}

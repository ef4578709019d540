/**
 * Parsing a snapshot again by its records' bytes (src/catalog/snapshot-spans.ts): the answer is always
 * JSON.parse's or none (then the whole text is parsed), records whose bytes did not change come back as
 * the very values the last read gave, and the reader built on it answers as a read from nothing.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { passesAs, rememberChecked } from '../../src/catalog/same-record.ts';
import { readSnapshot, rereadSnapshot } from '../../src/catalog/snapshot-reader.ts';
import { parseReusing, type SpanMemory } from '../../src/catalog/snapshot-spans.ts';
import { formatProblems } from '../../src/problems.ts';
import { tinySnapshot } from '../helpers/snapshots.ts';

const bytesOf = (value: unknown, space?: number) => Buffer.from(JSON.stringify(value, null, space));

/** parseReusing's answer, which must be JSON.parse's whenever there is one. */
function parsedLikeJson(bytes: Buffer, memory?: SpanMemory): { raw: unknown; memory: SpanMemory } | undefined {
  const answer = parseReusing(bytes, 32, memory);
  let json: unknown;
  let parses = true;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    parses = false;
  }
  if (answer !== undefined) {
    assert.ok(parses, `answered for text JSON.parse refuses: ${bytes.toString('utf8').slice(0, 80)}`);
    assert.deepStrictEqual(answer.raw, json);
  }
  return answer;
}

/** A snapshot-shaped document with a translation, small enough to mutate byte by byte. */
function document() {
  const snapshot = tinySnapshot() as unknown as { exercises: { id: string; name: string; overview: string }[] };
  const [first, second] = snapshot.exercises;
  return {
    ...snapshot,
    translations: {
      de: { exercises: { [first!.id]: { name: 'Erste Übung "eins"' }, [second!.id]: { name: 'Zweite \\ Übung' } }, categories: {} },
      es: { exercises: { [first!.id]: { name: 'Primero ñ' } } },
    },
  };
}

describe('parseReusing', () => {
  it('answers JSON.parse, and hands back the very values of records whose bytes did not change', () => {
    const before = document();
    const first = parsedLikeJson(bytesOf(before))!;
    assert.ok(first !== undefined, 'a snapshot is walked');
    const after = structuredClone(before);
    after.exercises[1]!.overview += ' Revised.';
    after.translations.de.exercises[after.exercises[0]!.id]!.name = 'Neu';
    const again = parsedLikeJson(bytesOf(after), first.memory)! as { raw: typeof before };
    const was = first.raw as typeof before;
    assert.equal(again.raw.exercises[0], was.exercises[0], 'an unchanged exercise is the value read before');
    assert.notEqual(again.raw.exercises[1], was.exercises[1], 'a changed one is parsed anew');
    const [firstId, secondId] = [before.exercises[0]!.id, before.exercises[1]!.id];
    assert.equal(again.raw.translations.de.exercises[secondId], was.translations.de.exercises[secondId], 'an unchanged translation');
    assert.notEqual(again.raw.translations.de.exercises[firstId], was.translations.de.exercises[firstId], 'a changed translation');
    assert.equal(again.raw.translations.es.exercises[firstId], was.translations.es.exercises[firstId], 'by language');
  });

  it('reuses a record found elsewhere in the file, and none whose bytes differ only in spacing', () => {
    const before = document();
    const first = parsedLikeJson(bytesOf(before))!;
    const moved = { ...before, exercises: [...before.exercises].reverse() };
    const again = parsedLikeJson(bytesOf(moved), first.memory)! as { raw: typeof before };
    assert.equal(again.raw.exercises.at(-1), (first.raw as typeof before).exercises[0], 'found by its id');
    const spaced = parsedLikeJson(bytesOf(before, 2), first.memory)! as { raw: typeof before };
    assert.notEqual(spaced.raw.exercises[0], (first.raw as typeof before).exercises[0], 'other bytes, parsed again');
  });

  it('leaves to the whole parse what it cannot walk or what JSON.parse refuses', () => {
    const text = JSON.stringify(document());
    const cases: [string, Buffer][] = [
      ['a byte-order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])],
      ['not UTF-8', Buffer.concat([Buffer.from(text.slice(0, 40)), Buffer.from([0xc3, 0x28]), Buffer.from(text.slice(40))])],
      ['past the nesting limit', Buffer.from(`{"exercises":[${'['.repeat(40)}${']'.repeat(40)}]}`)],
      ['a broken record', Buffer.from(text.replace('"name":', '"name"'))],
      ['a broken skeleton', Buffer.from(text.replace('"dataVersion":', '"dataVersion"'))],
      ['trailing text', Buffer.from(`${text} x`)],
      ['an unterminated string', Buffer.from(text.slice(0, text.length / 2))],
      ['not an object', Buffer.from('[1,2]')],
    ];
    for (const [what, bytes] of cases) assert.equal(parsedLikeJson(bytes), undefined, what);
  });

  it('answers JSON.parse for repeated names, escaped names, __proto__, scalars and odd spacing', () => {
    const cases = [
      '{"exercises":[{"id":"a"}],"exercises":[{"id":"b"},2]}',
      '{"exer\\u0063ises":[{"id":"a","x":"\\"]}"}],"translations":{"de":{"exercises":{"a":1}}}}',
      '{"translations":{"de":{"exercises":{"__proto__":{"name":"p"},"a":{}}},"de":{"exercises":{"b":[]}}}}',
      '{"translations":{"de":{"exercises":[1]},"es":3,"fr":{"exercises":{"a":"x","a":"y"}}},"exercises":{"a":1}}',
      ' \n\t{ "exercises" : [ { "id" : "a" } , null , -1.5e3 , true ] , "x" : [ ] } \r\n',
      '{"exercises":[],"translations":{}}',
      '{"exercises":[{"id":"a\\\\"},{"id":"ü"}]}',
    ];
    for (const text of cases) assert.ok(parsedLikeJson(Buffer.from(text)) !== undefined, text);
    const proto = parseReusing(Buffer.from(cases[2]!), 32, undefined)!.raw as { translations: { de: { exercises: object } } };
    assert.equal(Object.getPrototypeOf(proto.translations.de.exercises), Object.prototype, 'a member, not the prototype');
  });

  it('answers JSON.parse or nothing for every one-byte change of a document, with and without memory', () => {
    const text = JSON.stringify(document());
    const memory = parseReusing(Buffer.from(text), 32, undefined)!.memory;
    // A fixed walk over positions and replacement bytes: every structural and string byte in turn.
    const replacements = ['"', '\\', '{', '}', '[', ']', ',', ':', ' ', '0', 'x'];
    let answered = 0;
    for (let at = 0; at < text.length; at++) {
      const replacement = replacements[at % replacements.length]!;
      const changed = Buffer.from(text.slice(0, at) + replacement + text.slice(at + 1));
      if (parsedLikeJson(changed, at % 2 === 0 ? memory : undefined) !== undefined) answered++;
    }
    assert.ok(answered > text.length / 4, `most changes inside strings still parse (${answered} of ${text.length})`);
  });

  it('parses by records even when most of the file changed, and remembers them for the next read', () => {
    const before = document();
    const first = parseReusing(bytesOf(before), 32, undefined)!;
    const after = structuredClone(before);
    for (const exercise of after.exercises) exercise.overview = `Revised: ${'at length. '.repeat(200)}`;
    const most = parsedLikeJson(bytesOf(after), first.memory)! as { raw: typeof before; memory: SpanMemory };
    assert.ok(most !== undefined, 'not left to the whole parse');
    // The next day's edit: one exercise changed, the rest taken as that read gave them.
    const next = structuredClone(after);
    next.exercises[0]!.overview = 'Revised again.';
    assert.ok(parsedLikeJson(bytesOf(next), most.memory) !== undefined);
    const again = parseReusing(bytesOf(next), 32, most.memory)! as { raw: typeof before; changedBytes: number };
    assert.equal(again.raw.exercises[1], most.raw.exercises[1], 'an unchanged exercise is the value the read before gave');
    assert.ok(again.changedBytes < bytesOf(next).length / 4, `only the edited record changed (${again.changedBytes} bytes)`);
  });
});

describe('rereadSnapshot', () => {
  const dir = mkdtempSync(join(tmpdir(), 'reread-'));
  const bundled = JSON.parse(readFileSync(new URL('../../data/2026-11-28.json', import.meta.url), 'utf8'));

  it('answers as a read from nothing, taking unchanged records as the checked ones it read before', () => {
    const firstFile = join(dir, '2099-01-01.json');
    writeFileSync(firstFile, JSON.stringify({ ...bundled, dataVersion: '2099-01-01' }));
    const first = rereadSnapshot(firstFile, dir, 64 * 2 ** 20, undefined);
    assert.ok(first.ok && first.value.spans !== undefined, 'the bundled snapshot is walked');
    const edited = structuredClone(bundled);
    edited.dataVersion = '2099-01-02';
    edited.exercises[7].overview += ' Revised.';
    const id = edited.exercises[7].id;
    edited.translations.de.exercises[id].overview = 'Überarbeitet.';
    const file = join(dir, '2099-01-02.json');
    writeFileSync(file, JSON.stringify(edited));
    const again = rereadSnapshot(file, dir, 64 * 2 ** 20, first.value);
    const fresh = readSnapshot(file, dir, 64 * 2 ** 20);
    assert.ok(again.ok && fresh.ok);
    assert.deepStrictEqual(again.value.snapshot, fresh.value, 'the same snapshot');
    const [was, now] = [first.value.snapshot, again.value.snapshot];
    assert.equal(now.exercises[0], was.exercises[0], 'an unchanged record is the one checked before');
    assert.notEqual(now.exercises[7], was.exercises[7]);
    const other = edited.exercises[8].id;
    assert.equal(now.translations!.de!.exercises[other], was.translations!.de!.exercises[other], 'and an unchanged translation');
    // What changed, for the reading process's estimate of the read's cost (idle-cpu.ts): the two edited
    // records' bytes, against the whole file for the first read.
    const changed = (o: unknown) => Buffer.byteLength(JSON.stringify(o));
    assert.equal(again.value.changedBytes, changed(edited.exercises[7]) + changed(edited.translations.de.exercises[id]));
    assert.ok(first.value.changedBytes > 0.9 * readFileSync(firstFile).length, 'every record is new to the first read');
  });

  it('refuses what it cannot walk with the whole parse’s reasons, and keeps nothing of it', () => {
    const cases: [string, Buffer, string][] = [
      ['2099-02-01.json', Buffer.from([0x7b, 0xc3, 0x28, 0x7d]), 'is not valid UTF-8'],
      ['2099-02-02.json', Buffer.from(`{"exercises":${'['.repeat(40)}${']'.repeat(40)}}`), 'more than 32 deep'],
      ['2099-02-03.json', Buffer.from('{"exercises":[{"id":"a",}]}'), 'JSON'],
    ];
    const earlier = rereadSnapshot(join(dir, '2099-01-01.json'), dir, 64 * 2 ** 20, undefined);
    assert.ok(earlier.ok);
    for (const [name, bytes, reason] of cases) {
      writeFileSync(join(dir, name), bytes);
      const read = rereadSnapshot(join(dir, name), dir, 64 * 2 ** 20, earlier.value);
      assert.ok(!read.ok && formatProblems(read.problems).join('\n').includes(reason), `${name}: ${reason}`);
    }
  });
});

describe('passesAs', () => {
  it('knows a record that passed by identity, and any other by its value', () => {
    const raw = { id: 'a', extra: 1 };
    const checked = { id: 'a' };
    assert.equal(passesAs(raw, checked), false, 'not equal, not remembered');
    rememberChecked(raw, checked);
    assert.equal(passesAs(raw, checked), true, 'the very record that gave it');
    assert.equal(passesAs({ id: 'a', extra: 1 }, checked), false, 'an equal copy of the raw is compared by value');
    assert.equal(passesAs({ id: 'a' }, checked), true, 'a record equal to what passed');
  });
});

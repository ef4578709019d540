/** `npm run media -- sheet`: a contact sheet of chosen descriptions, with as many frames a row as asked. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { ROOT, tempDir } from '../helpers/service.ts';

function sheet(args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli/media.ts'), 'sheet', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('media sheet', () => {
  it('draws 8 frames a row by default and --frames N when asked (16 frames: about twice as wide); refuses a count outside 2..32', async () => {
    const dir = tempDir('exlib-sheet-');
    const eight = join(dir, 'eight.jpg');
    const sixteen = join(dir, 'sixteen.jpg');
    assert.equal(sheet([eight, 'Plank']).code, 0);
    const run = sheet([sixteen, 'Plank', '--frames', '16']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /sixteen\.jpg: Plank/);
    const [a, b] = await Promise.all([sharp(eight).metadata(), sharp(sixteen).metadata()]);
    assert.equal(a.format, 'jpeg');
    assert.ok(b.width! > a.width! * 1.7, `${b.width} against ${a.width}`);
    const bad = sheet([join(dir, 'bad.jpg'), 'Plank', '--frames', '1']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--frames takes a whole number from 2 to 32, not 1/);
  });

  it('puts the rows in the order the ids are named, and refuses an id with no description by name', () => {
    const dir = tempDir('exlib-sheet-order-');
    const run = sheet([join(dir, 'order.jpg'), 'Plank', 'Barbell_Squat', 'Knee_Push_Up']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /order\.jpg: Plank, Barbell_Squat, Knee_Push_Up\n/);
    const unknown = sheet([join(dir, 'unknown.jpg'), 'Plank', 'Plnak']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /no motion description for Plnak/);
  });
});

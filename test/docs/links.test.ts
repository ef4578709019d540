/**
 * The repository's documentation is whole: every link from a Markdown file or a code comment to
 * `docs/*.md` or a README lands on a file and heading that exist, and nothing points outside the
 * clone (a sibling folder or a machine path a reader does not have).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from '../helpers/service.ts';

const TRACKED = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
const TEXT_FILES = TRACKED.filter(
  (file) => /\.(md|ts|mts|json|sh)$|^\.ci\/run$/.test(file) && !file.startsWith('data/') && !file.startsWith('test/fixtures/'),
).filter((file) => file !== 'package-lock.json' && file !== 'bench/results/latest.json');

/** GitHub's heading anchor: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');
}

const anchorCache = new Map<string, Set<string>>();
function anchorsIn(file: string): Set<string> {
  let anchors = anchorCache.get(file);
  if (anchors === undefined) {
    const text = readFileSync(join(ROOT, file), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
    anchors = new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1]!)));
    anchorCache.set(file, anchors);
  }
  return anchors;
}

/** Links to Markdown files: `[text](path#anchor)` in Markdown, `docs/<file>.md#<anchor>` anywhere. */
function linksIn(file: string, text: string): { target: string; anchor: string | undefined }[] {
  const links: { target: string; anchor: string | undefined }[] = [];
  if (file.endsWith('.md')) {
    for (const [, path, anchor] of text.matchAll(/\]\(([^)\s#]*\.md)?(?:#([^)\s]+))?\)/g)) {
      if (path === undefined && anchor === undefined) continue;
      if (path !== undefined && /^[a-z]+:/.test(path)) continue;
      links.push({ target: path === undefined ? file : normalize(join(dirname(file), path)), anchor });
    }
  } else {
    for (const [, path, anchor] of text.matchAll(/\b(docs\/[\w-]+\.md)(?:#([\w-]+))?/g)) links.push({ target: path!, anchor });
  }
  return links;
}

describe('documentation links', () => {
  it('land on a file and a heading that exist', () => {
    const broken: string[] = [];
    for (const file of TEXT_FILES) {
      for (const { target, anchor } of linksIn(file, readFileSync(join(ROOT, file), 'utf8'))) {
        if (!existsSync(join(ROOT, target))) broken.push(`${file}: ${target} does not exist`);
        else if (anchor !== undefined && !anchorsIn(target).has(anchor)) broken.push(`${file}: ${target}#${anchor} names no heading`);
      }
    }
    assert.deepEqual(broken, []);
  });

  it('never point outside the clone', () => {
    const outside = TEXT_FILES.flatMap((file) => {
      const text = readFileSync(join(ROOT, file), 'utf8');
      return [...text.matchAll(/\.\.\/shared\/|\/work\/[\w.-]+|\.library\//g)].map((match) => `${file}: ${match[0]}`);
    });
    assert.deepEqual(outside, []);
  });

  it('reads a heading the way GitHub anchors it', () => {
    assert.equal(anchorOf('Searching and filtering (`GET /v1/exercises`)'), 'searching-and-filtering-get-v1exercises');
    assert.equal(anchorOf('Typos and swapped letters'), 'typos-and-swapped-letters');
    assert.ok(anchorsIn('docs/api.md').has('safety-cap'));
    assert.equal(relative(ROOT, join(ROOT, 'docs', '..', 'README.md')), 'README.md');
  });
});

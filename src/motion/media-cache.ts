/**
 * The disk cache of rendered media (MEDIA_DIR, default ./var/media): `<id>/0.jpg`, `<id>/1.jpg` and
 * `<id>/demo-1.mp4` per described exercise, and `index.json`, what the catalog lists: per id the
 * description's hash, the image paths and the clip's fields as ffprobe read them from the file.
 * Files are written beside their final name and renamed, so a reader never sees half a file.
 */
import { mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import sharp from 'sharp';
import { dirname, join } from 'node:path';
import { writeFileAtomic } from '../files.ts';
import { INDEX_FILE, type IndexEntry, type MediaIndex, readMediaIndex } from '../catalog/media-listing.ts';
import { ffprobe, type Prober, readClipSource, type VideoSource } from '../catalog/snapshot-media.ts';
import type { AnyDescription } from './motion-files.ts';
import { generatedWith, RENDERER_NAME, renderClip, renderStills } from './render-media.ts';

export const CLIP_FILE = 'demo-1.mp4';

/** The crash-safe replace of files.ts, into a folder made when missing: a reader never sees half a file. */
function writeAtomically(file: string, bytes: Uint8Array | string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileAtomic(file, bytes);
}

export function writeMediaIndex(dir: string, index: MediaIndex): void {
  const sorted = Object.fromEntries(
    Object.keys(index)
      .sort()
      .map((id) => [id, index[id]!]),
  );
  writeAtomically(join(dir, INDEX_FILE), `${JSON.stringify(sorted, null, 1)}\n`);
}

/**
 * What ffprobe reads from a rendered clip, by the same reading `snapshot media` uses (snapshot-media.ts),
 * with the renderer named in generatedWith; throws when the file is not a clip the catalog may list.
 */
export function probeClip(file: string, path: string, probe: Prober = ffprobe, renderer = RENDERER_NAME): VideoSource {
  const read = readClipSource(file, path, { generatedWith: renderer, probe });
  if ('message' in read) throw new Error(`${file}: ${read.message}`);
  return read;
}

/** Renders one description's stills and clip into `dir` and returns its index entry. */
export async function renderInto(dir: string, description: AnyDescription): Promise<IndexEntry> {
  const { id, motion } = description;
  const [start, end] = await renderStills(motion);
  writeAtomically(join(dir, id, '0.jpg'), start);
  writeAtomically(join(dir, id, '1.jpg'), end);
  const clip = join(dir, id, CLIP_FILE);
  const temporary = join(dir, id, `.${process.pid}.${CLIP_FILE}`);
  await renderClip(motion, temporary);
  renameSync(temporary, clip);
  return {
    hash: description.hash,
    images: [`${id}/0.jpg`, `${id}/1.jpg`],
    videos: [probeClip(clip, `${id}/${CLIP_FILE}`, ffprobe, generatedWith(motion))],
  };
}

/** Whether the cache holds media of this very description (same hash, every file there). */
export function isFresh(dir: string, index: MediaIndex, description: AnyDescription): boolean {
  const entry = index[description.id];
  if (entry === undefined || entry.hash !== description.hash) return false;
  return [...entry.images, ...entry.videos.map((clip) => clip.path)].every((path) => {
    try {
      return statSync(join(dir, path)).isFile();
    } catch {
      return false;
    }
  });
}

/** The index is written at most this often while rendering: each write makes a server reload its catalog. */
const INDEX_WRITE_INTERVAL_MS = 30_000;

/**
 * Renders every description whose media is missing or stale, writing the index every 30 s and at
 * the end, so a server lists media as it appears; `onRendered` hears of each (id and milliseconds).
 */
export async function renderMissing(
  dir: string,
  descriptions: readonly AnyDescription[],
  onRendered?: (id: string, ms: number) => void,
): Promise<MediaIndex> {
  let writtenAt = performance.now();
  const index = readMediaIndex(dir);
  const known = new Set(descriptions.map((d) => d.id));
  for (const id of Object.keys(index)) if (!known.has(id)) delete index[id];
  for (const description of descriptions) {
    if (isFresh(dir, index, description)) continue;
    const started = performance.now();
    index[description.id] = await renderInto(dir, description);
    if (performance.now() - writtenAt > INDEX_WRITE_INTERVAL_MS) {
      writeMediaIndex(dir, index);
      writtenAt = performance.now();
    }
    onRendered?.(description.id, performance.now() - started);
  }
  writeMediaIndex(dir, index);
  return index;
}

/**
 * Vendored photos are scaled to this width and quality: free-exercise-db's 800 px originals (105 MB)
 * come to about 25 MB for the 1,746 photos, small enough to keep in the repository (a fresh clone serves
 * them), and clients' cards and detail views on phones need no more.
 */
const PHOTO_WIDTH = 480;
const PHOTO_QUALITY = 65;

/**
 * Vendors free-exercise-db's photos: every image path of `paths` (a snapshot's `<id>/<n>.jpg`) is read
 * from `sourceDir`, re-encoded (at most 480 px wide, mozjpeg, no metadata) and written to `photosDir`
 * under the same path. The same photos give the same bytes, so re-running it changes nothing in git.
 */
export async function importPhotos(
  sourceDir: string,
  photosDir: string,
  paths: readonly string[],
): Promise<{ copied: number; missing: string[] }> {
  let copied = 0;
  const missing: string[] = [];
  for (const path of paths) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(sourceDir, path));
    } catch {
      missing.push(path);
      continue;
    }
    const jpeg = await sharp(bytes)
      .resize({ width: PHOTO_WIDTH, withoutEnlargement: true })
      .jpeg({ quality: PHOTO_QUALITY, mozjpeg: true })
      .toBuffer();
    writeAtomically(join(photosDir, path), jpeg);
    copied += 1;
  }
  return { copied, missing };
}

/**
 * What the served catalog lists as media, decided against the media folders at each load: an exercise
 * with rendered media (the index in MEDIA_DIR) lists our clip, the clip's `url` absolute under
 * MEDIA_URL, and free-exercise-db's photos as its images where they exist, else our two stills; any
 * other exercise keeps only the images of its snapshot that are files in one of the folders (the
 * photos vendored in MEDIA_PHOTOS_DIR). A medium no request could fetch is never listed
 * (docs/api.md#media).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileSignature } from '../files.ts';
import { clipUrl, isFile, type VideoSource } from './snapshot-media.ts';
import { runNow, type Steps } from '../time-slices.ts';
import type { Exercise, Snapshot } from './snapshot-schema.ts';

/** The media folder's index, written by `npm run media -- render` (motion/media-cache.ts) and read here at each load. */
export const INDEX_FILE = 'index.json';

export interface IndexEntry {
  hash: string;
  images: string[];
  /** The clip as the build's videos.json holds one (snapshot-media.ts): a path under the media host, and what ffprobe read. */
  videos: VideoSource[];
}
export type MediaIndex = Record<string, IndexEntry>;

export function readMediaIndex(dir: string): MediaIndex {
  try {
    return JSON.parse(readFileSync(join(dir, INDEX_FILE), 'utf8')) as MediaIndex;
  } catch {
    return {};
  }
}

/**
 * The media folders in the order a medium is looked for: the vendored photos, then the rendered cache
 * (MEDIA_DIR, written by `media render`), whose stills share the photos' names (`<id>/0.jpg`) and are
 * listed only for exercises without photos. The media host resolves a path the same way, so what is
 * listed is what is served.
 */
export interface MediaFolders {
  rendered: string;
  photos: string;
}

/** The file serving `relative` (`<id>/0.jpg`): the first folder holding it, or undefined. */
export function findMedium(folders: MediaFolders, relative: string): string | undefined {
  for (const dir of [folders.photos, folders.rendered]) {
    const file = join(dir, relative);
    if (isFile(file)) return file;
  }
  return undefined;
}

/** Changes whenever the render command writes a new index (an atomic replace: a new inode). */
export function mediaSignature(mediaDir: string): string {
  return fileSignature(join(mediaDir, INDEX_FILE)) ?? 'none';
}

/** Exercises listed between two pauses: each stats its files, and the bundled catalog's 2,233 took ~25 ms at once. */
const EXERCISES_PER_STEP = 64;

/**
 * `snapshot` with every exercise's images and videos replaced by what the media folder can serve, as
 * steps (time-slices.ts), so that the loader lists media in slices without holding the event loop.
 */
export function* listMediaSteps(
  snapshot: Snapshot,
  folders: MediaFolders,
  mediaUrl: string,
  index: MediaIndex = readMediaIndex(folders.rendered),
): Steps<Snapshot> {
  const base = mediaUrl.endsWith('/') ? mediaUrl : `${mediaUrl}/`;
  const exercises: Exercise[] = [];
  for (const exercise of snapshot.exercises) {
    exercises.push(listed(exercise, folders, base, index));
    if (exercises.length % EXERCISES_PER_STEP === 0) yield;
  }
  return { ...snapshot, exercises };
}

/** `snapshot` with every exercise's media as the folder can serve them, at once (tests and tools). */
export function listMedia(snapshot: Snapshot, folders: MediaFolders, mediaUrl: string, index?: MediaIndex): Snapshot {
  return runNow(listMediaSteps(snapshot, folders, mediaUrl, index));
}

function listed(exercise: Exercise, folders: MediaFolders, base: string, index: MediaIndex): Exercise {
  const entry = index[exercise.id];
  const rendered = folders.rendered;
  if (entry?.images.every((path) => isFile(join(rendered, path)))) {
    const videos = entry.videos
      .filter((clip) => isFile(join(rendered, clip.path)))
      .map(({ path, ...fields }) => ({ url: clipUrl(path, base), ...fields }));
    // A photographed exercise keeps its photos (the text was audited against them) and gains our clip;
    // our stills are its images only where no photo exists.
    const photos = exercise.images.filter((path) => isFile(join(folders.photos, path)));
    return { ...exercise, images: photos.length > 0 ? photos : entry.images, videos };
  }
  // A clip hosted elsewhere is the snapshot's to vouch for; one under MEDIA_URL must be a file here.
  const videos = exercise.videos.filter(
    (video) => !video.url.startsWith(base) || findMedium(folders, video.url.slice(base.length)) !== undefined,
  );
  return { ...exercise, images: exercise.images.filter((path) => findMedium(folders, path) !== undefined), videos };
}

/**
 * The media host (`/media/<id>/<n>.jpg`, `/media/<id>/demo-<n>.mp4`): files of the media folders only
 * (the vendored photos, then the rendered cache, found as the listing finds them), named
 * by a strict pattern (the exercise id alphabet, then a still or a clip named as `snapshot media`
 * reads clips, snapshot-media.ts's CLIP_NAME), so no path can leave the folder; an ETag from the file's bytes, a year's
 * `Cache-Control` (a changed medium gets a new ETag), and byte ranges on clips (browsers and phones
 * seek video with them). A name the pattern refuses or a file that is missing is the 404 envelope.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { findMedium, type MediaFolders } from '../catalog/media-listing.ts';
import { CLIP_NAME } from '../catalog/snapshot-media.ts';
import { ID_PATTERN } from '../catalog/snapshot-schema.ts';
import { isNotModified } from './caching.ts';
import { type HttpError, notFound } from './http-error.ts';
import type { ApiRequest, Reply } from './reply.ts';

export const MEDIA_PREFIX = '/media/';
/** A still of an exercise: `<n>.jpg`, as the spec's image paths name them. */
export const STILL_NAME = /^\d{1,3}\.jpg$/;
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000';
/** Content types of clips by container, as CLIP_NAME's extensions name them. */
export const CLIP_TYPES: Readonly<Record<string, string>> = { mp4: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime' };

/**
 * `<id>/<file>` as the catalog lists media: an exercise id (docs/api.md#ids), then a still or a clip;
 * the Content-Type to send, or undefined for anything else (nothing else is ever a media path).
 */
export function mediaType(relative: string): { contentType: string; isClip: boolean } | undefined {
  const slash = relative.indexOf('/');
  if (slash < 0 || !ID_PATTERN.test(relative.slice(0, slash))) return undefined;
  const name = relative.slice(slash + 1);
  if (STILL_NAME.test(name)) return { contentType: 'image/jpeg', isClip: false };
  const clip = CLIP_NAME.exec(name);
  return clip === null ? undefined : { contentType: CLIP_TYPES[clip[2]!]!, isClip: true };
}

interface CachedFile {
  signature: string;
  bytes: Buffer;
  etag: string;
}

function missing(path: string): HttpError {
  return notFound(
    `No medium at ${path.length > 200 ? `${path.slice(0, 200)}…` : path}.`,
    'Media paths are <exercise id>/<n>.jpg and <exercise id>/demo-<n>.mp4 (or .webm, .mov), as the catalog lists them.',
  );
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` within `size`; undefined for anything else (then the whole file is sent, as RFC 9110 allows). */
export function parseRange(header: string | undefined, size: number): [number, number] | undefined {
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (match === null || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start <= end && start < size ? [start, end] : undefined;
}

export interface MediaHost {
  /** The reply to a request whose path starts with `/media/`; an HttpError (404) for a refused or missing medium. */
  serve(request: ApiRequest): Reply | HttpError;
}

/** A host over `folders`; file bytes are kept by path while their file, size and mtime stay the same (up to `maxCachedBytes`). */
export function createMediaHost(folders: MediaFolders, maxCachedBytes = 64 * 2 ** 20): MediaHost {
  const cache = new Map<string, CachedFile>();
  let cachedBytes = 0;

  function read(relative: string): CachedFile | undefined {
    const file = findMedium(folders, relative);
    if (file === undefined) return undefined;
    let signature: string;
    try {
      const stat = statSync(file);
      signature = `${file}:${stat.size}:${stat.mtimeMs}`;
    } catch {
      return undefined;
    }
    const cached = cache.get(relative);
    if (cached?.signature === signature) return cached;
    const bytes = readFileSync(file);
    const entry = { signature, bytes, etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"` };
    if (cached !== undefined) cachedBytes -= cached.bytes.length;
    if (cachedBytes + bytes.length > maxCachedBytes) {
      cache.clear();
      cachedBytes = 0;
    }
    cache.set(relative, entry);
    cachedBytes += bytes.length;
    return entry;
  }

  return {
    serve: function serveMedia(request) {
      let relative: string;
      try {
        relative = decodeURIComponent(request.path.slice(MEDIA_PREFIX.length));
      } catch {
        return missing(request.path);
      }
      const type = mediaType(relative);
      if (type === undefined) return missing(request.path);
      const file = read(relative);
      if (file === undefined) return missing(request.path);
      const { isClip } = type;
      const headers: [string, string][] = [
        ['Content-Type', type.contentType],
        ['Cache-Control', MEDIA_CACHE_CONTROL],
        ['ETag', file.etag],
      ];
      if (isClip) headers.push(['Accept-Ranges', 'bytes']);
      if (isNotModified(request.ifNoneMatch, file.etag)) return { status: 304, headers, body: '' };
      const range = isClip ? parseRange(request.range, file.bytes.length) : undefined;
      if (range === undefined) return { status: 200, headers, body: file.bytes };
      const [start, end] = range;
      headers.push(['Content-Range', `bytes ${start}-${end}/${file.bytes.length}`]);
      return { status: 206, headers, body: file.bytes.subarray(start, end + 1) };
    },
  };
}

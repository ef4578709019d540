/**
 * Media of a snapshot checked against a real media folder (docs/api.md#media): every image path
 * must name a file there, and video metadata is read from the clip files themselves with ffprobe
 * (Debian's ffmpeg package), never typed in. Clips are matched to exercises by path:
 * `<media-dir>/<exercise id>/demo-<n>.<mp4|webm|mov>`, n = 1, 2, ... in order (the first is the
 * canonical demo), the same layout as images (`<id>/0.jpg`), so one folder serves both.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { type Problem, problem } from '../problems.ts';
import type { Snapshot, Video } from './snapshot-schema.ts';

/** `demo-<n>.<ext>`: a clip file inside an exercise's folder. */
export const CLIP_NAME = /^demo-([1-9]\d{0,2})\.(mp4|webm|mov)$/;
/** Clips last at most 5 seconds (spec, "Limits" rule 7); containers round, so 50 ms of slack. */
export const MAX_CLIP_SECONDS = 5;
const DURATION_SLACK_SECONDS = 0.05;

/** Aspect ratios a clip is reported as when its size is within 3% of one (496x864 is "9:16", as in the spec). */
const COMMON_RATIOS: readonly [number, number][] = [
  [9, 16],
  [16, 9],
  [1, 1],
  [4, 5],
  [5, 4],
  [3, 4],
  [4, 3],
  [2, 3],
  [3, 2],
  [21, 9],
];
/** ffprobe's format_name holds each of these for the extension's container. */
const CONTAINER_BY_EXTENSION: Readonly<Record<string, string>> = { mp4: 'mp4', webm: 'webm', mov: 'mov' };

/** What ffprobe says about one file (`-show_format -show_streams`, JSON), reduced to what is used. */
export interface Probe {
  format?: { format_name?: string; duration?: string; tags?: Record<string, string> };
  streams?: { codec_type?: string; width?: number; height?: number }[];
}
export type Prober = (file: string) => Probe;

/** Runs Debian's ffprobe on one file. Throws when ffprobe is missing or cannot read the file. */
export const ffprobe: Prober = function ffprobe(file) {
  const output = execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return JSON.parse(output) as Probe;
};

export interface MediaOptions {
  /** The media host clip URLs are resolved against (absolute, as the contract requires). */
  mediaBase: string;
  /** `generatedWith` for every clip; by default the encoder the file names (ffprobe's `encoder` tag). */
  generatedWith?: string;
  probe?: Prober;
}

/** A clip as the build's `data/source/videos.json` holds it: a `path` on the media host instead of a `url`. */
export type VideoSource = Omit<Video, 'url'> & { path: string };

/** One clip read: as the build's videos.json holds it, and as the snapshot does. */
export interface Clip {
  source: VideoSource;
  video: Video;
}

export interface MediaScan {
  /** Image problems name the exercise id and field; clip problems have the clip's path (`<id>/demo-1.mp4`) as their source. */
  problems: Problem[];
  imageCount: number;
  /** Exercise id -> its clips in order, for every exercise that has at least one. */
  videos: Map<string, Clip[]>;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** `<w>:<h>` of a frame size: a common ratio when within 3% of one, else the reduced fraction. */
export function aspectRatio(width: number, height: number): string {
  for (const [w, h] of COMMON_RATIOS) {
    if (Math.abs(width / height - w / h) / (w / h) <= 0.03) return `${w}:${h}`;
  }
  const divisor = gcd(width, height);
  return `${width / divisor}:${height / divisor}`;
}

export function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function listDir(path: string): string[] {
  try {
    return readdirSync(path).sort();
  } catch {
    return [];
  }
}

/** The absolute URL of a clip at `path` (`<id>/demo-1.mp4`) on the media host `mediaBase`. */
export function clipUrl(path: string, mediaBase: string): string {
  return new URL(path, mediaBase.endsWith('/') ? mediaBase : `${mediaBase}/`).href;
}

/**
 * Reads one clip file with ffprobe: its fields as a videos.json entry (path, no url), or a problem
 * naming the clip when it cannot be listed. `snapshot media` and the media command's renderer
 * (motion/media-cache.ts) both read clips here, so a clip's fields mean the same wherever it is listed.
 */
export function readClipSource(
  file: string,
  relative: string,
  options: Pick<MediaOptions, 'generatedWith' | 'probe'> = {},
): VideoSource | Problem {
  const refused = (message: string): Problem => problem(relative, '', message);
  const extension = CLIP_NAME.exec(basename(relative))?.[2];
  if (extension === undefined) return refused('is not named demo-<n>.mp4, .webm or .mov');
  let probe: Probe;
  try {
    probe = (options.probe ?? ffprobe)(file);
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'ffprobe is not installed (apt-get install ffmpeg)' : 'ffprobe cannot read it';
    return refused(reason);
  }
  const formatName = probe.format?.format_name ?? '';
  const container = CONTAINER_BY_EXTENSION[extension]!;
  if (!formatName.split(',').includes(container)) return refused(`is not a ${container} file (ffprobe reads "${formatName}")`);
  const video = probe.streams?.find((stream) => stream.codec_type === 'video');
  if (video?.width === undefined || video.height === undefined) return refused('holds no video stream');
  if (probe.streams!.some((stream) => stream.codec_type === 'audio')) return refused('has an audio track; clips are silent');
  const duration = Number(probe.format?.duration);
  if (!Number.isFinite(duration) || duration <= 0) return refused('has no readable duration');
  if (duration > MAX_CLIP_SECONDS + DURATION_SLACK_SECONDS) {
    return refused(`lasts ${duration.toFixed(2)} s; clips last at most ${MAX_CLIP_SECONDS} s (refused)`);
  }
  const created = probe.format?.tags?.creation_time;
  const generatedAt = created !== undefined && !Number.isNaN(Date.parse(created)) ? new Date(created) : statSync(file).mtime;
  return {
    path: relative,
    format: container,
    resolution: `${video.width}x${video.height}`,
    aspectRatio: aspectRatio(video.width, video.height),
    durationSeconds: Math.min(MAX_CLIP_SECONDS, Math.max(1, Math.round(duration))),
    generatedWith: options.generatedWith ?? probe.format?.tags?.encoder ?? '',
    generatedAt: generatedAt.toISOString(),
  };
}

/** Reads one clip as both the build's videos.json and the snapshot hold it; a problem when it cannot be used. */
function readClip(file: string, relative: string, options: MediaOptions): Clip | Problem {
  const source = readClipSource(file, relative, options);
  if ('message' in source) return source;
  const { path, ...fields } = source;
  return { source, video: { url: clipUrl(path, options.mediaBase), ...fields } };
}

/**
 * Checks every image path of `snapshot` against `mediaDir` and reads every clip found there.
 * Problems name the exercise id and field (images) or the clip's path (videos).
 */
export function scanMedia(snapshot: Snapshot, mediaDir: string, options: MediaOptions): MediaScan {
  const problems: Problem[] = [];
  let imageCount = 0;
  for (const exercise of snapshot.exercises) {
    exercise.images.forEach((image, i) => {
      imageCount += 1;
      if (!isFile(join(mediaDir, image)))
        problems.push(problem('', `exercises[${exercise.id}].images[${i}]`, `"${image}" is not a file in ${mediaDir}`));
    });
  }
  const ids = new Set(snapshot.exercises.map((exercise) => exercise.id));
  const videos: MediaScan['videos'] = new Map();
  for (const folder of listDir(mediaDir)) {
    const clips = listDir(join(mediaDir, folder))
      .map((name) => ({ name, match: CLIP_NAME.exec(name) }))
      .filter((clip): clip is { name: string; match: RegExpExecArray } => clip.match !== null)
      .sort((a, b) => Number(a.match[1]) - Number(b.match[1]) || (a.name < b.name ? -1 : 1));
    if (clips.length === 0) continue;
    if (!ids.has(folder)) {
      problems.push(problem(`${folder}/`, '', `holds clips, but no exercise has the id "${folder}"`));
      continue;
    }
    const read: Clip[] = [];
    for (const { name } of clips) {
      const clip = readClip(join(mediaDir, folder, name), `${folder}/${name}`, options);
      if ('message' in clip) problems.push(clip);
      else read.push(clip);
    }
    if (read.length > 0) videos.set(folder, read);
  }
  return { problems, imageCount, videos };
}

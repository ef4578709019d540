/**
 * Description -> bytes: SVG frames rasterized by resvg (@resvg/resvg-js, a prebuilt binary from the
 * npm registry, no system fonts or libraries), two JPEG stills encoded by sharp, and the loop
 * encoded to H.264 in MP4 by Debian's ffmpeg (libx264) with flags that make the bytes reproducible:
 * one thread, bit-exact muxing, no metadata, no timestamps in the file.
 */
import { spawn } from 'node:child_process';
import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import { keyStartSeconds, type Motion } from './motion.ts';
import { cameraFor, figuresSvg, frameSvg } from './render-svg.ts';
import { FRAMES_PER_SECOND, figuresAt, frameCount, loopKeyBody } from './timeline.ts';
import { TURNED_RENDERER_VERSION, type TurnedMotion } from './three-motion.ts';
import { turnedFilm } from './three-film.ts';

/** Bumped whenever a change to the renderer changes pixels: it is part of every cache key. */
export const RENDERER_VERSION = '1.29.0';
export const RENDERER_NAME = `exercise-catalog motion renderer ${RENDERER_VERSION} (resvg, libx264)`;
const JPEG_QUALITY = 86;

/** `generatedWith` of a motion's clip: the renderer and its version, and for a three-quarter motion that view's own. */
export function generatedWith(motion: Motion | TurnedMotion): string {
  return motion.view === 'three-quarter'
    ? `exercise-catalog motion renderer ${RENDERER_VERSION}, three-quarter view ${TURNED_RENDERER_VERSION} (resvg, libx264)`
    : RENDERER_NAME;
}

/** The ffmpeg arguments of a clip: raw RGBA frames on stdin, an MP4 written to `out`. */
export function ffmpegArguments(width: number, height: number, out: string): string[] {
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
    ...[
      '-f',
      'rawvideo',
      '-pixel_format',
      'rgba',
      '-video_size',
      `${width}x${height}`,
      '-framerate',
      String(FRAMES_PER_SECOND),
      '-i',
      'pipe:0',
    ],
    ...['-an', '-c:v', 'libx264', '-preset', 'medium', '-tune', 'animation', '-crf', '24', '-pix_fmt', 'yuv420p', '-profile:v', 'high'],
    // Determinism: x264 in one thread (its output depends on the thread count), a fixed GOP, and a
    // muxer that writes no encoder version, creation time or other metadata.
    ...['-threads', '1', '-x264-params', 'threads=1:lookahead-threads=1:sliced-threads=0', '-g', '300'],
    ...['-map_metadata', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact', '-movflags', '+faststart', '-f', 'mp4', out],
  ];
}

function rasterize(svg: string): Buffer {
  return Buffer.from(new Resvg(svg, { font: { loadSystemFonts: false }, shapeRendering: 2 }).render().pixels);
}

/** The frames of a motion as RGBA buffers: every frame of the loop, or only the two stills' keys. */
export function* frames(motion: Motion | TurnedMotion, which: 'loop' | 'stills'): Generator<Buffer> {
  // A three-quarter motion is drawn by its own renderer (three-film.ts), rasterized the same way.
  if (motion.view === 'three-quarter') {
    const film = turnedFilm(motion);
    if (which === 'stills') for (const svg of film.stillSvgs()) yield rasterize(svg);
    else for (let i = 0; i < film.frames; i += 1) yield rasterize(film.frameSvg(i));
    return;
  }
  const times = Array.from({ length: frameCount(motion) }, (_, i) => i / FRAMES_PER_SECOND);
  const camera = cameraFor(
    motion,
    times.flatMap((t) => figuresAt(motion, t).map((f) => f.body)),
  );
  if (which === 'stills') {
    // Each still at its key's time in the loop: where a jump rope has turned to, the floor has scrolled to.
    for (const index of motion.stills) {
      yield rasterize(frameSvg(motion, loopKeyBody(motion, index).body, camera, keyStartSeconds(motion, index)));
    }
    return;
  }
  for (const t of times) yield rasterize(figuresSvg(motion, figuresAt(motion, t), camera, t));
}

export function frameSize(motion: Pick<Motion | TurnedMotion, 'frame'>): [number, number] {
  return motion.frame === 'portrait' ? [496, 864] : [864, 496];
}

/** The two stills, start and end position, as JPEG bytes. */
export async function renderStills(motion: Motion | TurnedMotion): Promise<[Buffer, Buffer]> {
  const [width, height] = frameSize(motion);
  const out: Buffer[] = [];
  for (const pixels of frames(motion, 'stills')) {
    out.push(
      await sharp(pixels, { raw: { width, height, channels: 4 } })
        .removeAlpha()
        .jpeg({ quality: JPEG_QUALITY, mozjpeg: false, chromaSubsampling: '4:2:0' })
        .toBuffer(),
    );
  }
  return [out[0]!, out[1]!];
}

/** Encodes the loop to `out` (an MP4 path). Rejects with ffmpeg's message when it fails or is missing. */
export function renderClip(motion: Motion | TurnedMotion, out: string): Promise<void> {
  const [width, height] = frameSize(motion);
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', ffmpegArguments(width, height, out), { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error) => reject(new Error(`ffmpeg cannot run (${error.message}); install Debian's ffmpeg`)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg failed (${code}): ${stderr.trim()}`))));
    const iterator = frames(motion, 'loop');
    const pump = (): void => {
      for (let next = iterator.next(); !next.done; next = iterator.next()) {
        if (!child.stdin.write(next.value)) {
          child.stdin.once('drain', pump);
          return;
        }
      }
      child.stdin.end();
    };
    child.stdin.on('error', () => undefined);
    pump();
  });
}

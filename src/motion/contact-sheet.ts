/**
 * A contact sheet: for each exercise a row of frames (the start still, frames through the loop, the
 * end still), scaled to one height, on one JPEG, for a person to check a batch at a glance.
 */
import sharp, { type OverlayOptions } from 'sharp';
import type { Motion } from './motion.ts';
import { cameraFor, frameSvg } from './render-svg.ts';
import { Resvg } from '@resvg/resvg-js';
import { bodyAt, FRAMES_PER_SECOND, frameCount } from './timeline.ts';

const ROW_HEIGHT = 216;
const GAP = 6;

/** `count` frames evenly spaced through the loop, as PNG bytes at ROW_HEIGHT. */
async function rowFrames(motion: Motion, count: number): Promise<{ png: Buffer; width: number }[]> {
  const total = frameCount(motion);
  const bodies = Array.from({ length: total }, (_, i) => bodyAt(motion, i / FRAMES_PER_SECOND));
  const camera = cameraFor(motion, bodies);
  const out: { png: Buffer; width: number }[] = [];
  for (let i = 0; i < count; i += 1) {
    const body = bodies[Math.floor((i * total) / count)]!;
    const svg = frameSvg(motion, body, camera);
    const png = Buffer.from(
      new Resvg(svg, { font: { loadSystemFonts: false }, fitTo: { mode: 'height', value: ROW_HEIGHT } }).render().asPng(),
    );
    out.push({ png, width: Math.round((camera.width * ROW_HEIGHT) / camera.height) });
  }
  return out;
}

/** One JPEG: a row per motion, `perRow` frames through its loop. */
export async function contactSheet(motions: readonly Motion[], perRow = 8): Promise<Buffer> {
  const rows = await Promise.all(motions.map((motion) => rowFrames(motion, perRow)));
  const width = Math.max(...rows.map((row) => row.reduce((sum, frame) => sum + frame.width + GAP, GAP)));
  const height = rows.length * (ROW_HEIGHT + GAP) + GAP;
  const composites: OverlayOptions[] = [];
  rows.forEach((row, r) => {
    let left = GAP;
    for (const frame of row) {
      composites.push({ input: frame.png, left, top: GAP + r * (ROW_HEIGHT + GAP) });
      left += frame.width + GAP;
    }
  });
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite(composites)
    .jpeg({ quality: 82 })
    .toBuffer();
}

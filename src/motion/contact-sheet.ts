/**
 * A contact sheet: for each exercise a row of frames (the start still, frames through the loop, the
 * end still), scaled to one height, on one JPEG, for a person to check a batch at a glance.
 */
import sharp, { type OverlayOptions } from 'sharp';
import type { Motion } from './motion.ts';
import { cameraFor, figuresSvg } from './render-svg.ts';
import { Resvg } from '@resvg/resvg-js';
import { FRAMES_PER_SECOND, figuresAt, frameCount } from './timeline.ts';
import type { TurnedMotion } from './three-motion.ts';
import { turnedFilm } from './three-film.ts';

const ROW_HEIGHT = 216;
const GAP = 6;
const LABEL_WIDTH = 150;

/** An SVG frame as PNG bytes at ROW_HEIGHT, and its width there. */
function rowFrame(svg: string, width: number, height: number): { png: Buffer; width: number } {
  const png = Buffer.from(
    new Resvg(svg, { font: { loadSystemFonts: false }, fitTo: { mode: 'height', value: ROW_HEIGHT } }).render().asPng(),
  );
  return { png, width: Math.round((width * ROW_HEIGHT) / height) };
}

/** `count` frames evenly spaced through the loop, as PNG bytes at ROW_HEIGHT. */
async function rowFrames(motion: Motion | TurnedMotion, count: number): Promise<{ png: Buffer; width: number }[]> {
  // A three-quarter motion's frames come from its own renderer (three-film.ts).
  if (motion.view === 'three-quarter') {
    const film = turnedFilm(motion);
    const { width, height } = film.camera;
    return Array.from({ length: count }, (_, i) => rowFrame(film.frameSvg(Math.floor((i * film.frames) / count)), width, height));
  }
  const total = frameCount(motion);
  const figures = Array.from({ length: total }, (_, i) => figuresAt(motion, i / FRAMES_PER_SECOND));
  const camera = cameraFor(
    motion,
    figures.flatMap((frame) => frame.map((f) => f.body)),
  );
  const out: { png: Buffer; width: number }[] = [];
  for (let i = 0; i < count; i += 1) {
    const frame = Math.floor((i * total) / count);
    const svg = figuresSvg(motion, figures[frame]!, camera, frame / FRAMES_PER_SECOND);
    const png = Buffer.from(
      new Resvg(svg, { font: { loadSystemFonts: false }, fitTo: { mode: 'height', value: ROW_HEIGHT } }).render().asPng(),
    );
    out.push({ png, width: Math.round((camera.width * ROW_HEIGHT) / camera.height) });
  }
  return out;
}

/** The exercise id as a small picture of text (sharp's text renderer, with the system's fonts); none where it cannot draw text. */
async function label(text: string): Promise<Buffer | undefined> {
  try {
    const markup = `<span foreground="#1d3557">${text.replaceAll('&', '&amp;').replaceAll('<', '&lt;')}</span>`;
    return await sharp({ text: { text: markup, font: 'sans 13', width: LABEL_WIDTH - 12, dpi: 72, wrap: 'char', rgba: true } })
      .png()
      .toBuffer();
  } catch {
    return undefined;
  }
}

/** One JPEG: a row per motion, its label (the id) on the left, `perRow` frames through its loop. */
export async function contactSheet(motions: readonly { id: string; motion: Motion | TurnedMotion }[], perRow = 8): Promise<Buffer> {
  const rows = await Promise.all(motions.map(({ motion }) => rowFrames(motion, perRow)));
  const labels = await Promise.all(motions.map(({ id }) => label(id)));
  const width = LABEL_WIDTH + Math.max(...rows.map((row) => row.reduce((sum, frame) => sum + frame.width + GAP, GAP)));
  const height = rows.length * (ROW_HEIGHT + GAP) + GAP;
  const composites: OverlayOptions[] = [];
  rows.forEach((row, r) => {
    const top = GAP + r * (ROW_HEIGHT + GAP);
    const text = labels[r];
    if (text !== undefined) composites.push({ input: text, left: 6, top: top + 6 });
    let left = LABEL_WIDTH;
    for (const frame of row) {
      composites.push({ input: frame.png, left, top });
      left += frame.width + GAP;
    }
  });
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite(composites)
    .jpeg({ quality: 82 })
    .toBuffer();
}

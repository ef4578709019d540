/**
 * Sliders (slider.ts) drawn each frame under the part they glide with: a flat disc on the floor, seen
 * almost edge on from the side or the front, over the figure so the sole or palm is seen pressing on it
 * (under the foot it would be hidden by the foot's own thickness). From the side the far part's disc is
 * paler, as the far limbs are.
 */
import type { Motion } from './motion.ts';
import type { Body, Point } from './skeleton.ts';
import type { SliderPart } from './prop-kinds.ts';
import { SLIDER, sliderUnder, slidersIn } from './slider.ts';
import { type Camera, round, svgPoint } from './svg-kit.ts';

/** A red plastic disc, darker at its rim; the far one seen from the side paler. */
const NEAR = { fill: '#d8452b', rim: '#8f2414' };
const FAR = { fill: '#eba596', rim: '#b9705f' };
/** How far below its centre line the drawn sole (the foot is drawn 5.5 cm thick) or palm (8.4 cm across) reaches. */
const UNDERSIDE = { foot: 0.0275, hand: 0.042 - 0.03 };
/** The disc's top overlaps the drawn sole or palm by this much, so the part reads as resting on it. */
const PRESSED = 0.01;
/** Half the disc's drawn height: its 1.5 cm edge and a sliver of its top, as the floor band is seen from a little above. */
const SEEN_DEPTH = 0.014;

/** Where the disc's middle is drawn for the part, on the floor under it. */
export function sliderCentre(body: Body, part: SliderPart): Point {
  const { x, lift } = sliderUnder(body, part);
  const underside = lift - (part.endsWith('hand') ? UNDERSIDE.hand : UNDERSIDE.foot);
  return [x, underside + PRESSED - SEEN_DEPTH];
}

/** The sliders in this frame, each under its part. */
export function slidersSvg(camera: Camera, motion: Motion, body: Body): string {
  const isFar = (part: SliderPart) => motion.view === 'side' && part.startsWith('right');
  // The far disc first: where both lie together (feet side by side) the near one is seen over it.
  return [...slidersIn(motion)]
    .sort((a, b) => Number(isFar(b.under)) - Number(isFar(a.under)))
    .map((prop) => {
      const { fill, rim } = isFar(prop.under) ? FAR : NEAR;
      const [cx, cy] = svgPoint(camera, sliderCentre(body, prop.under));
      const [rx, ry] = [(SLIDER.diameter / 2) * camera.scale, SEEN_DEPTH * camera.scale];
      return `<ellipse cx="${round(cx)}" cy="${round(cy)}" rx="${round(rx)}" ry="${round(ry)}" fill="${fill}" stroke="${rim}" stroke-width="${round(0.004 * camera.scale)}"/>`;
    })
    .join('');
}

/** Points the camera must show: each disc's whole width. */
export const sliderExtent = (motion: Motion, body: Body): [Point, number][] =>
  slidersIn(motion).map((prop) => [sliderCentre(body, prop.under), SLIDER.diameter / 2 + 0.03]);

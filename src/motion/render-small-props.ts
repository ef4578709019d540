/**
 * The small props drawn with the figure each frame, by layer: behind the trunk, between the trunk and the
 * near limbs, over the whole figure. Gathered here so that render-svg.ts keeps one line per layer as each
 * renderer feature adds a prop, in the order these lists give (later over earlier).
 */
import { nearChainSvg } from './chain-handles.ts';
import { boardsSvg } from './chest-boards.ts';
import type { Motion } from './motion.ts';
import { handPropsSvg } from './render-hand-props.ts';
import { towelsSvg } from './render-hung-towel.ts';
import { miniBandSvg } from './render-mini-band.ts';
import { slidersSvg } from './render-slider.ts';
import { floorLoadSvg, rolledTowelSvg } from './render-floor-load.ts';
import { backBandSvg } from './hand-band.ts';
import type { Body } from './skeleton.ts';
import type { Camera } from './svg-kit.ts';

export function smallPropsSvg(camera: Camera, motion: Motion, body: Body, seconds: number, layer: 'behind' | 'between' | 'over'): string {
  switch (layer) {
    case 'behind':
      // A rolled towel under a heel, drawn before the limbs that rest on it (render-floor-load.ts).
      return towelsSvg(camera, motion, body, 'behind') + rolledTowelSvg(camera, motion);
    case 'between':
      return [
        handPropsSvg(camera, motion, body, seconds, 'between'),
        miniBandSvg(camera, motion, body, 'between'),
        towelsSvg(camera, motion, body, 'between'),
        // Boards lie on the chest, over the trunk and under the near arm (chest-boards.ts).
        boardsSvg(camera, motion, body),
      ].join('');
    case 'over':
      return [
        handPropsSvg(camera, motion, body, seconds, 'over'),
        slidersSvg(camera, motion, body),
        miniBandSvg(camera, motion, body, 'over'),
        // The near chain on a handle hangs in front of the figure and its bench (chain-handles.ts).
        nearChainSvg(camera, motion, body),
        // A load on the floor the feet hook under: its near plate and handle over the feet (render-floor-load.ts).
        floorLoadSvg(camera, motion, 'over'),
        // A band across the back, its near run outside the near arm (hand-band.ts).
        backBandSvg(camera, motion, body),
      ].join('');
  }
}

/**
 * A mini band (mini-band.ts) drawn each frame where the legs have it. Seen from the front: a strip across
 * the front of each leg and the run between them, thinner and lighter the further the legs stretch it, as
 * latex goes. Seen from the side: a strip round the far leg (behind the near one), the run across to the
 * near leg, and a strip round the near leg over it, so it reads as one loop round both.
 */
import { bandRound, bandWrap, MINI_BAND, type BandWrap, stretchOf } from './mini-band.ts';
import type { FixedProp, Motion } from './motion.ts';
import type { Body, Point } from './skeleton.ts';
import { type Camera, polyline } from './svg-kit.ts';

/** The band's colour at rest and at its limit (red latex pales as it thins). */
const RELAXED = [196, 58, 92] as const;
const STRETCHED = [236, 138, 164] as const;
const EDGE = '#8c2440';

const hex = (rgb: readonly number[]): string => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
const colourAt = (stretch: number): string => hex(RELAXED.map((c, i) => c + (STRETCHED[i]! - c) * stretch));

/** The strip of band across one leg: square to the leg, a little wider than it, with a dark edge so it reads on the leg. */
function strip(camera: Camera, wrap: BandWrap, colour: string, width: number): string {
  const across: Point = [-wrap.along[1], wrap.along[0]];
  const half = wrap.halfWidth + 0.008;
  const ends: Point[] = [-1, 1].map((sign): Point => [wrap.centre[0] + across[0] * half * sign, wrap.centre[1] + across[1] * half * sign]);
  return polyline(camera, ends, EDGE, width + 0.012) + polyline(camera, ends, colour, width);
}

/** Where a mini band is drawn: `between` the trunk and the near limbs, or `over` everything. */
export function miniBandSvg(camera: Camera, motion: Motion, body: Body, layer: 'between' | 'over'): string {
  return motion.fixed
    .filter(
      (prop): prop is FixedProp & { around: NonNullable<FixedProp['around']> } => prop.kind === 'mini-band' && prop.around !== undefined,
    )
    .map((prop) => {
      const [near, far] = [bandWrap(body, 'left', prop.around), bandWrap(body, 'right', prop.around)];
      const stretch = stretchOf(bandRound(body, prop.around));
      const colour = colourAt(stretch);
      // Flat it shows its 5 cm; stretched to its limit it narrows by about a third.
      const width = MINI_BAND.width * (0.85 - 0.3 * stretch);
      const run = polyline(camera, [near.centre, far.centre], colour, width * 0.75);
      if (motion.view === 'front')
        return layer === 'over' ? run + strip(camera, near, colour, width) + strip(camera, far, colour, width) : '';
      return layer === 'between' ? strip(camera, far, colour, width) + run : strip(camera, near, colour, width);
    })
    .join('');
}

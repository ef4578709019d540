/**
 * The fixed props drawn once behind the figure: benches, box, mat, bars, rings, dip bars, wall, cable stack, band anchor, roller,
 * balls, BOSU, Smith rails, cones, hurdles, heavy bag, treadmill, sled, machine frames, a rack's upright. What follows the body
 * is render-lines.ts and the modules named below; what the hands hold, render-props.ts. */
import { type FixedProp, sledDirection } from './motion.ts';
import type { Point } from './skeleton.ts';
import { machineFrame } from './render-cardio.ts';
import { reformerFrame } from './render-reformer.ts';
import { cadillacFrame, herculesPillars, wundaChairBox } from './render-apparatus.ts';
import { captainsChair, climbingRope, ghdFrame, rackUpright, slantBoard } from './render-rigs.ts';
import { machineFixed } from './render-machine.ts';
import { hackSledFrame } from './render-hack-sled.ts';
import { machineHandles } from './render-machine-handles.ts';
import { hurdleSvg } from './render-hurdle.ts';
import { coneSvg } from './render-floor-markers.ts';
import { handRestSvg } from './render-hand-rest.ts';
import { type Camera, circle, COLOURS, polygon, polyline, rect } from './svg-kit.ts';

/** The back pads of an incline bench, from the seat to its top end, and of a decline one, down to its low end (m). */
const [INCLINE_PAD, DECLINE_PAD] = [0.8, 0.95];

export function fixedProp(camera: Camera, prop: FixedProp): string {
  switch (prop.kind) {
    case 'bench':
      return [
        rect(camera, prop.x0 + 0.08, 0, prop.x0 + 0.13, prop.y, COLOURS.steel),
        rect(camera, prop.x1 - 0.13, 0, prop.x1 - 0.08, prop.y, COLOURS.steel),
        rect(camera, prop.x0, prop.y - 0.08, prop.x1, prop.y, COLOURS.pad),
      ].join('');
    case 'box':
      return rect(camera, prop.x0, 0, prop.x1, prop.y, COLOURS.wood, COLOURS.woodEdge);
    case 'incline': {
      // A seat (the support, x0..x1) on a post, and a pad rising from one end of it at `angle`.
      const angle = prop.angle ?? 45;
      const hinge: Point = angle >= 0 ? [prop.x0, prop.y] : [prop.x1, prop.y];
      const radians = (Math.abs(angle) * Math.PI) / 180;
      const end: Point = [hinge[0] + (angle >= 0 ? -1 : 1) * Math.cos(radians) * INCLINE_PAD, hinge[1] + Math.sin(radians) * INCLINE_PAD];
      return [
        rect(camera, (prop.x0 + prop.x1) / 2 - 0.025, 0, (prop.x0 + prop.x1) / 2 + 0.025, prop.y, COLOURS.steel),
        polyline(
          camera,
          [
            [hinge[0], 0],
            [hinge[0], prop.y],
          ],
          COLOURS.steel,
          0.04,
        ),
        rect(camera, prop.x0, prop.y - 0.07, prop.x1, prop.y, COLOURS.pad),
        polyline(camera, [hinge, end], COLOURS.pad, 0.08),
      ].join('');
    }
    case 'decline': {
      // The seat (x0..x1) on a post, the pad falling from its rear end to a lower post, the low leg roller the shins hook behind.
      const radians = ((prop.angle ?? 20) * Math.PI) / 180;
      const end: Point = [prop.x0 - Math.cos(radians) * DECLINE_PAD, prop.y - Math.sin(radians) * DECLINE_PAD];
      const roller: Point = [prop.x1 + 0.3, prop.y - 0.3];
      return [
        rect(camera, (prop.x0 + prop.x1) / 2 - 0.025, 0, (prop.x0 + prop.x1) / 2 + 0.025, prop.y, COLOURS.steel),
        rect(camera, end[0] + 0.1, 0, end[0] + 0.15, end[1], COLOURS.steel),
        polyline(camera, [[prop.x1, prop.y - 0.05], roller], COLOURS.steel, 0.03),
        rect(camera, prop.x0, prop.y - 0.07, prop.x1, prop.y, COLOURS.pad),
        polyline(camera, [[prop.x0, prop.y - 0.035], end], COLOURS.pad, 0.08),
        circle(camera, roller, 0.05, COLOURS.pad),
      ].join('');
    }
    case 'smith': {
      // The machine's rails: the bar runs up and down them, so a Smith exercise is not drawn as a free bar.
      const top = Math.min(2.3, camera.bottom + camera.height / camera.scale);
      return polyline(
        camera,
        [
          [prop.x0, 0],
          [prop.x0, top],
        ],
        COLOURS.steel,
        0.035,
      );
    }
    case 'mat':
      return rect(camera, prop.x0, 0, prop.x1, prop.y, COLOURS.mat);
    case 'reformer':
      return reformerFrame(camera, prop);
    case 'stationary-bike':
    case 'air-bike':
    case 'arm-ergometer':
    case 'elliptical':
    case 'recumbent-stepper':
    case 'rowing-machine':
    case 'stair-climber':
    case 'bicycle':
    case 'jacobs-ladder':
    case 'stairs':
      return machineFrame(camera, prop);
    case 'seat':
    case 'pad':
      return machineFixed(camera, prop);
    case 'handles':
      return machineHandles(camera, prop);
    case 'low-bar':
      // A bar racked at a height (a rack's upright behind it), seen end on.
      return (
        rect(camera, prop.x0 - 0.13, 0, prop.x0 - 0.08, prop.y + 0.25, COLOURS.steel) +
        circle(camera, [prop.x0, prop.y], 0.03, COLOURS.steel, COLOURS.iron, 0.01)
      );
    case 'bar': {
      const top = camera.bottom + camera.height / camera.scale;
      // Held from ahead (`barFrom`): a bracket at the bar's height to a post standing at x1.
      if (prop.x1 > prop.x0)
        return (
          polyline(
            camera,
            [
              [prop.x0, prop.y],
              [prop.x1, prop.y],
            ],
            COLOURS.steel,
            0.035,
          ) +
          rect(camera, prop.x1, 0, prop.x1 + 0.06, top, COLOURS.steel) +
          circle(camera, [prop.x0, prop.y], 0.025, COLOURS.iron)
        );
      return (
        polyline(
          camera,
          [
            [prop.x0 - 0.12, top],
            [prop.x0 - 0.12, prop.y + 0.1],
            [prop.x0, prop.y],
          ],
          COLOURS.steel,
          0.035,
        ) + circle(camera, [prop.x0, prop.y], 0.025, COLOURS.iron)
      );
    }
    case 'wall': {
      // The wall's face is at x0 and it fills the side away from the figure (x1 says which: x1 > x0 ahead).
      const top = camera.bottom + camera.height / camera.scale;
      return prop.x1 >= prop.x0
        ? rect(camera, prop.x0, 0, prop.x0 + 0.5, top, COLOURS.floor)
        : rect(camera, prop.x0 - 0.5, 0, prop.x0, top, COLOURS.floor);
    }
    case 'cable': {
      // A stack's upright behind the pulley, its weights at the foot, the pulley where the cable leaves it.
      const top = Math.max(prop.y + 0.15, 2.1);
      const side = prop.x0 < 0 ? -1 : 1;
      return [
        rect(camera, prop.x0 + side * 0.02, 0, prop.x0 + side * 0.1, top, COLOURS.steel),
        rect(camera, prop.x0 + side * 0.12, 0, prop.x0 + side * 0.32, 0.45, COLOURS.iron),
        circle(camera, [prop.x0, prop.y], 0.045, COLOURS.steel, COLOURS.iron, 0.012),
      ].join('');
    }
    case 'band':
      return prop.held === undefined ? circle(camera, [prop.x0, prop.y], 0.03, COLOURS.iron) : '';
    case 'rack':
      return rackUpright(camera, prop);
    case 'hack-sled':
      return hackSledFrame(camera, prop);
    case 'slant-board':
      return slantBoard(camera, prop);
    case 'ghd':
      return ghdFrame(camera, prop);
    case 'wunda-chair':
      return wundaChairBox(camera, prop);
    case 'hercules-pillars':
      return herculesPillars(camera, prop);
    case 'cadillac':
      return cadillacFrame(camera, prop);
    case 'captains-chair':
      return captainsChair(camera, prop);
    case 'rope':
      return climbingRope(camera, prop);
    case 'stability-ball': {
      // Pinned against a wall it rolls with the body: drawn with the figure of each frame (render-rigs.ts).
      if (prop.pinned !== undefined) return '';
      const radius = prop.y / 2;
      return circle(camera, [(prop.x0 + prop.x1) / 2, radius], radius, COLOURS.stabilityBall, COLOURS.stabilityBallEdge, 0.012);
    }
    case 'bosu': {
      // A dome on a flat black platform: 64 cm across, 25 cm high (its support is the middle of the dome).
      const middle = (prop.x0 + prop.x1) / 2;
      const dome: Point[] = [];
      for (let i = 0; i <= 24; i += 1) {
        const angle = (Math.PI * i) / 24;
        dome.push([middle - Math.cos(angle) * 0.32, 0.03 + Math.sin(angle) * 0.22]);
      }
      return polygon(camera, dome, COLOURS.bosu) + rect(camera, middle - 0.32, 0, middle + 0.32, 0.03, COLOURS.iron);
    }
    case 'massage-ball': {
      if (prop.pinned !== undefined) return '';
      const radius = prop.y / 2;
      return circle(camera, [(prop.x0 + prop.x1) / 2, radius], radius, COLOURS.ball);
    }
    case 'cone':
      return coneSvg(camera, prop);
    case 'hurdle':
      return hurdleSvg(camera, prop);
    case 'chair':
    case 'counter':
      return handRestSvg(camera, prop);
    case 'heavy-bag': {
      // A bag hanging on its chain from above the picture.
      const top = camera.bottom + camera.height / camera.scale;
      const middle = (prop.x0 + prop.x1) / 2;
      return (
        polyline(
          camera,
          [
            [middle, top],
            [middle, prop.y],
          ],
          COLOURS.iron,
          0.015,
        ) + rect(camera, prop.x0, prop.y - 1.1, prop.x1, prop.y, COLOURS.heavyBag)
      );
    }
    case 'treadmill':
      // The deck and its belt, the upright and console at the front end, a handrail back from it.
      return [
        rect(camera, prop.x0, 0, prop.x1, prop.y, COLOURS.deck),
        polyline(
          camera,
          [
            [prop.x1 - 0.05, prop.y],
            [prop.x1 + 0.1, 1.2],
            [prop.x1 - 0.25, 1.05],
          ],
          COLOURS.steel,
          0.04,
        ),
        rect(camera, prop.x1 + 0.02, 1.15, prop.x1 + 0.2, 1.3, COLOURS.iron),
      ].join('');
    case 'sled': {
      // Runners on the floor, a plate stack, and two posts at the end toward the figure (x0; the sled runs on to x1, ahead or behind).
      const away = sledDirection(prop);
      return [
        rect(camera, prop.x0 - 0.05 * away, 0, prop.x1, 0.06, COLOURS.steel),
        rect(camera, prop.x0 + 0.25 * away, 0.06, prop.x0 + 0.65 * away, 0.36, COLOURS.iron),
        polyline(
          camera,
          [
            [prop.x0 + 0.1 * away, 0.06],
            [prop.x0, prop.y],
          ],
          COLOURS.steel,
          0.04,
        ),
      ].join('');
    }
    case 'battle-ropes':
      // Where the ropes are looped: a heavy anchor on the floor (the ropes are drawn with the figure, propLine).
      return rect(camera, prop.x0 - 0.08, 0, prop.x0 + 0.08, prop.y + 0.04, COLOURS.iron);
    case 'straps':
    case 'rings':
    case 'dip-bars':
    case 'lever':
    case 'landmine':
    case 'yoga-strap':
    // Drawn with the figure each frame: by propLine, or by the prop's own module (jump-rope.ts, render-slider.ts and the like).
    case 'jump-rope':
    case 'agility-ladder':
    case 'slider':
    case 'mini-band':
    case 'hung-towel':
    case 'blocks':
    case 'boards':
    case 'chains':
    case 'floor-load':
    case 'rolled-towel':
      return '';
    case 'roller': {
      // Seen end on: a foam cylinder lying across the line of view.
      const radius = prop.y / 2;
      return circle(camera, [(prop.x0 + prop.x1) / 2, radius], radius, COLOURS.roller, COLOURS.rollerEdge, 0.012);
    }
  }
}

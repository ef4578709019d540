/**
 * The pose pattern's machine, strap and floor props: a lever or landmine whose pivot is placed so the
 * arm swings an arc, straps that hold a figure leaning back, rings and parallel bars to hang from, a
 * massage ball to rest on, cones a foot must clear, and keys that travel along the floor.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkMotion } from '../../src/motion/motion-check.ts';
import { slides } from '../../src/motion/slides.ts';
import { buildDescription, type Description } from '../../src/motion/motion-files.ts';
import { RENDERER_VERSION } from '../../src/motion/render-media.ts';
import { cameraFor, figuresSvg, frameSvg } from '../../src/motion/render-svg.ts';
import { distance } from '../../src/motion/skeleton.ts';
import { COLOURS, round, svgPoint } from '../../src/motion/svg-kit.ts';
import { bodyAt, FRAMES_PER_SECOND, figuresAt, frameCount, heldAt, keyBody, lineEnd, pointOf } from '../../src/motion/timeline.ts';

function built(source: Record<string, unknown>, id = 'A'): Description {
  const result = buildDescription('data/source/motion/strength.json', 'strength', id, source, RENDERER_VERSION);
  assert.ok(result.ok, JSON.stringify(!result.ok && result.problems));
  return result.value;
}

const svgOf = (d: Description, key = 0): string => {
  const { body } = keyBody(d.motion.keys[key]!, d.motion.view);
  return frameSvg(d.motion, body, cameraFor(d.motion, [body]));
};

const chestPress = {
  pattern: 'pose',
  props: ['incline', 'lever'],
  fixed: 'pelvis',
  incline: [-0.2, 80],
  lever: [-0.2, 1.9],
  keys: [
    { name: 'handles at the chest', trunk: -8, legs: [85, 0], arms: [60, 175] },
    { name: 'arms extended', trunk: -8, legs: [85, 0], arms: [88, 92] },
  ],
};

const ringRow = (props: string[], pulled: number[]) => ({
  pattern: 'pose',
  props,
  straps: [-0.6, 2.2],
  keys: [
    { name: 'arms long', trunk: -60, legs: [60, 60], arms: [160, 160] },
    { name: 'chest to the handles', trunk: -35, legs: [35, 35], arms: pulled },
  ],
});

describe('pose props: machines, straps, bars, balls, cones', () => {
  it("places a lever's pivot at its height where the handles stay one distance from it, and draws the machine", () => {
    const press = built(chestPress, 'Leverage_Chest_Press');
    const lever = press.motion.fixed.find((prop) => prop.kind === 'lever')!;
    assert.equal(lever.y, 1.9);
    const reach = press.motion.keys.map((k) => distance([lever.x0, lever.y], lineEnd(keyBody(k, press.motion.view).body, 'hands')));
    assert.ok(Math.abs(reach[0]! - reach[1]!) < 0.01, `the handles are ${reach.join(' and ')} m from the pivot`);
    assert.deepEqual(checkMotion(press), []);
    const svg = svgOf(press);
    // The plates on the lever's far end and the handle's pad.
    assert.ok(svg.includes(COLOURS.plate) && svg.includes(COLOURS.pad), svg);
  });

  it('refuses a lever or straps that would have to stretch, naming what to keep at one distance', () => {
    // Arms that fold in and then reach forward without the body moving: no anchor keeps the hands at one distance.
    const folding = ringRow(['straps'], [80, 170]);
    const row = built(
      { ...folding, keys: [...folding.keys, { name: 'reaching forward', trunk: -60, legs: [60, 60], arms: [110, 110] }] },
      'Inverted_Row_with_Straps',
    );
    const messages = checkMotion(row).map((p) => p.message);
    assert.ok(
      messages.some((m) => /straps change length by \d+ cm through the loop; keep the hands at one distance from its anchor/.test(m)),
      messages.join('\n'),
    );
    const press = built(
      { ...chestPress, keys: [...chestPress.keys, { name: 'overhead', trunk: -8, legs: [85, 0], arms: [170, 170] }] },
      'Leverage_Chest_Press',
    );
    assert.ok(checkMotion(press).some((p) => /the lever's arm changes length/.test(p.message)));
  });

  it("swings the handles on the lever's arc between keys, the arm's length the same in every frame", () => {
    const press = built(chestPress, 'Leverage_Chest_Press');
    const lever = press.motion.fixed.find((prop) => prop.kind === 'lever')!;
    const lengths: number[] = [];
    for (let frame = 0; frame < frameCount(press.motion); frame += 1)
      lengths.push(distance([lever.x0, lever.y], lineEnd(bodyAt(press.motion, frame / FRAMES_PER_SECOND), 'hands')));
    assert.ok(Math.max(...lengths) - Math.min(...lengths) < 0.01, `${Math.min(...lengths)}..${Math.max(...lengths)} m`);
  });

  it('holds a figure leaning back on straps without the balance check, a strap to each hand, rings drawn as rings', () => {
    const row = built(ringRow(['straps'], [100, 190]), 'Inverted_Row_with_Straps');
    assert.deepEqual(checkMotion(row), []);
    assert.ok(
      row.motion.keys.every((k) => !k.isBalanced),
      'straps hold the figure up',
    );
    assert.ok(svgOf(row).includes(COLOURS.strap));
    const rings = built(ringRow(['rings'], [100, 190]), 'Suspended_Row');
    assert.equal(rings.motion.fixed.find((prop) => prop.to !== undefined)!.kind, 'rings');
    assert.ok(svgOf(rings).includes(COLOURS.wood), 'the rings');
  });

  it('hangs a dip from parallel bars at the hands, at least 1.2 m up, with the feet off the floor', () => {
    const dip = built(
      {
        pattern: 'pose',
        props: ['dip-bars'],
        hang: true,
        keys: [
          { name: 'arms locked', trunk: 5, legs: [10, -60], arms: [-5, -5] },
          { name: 'bottom', trunk: 20, legs: [25, -50], arms: [-75, 20] },
        ],
      },
      'Parallel_Bar_Dip',
    );
    const bars = dip.motion.fixed.find((prop) => prop.kind === 'dip-bars')!;
    assert.ok(bars.y >= 1.2 && bars.y < 2, `bars at ${bars.y} m`);
    assert.deepEqual(checkMotion(dip), []);
    for (const k of dip.motion.keys) {
      assert.ok(
        k.contacts.every((c) => c.on === 'bar'),
        'held by the hands only',
      );
      assert.ok(pointOf(keyBody(k, dip.motion.view).body, 'leftToe')[1] > 0.04);
    }
  });

  it('holds an overhead bar from a post ahead when asked, so a chin over the bar leaves the head clear', () => {
    const pullUp = (barFrom?: 'ahead') => ({
      pattern: 'pose',
      props: ['bar'],
      hang: true,
      ...(barFrom === undefined ? {} : { barFrom }),
      keys: [
        { name: 'dead hang', trunk: -3, legs: [5, 10, 25], arms: [178, 178] },
        { name: 'chin over the bar, head just behind it', trunk: -4, legs: [12, 16, 32], arms: [10, 160] },
      ],
    });
    /** The top key's head, and how far it is from a point. */
    const headAt = (d: Description) => keyBody(d.motion.keys[1]!, d.motion.view).body.head;
    const above = built(pullUp(), 'Pullups');
    const ahead = built(pullUp('ahead'), 'Pullups');
    assert.deepEqual(checkMotion(ahead), []);
    const bar = ahead.motion.fixed.find((prop) => prop.kind === 'bar')!;
    assert.ok(Math.abs(bar.x1 - bar.x0 - 0.45) < 1e-9, 'the post stands 45 cm ahead of the bar');
    // The default hanger comes down 12 cm behind the bar, through the head at the top of a pull-up.
    const hung = above.motion.fixed.find((prop) => prop.kind === 'bar')!;
    assert.equal(hung.x1, hung.x0);
    const head = headAt(above);
    assert.ok(Math.abs(head[0] - (hung.x0 - 0.12)) < 0.105 && head[1] > hung.y + 0.1, 'the hanger meets the head');
    // Held from ahead: the bracket (at the bar's height, from the bar forward) and the post are clear of it.
    const clear = headAt(ahead);
    assert.ok(clear[0] + 0.105 < bar.x1, 'the post is ahead of the face');
    assert.ok(clear[0] + 0.105 <= bar.x0 + 0.02 || Math.abs(clear[1] - bar.y) > 0.105, 'the bracket passes below or ahead of the head');
    const svg = svgOf(ahead, 1);
    const camera = cameraFor(ahead.motion, [keyBody(ahead.motion.keys[1]!, ahead.motion.view).body]);
    const [postX] = svgPoint(camera, [bar.x1, 0]);
    assert.ok(svg.includes(`x="${round(postX)}"`), 'the post is drawn where it stands');
  });

  it('rests a body part on a massage ball', () => {
    const release = built(
      {
        pattern: 'pose',
        props: ['massage-ball', 'mat'],
        fixed: 'pelvis',
        massageBall: 0,
        keys: [
          { name: 'on the ball', trunk: -88, legs: [130, 40], arms: [85, 85], feetOnFloor: 'both' },
          { name: 'rolled', trunk: -92, legs: [130, 40], arms: [85, 85], feetOnFloor: 'both' },
        ],
      },
      'Glute_Lacrosse_Ball_Release',
    );
    assert.ok(release.motion.keys[0]!.contacts.some((c) => c.point === 'pelvis' && c.on === 'massage-ball'));
    assert.ok(svgOf(release).includes(COLOURS.ball));
  });

  it('travels a key along the floor (`at`) and refuses a foot that passes through a cone', () => {
    const hop = (air: number) =>
      built(
        {
          pattern: 'pose',
          props: ['cone'],
          cones: [0.6],
          keys: [
            { name: 'take off', legs: [20, -10], hold: 0.2, move: 0.4 },
            { name: 'over', legs: [80, -30], air, at: 0.45, hold: 0, move: 0.4 },
            { name: 'landed', legs: [20, -10], at: 0.9, hold: 0.2, move: 0.4 },
            // The loop comes back over the cone too (backward), not along the floor through it.
            { name: 'back over', legs: [80, -30], air, at: 0.45, hold: 0, move: 0.4 },
          ],
        },
        'Front_Cone_Hops',
      );
    const over = hop(0.5);
    const heel = (k: number) => pointOf(keyBody(over.motion.keys[k]!, over.motion.view).body, 'leftHeel')[0];
    assert.ok(Math.abs(heel(2) - heel(0) - 0.9) < 1e-9, 'the landing is 90 cm on');
    assert.deepEqual(
      checkMotion(over).filter((p) => /cone/.test(p.message)),
      [],
    );
    assert.ok(checkMotion(hop(0)).some((p) => /a foot passes through the cone at x 0\.51/.test(p.message)));
    assert.ok(svgOf(over).includes(COLOURS.cone));
  });

  it('holds a kettlebell in each hand, each drawn at its own hand (one racked, one pressed)', () => {
    const press = built(
      {
        pattern: 'pose',
        props: ['kettlebells'],
        view: 'front',
        keys: [
          { name: 'both racked', arms: [15, 165] },
          { name: 'left pressed', arms: { left: [175, 175], right: [15, 165] } },
        ],
      },
      'Kettlebell_Seesaw_Press',
    );
    assert.deepEqual(checkMotion(press), []);
    const { body } = keyBody(press.motion.keys[1]!, press.motion.view);
    const svg = svgOf(press, 1);
    // One bell at each hand: two bells' bodies, one beside the overhead hand, one at the racked hand.
    assert.equal((svg.match(new RegExp(`fill="${COLOURS.iron}"`, 'g')) ?? []).length >= 2, true, svg);
    assert.ok(body.arms.left.hand[1] - body.arms.right.hand[1] > 0.4, 'the left bell is overhead, the right racked');
  });

  it('puts the hands on a low bar while the feet stay on the floor (an inverted row), not held to the balance check', () => {
    const row = built(
      {
        pattern: 'pose',
        props: ['low-bar'],
        lowBar: [-0.95, 1.0],
        keys: [
          { name: 'hanging under the bar', trunk: -70, legs: [70, 70], arms: [180, 180], handsOnBar: 'both' },
          { name: 'chest to the bar', trunk: -70, legs: [70, 70], arms: [150, 230], handsOnBar: 'both' },
        ],
      },
      'Inverted_Row',
    );
    for (const k of row.motion.keys) {
      assert.ok(!k.isBalanced, k.name);
      assert.ok(
        k.contacts.some((c) => c.point === 'leftHand' && c.on === 'bar'),
        k.name,
      );
    }
    assert.deepEqual(checkMotion(row), []);
    // A bar the arms cannot reach from where the poses put the shoulders: the check names the gap.
    const far = built({ ...row.source, lowBar: [-0.6, 1.0] } as Record<string, unknown>, 'Inverted_Row');
    assert.ok(checkMotion(far).some((p) => /leftHand is \d+ cm from the bar/.test(p.message)));
    assert.ok(svgOf(row).includes(COLOURS.steel));
    const banded = built(
      {
        pattern: 'pose',
        props: ['band'],
        band: [-1.5, 0.9],
        to: 'hips',
        keys: [
          { name: 'set', trunk: 20, legs: [40, -20] },
          { name: 'drive', trunk: 30, legs: { left: [70, 10], right: [-30, -60] } },
        ],
      },
      'Band_Resisted_Sprint',
    );
    const band = banded.motion.fixed.find((prop) => prop.kind === 'band')!;
    assert.equal(band.to, 'hips');
    assert.deepEqual(lineEnd(keyBody(banded.motion.keys[0]!, 'side').body, 'hips'), keyBody(banded.motion.keys[0]!, 'side').body.pelvis);
  });

  it('keeps both plates of a barbell seen from the front in the picture, in a portrait frame too', () => {
    const stepUp = built(
      {
        pattern: 'pose',
        props: ['barbell'],
        view: 'front',
        holdIn: 'back',
        frame: 'portrait',
        keys: [
          { name: 'standing', arms: [60, 160] },
          { name: 'dip', legs: [20, -20], arms: [60, 160] },
        ],
      },
      'Barbell_Lateral_Step_Up',
    );
    const { body } = keyBody(stepUp.motion.keys[0]!, 'front');
    const camera = cameraFor(stepUp.motion, [body]);
    const bar = heldAt(body, stepUp.motion.held[0]!);
    assert.ok(camera.left <= bar[0] - 1.05, `the left plate at ${bar[0] - 1.05} is left of the frame's edge ${camera.left}`);
    assert.ok(camera.left + camera.width / camera.scale >= bar[0] + 1.05, 'the right plate is in the frame');
  });

  it('returns a travelling loop by a cross-dissolve, not a glide back along the floor through the cone', () => {
    const hopOver = (loop?: string) =>
      built(
        {
          pattern: 'pose',
          props: ['cone'],
          cones: [0.6],
          ...(loop === undefined ? {} : { loop }),
          keys: [
            { name: 'take off', hold: 0.2, move: 0.3 },
            { name: 'over', legs: [80, -30], air: 0.5, at: 0.45, hold: 0, move: 0.3 },
            { name: 'landed', at: 0.9, hold: 0.3, move: 0.6 },
          ],
        },
        'Front_Cone_Hops',
      );
    // Moving back from the landing to the take-off would slide the feet through the cone.
    assert.ok(checkMotion(hopOver()).some((p) => /a foot passes through the cone/.test(p.message)));
    const dissolving = hopOver('dissolve');
    assert.deepEqual(checkMotion(dissolving), []);
    const { motion } = dissolving;
    // Halfway through the last move: the landing at half strength over the take-off at half strength.
    const middle = 0.2 + 0.3 + 0 + 0.3 + 0.3 + 0.3;
    const figures = figuresAt(motion, middle);
    assert.equal(figures.length, 2);
    assert.ok(Math.abs(figures[0]!.opacity - 0.5) < 0.05 && Math.abs(figures[0]!.opacity + figures[1]!.opacity - 1) < 1e-9);
    const heelX = (i: number) => pointOf(keyBody(motion.keys[i]!, 'side').body, 'leftHeel')[0];
    assert.deepEqual([pointOf(figures[0]!.body, 'leftHeel')[0], pointOf(figures[1]!.body, 'leftHeel')[0]], [heelX(2), heelX(0)]);
    const camera = cameraFor(motion, [figures[0]!.body, figures[1]!.body]);
    assert.match(figuresSvg(motion, figures, camera), /<g opacity="0\.\d+">/);
    // Elsewhere one figure at full strength, drawn as frameSvg draws it.
    const one = figuresAt(motion, 0.7);
    assert.equal(one.length, 1);
    assert.equal(figuresSvg(motion, one, camera), frameSvg(motion, one[0]!.body, camera));
  });

  it('draws the strongman implements where they are held: a stone, keg or sandbag hugged between trunk and arm, chains from the sleeves', () => {
    const hug = (prop: string) =>
      built(
        {
          pattern: 'pose',
          props: [prop],
          keys: [
            { name: 'hugged', trunk: 5, arms: [40, 150] },
            { name: 'again', trunk: 8, arms: [40, 150] },
          ],
        },
        'Keg_Carry',
      );
    for (const [prop, colour] of [
      ['stone', COLOURS.stone],
      ['keg', COLOURS.keg],
      ['sandbag', COLOURS.sandbag],
    ] as const) {
      const svg = svgOf(hug(prop));
      // Drawn over the trunk (whose colour comes first) and under the near arm (drawn after it).
      const at = svg.indexOf(colour);
      assert.ok(at > svg.indexOf(COLOURS.near) && at < svg.lastIndexOf(COLOURS.near), prop);
    }
    const squat = buildDescription(
      'data/source/motion/powerlifting.json',
      'powerlifting',
      'Squat_with_Chains',
      { pattern: 'squat', props: ['barbell', 'chains'], depth: 1 },
      RENDERER_VERSION,
    );
    assert.ok(squat.ok);
    const chains = squat.value.motion.held.find((prop) => prop.kind === 'chains')!;
    assert.equal(chains.at, squat.value.motion.held.find((prop) => prop.kind === 'barbell')!.at, 'chains hang where the bar is');
    assert.ok((svgOf(squat.value).match(/fill="none" stroke="#2f2f33"/g) ?? []).length > 10, 'links down to the floor');
  });

  it('puts a runner on a treadmill, strikes a heavy bag, leans on a sled it pushes or drags, waves battle ropes', () => {
    const stride = (legs: unknown) => ({ name: 'stride', trunk: 8, legs, arms: [20, 90], hold: 0, move: 0.35 });
    const jog = built(
      {
        pattern: 'pose',
        props: ['treadmill'],
        treadmill: [-0.9, 0.7],
        keys: [stride({ left: [20, 5], right: [-15, -60] }), stride({ left: [-15, -60], right: [20, 5] })],
      },
      'Jogging_Treadmill',
    );
    assert.ok(
      jog.motion.keys[0]!.contacts.some((c) => c.point === 'leftHeel' && c.on === 'treadmill'),
      'the foot on the belt',
    );
    assert.ok(svgOf(jog).includes(COLOURS.deck));
    const knee = built(
      {
        pattern: 'pose',
        props: ['heavy-bag'],
        heavyBag: 0.75,
        keys: [
          { name: 'guard', arms: [20, 150] },
          { name: 'knee', legs: { left: [5, 0], right: [100, -10] }, arms: [60, 120] },
        ],
      },
      'Heavy_Bag_Knee_Strikes',
    );
    assert.ok(svgOf(knee).includes(COLOURS.heavyBag));
    const lean = { name: 'drive', trunk: 50, legs: { left: [70, -20], right: [-20, -40] }, arms: [95, 95] };
    const push = built({ pattern: 'pose', props: ['sled'], sled: 1.05, keys: [lean, { ...lean, trunk: 48 }] }, 'Sled_Push');
    assert.ok(
      push.motion.keys.every((k) => !k.isBalanced),
      'the sled holds the figure up',
    );
    assert.ok(!svgOf(push).includes(COLOURS.strap), 'no strap on a push');
    const drag = built(
      { pattern: 'pose', props: ['sled'], sled: -1.9, sledStrap: 'hips', keys: [lean, { ...lean, trunk: 48 }] },
      'Sled_Drag_-_Harness',
    );
    assert.equal(drag.motion.fixed.find((prop) => prop.kind === 'sled')!.to, 'hips');
    assert.ok(svgOf(drag).includes(COLOURS.strap));
    const waves = built(
      {
        pattern: 'pose',
        props: ['battle-ropes'],
        battleRopes: 3,
        keys: [
          { name: 'up', arms: [70, 110] },
          { name: 'down', arms: [30, 70] },
        ],
      },
      'Battle_Rope_Reverse_Lunge_Waves',
    );
    assert.equal(waves.motion.frame, 'landscape', 'as wide as the ropes');
    assert.equal((svgOf(waves).match(new RegExp(`stroke="${COLOURS.rope}"`, 'g')) ?? []).length, 2, 'a rope to each hand');
    // The ropes end at an anchor on the floor (review 17 failed ropes ending in mid-air): a block from the
    // floor up past the ropes' ends, at the anchor's x.
    const camera = cameraFor(waves.motion, [keyBody(waves.motion.keys[0]!, waves.motion.view).body]);
    const [left] = svgPoint(camera, [3 - 0.08, 0]);
    const anchor = svgOf(waves)
      .split('<')
      .find((element) => element.startsWith('rect') && element.includes(COLOURS.iron) && element.includes(`x="${round(left)}"`));
    assert.ok(anchor?.includes(`y="${round(svgPoint(camera, [0, 0.14])[1])}"`), svgOf(waves));
  });

  it('finds parts that slide while they rest: hands walking along the floor in a plank, none when they stay planted', () => {
    const plank = (arms: number[]) => ({ name: 'plank', trunk: 75, legs: [-75, -75], arms, handsOnFloor: 'both' });
    const sliding = built({ pattern: 'pose', keys: [plank([0, 0]), plank([35, 35])] }, 'Plank');
    const found = slides(sliding.motion);
    const hand = found.find((f) => f.point === 'leftHand');
    assert.ok(hand !== undefined && hand.metres > 0.15, JSON.stringify(found));
    assert.ok(hand.to > hand.from, `${hand.from}..${hand.to} s`);
    const planted = built({ pattern: 'pose', keys: [plank([0, 0]), { ...plank([0, 0]), trunk: 73 }] }, 'Plank');
    assert.deepEqual(
      slides(planted.motion).filter((f) => f.point === 'leftHand'),
      [],
    );
  });

  it('finds a palm that slides up a wall’s face, none when it stays put (random review 26: 8 cm unflagged)', () => {
    const palm = (arm: number, trunk: number) => ({
      name: 'palm on the wall',
      trunk,
      legs: [0, 0],
      arms: { left: [arm, arm], right: [5, 10] },
    });
    const stretch = (turned: object) => ({ pattern: 'pose', props: ['wall'], wall: -0.5, keys: [palm(-64, 0), turned] });
    const sliding = built(stretch(palm(-72, 8)), 'Wall_Biceps_Stretch');
    const onWall = slides(sliding.motion).find((f) => f.point === 'leftHand');
    assert.ok(onWall?.onWall === true && onWall.metres >= 0.06, JSON.stringify(slides(sliding.motion)));
    const still = built(stretch({ ...palm(-64, 0), legs: [2, 2] }), 'Wall_Biceps_Stretch');
    assert.deepEqual(
      slides(still.motion).filter((f) => f.onWall === true),
      [],
    );
  });
});

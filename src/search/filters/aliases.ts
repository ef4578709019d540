/**
 * The names people use for muscles and equipment in filters (`muscle=quads`, `equipment=ez bar`), as
 * docs/api.md#filter-aliases rules: defaults shipped here, extended by a snapshot (`search.muscleAliases`,
 * `search.equipmentAliases`). Keys and targets are compared as content keys (text/normalize.ts), so
 * case, plurals, hyphens and spacing never matter ("Kettlebells" is "kettlebell", "rear delts" is
 * "rear delt"). A target is a display group or an anatomical muscle (muscles), or a canonical
 * equipment name, or null for "no equipment" (equipment).
 *
 * A snapshot's own names win: a shipped alias whose key is a name the snapshot defines (a display
 * group, a muscle, an equipment name) is dropped, so `muscle=Legs` on a catalog with a "Legs" group
 * means that group and nothing the shipped `legs` alias would add. The snapshot's own aliases apply as
 * written (filterAliases).
 */
import { contentKey, ENGLISH, type TextRules } from '../text/normalize.ts';

export type AliasTable = Readonly<Record<string, readonly string[]>>;
export type EquipmentAliasTable = Readonly<Record<string, readonly (string | null)[]>>;

const QUADS = ['Quadriceps', 'quadriceps', 'rectus femoris', 'vastus lateralis', 'vastus medialis', 'vastus intermedius'];
const HAMSTRINGS = ['Hamstrings', 'biceps femoris', 'semitendinosus', 'semimembranosus'];
const DELTOIDS = ['anterior deltoid', 'lateral deltoid', 'posterior deltoid'];
const PECS = ['pectoralis major', 'pectoralis minor'];
const ABS = ['Abs', 'rectus abdominis', 'transversus abdominis'];
const OBLIQUES = ['Obliques', 'external obliques', 'internal obliques'];
const GLUTES = ['Glutes', 'gluteus maximus', 'gluteus medius', 'gluteus minimus'];

export const DEFAULT_MUSCLE_ALIASES: AliasTable = {
  quads: QUADS,
  quad: QUADS,
  quadricep: QUADS,
  'front thigh': QUADS,
  thighs: [...QUADS, ...HAMSTRINGS],
  hams: HAMSTRINGS,
  hamstring: HAMSTRINGS,
  hammies: HAMSTRINGS,
  'back thigh': HAMSTRINGS,
  traps: ['trapezius'],
  trap: ['trapezius'],
  'upper traps': ['trapezius'],
  delts: DELTOIDS,
  deltoids: DELTOIDS,
  'front delts': ['anterior deltoid'],
  'side delts': ['lateral deltoid'],
  'lateral delts': ['lateral deltoid'],
  'rear delts': ['posterior deltoid'],
  'posterior delts': ['posterior deltoid'],
  'rotator cuff': ['supraspinatus', 'infraspinatus', 'teres minor', 'subscapularis'],
  lats: ['Lats', 'latissimus dorsi'],
  latissimus: ['Lats', 'latissimus dorsi'],
  pecs: PECS,
  pectorals: PECS,
  'upper chest': PECS,
  'lower chest': PECS,
  abs: ABS,
  abdominals: ABS,
  'six pack': ABS,
  stomach: ABS,
  belly: ABS,
  core: [...ABS, ...OBLIQUES],
  obliques: OBLIQUES,
  'side abs': OBLIQUES,
  glutes: GLUTES,
  butt: GLUTES,
  bum: GLUTES,
  buttocks: GLUTES,
  'glute med': ['gluteus medius'],
  bis: ['Biceps', 'biceps brachii', 'brachialis'],
  bicep: ['Biceps', 'biceps brachii', 'brachialis'],
  tris: ['Triceps', 'triceps brachii'],
  tricep: ['Triceps', 'triceps brachii'],
  calves: ['Calves', 'gastrocnemius', 'soleus'],
  calf: ['Calves', 'gastrocnemius', 'soleus'],
  shins: ['tibialis anterior'],
  forearms: ['Forearms', 'brachioradialis', 'wrist flexors', 'wrist extensors'],
  grip: ['Forearms', 'wrist flexors'],
  'lower back': ['Lower Back', 'erector spinae'],
  'low back': ['Lower Back', 'erector spinae'],
  'upper back': ['Upper Back', 'trapezius', 'rhomboids'],
  'middle back': ['rhomboids', 'trapezius'],
  'mid back': ['rhomboids', 'trapezius'],
  'hip flexors': ['Hip Flexors', 'iliopsoas'],
  psoas: ['iliopsoas'],
  'inner thigh': ['Adductors', 'adductor longus', 'adductor magnus'],
  adductor: ['Adductors', 'adductor longus', 'adductor magnus'],
  'outer thigh': ['gluteus medius', 'tensor fasciae latae'],
  abductors: ['gluteus medius', 'gluteus minimus', 'tensor fasciae latae'],
  serratus: ['serratus anterior'],
  // Regions people name: each is the groups that move it.
  back: ['Upper Back', 'Lats', 'Lower Back'],
  legs: ['Quadriceps', 'Hamstrings', 'Glutes', 'Calves', 'Adductors'],
  leg: ['Quadriceps', 'Hamstrings', 'Glutes', 'Calves', 'Adductors'],
  'lower body': ['Quadriceps', 'Hamstrings', 'Glutes', 'Calves', 'Adductors'],
  arms: ['Biceps', 'Triceps', 'Forearms'],
  arm: ['Biceps', 'Triceps', 'Forearms'],
  'upper body': ['Chest', 'Shoulders', 'Upper Back', 'Lats', 'Biceps', 'Triceps'],
  'posterior chain': ['Hamstrings', 'Glutes', 'Lower Back'],
  hips: ['Glutes', 'Hip Flexors', 'Adductors'],
};

export const DEFAULT_EQUIPMENT_ALIASES: EquipmentAliasTable = {
  bodyweight: [null],
  'body weight': [null],
  'body only': [null],
  'no equipment': [null],
  none: [null],
  bw: [null],
  'ez bar': ['ez curl bar'],
  'e-z curl bar': ['ez curl bar'],
  'ez-bar': ['ez curl bar'],
  'curl bar': ['ez curl bar'],
  kb: ['kettlebell'],
  'kettle bell': ['kettlebell'],
  db: ['dumbbell'],
  dumbell: ['dumbbell'],
  bb: ['barbell'],
  'olympic bar': ['barbell'],
  trx: ['suspension trainer'],
  'suspension straps': ['suspension trainer'],
  bands: ['resistance band'],
  band: ['resistance band'],
  'mini band': ['resistance band'],
  'loop band': ['resistance band'],
  'swiss ball': ['stability ball'],
  'exercise ball': ['stability ball'],
  'physio ball': ['stability ball'],
  'med ball': ['medicine ball'],
  'foam roll': ['foam roller'],
  'chin up bar': ['pull-up bar'],
  'pullup bar': ['pull-up bar'],
  box: ['plyo box'],
  'jump box': ['plyo box'],
  smith: ['smith machine'],
  'hex bar': ['trap bar'],
  rings: ['gymnastic rings'],
  'dip bars': ['parallel bars'],
  parallettes: ['parallel bars'],
  rower: ['rowing machine'],
  erg: ['rowing machine', 'ski erg'],
  plates: ['weight plate'],
  plate: ['weight plate'],
  cables: ['cable'],
  machines: ['machine'],
  // Strongman implements: what a strongman gym calls them beside the canonical names.
  stone: ['atlas stone', 'dinnie stones', 'husafell stone', 'stone trainer'],
  'atlas stones': ['atlas stone', 'stone trainer'],
  car: ['vehicle', 'car deadlift frame'],
  truck: ['vehicle'],
  'farmers handles': ['farmers walk handles'],
  'farmer handles': ['farmers walk handles'],
  'weight for distance': ['throwing weight'],
  'weight for height': ['throwing weight'],
  frame: ['carry frame', 'car deadlift frame', 'fridge frame', 'timber frame'],
  'circus dumbbell': ['press block'],
  'roman chair': ['hyperextension bench'],
  'back extension bench': ['hyperextension bench'],
  'roller stick': ['massage stick'],
  'massage roller': ['massage stick', 'foam roller'],
  ssb: ['safety squat bar'],
  'specialty bar': ['safety squat bar', 'cambered bar'],
  bike: ['bicycle', 'stationary bike', 'air bike'],
  trampoline: ['mini trampoline'],
  rebounder: ['mini trampoline'],
  backpack: ['rucksack'],
  'walking poles': ['trekking poles'],
  'stress ball': ['squeeze ball'],
  cones: ['cone'],
  'indian clubs': ['club'],
};

/**
 * The alias table a catalog filters with: the shipped defaults minus every key the snapshot defines as
 * a name of its own (`definedNames`, compared as content keys), then the snapshot's own aliases.
 */
export function filterAliases<T extends AliasTable | EquipmentAliasTable>(
  defaults: T,
  ownAliases: T | undefined,
  definedNames: Iterable<string>,
  rules: TextRules = ENGLISH,
): T {
  const defined = new Set<string>();
  for (const name of definedNames) defined.add(contentKey(name, rules));
  const table: Record<string, T[string]> = {};
  for (const [alias, targets] of Object.entries(defaults)) {
    if (!defined.has(contentKey(alias, rules))) table[alias] = targets as T[string];
  }
  return { ...table, ...ownAliases } as T;
}

/**
 * The abbreviation and synonym dictionary the engine ships, so that gym shorthand and common
 * alternative names work on any catalog, not only where a snapshot's authors wrote them as keywords
 * (docs/api.md#abbreviations-and-synonyms). A snapshot may add groups of its own (`search.synonyms`, docs/api.md#snapshot-dictionary).
 *
 * Each group lists phrases that mean the same exercise or equipment; a query phrase that is a member
 * also matches the exercises named by any other member. Phrases are normalized like every other text
 * (text/normalize.ts), so "Push-Ups" and "push up" are one phrase
 * and function words do not count ("toes to bar" is the phrase "toe bar").
 */
import { contentKey, ENGLISH, type TextRules } from './normalize.ts';

export const SHIPPED_SYNONYMS: readonly (readonly string[])[] = [
  // Equipment shorthand.
  ['dumbbell', 'db', 'dumbell'],
  ['barbell', 'bb'],
  ['kettlebell', 'kb', 'kettle bell'],
  ['ez bar', 'ez curl bar', 'e-z curl bar', 'curl bar'],
  ['trap bar', 'hex bar'],
  ['suspension trainer', 'trx', 'suspension strap'],
  ['resistance band', 'band', 'mini band', 'loop band'],
  ['stability ball', 'swiss ball', 'exercise ball', 'physio ball'],
  ['medicine ball', 'med ball', 'mb'],
  ['bodyweight', 'body weight', 'body only', 'bw'],
  ['foam roller', 'foam roll', 'smr'],
  ['pull up bar', 'chin up bar'],
  ['plyo box', 'jump box'],
  ['smith machine', 'smith'],
  ['battle rope', 'battling rope'],
  // Lifts by their initials.
  ['romanian deadlift', 'rdl'],
  ['single leg romanian deadlift', 'single leg rdl', 'sl rdl', 'slrdl'],
  ['stiff leg deadlift', 'stiff legged deadlift', 'straight leg deadlift', 'sldl', 'sdl'],
  ['overhead press', 'ohp', 'military press', 'shoulder press', 'strict press'],
  ['glute ham raise', 'ghd', 'ghr', 'glute ham developer'],
  ['ghd sit up', 'glute ham developer sit up'],
  ['bulgarian split squat', 'bss', 'rear foot elevated split squat', 'rfess', 'split squat'],
  ['handstand push up', 'hspu'],
  ['toes to bar', 't2b', 'ttb'],
  ['knees to elbow', 'k2e'],
  ['bench press', 'bp', 'flat bench press'],
  ['close grip bench press', 'cgbp', 'close grip bench'],
  ['deadlift', 'dl'],
  ['overhead squat', 'ohs'],
  ['front squat', 'fs'],
  ['back squat', 'bs'],
  ['clean and jerk', 'c j', 'cnj'],
  ['kettlebell swing', 'russian swing'],
  ['turkish get up', 'tgu'],
  ['single leg', 'one leg', 'sl', 'single legged', 'one legged'],
  ['single arm', 'one arm'],
  ['push up', 'press up', 'pushup'],
  ['pull up', 'pullup', 'chin over bar'],
  ['chin up', 'chinup'],
  ['sit up', 'situp'],
  ['lat pulldown', 'lat pull down', 'pulldown'],
  ['pulldown', 'pull down'],
  ['skull crusher', 'skullcrusher', 'lying triceps extension', 'lying triceps press', 'french press'],
  ['triceps pushdown', 'triceps pressdown', 'tricep pushdown', 'rope pushdown'],
  ['dip', 'triceps dip', 'parallel bar dip'],
  ['farmers walk', 'farmer walk', 'farmers carry', 'loaded carry'],
  ['hip thrust', 'hip thruster'],
  ['good morning', 'gm'],
  ['reverse fly', 'rear delt fly', 'reverse flye', 'rear delt raise'],
  ['fly', 'flye'],
  ['lateral raise', 'side raise', 'side lateral raise'],
  ['calf raise', 'heel raise', 'calf press'],
  ['leg curl', 'hamstring curl'],
  ['back extension', 'hyperextension', 'hyper'],
  ['step up', 'box step up'],
  ['jumping jack', 'star jump'],
  ['mountain climber', 'climber'],
  ['burpee', 'squat thrust'],
  ['high intensity interval training', 'hiit'],
  ['plyometric', 'plyo'],
  ['wood chop', 'woodchop', 'woodchopper', 'wood chopper'],
  ['ab wheel', 'ab roller', 'ab rollout'],
  ['jump rope', 'skipping rope', 'skip rope', 'skipping'],
  ['rowing machine', 'rower', 'erg', 'ergometer', 'indoor row'],
  ['stair climber', 'stairmaster', 'stair machine'],
  ['stationary bike', 'exercise bike', 'spin bike'],
  ['air bike', 'assault bike', 'airdyne', 'fan bike'],
  ['sled push', 'prowler push'],
  ['inverted row', 'australian pull up', 'body row'],
  ['pistol squat', 'single leg squat'],
  ['nordic hamstring curl', 'nordic curl', 'nordic'],
  ['pec deck', 'pec fly', 'butterfly machine', 'machine fly'],
  ['reverse hyperextension', 'reverse hyper'],
  ['cardio', 'conditioning', 'aerobic'],
  ['abs', 'ab', 'abdominal', 'core', 'six pack'],
  ['quadriceps', 'quad'],
  ['hamstring', 'ham', 'hammy'],
  ['glute', 'gluteus', 'butt'],
  ['trapezius', 'trap'],
  ['deltoid', 'delt', 'shoulder'],
  ['latissimus dorsi', 'lat', 'latissimus'],
  ['pectoral', 'pec', 'chest'],
  ['biceps', 'bicep', 'bi'],
  ['triceps', 'tricep', 'tri'],
  ['calf', 'calve', 'gastrocnemius'],
  ['forearm', 'wrist flexor'],
  ['oblique', 'side ab'],
  ['lower back', 'erector spinae', 'low back'],
  // Yoga: the Sanskrit names and the English ones.
  ['downward facing dog', 'downward dog', 'down dog', 'adho mukha svanasana'],
  ['upward facing dog', 'upward dog', 'up dog', 'urdhva mukha svanasana'],
  ['child pose', 'balasana'],
  ['cobra pose', 'cobra', 'bhujangasana'],
  ['mountain pose', 'tadasana'],
  ['warrior pose', 'warrior', 'virabhadrasana'],
  ['warrior i', 'warrior 1', 'warrior one', 'virabhadrasana i', 'virabhadrasana 1'],
  ['warrior ii', 'warrior 2', 'warrior two', 'virabhadrasana ii', 'virabhadrasana 2'],
  ['warrior iii', 'warrior 3', 'warrior three', 'virabhadrasana iii', 'virabhadrasana 3'],
  ['humble warrior', 'baddha virabhadrasana'],
  ['reverse warrior', 'viparita virabhadrasana'],
  ['lotus pose', 'lotus', 'padmasana'],
  ['half lotus', 'ardha padmasana'],
  ['fire log pose', 'double pigeon', 'agnistambhasana'],
  ['gate pose', 'parighasana'],
  ['goddess pose', 'utkata konasana'],
  ['monkey pose', 'front splits', 'hanumanasana'],
  ['marichi pose', 'marichyasana'],
  ['sphinx pose', 'salamba bhujangasana'],
  ['eight angle pose', 'astavakrasana'],
  ['extended hand to big toe pose', 'utthita hasta padangusthasana'],
  ['reclining hand to big toe pose', 'supta padangusthasana'],
  ['revolved chair pose', 'parivrtta utkatasana'],
  ['revolved side angle pose', 'parivrtta parsvakonasana'],
  ['side crow pose', 'parsva bakasana'],
  ['upward plank pose', 'reverse plank', 'purvottanasana'],
  ['three legged downward dog', 'three legged dog', 'eka pada adho mukha svanasana'],
  ['dolphin pose', 'ardha pincha mayurasana'],
  ['forearm stand', 'pincha mayurasana'],
  ['chair pose', 'utkatasana'],
  ['triangle pose', 'triangle', 'trikonasana', 'utthita trikonasana'],
  ['pigeon pose', 'pigeon', 'kapotasana', 'eka pada rajakapotasana'],
  ['bridge pose', 'setu bandha sarvangasana', 'setu bandhasana'],
  ['corpse pose', 'savasana', 'shavasana'],
  ['standing forward fold', 'standing forward bend', 'uttanasana'],
  ['seated forward fold', 'seated forward bend', 'paschimottanasana'],
  ['garland pose', 'yogi squat', 'malasana'],
  ['boat pose', 'navasana', 'paripurna navasana'],
  ['plank pose', 'phalakasana'],
  ['four limbed staff pose', 'chaturanga', 'chaturanga dandasana'],
  ['half lord of the fishes', 'seated spinal twist', 'ardha matsyendrasana'],
  ['bound angle pose', 'butterfly stretch', 'baddha konasana'],
  ['easy pose', 'sukhasana'],
  ['crow pose', 'bakasana', 'crane pose'],
  ['tree pose', 'vrksasana', 'vrikshasana'],
  ['eagle pose', 'garudasana'],
  ['plow pose', 'halasana'],
  ['shoulder stand', 'sarvangasana', 'salamba sarvangasana'],
  ['headstand', 'sirsasana', 'salamba sirsasana'],
  ['bow pose', 'dhanurasana'],
  ['camel pose', 'ustrasana'],
  ['cat cow', 'marjaryasana bitilasana', 'cat cow stretch'],
  ['cat pose', 'marjaryasana'],
  ['cow pose', 'bitilasana'],
  ['low lunge', 'anjaneyasana', 'crescent lunge'],
  ['cow face pose', 'gomukhasana'],
  ['dancer pose', 'natarajasana', 'lord of the dance'],
  ['happy baby', 'ananda balasana'],
  ['locust pose', 'salabhasana', 'shalabhasana'],
  ['fish pose', 'matsyasana'],
  ['side angle pose', 'parsvakonasana', 'utthita parsvakonasana'],
  ['wide legged forward fold', 'prasarita padottanasana'],
  ['head to knee pose', 'janu sirsasana'],
  ['seated wide angle', 'upavistha konasana'],
  ['legs up the wall', 'viparita karani'],
  ['side plank', 'vasisthasana'],
  ['half moon pose', 'ardha chandrasana'],
  ['reclined twist', 'supine twist', 'supta matsyendrasana', 'jathara parivartanasana'],
  ['staff pose', 'dandasana'],
  ['wheel pose', 'urdhva dhanurasana', 'full bridge'],
  ['sun salutation', 'surya namaskar'],
  ['hero pose', 'virasana'],
  ['lizard pose', 'utthan pristhasana'],
  ['frog pose', 'mandukasana'],
  ['puppy pose', 'uttana shishosana', 'extended puppy'],
  ['firefly pose', 'tittibhasana'],
  ['revolved triangle', 'parivrtta trikonasana'],
  ['pyramid pose', 'parsvottanasana'],
  ['reclining bound angle', 'supta baddha konasana'],
  ['thread the needle', 'parsva balasana'],
];

/** One dictionary entry as the query planner uses it: a phrase's terms and the other phrases that mean the same. */
export interface SynonymEntry {
  /** The phrase as terms (normalized). */
  readonly terms: readonly string[];
  /** Every other phrase of its groups, as terms. */
  readonly alternatives: readonly (readonly string[])[];
}

export interface SynonymTable {
  /** First term -> the entries starting with it, longest first. */
  readonly byFirstTerm: ReadonlyMap<string, readonly SynonymEntry[]>;
  /** The longest phrase, in terms. */
  readonly maxTerms: number;
}

/** Builds the lookup table from groups of equivalent phrases (the shipped ones and a snapshot's). */
export function buildSynonymTable(groups: readonly (readonly string[])[], rules: TextRules = ENGLISH): SynonymTable {
  const alternativesOf = new Map<string, Set<string>>();
  for (const group of groups) {
    // A yoga pose is named with or without "pose" ("Locust", "Locust Pose"): both spellings belong.
    const spellings = group.flatMap((phrase) => (/\s+pose$/i.test(phrase) ? [phrase, phrase.replace(/\s+pose$/i, '')] : [phrase]));
    const keys = [...new Set(spellings.map((spelling) => contentKey(spelling, rules)).filter((key) => key !== ''))];
    for (const key of keys) {
      let others = alternativesOf.get(key);
      if (others === undefined) {
        others = new Set();
        alternativesOf.set(key, others);
      }
      for (const other of keys) if (other !== key) others.add(other);
    }
  }
  const byFirstTerm = new Map<string, SynonymEntry[]>();
  let maxTerms = 1;
  for (const [key, others] of alternativesOf) {
    const terms = key.split(' ');
    maxTerms = Math.max(maxTerms, terms.length);
    const entry: SynonymEntry = { terms, alternatives: [...others].map((other) => other.split(' ')) };
    const list = byFirstTerm.get(terms[0]!) ?? [];
    list.push(entry);
    byFirstTerm.set(terms[0]!, list);
  }
  for (const list of byFirstTerm.values()) list.sort((a, b) => b.terms.length - a.terms.length);
  return { byFirstTerm, maxTerms };
}

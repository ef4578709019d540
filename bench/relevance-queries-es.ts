/**
 * The Spanish relevance query set: what Spanish-speaking gym-goers type into an exercise search box (lower
 * case, often without accents, sometimes misspelt, colloquial from Spain to Latin America), by class, each
 * with what a right answer looks like. `name` patterns are matched against the Spanish exercise name
 * (data/source/translations/es), `primary` against the English anatomical primary muscles, `equipment`
 * against the Spanish equipment name (data/source/translations/es/taxonomy.json).
 */
import type { Expectation, RelevanceQuery } from './relevance-queries.ts';

export const ES_CLASSES = [
  'names',
  'typos',
  'missing accents',
  'compounds',
  'colloquial names',
  'abbreviations and slang',
  'English names',
  'word order',
  'muscle-led',
  'equipment-led',
] as const;
type EsClass = (typeof ES_CLASSES)[number];

const n = (pattern: RegExp): Expectation => ({ name: pattern });
const primary = (pattern: RegExp): Expectation => ({ primary: pattern });
const equipment = (pattern: RegExp | null): Expectation => ({ equipment: pattern });

/** Any biceps curl (not a leg, wrist, finger or Nordic curl). */
const BICEPS_CURL = /^(?!.*(femoral|mu[ñn]eca|dedos|n[oó]rdico)).*\bcurl\b/i;
/** A push-up ("flexión"), not a joint flexion or a forward bend. */
const PUSH_UP =
  /^flexi[oó]n(?! (de (hombro|cadera|cuello|env)|plantar|adelante|exc[eé]ntrica|isom[eé]trica|limpia|lateral|con piernas|sentada|hacia|de pie))/i;
const SHOULDER_PRESS = /press militar|press de hombros/i;
const LAT_PULLDOWN = /jal[oó]n al pecho/i;
/** A knee extension: the machine one, or its bench and roller forms (long and short arc). */
const QUAD_EXTENSION = /extensi[oó]n de cu[aá]driceps|cu[aá]driceps de arco/i;

const table: [EsClass, string, Expectation][] = [
  // Names as people type them.
  ['names', 'press de banca', n(/press de banca/i)],
  ['names', 'sentadilla', n(/sentadilla/i)],
  ['names', 'peso muerto', n(/peso muerto/i)],
  ['names', 'jalón al pecho', n(LAT_PULLDOWN)],
  ['names', 'remo con barra', n(/remo (con barra|pendlay)|remo inclinado con barra/i)],
  ['names', 'dominadas', n(/dominada/i)],
  ['names', 'fondos en paralelas', n(/\bfondos?\b(?! de)/i)],
  ['names', 'curl de bíceps', n(BICEPS_CURL)],
  ['names', 'press militar', n(SHOULDER_PRESS)],
  ['names', 'elevaciones laterales', n(/elevaci[oó]n lateral/i)],
  ['names', 'zancadas', n(/zancada/i)],
  ['names', 'prensa de piernas', n(/prensa de piernas/i)],
  ['names', 'curl femoral', n(/curl femoral/i)],
  ['names', 'plancha', n(/plancha/i)],
  ['names', 'puente de glúteos', n(/puente de gl[uú]teos/i)],
  ['names', 'paseo del granjero', n(/granjero|suitcase|transporte con barra hexagonal/i)],
  ['names', 'encogimientos', n(/^encogimientos\b(?! de piernas)/i)],
  ['names', 'cruce de poleas', n(/cruce de poleas/i)],
  ['names', 'cargada de potencia', n(/cargada de potencia/i)],
  ['names', 'arrancada', n(/arrancada/i)],
  ['names', 'dos tiempos', n(/dos tiempos/i)],
  ['names', 'swing con kettlebell', n(/swing/i)],
  ['names', 'giro ruso', n(/giro ruso/i)],
  ['names', 'curl martillo', n(/curl martillo/i)],
  ['names', 'perro boca abajo', n(/perro boca abajo/i)],
  ['names', 'saludo al sol', n(/saludo al sol/i)],
  ['names', 'postura del guerrero', n(/guerrero/i)],
  ['names', 'sentadilla frontal', n(/sentadilla frontal/i)],
  ['names', 'flexiones', n(PUSH_UP)],
  // Typos: a letter missing, doubled or wrong (b/v, s/c/z, ll/y as people confuse them).
  ['typos', 'sentadila', n(/sentadilla/i)],
  ['typos', 'press de banka', n(/press de banca/i)],
  ['typos', 'peso muerto rumamo', n(/peso muerto rumano/i)],
  ['typos', 'dominadaz', n(/dominada/i)],
  ['typos', 'jalom al pecho', n(LAT_PULLDOWN)],
  ['typos', 'zancadas caminado', n(/zancadas? caminando/i)],
  ['typos', 'curl de bisep', n(BICEPS_CURL)],
  ['typos', 'elevasion lateral', n(/elevaci[oó]n lateral/i)],
  ['typos', 'hiperestensiones', n(/hiperextensi[oó]n/i)],
  ['typos', 'pres militar', n(SHOULDER_PRESS)],
  ['typos', 'prensa de pienas', n(/prensa de piernas/i)],
  ['typos', 'remo con mancuerda', n(/remo.*mancuerna/i)],
  ['typos', 'extension de tricpes', n(/extensi[oó]n de tr[ií]ceps/i)],
  ['typos', 'sentadiya bulgara', n(/sentadilla b[uú]lgara/i)],
  ['typos', 'cruch en polea', n(/crunch.*polea/i)],
  ['typos', 'vurpees', n(/burpee/i)],
  // Missing accents: what most people type.
  ['missing accents', 'extension de cuadriceps', n(QUAD_EXTENSION)],
  ['missing accents', 'elevacion de talones', n(/elevaci[oó]n de tal[oó]n(es)?/i)],
  ['missing accents', 'remo al menton', n(/remo al ment[oó]n/i)],
  ['missing accents', 'jalon al pecho', n(LAT_PULLDOWN)],
  ['missing accents', 'press frances', n(/press franc[eé]s/i)],
  ['missing accents', 'sentadilla bulgara', n(/sentadilla b[uú]lgara/i)],
  ['missing accents', 'patada de triceps', n(/patada de tr[ií]ceps/i)],
  ['missing accents', 'salto al cajon', n(/salto al caj[oó]n/i)],
  ['missing accents', 'abduccion de cadera', n(/abducci[oó]n de cadera/i)],
  ['missing accents', 'rotacion externa de hombro', n(/rotaci[oó]n externa/i)],
  ['missing accents', 'elevacion frontal', n(/elevaci[oó]n frontal/i)],
  ['missing accents', 'pajaro con mancuernas', n(/p[aá]jaro(?!.*(polea|banda|trx|trineo))/i)],
  ['missing accents', 'eliptica', equipment(/el[ií]ptica/i)],
  ['missing accents', 'balon medicinal', equipment(/bal[oó]n medicinal/i)],
  // Compounds: multi-word names written joined, or split where the name is one word.
  ['compounds', 'pressbanca', n(/press de banca/i)],
  ['compounds', 'pesomuerto', n(/peso muerto/i)],
  ['compounds', 'peso muerto rumano', n(/peso muerto rumano/i)],
  ['compounds', 'hipthrust', n(/hip thrust/i)],
  ['compounds', 'facepull', n(/face pull/i)],
  ['compounds', 'stepup', n(/step-up/i)],
  ['compounds', 'pushpress', n(/push press/i)],
  ['compounds', 'goodmorning', n(/good morning/i)],
  ['compounds', 'perro bocabajo', n(/perro boca abajo/i)],
  ['compounds', 'crunch fit ball', n(/crunch.*fitball/i)],
  ['compounds', 'pull over', n(/pullover/i)],
  ['compounds', 'remo ergometro', equipment(/remoerg[oó]metro/i)],
  // Colloquial names from Spain and Latin America.
  ['colloquial names', 'vuelos laterales', n(/elevaci[oó]n lateral/i)],
  ['colloquial names', 'lagartijas', n(PUSH_UP)],
  ['colloquial names', 'estocadas', n(/zancada/i)],
  ['colloquial names', 'desplantes', n(/zancada/i)],
  ['colloquial names', 'remo serrucho', n(/remo.*(una mano|mancuerna)/i)],
  ['colloquial names', 'sillon de cuadriceps', n(QUAD_EXTENSION)],
  ['colloquial names', 'curl scott', n(/predicador/i)],
  ['colloquial names', 'remo gironda', n(/remo sentado|remo en polea baja/i)],
  ['colloquial names', 'rompecraneos', n(/press franc[eé]s|extensi[oó]n de tr[ií]ceps tumbado/i)],
  ['colloquial names', 'buenos dias', n(/good morning/i)],
  ['colloquial names', 'remo al cuello', n(/remo al ment[oó]n/i)],
  ['colloquial names', 'polea al pecho', n(LAT_PULLDOWN)],
  ['colloquial names', 'dominadas australianas', n(/remo invertido/i)],
  ['colloquial names', 'parada de manos', n(/\bpino\b/i)],
  ['colloquial names', 'sentadilla copa', n(/goblet/i)],
  ['colloquial names', 'alpinistas', n(/escalador(?!a)/i)],
  // Gym abbreviations and slang.
  ['abbreviations and slang', 'rdl', n(/peso muerto rumano/i)],
  ['abbreviations and slang', 'press banca db', n(/press de banca.*mancuerna/i)],
  ['abbreviations and slang', 'kb swing', n(/swing/i)],
  ['abbreviations and slang', 'ohp', n(SHOULDER_PRESS)],
  ['abbreviations and slang', 'tgu', n(/turkish get-up/i)],
  ['abbreviations and slang', 'sldl', n(/piernas r[ií]gidas/i)],
  ['abbreviations and slang', 'bss', n(/b[uú]lgara/i)],
  ['abbreviations and slang', 'ohs', n(/sentadilla overhead/i)],
  ['abbreviations and slang', 'remo db', n(/remo.*mancuerna/i)],
  ['abbreviations and slang', 'press multipower', n(/press.*m[aá]quina smith/i)],
  ['abbreviations and slang', 'curl barra z', n(/curl.*barra z/i)],
  ['abbreviations and slang', 'hiper', n(/hiperextensi[oó]n/i)],
  ['abbreviations and slang', 'sentadilla kb', n(/sentadilla.*(kettlebell|goblet)|goblet/i)],
  ['abbreviations and slang', 'jalon', n(/jal[oó]n/i)],
  // English names typed in a Spanish app.
  ['English names', 'hip thrust', n(/hip thrust/i)],
  ['English names', 'deadlift', n(/peso muerto/i)],
  ['English names', 'pull up', n(/dominada/i)],
  ['English names', 'face pull', n(/face pull/i)],
  ['English names', 'bench press', n(/press de banca/i)],
  ['English names', 'squat', n(/sentadilla|squat/i)],
  ['English names', 'lat pulldown', n(LAT_PULLDOWN)],
  ['English names', 'leg press', n(/prensa de piernas/i)],
  ['English names', 'romanian deadlift', n(/peso muerto rumano/i)],
  ['English names', 'lunges', n(/zancada/i)],
  ['English names', 'push ups', n(PUSH_UP)],
  ['English names', 'calf raise', n(/elevaci[oó]n de tal[oó]n(es)?/i)],
  ['English names', 'leg curl', n(/curl femoral/i)],
  ['English names', 'skull crusher', n(/press franc[eé]s/i)],
  ['English names', 'mountain climbers', n(/escalador(?!a)/i)],
  // Word order: the words of a name in another order.
  ['word order', 'sentadilla barra', n(/sentadilla.*\bbarra\b/i)],
  ['word order', 'mancuernas press banca', n(/press de banca.*mancuerna/i)],
  ['word order', 'rumano peso muerto', n(/peso muerto rumano/i)],
  ['word order', 'martillo curl', n(/curl martillo/i)],
  ['word order', 'lateral elevacion', n(/elevaci[oó]n lateral/i)],
  ['word order', 'polea triceps', n(/(tr[ií]ceps|franc[eé]s).*polea/i)],
  ['word order', 'femoral curl', n(/curl femoral/i)],
  ['word order', 'goblet sentadilla', n(/sentadilla goblet/i)],
  ['word order', 'inclinado press mancuernas', n(/press inclinado.*mancuerna/i)],
  ['word order', 'cajon salto', n(/salto al caj[oó]n/i)],
  ['word order', 'piernas prensa', n(/prensa de piernas/i)],
  // Muscle-led: the muscle, as people name it.
  ['muscle-led', 'pecho', primary(/pectoralis/i)],
  ['muscle-led', 'dorsales', primary(/latissimus/i)],
  ['muscle-led', 'espalda', primary(/latissimus|trapezius|rhomboid|erector|teres major/i)],
  ['muscle-led', 'hombros', primary(/deltoid/i)],
  ['muscle-led', 'biceps', primary(/biceps brachii|brachialis/i)],
  ['muscle-led', 'triceps', primary(/triceps brachii/i)],
  ['muscle-led', 'cuadriceps', primary(/rectus femoris|vastus/i)],
  ['muscle-led', 'isquios', primary(/biceps femoris|semitendinosus|semimembranosus/i)],
  ['muscle-led', 'gluteos', primary(/gluteus/i)],
  ['muscle-led', 'gemelos', primary(/gastrocnemius|soleus/i)],
  ['muscle-led', 'abdominales', primary(/rectus abdominis|transversus/i)],
  ['muscle-led', 'oblicuos', primary(/oblique/i)],
  ['muscle-led', 'trapecio', primary(/trapezius/i)],
  ['muscle-led', 'lumbares', primary(/erector|quadratus|multifidus/i)],
  ['muscle-led', 'antebrazos', primary(/wrist|brachioradialis/i)],
  ['muscle-led', 'deltoides posterior', primary(/posterior deltoid/i)],
  ['muscle-led', 'aductores', primary(/adductor|gracilis/i)],
  ['muscle-led', 'ejercicios para pecho', primary(/pectoralis/i)],
  ['muscle-led', 'nalgas', primary(/gluteus/i)],
  // Equipment-led.
  ['equipment-led', 'kettlebell', equipment(/kettlebell/i)],
  ['equipment-led', 'ejercicios con mancuernas', equipment(/mancuerna/i)],
  ['equipment-led', 'barra', equipment(/^barra$/i)],
  ['equipment-led', 'polea', equipment(/^polea$/i)],
  ['equipment-led', 'banda elastica', equipment(/banda el[aá]stica/i)],
  ['equipment-led', 'ejercicios con gomas', equipment(/banda el[aá]stica/i)],
  ['equipment-led', 'fitball', equipment(/fitball/i)],
  ['equipment-led', 'rodillo de espuma', equipment(/rodillo de espuma/i)],
  ['equipment-led', 'barra z', equipment(/barra z/i)],
  ['equipment-led', 'trx', equipment(/trx/i)],
  ['equipment-led', 'multipower', equipment(/m[aá]quina smith/i)],
  ['equipment-led', 'pesa rusa', equipment(/kettlebell/i)],
  ['equipment-led', 'sin material', equipment(null)],
  ['equipment-led', 'peso corporal', equipment(null)],
];

export const RELEVANCE_QUERIES_ES: { kind: EsClass; q: string; expect: Expectation }[] = table.map(([kind, q, expect]) => ({
  kind,
  q,
  expect,
}));

/** The set as the relevance runner's type, for code that takes `RelevanceQuery` (its `kind` is a Spanish class). */
export type EsRelevanceQuery = Omit<RelevanceQuery, 'kind'> & { kind: EsClass };

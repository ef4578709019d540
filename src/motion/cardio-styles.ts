/**
 * The cardio machines the `pose` pattern draws (cardio.ts), by name: a module of its own so that
 * motion.ts (the machine prop's shape) and pose-params.ts (the schema) read them without a cycle.
 */
export const CARDIO_STYLES = [
  'upright-bike',
  'spin-bike',
  'recumbent-bike',
  'air-bike',
  'arm-ergometer',
  'elliptical',
  'recumbent-stepper',
  'rower',
  'step-mill',
  'bicycle',
  'jacobs-ladder',
  'stairs',
] as const;
export type CardioStyle = (typeof CARDIO_STYLES)[number];

/**
 * What a suggestion's score is made of, shared by every way suggest ranks (by postings, from heads,
 * the precomputed short prefixes): a word matched in the name counts more than in an alias, and both
 * add up (the exercise an alias names is the one people mean); a name that starts with the typed text
 * counts more still; among equal matches, shorter names first ("Bench Press" before "Close-Grip Paused
 * Bench Press").
 */

/** The most names one suggest answers; the short prefixes' answers are this long. */
export const MAX_SUGGESTIONS = 20;

export const NAME_WEIGHT = 3;
export const ALIAS_WEIGHT = 1;
export const NAME_START_BONUS = 2;
export const PER_NAME_TERM = 0.05;

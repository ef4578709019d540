/** The request paths of the load scenarios for facets and suggest (scenarios.ts h and i). */
import { FILTER_MIX, keystrokesOf, TYPING_SESSIONS } from './extras-run.ts';

const ALL_FACETS = 'facets=category,level,force,mechanic,equipment,muscle,hasVideo';

export const FILTER_PATHS: readonly string[] = FILTER_MIX.map((filters) => {
  const query = filters.flatMap((filter) => filter.values.map((value) => `${filter.field}=${encodeURIComponent(value)}`));
  return `/v1/exercises?${[...query, 'limit=20', ALL_FACETS].join('&')}`;
});

export const SUGGEST_PATHS: readonly string[] = [...new Set(keystrokesOf(TYPING_SESSIONS))].map(
  (q) => `/v1/suggest?q=${encodeURIComponent(q)}`,
);

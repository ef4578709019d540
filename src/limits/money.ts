/** Overage money in integer micro-dollars, so sums are exact; formatted only at the edge. */
export function toMicros(usd: number): number {
  return Math.round(usd * 1_000_000);
}

/** "$0.18", "$0.018", "$12.00": USD with at least two decimals and no trailing noise. */
export function formatUsd(micros: number): string {
  const dollars = Math.floor(micros / 1_000_000);
  let fraction = String(micros % 1_000_000)
    .padStart(6, '0')
    .replace(/0+$/, '');
  if (fraction.length < 2) fraction = fraction.padEnd(2, '0');
  return `$${dollars}.${fraction}`;
}

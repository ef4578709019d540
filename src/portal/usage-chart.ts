/**
 * The portal's usage chart: one key's requests per UTC day over the last 30 days as an inline SVG bar
 * chart (server-rendered, no script), with the tier's daily limit as a dashed line and overage in the
 * warning colour, and the same numbers as a table for screen readers and for reading exact values.
 */
import { hasDailyLimit, type Tier } from '../limits/tiers.ts';
import type { DayUsage, UsageByDay } from '../limits/usage-shards.ts';
import { dayString } from '../limits/windows.ts';
import { escapeHtml } from '../http/page-layout.ts';

const DAY_MS = 86_400_000;
export const CHART_DAYS = 30;
const EMPTY: DayUsage = { requests: 0, overageRequests: 0, overageCostMicros: 0 };

/** The key's usage on each of the last CHART_DAYS days, oldest first, today last. */
export function lastDays(byDay: UsageByDay, keyId: string, nowMs: number): { date: string; usage: DayUsage }[] {
  const today = Math.floor(nowMs / DAY_MS);
  return Array.from({ length: CHART_DAYS }, (_, i) => {
    const date = dayString(today - (CHART_DAYS - 1 - i));
    return { date, usage: byDay.get(date)?.get(keyId) ?? EMPTY };
  });
}

export function usageChart(days: { date: string; usage: DayUsage }[], tier: Tier): string {
  const width = 600;
  const height = 180;
  const left = 40;
  const bottom = 20;
  const limit = hasDailyLimit(tier) ? tier.dailyRequests : undefined;
  const top = Math.max(1, limit ?? 0, ...days.map((d) => d.usage.requests));
  const scale = (n: number) => ((height - bottom - 10) * n) / top;
  const barWidth = (width - left) / days.length;
  const bars = days
    .map(({ date, usage }, i) => {
      const x = left + i * barWidth + 1;
      const within = usage.requests - usage.overageRequests;
      const y = height - bottom - scale(usage.requests);
      const over =
        usage.overageRequests > 0
          ? `<rect class="over" x="${x}" y="${y}" width="${barWidth - 2}" height="${scale(usage.overageRequests)}"/>`
          : '';
      return (
        `<g><title>${date}: ${usage.requests} requests${usage.overageRequests > 0 ? `, ${usage.overageRequests} overage` : ''}</title>` +
        `<rect class="bar" x="${x}" y="${height - bottom - scale(within)}" width="${barWidth - 2}" height="${scale(within)}"/>${over}</g>`
      );
    })
    .join('');
  const limitLine =
    limit === undefined
      ? ''
      : `<line class="limit" x1="${left}" x2="${width}" y1="${height - bottom - scale(limit)}" y2="${height - bottom - scale(limit)}"/>` +
        // The label sits above its line, or below it where the line runs along the top of the chart.
        `<text x="${left + 4}" y="${limitLabelY(height - bottom - scale(limit))}">daily limit ${limit}</text>`;
  const axis =
    `<line class="axis" x1="${left}" x2="${width}" y1="${height - bottom}" y2="${height - bottom}"/>` +
    `<text x="0" y="${height - bottom}">0</text><text x="0" y="14">${top}</text>` +
    `<text x="${left}" y="${height - 4}">${days[0]!.date}</text><text x="${width - 60}" y="${height - 4}">${days.at(-1)!.date}</text>`;
  const rows = days
    .filter((d) => d.usage.requests > 0)
    .map((d) => `<tr><td>${d.date}</td><td>${d.usage.requests}</td><td>${d.usage.overageRequests}</td></tr>`)
    .join('');
  return (
    `<figure data-testid="usage-chart" style="margin:0"><svg viewBox="0 0 ${width} ${height}" width="100%" role="img" ` +
    `aria-label="${escapeHtml(`Requests per day over the last ${CHART_DAYS} days`)}">${axis}${bars}${limitLine}</svg>` +
    `<figcaption class="muted">Requests per UTC day, last ${CHART_DAYS} days${limit === undefined ? ' (no daily limit)' : `; dashed line: the ${escapeHtml(tier.name)} tier's daily limit`}.</figcaption>` +
    `<details><summary>As a table</summary><table><tr><th>day</th><th>requests</th><th>overage</th></tr>${rows || '<tr><td colspan="3">No requests yet.</td></tr>'}</table></details></figure>`
  );
}

function limitLabelY(lineY: number): number {
  return lineY < 18 ? lineY + 14 : lineY - 4;
}

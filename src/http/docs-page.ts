/**
 * The HTML reference at /docs (and /docs/errors, where every error's docs_url points): quick start,
 * each route with its parameters and an example, the live tier table, headers, and one anchor per
 * error code. Everything is read from the OpenAPI document, the tier table and the error table, so
 * nothing here restates a rule by hand. Self-contained: no script, font or style from elsewhere.
 */
import { limitText, type TierTable } from '../limits/tiers.ts';
import { ERROR_CODES, ERROR_TABLE } from './http-error.ts';
import { HEADER_SCHEMAS } from './response-schemas.ts';

// biome-ignore lint/suspicious/noExplicitAny: the page walks the OpenAPI document built beside it, whose shape openapi.ts fixes.
type Json = Record<string, any>;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
code,pre{font-family:ui-monospace,monospace;font-size:.9em}pre{background:#f4f4f4;padding:.75rem;overflow-x:auto}
table{border-collapse:collapse;margin:1rem 0}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}
h3{margin-top:2rem}section:target{background:#fffbe6}`;

function typeOf(schema: Json): string {
  if (schema.type === 'array') return `list of ${typeOf(schema.items)}`;
  if (schema.enum !== undefined) return `one of ${schema.enum.join(', ')}`;
  const range = [
    schema.minimum !== undefined ? `min ${schema.minimum}` : '',
    schema.maximum !== undefined ? `max ${schema.maximum}` : '',
    schema.maxLength !== undefined ? `${schema.minLength ?? 0}-${schema.maxLength} chars` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return `${schema.type ?? 'value'}${range ? ` (${range})` : ''}${schema.default !== undefined ? `, default ${schema.default}` : ''}`;
}

/** Where the examples point: the public base URL ('' for relative links) and an id the catalog serves. */
export interface DocsExamples {
  base: string;
  exerciseId: string;
}

function exampleOf(path: string, examples: DocsExamples): string {
  if (path === '/v1/exercises/{id}') return `/v1/exercises/${encodeURIComponent(examples.exerciseId)}`;
  if (path === '/v1/exercises') return `${path}?q=bench%20press&equipment=barbell&limit=5&facets=level,muscle`;
  if (path === '/v1/suggest') return `${path}?q=bench%20pr&limit=5`;
  return path;
}

function routeSection(path: string, operation: Json, examples: DocsExamples): string {
  const isKeyed = (operation.security as unknown[]).length > 0;
  const base = examples.base;
  const example = exampleOf(path, examples);
  const params = ((operation.parameters ?? []) as Json[]).filter((p) => p.in !== 'header');
  const rows = params
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(typeOf(p.schema))}</td><td>${escapeHtml(p.description)}</td></tr>`,
    )
    .join('');
  const statuses = Object.keys(operation.responses).join(', ');
  const id = escapeHtml(operation.operationId);
  return `<section id="route-${id}"><h3><code>GET ${escapeHtml(path)}</code>${isKeyed ? '' : ' (no key)'}</h3>
<p>${escapeHtml(operation.summary)}</p>
${rows ? `<table><tr><th>parameter</th><th>type</th><th>meaning</th></tr>${rows}</table>` : ''}
<pre>curl ${isKeyed ? '-H "X-API-Key: $KEY" ' : ''}"${escapeHtml(base + example)}"</pre>
<p>Statuses: ${statuses}.</p></section>`;
}

function tierTable(tiers: TierTable): string {
  const rows = [...tiers.values()].map((t) => {
    const overage = t.overage
      ? `yes, $${t.overagePriceUsd} per request up to ${t.safetyCapMultiple}x the daily limit`
      : 'no: blocked at the daily limit';
    return (
      `<tr><td>${escapeHtml(t.name)}</td><td>${limitText(t.dailyRequests)}</td><td>${limitText(t.perMinute)}</td><td>${t.maxResults}</td>` +
      `<td>${t.paginationDepth ?? 'none'}</td><td>${overage}</td></tr>`
    );
  });
  const header =
    '<tr><th>tier</th><th>requests per day</th><th>per minute</th><th>max results per request</th>' +
    '<th>pagination depth (offset + limit)</th><th>overage</th></tr>';
  return `<table>${header}${rows.join('')}</table>`;
}

function errorSections(): string {
  return ERROR_CODES.map(
    (code) =>
      `<section id="${code}"><h3><code>${code}</code> (${ERROR_TABLE[code].statuses.join(', ')})</h3>` +
      `<p>${escapeHtml(ERROR_TABLE[code].meaning)}</p></section>`,
  ).join('\n');
}

// The page's fixed prose, each part one line of the page.
const NAV =
  '<nav><a href="#quick-start">Quick start</a> · <a href="#routes">Routes</a> · <a href="#limits">Limits and tiers</a> · ' +
  '<a href="#caching">Caching</a> · <a href="#errors">Errors</a> · <a href="/v1/openapi.json">OpenAPI 3.1 document</a></nav>';
const QUICK_START =
  '<p>Every <code>/v1</code> route except health needs your key in the <code>X-API-Key</code> header. ' +
  'The operator creates keys with <code>npm run keys -- create --tier free</code>.</p>';
const BODIES =
  '<p>Lists answer <code>{"data":[...],"total":N,"limit":N,"offset":N}</code> (<code>total</code> is null with <code>q</code>); ' +
  'everything else <code>{"data":...}</code>; health a bare object. ' +
  'A filter may be repeated (<code>?muscle=chest&amp;muscle=back</code>): ' +
  'values of one parameter are OR-ed, different parameters AND-ed.</p>';
const WINDOWS =
  '<p>Windows are fixed and aligned to UTC: the minute resets at the next whole minute, the day at 00:00 UTC. ' +
  'Every authenticated request that is not refused with 429 counts (a 304 too); a 5xx gives its count back. ' +
  'Keyed responses carry these headers:</p>';
const CACHING =
  '<p>Successful GETs carry an <code>ETag</code>; ' +
  'send it back in <code>If-None-Match</code> to get <code>304 Not Modified</code> without the body. ' +
  'Keyed data is <code>Cache-Control: private, no-cache</code>: ' +
  'a client may keep it but revalidates each time, so limits and metering apply to every use. ' +
  'Bodies are gzip or br compressed when <code>Accept-Encoding</code> allows.</p>';
const ERRORS =
  '<p>Every error is <code>{"error":{"code","message","hint","docs_url","details"?}}</code>; ' +
  "<code>docs_url</code> links to the code's entry below.</p>";

/** The whole page, from the OpenAPI document, the live tier table and the error table. */
export function buildDocsPage(openapi: Json, tiers: TierTable, examples: DocsExamples): string {
  const base = examples.base;
  const routes = Object.entries(openapi.paths as Json)
    .map(([path, item]) => routeSection(path, (item as Json).get, examples))
    .join('\n');
  const headerRows = Object.entries(HEADER_SCHEMAS)
    .map(([name, { description }]) => `<tr><td><code>${name}</code></td><td>${escapeHtml(description)}</td></tr>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(openapi.info.title)} reference</title><style>${STYLE}</style></head><body>
<h1>${escapeHtml(openapi.info.title)} <small>${escapeHtml(openapi.info.version)}</small></h1>
${NAV}
<h2 id="quick-start">Quick start</h2>
${QUICK_START}
<pre>KEY=exlib_...
curl -H "X-API-Key: $KEY" "${escapeHtml(base)}/v1/exercises?q=bench%20press&amp;limit=2"
curl -H "X-API-Key: $KEY" "${escapeHtml(base + exampleOf('/v1/exercises/{id}', examples))}"</pre>
${BODIES}
<h2 id="routes">Routes</h2>
${routes}
<h2 id="limits">Limits and tiers</h2>
<p>This server's tier table:</p>
${tierTable(tiers)}
${WINDOWS}
<table><tr><th>header</th><th>meaning</th></tr>${headerRows}</table>
<h2 id="caching">Caching and compression</h2>
${CACHING}
<h2 id="errors">Errors</h2>
${ERRORS}
${errorSections()}
</body></html>`;
}

/**
 * The HTML reference at /docs (and /docs/errors, where every error's docs_url points): a sidebar of
 * routes, a quick start, each route with its parameters, an example request and a real example
 * response with copy buttons, every Exercise field with its type and meaning, the live tier table,
 * headers, one anchor per error code, and a try-it form that calls the live service with a key.
 * Everything is read from the OpenAPI document, the tier table, the error table and the loaded
 * catalog, so nothing here restates a rule by hand. Self-contained: no script, font or style from
 * elsewhere; dark and light; a phone-width layout.
 */
import { EXERCISE_FIELDS } from '../catalog/snapshot-schema.ts';
import { limitText, type TierTable } from '../limits/tiers.ts';
import { COPY_SCRIPT, PAGE_STYLE } from './page-layout.ts';
import { EXERCISE_FIELD_MEANINGS, VIDEO_FIELD_MEANINGS } from './docs-fields.ts';
import { ERROR_CODES, ERROR_TABLE } from './http-error.ts';
import { HEADER_SCHEMAS } from './response-schemas.ts';

// biome-ignore lint/suspicious/noExplicitAny: the page walks the OpenAPI document built beside it, whose shape openapi.ts fixes.
type Json = Record<string, any>;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `${PAGE_STYLE}
.layout{display:grid;grid-template-columns:15rem minmax(0,1fr);gap:2rem;max-width:80rem;margin:0 auto;padding:0 1.25rem}
.side{position:sticky;top:0;align-self:start;max-height:100vh;overflow-y:auto;padding:1.25rem 0;font-size:.92rem}
.side a{display:block;color:var(--muted);text-decoration:none;padding:.15rem 0}.side a:hover{color:var(--text)}.side strong{display:block;margin:1rem 0 .3rem}
.side code{background:none;padding:0}.doc{padding:1.25rem 0 4rem;min-width:0}.doc section{scroll-margin-top:1rem}
.route{border-top:1px solid var(--line);padding-top:1rem;margin-top:2rem}.method{display:inline-block;font-size:.8rem;font-weight:700;padding:.1rem .45rem;border-radius:4px;background:var(--accent);color:var(--accent-text);margin-right:.4rem}
.example{display:grid;grid-template-columns:repeat(auto-fit,minmax(18rem,1fr));gap:1rem}.example pre{max-height:22rem;margin:.3rem 0}
.label{display:flex;justify-content:space-between;align-items:center;font-size:.85rem;color:var(--muted);margin-top:.6rem}
section:target h3{color:var(--accent)}select,textarea{width:100%;padding:.5rem;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--text);font:inherit}
@media (max-width:52rem){.layout{grid-template-columns:1fr;gap:0}.side{position:static;max-height:none;border-bottom:1px solid var(--line)}.side nav{columns:2}}
@media (max-width:40rem){table.stack tr:first-child{display:none}table.stack tr{display:block;border-bottom:1px solid var(--line);padding:.4rem 0}table.stack td{display:block;border:0;padding:.1rem 0}}`;

function typeOf(schema: Json): string {
  if (schema.type === 'array') return `list of ${typeOf(schema.items)}`;
  if (schema.enum !== undefined) return `one of ${schema.enum.join(', ')}`;
  const range = [
    schema.minimum !== undefined ? `min ${schema.minimum}` : '',
    // An integer without a real upper bound carries MAX_SAFE_INTEGER: not a limit worth showing.
    schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER ? `max ${schema.maximum}` : '',
    schema.maxLength !== undefined ? `${schema.minLength ?? 0}-${schema.maxLength} chars` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return `${schema.type ?? 'value'}${range ? ` (${range})` : ''}${schema.default !== undefined ? `, default ${schema.default}` : ''}`;
}

/** Where the examples point: the public base URL ('' for relative links), an id the catalog serves, and example bodies by path. */
export interface DocsExamples {
  base: string;
  exerciseId: string;
  /** A medium the catalog lists (`<id>/<file>`), for the media host's example; `<exerciseId>/0.jpg` when none is. */
  mediaPath?: string | undefined;
  responses: Record<string, string>;
}

function exampleOf(path: string, examples: DocsExamples): string {
  if (path === '/v1/exercises/{id}') return `/v1/exercises/${encodeURIComponent(examples.exerciseId)}`;
  if (path === '/v1/exercises') return `${path}?limit=1`;
  if (path === '/v1/suggest') return `${path}?q=bench%20pr&limit=3`;
  if (path === '/media/{id}/{file}') return `/media/${examples.mediaPath ?? `${encodeURIComponent(examples.exerciseId)}/0.jpg`}`;
  return path;
}

let copyIds = 0;

/** A <pre> with a copy button above it. */
function copyable(label: string, text: string): string {
  const id = `copy-${++copyIds}`;
  return (
    `<div class="label"><span>${escapeHtml(label)}</span><button class="copy secondary" type="button" data-copy="${id}">Copy</button></div>` +
    `<pre id="${id}">${escapeHtml(text)}</pre>`
  );
}

function routeSection(path: string, operation: Json, examples: DocsExamples): string {
  const isKeyed = (operation.security as unknown[]).length > 0;
  const example = exampleOf(path, examples);
  const params = ((operation.parameters ?? []) as Json[]).filter((p) => p.in !== 'header');
  const rows = params
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(typeOf(p.schema))}</td><td>${escapeHtml(p.description)}</td></tr>`,
    )
    .join('');
  const statuses = Object.keys(operation.responses)
    .map((status) => `<code>${status}</code>`)
    .join(', ');
  const id = escapeHtml(operation.operationId);
  const request = `curl ${isKeyed ? '-H "X-API-Key: $KEY" ' : ''}"${examples.base + example}"`;
  const response = examples.responses[path] ?? 'Start the server with a catalog to see a real response here.';
  const label =
    path === '/v1/suggest'
      ? 'Example response (names from this catalog; the ranking may differ)'
      : path.startsWith('/media/')
        ? 'Example response (its head; the body is the file)'
        : 'Example response (this catalog; lists cut to 3 items)';
  return `<section class="route" id="route-${id}"><h3><span class="method">GET</span><code>${escapeHtml(path)}</code>${isKeyed ? '' : ' <span class="muted">no key</span>'}</h3>
<p>${escapeHtml(operation.summary)}</p>
${rows ? `<div style="overflow-x:auto"><table class="stack"><tr><th>parameter</th><th>type</th><th>meaning</th></tr>${rows}</table></div>` : ''}
<div class="example"><div>${copyable('Example request', request)}</div><div>${copyable(label, response)}</div></div>
<p class="muted">Statuses: ${statuses}. Errors: <a href="#errors">the error envelope</a>.</p></section>`;
}

/** Every served Exercise field (then Video's) with its type from the OpenAPI schema and its meaning. */
function fieldTable(openapi: Json): string {
  const exercise = openapi.components.schemas.Exercise as Json;
  const fieldType = (schema: Json): string => {
    if (schema.anyOf !== undefined) return (schema.anyOf as Json[]).map(fieldType).join(' or ');
    if (schema.type === 'null') return 'null';
    if (schema.type === 'array') return `list of ${schema.items?.type === 'object' ? 'Video' : fieldType(schema.items ?? {})}`;
    if (schema.enum !== undefined) return (schema.enum as string[]).join(' | ');
    return String(schema.type ?? 'value');
  };
  const rows = EXERCISE_FIELDS.map(
    (field) =>
      `<tr id="field-${field}"><td><code>${field}</code></td><td>${escapeHtml(fieldType(exercise.properties[field]))}</td><td>${escapeHtml(EXERCISE_FIELD_MEANINGS[field])}</td></tr>`,
  ).join('');
  const video = exercise.properties.videos.items as Json;
  const videoRows = Object.keys(VIDEO_FIELD_MEANINGS)
    .map(
      (field) =>
        `<tr><td><code>${field}</code></td><td>${escapeHtml(fieldType(video.properties[field]))}</td><td>${escapeHtml(VIDEO_FIELD_MEANINGS[field]!)}</td></tr>`,
    )
    .join('');
  return `<div style="overflow-x:auto"><table class="stack"><tr><th>field</th><th>type</th><th>meaning</th></tr>${rows}</table></div>
<p>equipment, force and mechanic may be <code>null</code>; every other field is always present (<code>[]</code> or <code>""</code> when empty).</p>
<h3 id="video">Video</h3><div style="overflow-x:auto"><table class="stack"><tr><th>field</th><th>type</th><th>meaning</th></tr>${videoRows}</table></div>`;
}

/** The try-it form: a key, a route and its query; the script calls the live service and shows the answer. */
function tryIt(openapi: Json, examples: DocsExamples): string {
  const options = Object.entries(openapi.paths as Json)
    .filter(([path]) => path.startsWith('/v1/') && path !== '/v1/openapi.json')
    .map(([path]) => {
      const value = exampleOf(path, examples);
      return `<option value="${escapeHtml(value)}"${path === '/v1/exercises' ? ' selected' : ''}>GET ${escapeHtml(path)}</option>`;
    })
    .join('');
  return `<form class="card" id="try-form"><label for="try-key">API key</label><input id="try-key" name="key" type="password" autocomplete="off" placeholder="exlib_…">
<label for="try-path">Request</label><select id="try-path">${options}</select>
<label for="try-url">Path and query</label><input id="try-url" type="text" value="/v1/exercises?limit=1">
<button type="submit">Send</button><p class="muted">The key stays in this page: it is sent only to this server, in X-API-Key.</p>
<div class="label"><span id="try-status">No request yet.</span></div><pre id="try-out" data-testid="try-output"></pre></form>
<script>(function(){var f=document.getElementById('try-form'),p=document.getElementById('try-path'),u=document.getElementById('try-url');
p.addEventListener('change',function(){u.value=p.value});
f.addEventListener('submit',function(e){e.preventDefault();var k=document.getElementById('try-key').value.trim(),s=document.getElementById('try-status'),o=document.getElementById('try-out');
if(u.value.charAt(0)!=='/'){s.textContent='The path must start with /.';return}s.textContent='Sending…';
fetch(u.value,{headers:k?{'X-API-Key':k}:{}}).then(function(r){var h=['X-RateLimit-Limit','X-RateLimit-Remaining','X-RateLimit-Reset'].map(function(n){return n+': '+r.headers.get(n)}).join('  ');
s.textContent=r.status+' '+r.statusText+'  '+h;return r.text()}).then(function(t){try{t=JSON.stringify(JSON.parse(t),null,2)}catch(x){}o.textContent=t.length>20000?t.slice(0,20000)+'\\n…':t})
.catch(function(x){s.textContent='Failed: '+x})})})();</script>`;
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
const QUICK_START =
  '<p>Every <code>/v1</code> route except health and this reference needs your key in the <code>X-API-Key</code> header. ' +
  'Get one from the <a href="/portal">developer portal</a> (when the operator runs it) or from the operator ' +
  '(<code>npm run keys -- create --tier free</code>).</p>';
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
const LANGUAGES =
  '<p>Every data route takes <code>lang</code>: <code>en</code> (the default), <code>es</code> or <code>de</code>. ' +
  'Without it, <code>Accept-Language</code> decides (quality values honoured; English when none it names is served). ' +
  'The reply says its language in <code>Content-Language</code>, and varies on <code>Accept-Language</code> when that header chose it. ' +
  'The text is translated (names, keywords, instructions, tips, mistakes, safety notes, overviews, variations, ' +
  'equipment and muscle group names, category descriptions); ids, enum values, muscles, media and counts never change. ' +
  'Filters take equipment and muscle group names in the language or in English (<code>equipment=mancuerna</code>, ' +
  '<code>muscle=Brust</code>, <code>equipment=dumbbell</code>), and search reads the language ' +
  '(<code>bankdruecken</code>, <code>langhantelkniebeuge</code>, <code>press banca</code>) and the English names gyms use everywhere. ' +
  'Without <code>lang</code> and <code>Accept-Language</code>, every byte is the English as before; ' +
  'an unsupported <code>lang</code> is <code>400 INVALID_PARAMETER</code> with <code>details.allowed</code>.</p>';
const ERRORS =
  '<p>Every error is <code>{"error":{"code","message","hint","docs_url","details"?}}</code>; ' +
  "<code>docs_url</code> links to the code's entry below.</p>";

/** The routes an app calls; the admin API's, in the same document, are the operator's (docs/api.md#admin-api). */
function appRoutes(openapi: Json): [string, Json][] {
  return Object.entries(openapi.paths as Json).filter(([path]) => !path.startsWith('/admin/')) as [string, Json][];
}

function sidebar(openapi: Json): string {
  const routes = appRoutes(openapi)
    .map(([path, item]) => `<a href="#route-${escapeHtml((item as Json).get.operationId)}"><code>${escapeHtml(path)}</code></a>`)
    .join('');
  const errors = ERROR_CODES.map((code) => `<a href="#${code}"><code>${code}</code></a>`).join('');
  return `<aside class="side"><nav aria-label="Reference"><strong>Start</strong><a href="#quick-start">Quick start</a><a href="#try-it">Try it</a>
<strong>Routes</strong>${routes}<strong>Resources</strong><a href="#exercise">Exercise fields</a><a href="#video">Video</a>
<strong>Usage</strong><a href="#languages">Languages</a><a href="#limits">Limits and tiers</a><a href="#caching">Caching</a><strong>Errors</strong><a href="#errors">Envelope</a>${errors}
<strong>Machine-readable</strong><a href="/v1/openapi.json">OpenAPI 3.1 document</a></nav></aside>`;
}

/** The whole page, from the OpenAPI document, the live tier table, the error table and example bodies. */
export function buildDocsPage(openapi: Json, tiers: TierTable, examples: DocsExamples): string {
  const base = examples.base;
  const routes = appRoutes(openapi)
    .map(([path, item]) => routeSection(path, item.get, examples))
    .join('\n');
  const headerRows = Object.entries(HEADER_SCHEMAS)
    .map(([name, { description }]) => `<tr><td><code>${name}</code></td><td>${escapeHtml(description)}</td></tr>`)
    .join('');
  const quick = `KEY=exlib_...\ncurl -H "X-API-Key: $KEY" "${base}/v1/exercises?q=bench%20press&limit=2"\ncurl -H "X-API-Key: $KEY" "${base + exampleOf('/v1/exercises/{id}', examples)}"`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(openapi.info.title)} reference</title><style>${STYLE}</style></head><body>
<header class="top"><a href="/docs">${escapeHtml(openapi.info.title)} <span class="muted">${escapeHtml(openapi.info.version)}</span></a><nav><a href="/portal">Portal</a><a href="/v1/openapi.json">OpenAPI</a></nav></header>
<div class="layout">${sidebar(openapi)}<div class="doc">
<h1>API reference</h1>
<section id="quick-start"><h2>Quick start</h2>
${QUICK_START}
${copyable('Shell', quick)}
${BODIES}</section>
<section id="try-it"><h2>Try it</h2>${tryIt(openapi, examples)}</section>
<h2 id="routes">Routes</h2>
${routes}
<section id="exercise"><h2>Exercise fields</h2>${fieldTable(openapi)}</section>
<section id="languages"><h2>Languages</h2>${LANGUAGES}</section>
<h2 id="limits">Limits and tiers</h2>
<p>This server's tier table:</p>
<div style="overflow-x:auto">${tierTable(tiers)}</div>
${WINDOWS}
<div style="overflow-x:auto"><table><tr><th>header</th><th>meaning</th></tr>${headerRows}</table></div>
<h2 id="caching">Caching and compression</h2>
${CACHING}
<h2 id="errors">Errors</h2>
${ERRORS}
${errorSections()}
</div></div><script>${COPY_SCRIPT}</script></body></html>`;
}

/**
 * The shell of every server-rendered page (portal, operator view): one inline stylesheet with dark and
 * light schemes and a narrow-screen layout, no external asset, no client framework. Scripts are small
 * and optional (copy buttons); every form works without them.
 */
import type { Reply } from './reply.ts';
import { HTML_TYPE } from './replies.ts';

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

export const PAGE_STYLE = `
:root{color-scheme:light dark;--bg:#f7f7f9;--card:#fff;--text:#16181d;--muted:#5b6170;--line:#dfe2e8;--accent:#3b5bdb;--accent-text:#fff;--ok:#2b8a3e;--warn:#c92a2a;--code:#eef0f4}
@media (prefers-color-scheme:dark){:root{--bg:#101217;--card:#181b22;--text:#e8eaf0;--muted:#9aa1b1;--line:#2a2f3a;--accent:#748ffc;--accent-text:#0b0d12;--ok:#69db7c;--warn:#ff8787;--code:#222733}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
header.top{display:flex;align-items:center;justify-content:space-between;gap:1rem;padding:.75rem 1.25rem;border-bottom:1px solid var(--line);background:var(--card)}
header.top a{color:var(--text);text-decoration:none;font-weight:600}header.top nav a{font-weight:400;margin-left:1rem;color:var(--muted)}
main{max-width:60rem;margin:0 auto;padding:1.5rem 1.25rem}h1{font-size:1.6rem;margin:.2rem 0 1rem}h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:1.25rem;margin:0 0 1rem}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(16rem,1fr));gap:1rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}input[type=email],input[type=password],input[type=text]{width:100%;padding:.6rem .7rem;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--text);font:inherit}
button,.button{display:inline-block;margin-top:1rem;padding:.6rem 1rem;border:0;border-radius:6px;background:var(--accent);color:var(--accent-text);font:inherit;font-weight:600;cursor:pointer;text-decoration:none}
button.secondary{background:transparent;color:var(--text);border:1px solid var(--line)}
code,pre,.key{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--code);border-radius:4px}code{padding:.1rem .3rem}
pre{padding:.8rem;overflow-x:auto;white-space:pre-wrap;word-break:break-all}.key{display:block;padding:.8rem;font-size:1rem;word-break:break-all;border:1px dashed var(--accent)}
.muted{color:var(--muted)}.error{color:var(--warn);font-weight:600}.ok{color:var(--ok)}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid var(--line);vertical-align:top}
.stats{display:flex;flex-wrap:wrap;gap:1.5rem}.stats div{min-width:8rem}.stats strong{display:block;font-size:1.4rem}
svg text{fill:var(--muted);font-size:10px}svg .bar{fill:var(--accent)}svg .over{fill:var(--warn)}svg .limit{stroke:var(--warn);stroke-dasharray:4 3}svg .axis{stroke:var(--line)}
.copy{margin:0 0 0 .5rem;padding:.2rem .6rem;font-size:.85rem}
@media (max-width:40rem){main{padding:1rem .75rem}header.top{padding:.6rem .75rem}h1{font-size:1.35rem}th,td{padding:.3rem}}
`;

/** Copy buttons: any button.copy copies the text of the element its data-copy names. Optional. */
export const COPY_SCRIPT = `document.addEventListener('click',function(e){var b=e.target.closest('button.copy');if(!b)return;e.preventDefault();
var t=document.getElementById(b.getAttribute('data-copy'));if(t&&navigator.clipboard){navigator.clipboard.writeText(t.innerText.trim()).then(function(){b.textContent='Copied';setTimeout(function(){b.textContent='Copy'},1500)})}});`;

const SECURITY_HEADERS: [string, string][] = [
  ['Cache-Control', 'no-store'],
  [
    'Content-Security-Policy',
    "default-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'",
  ],
  ['X-Frame-Options', 'DENY'],
  ['Referrer-Policy', 'no-referrer'],
];

export interface PageOptions {
  title: string;
  nav?: string;
  body: string;
  status?: number;
  cookies?: string[];
}

export function page({ title, nav = '', body, status = 200, cookies = [] }: PageOptions): Reply {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Exercise Catalog API</title><style>${PAGE_STYLE}</style></head>
<body><header class="top"><a href="/portal">Exercise Catalog API</a><nav>${nav}<a href="/docs">Docs</a></nav></header>
<main>${body}</main><script>${COPY_SCRIPT}</script></body></html>`;
  return { status, headers: [HTML_TYPE, ...SECURITY_HEADERS, ...cookies.map((c): [string, string] => ['Set-Cookie', c])], body: html };
}

/** A 303 to `location`, with cookies to set on the way. */
export function redirect(location: string, cookies: string[] = []): Reply {
  return {
    status: 303,
    headers: [['Location', location], ['Cache-Control', 'no-store'], ...cookies.map((c): [string, string] => ['Set-Cookie', c])],
    body: '',
  };
}

/// <reference lib="dom" />
/**
 * The viewer's page (bundled by scripts/build.mjs into dist/view/app.js; nothing is fetched from
 * elsewhere). Memory text is hostile input: every string goes into the page as a text node (the `h`
 * helper never sets innerHTML), except rendered Markdown, which markdown-it produces with raw HTML
 * disabled and images off, and DOMPurify then reduces to a short list of tags with only href/title
 * attributes and http(s)/mailto links. The Content-Security-Policy (server header, or the export's meta
 * tag) is the second wall: no inline script, no style attribute, nothing from another origin.
 */
import MarkdownIt from 'markdown-it';
import DOMPurify from 'dompurify';
import { FALLBACK_LINES, linesOf, lineDiff, MAX_DIFF_EDITS } from './diff.js';
import { listCatalog, plainQuery, PAGE } from './query.js';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
type Params = Record<string, string | string[]>;

const STATIC = document.documentElement.dataset.static === '1';
const app = document.getElementById('app') as HTMLElement;

// ---------- DOM helpers: text only ----------
type Child = Node | string | number | null | undefined | false | Child[];
function h(tag: string, attrs: Record<string, unknown> = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v as EventListener);
    else if (k === 'href') el.setAttribute('href', safeHref(String(v)));
    else el.setAttribute(k, String(v));
  }
  append(el, children);
  return el;
}
function append(el: Node, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.appendChild(typeof c === 'object' ? c : document.createTextNode(String(c)));
  }
}
/** Links the page makes itself: only in-page routes. */
function safeHref(v: string): string {
  return v.startsWith('#') ? v : '#';
}
const SVG = 'http://www.w3.org/2000/svg';
function s(tag: string, attrs: Record<string, string | number> = {}, ...children: Child[]): SVGElement {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  append(el, children);
  return el;
}

// ---------- Markdown ----------
const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
md.validateLink = (url: string) => /^(https?:|mailto:)/i.test(url.trim());
// Images show as the text that was written (`![alt](url)`): nothing remote loads. (With the image rule
// off instead, markdown-it reads `![alt](url)` as "!" and a link, which is not what the docs promise.)
md.renderer.rules.image = (tokens, idx) => {
  const t = tokens[idx];
  const title = t.attrGet('title');
  return md.utils.escapeHtml(`![${t.content}](${t.attrGet('src') ?? ''}${title ? ` "${title}"` : ''})`);
};
const ALLOWED_TAGS = ['p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'em', 'strong', 's', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td'];
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    const href = node.getAttribute('href') ?? '';
    if (!/^(https?:|mailto:)/i.test(href)) node.removeAttribute('href');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
    node.setAttribute('target', '_blank');
  }
});
export function renderMarkdown(text: string): HTMLElement {
  const clean = DOMPurify.sanitize(md.render(text), { ALLOWED_TAGS, ALLOWED_ATTR: ['href', 'title'], ALLOW_DATA_ATTR: false, ALLOW_ARIA_ATTR: false, RETURN_TRUSTED_TYPE: false }) as unknown as string;
  const box = h('div', { class: 'markdown' });
  box.innerHTML = clean;
  return box;
}

// ---------- data ----------
const staticChunks = new Map<string, Promise<Json>>();
(window as unknown as { __gm: (k: string, v: Json) => void }).__gm = (k, v) => pending.get(k)?.(v);
const pending = new Map<string, (v: Json) => void>();
/** The export's data: `data/<key>.js` files calling `__gm(key, value)` (fetch() of file:// is refused). */
function chunk(key: string): Promise<Json> {
  let p = staticChunks.get(key);
  if (!p) {
    p = new Promise((resolve, reject) => {
      pending.set(key, resolve);
      const el = document.createElement('script');
      el.src = `data/${key.split('/').map(encodeURIComponent).join('/')}.js`;
      el.onerror = () => reject(new Error(`not in this export: ${key}`));
      document.head.appendChild(el);
    });
    staticChunks.set(key, p);
  }
  return p;
}

/**
 * The live viewer's session token: taken from the first URL (`?token=`), kept in this tab's
 * sessionStorage (one origin: this port only), sent as `Authorization: Bearer`. Never a cookie: a
 * 127.0.0.1 cookie is sent to every port of 127.0.0.1, that is to any other local server.
 */
const TOKEN_KEY = 'git-memory-view-token';
function sessionToken(): string {
  try {
    const u = new URL(location.href);
    const given = u.searchParams.get('token');
    if (given) {
      sessionStorage.setItem(TOKEN_KEY, given);
      u.searchParams.delete('token');
      history.replaceState(null, '', u.pathname + u.search + u.hash);
    }
    return sessionStorage.getItem(TOKEN_KEY) ?? '';
  } catch {
    return '';
  }
}
const TOKEN = STATIC ? '' : sessionToken();

async function api(route: string, params: Params = {}): Promise<Json> {
  if (STATIC) return staticApi(route, params);
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const x of Array.isArray(v) ? v : [v]) if (x !== '') q.append(k, x);
  const r = await fetch(`/api/${route}?${q}`, { credentials: 'omit', headers: TOKEN ? { Authorization: `Bearer ${TOKEN}` } : {} });
  if (r.status === 403) throw new Error('this tab has no session token: open the URL "memory view" printed');
  const j = await r.json();
  if (!r.ok) throw new Error(j?.error?.message ?? `HTTP ${r.status}`);
  return j;
}

// ---------- the export's catalog: off the main thread, or in slices ----------
/** Yields to the browser (input, rendering) between slices of main-thread work: a macrotask, not a 4 ms timer. */
function pause(): Promise<void> {
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => resolve();
    ch.port2.postMessage(0);
  });
}
class Superseded extends Error {}
let listSeq = 0;

interface CatalogEngine {
  list(p: Params): Promise<Json>;
}
let engine: Promise<CatalogEngine> | null = null;

/** A worker that loads and queries the catalog (an export served over http(s)). Rejects when refused. */
function workerEngine(chunks: number): Promise<CatalogEngine> {
  return new Promise((resolve, reject) => {
    // From file:// chromium throws here (origin null); other browsers may fire 'error' instead.
    const w = new Worker('worker.js');
    const waiting = new Map<number, { ok: (v: Json) => void; fail: (e: Error) => void }>();
    let next = 0;
    let loaded = false;
    w.onerror = (ev) => {
      ev.preventDefault();
      if (!loaded) reject(new Error(ev.message || 'worker refused'));
    };
    w.onmessage = (ev: MessageEvent) => {
      const m = ev.data ?? {};
      if (m.type === 'loaded') {
        loaded = true;
        resolve({
          list: (params) =>
            new Promise((ok, fail) => {
              const id = ++next;
              waiting.set(id, { ok, fail });
              w.postMessage({ type: 'list', id, params });
            }),
        });
      } else if (m.type === 'error') reject(new Error(m.message));
      else if (m.type === 'list') {
        const cb = waiting.get(m.id);
        waiting.delete(m.id);
        if (m.error) cb?.fail(new Error(m.error));
        else cb?.ok(m.result);
      }
    };
    w.postMessage({ type: 'load', chunks });
  });
}

/** The same work on the main thread, one chunk or one slice per task (file://). */
async function mainEngine(chunks: number): Promise<CatalogEngine> {
  // After the page's load event: script elements added before it hold the event (and the browser's
  // spinner) until the last of 50 chunks is in, though the first page shows from the first chunk.
  if (document.readyState !== 'complete') await new Promise((r) => window.addEventListener('load', r, { once: true }));
  const items: Json[] = [];
  for (let i = 0; i < chunks; i++) {
    for (const x of await chunk(`items-${i}`)) items.push(x);
    staticChunks.delete(`items-${i}`);
    await pause();
  }
  const memo = new Map();
  const lower: Array<string | undefined> = [];
  return {
    list: (params) => {
      const mine = ++listSeq;
      return listCatalog(items, params, async () => {
        await pause();
        // Typing on: a newer query replaced this one; stop instead of finishing it.
        if (mine !== listSeq) throw new Superseded('superseded');
      }, memo, lower);
    },
  };
}

function catalog(): Promise<CatalogEngine> {
  if (!engine) {
    document.body.dataset.catalog = 'loading';
    engine = (async () => {
      const meta = await chunk('meta');
      const chunks = Math.max(1, Number(meta.chunks) || 1);
      let e: CatalogEngine;
      try {
        e = await workerEngine(chunks);
        document.body.dataset.worker = 'yes';
      } catch (err) {
        document.body.dataset.worker = `no: ${String((err as Error).message).slice(0, 100)}`;
        e = await mainEngine(chunks);
      }
      document.body.dataset.catalog = 'loaded';
      return e;
    })();
  }
  return engine;
}

async function staticApi(route: string, p: Params): Promise<Json> {
  const one = (k: string) => (Array.isArray(p[k]) ? (p[k] as string[])[0] : (p[k] as string | undefined)) ?? '';
  if (route === 'branch') return (await chunk('meta')).branch;
  if (route === 'list') {
    if (one('at')) throw new Error('browsing an older commit needs the live viewer (memory view); the export holds the tip');
    const meta = await chunk('meta');
    const load = catalog();
    // The first pages of the plain list come from the first chunk and the facets the export counted:
    // they do not wait for the whole catalog (50 chunks at 100,000).
    if (plainQuery(p) && meta.live && !document.body.dataset.catalog?.startsWith('loaded')) {
      const page = Math.max(1, Math.floor(Number(one('page'))) || 1);
      const live = (await chunk('items-0')).filter((i: Json) => i.state === 'live');
      if (page * PAGE <= live.length || live.length === meta.live.total) return { at: null, total: meta.live.total, page, size: PAGE, items: live.slice((page - 1) * PAGE, page * PAGE), facets: meta.live.facets };
    }
    return (await load).list(p);
  }
  if (route === 'memory') {
    if (one('at')) throw new Error('an older commit needs the live viewer (memory view)');
    const id = one('id');
    const meta = await chunk('meta');
    let hsh = 0;
    for (let i = 0; i < id.length; i++) hsh = (Math.imul(hsh, 31) + id.charCodeAt(i)) >>> 0;
    const page = (await chunk(`mb-${hsh % meta.buckets}`))[id];
    if (!page || !Object.prototype.hasOwnProperty.call(await chunk(`mb-${hsh % meta.buckets}`), id)) throw new Error(`not in this export: ${id}`);
    return page;
  }
  if (route === 'log') return chunk('log');
  if (route === 'compare') throw new Error('comparing commits needs the live viewer (memory view); the export holds the tip and each memory\'s versions');
  return chunk(route);
}

// ---------- routing: the state lives in the URL's fragment ----------
function parseHash(): { route: string; params: Params } {
  const raw = location.hash.replace(/^#\/?/, '');
  const [path, query = ''] = raw.split('?');
  const params: Params = {};
  for (const [k, v] of new URLSearchParams(query)) {
    const prev = params[k];
    params[k] = prev === undefined ? v : ([] as string[]).concat(prev, v);
  }
  return { route: path || 'memories', params };
}
function link(route: string, params: Params = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const x of Array.isArray(v) ? v : [v]) if (x !== undefined && x !== '') q.append(k, x);
  const qs = q.toString();
  return `#/${route}${qs ? `?${qs}` : ''}`;
}
const first = (p: Params, k: string) => (Array.isArray(p[k]) ? (p[k] as string[])[0] : (p[k] as string | undefined)) ?? '';

// ---------- pieces ----------
const short = (c: string | null | undefined) => (c ? c.slice(0, 10) : '');
const when = (t: string) => t.slice(0, 19).replace('T', ' ');

function highlighted(text: string, words: string[]): Child[] {
  if (!words.length) return [text];
  const re = new RegExp(`(${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'gi');
  return text.split(re).map((part, i) => (i % 2 ? h('mark', {}, part) : part));
}

function itemRow(i: Json, at: string, words: string[] = []): HTMLElement {
  return h(
    'li',
    { class: `item state-${i.state}`, 'data-id': i.id },
    h('div', { class: 'meta' }, h('a', { href: link('memory', { id: i.id, at }), class: 'id' }, i.id), ' ', when(i.timestamp), ' ', h('span', { class: `pri pri-${i.priority}` }, i.priority), ' ', h('span', { class: 'cat' }, i.category), i.state !== 'live' ? h('span', { class: 'badge' }, i.state) : null, i.scope ? h('span', { class: 'scope' }, `scope ${i.scope}`) : null, i.source ? h('span', { class: 'src' }, `${i.source}`) : null),
    h('div', { class: 'excerpt' }, highlighted(i.excerpt, words)),
    i.tags.length ? h('div', { class: 'tags' }, i.tags.map((t: string) => h('span', { class: 'tag' }, t))) : null,
    i.relevance !== undefined
      ? h('div', { class: 'score' }, `score ${Number(i.relevance).toFixed(3)}`, Object.entries(i.scores ?? {}).map(([k, v]) => ` · ${k === 'fulltext' ? 'full text' : k === 'vector' ? 'meaning' : k} ${Number(v).toFixed(3)}`))
      : null,
  );
}

function timeBar(at: string): HTMLElement | null {
  if (!at) return null;
  return h('div', { class: 'timetravel' }, 'Viewing the store as of commit ', h('code', {}, short(at)), ' · ', h('a', { href: link('memories') }, 'back to the tip'));
}

// ---------- pages ----------
let searchTimer: ReturnType<typeof setTimeout> | undefined;

async function pageMemories(p: Params): Promise<HTMLElement> {
  const at = first(p, 'at');
  const q = first(p, 'q');
  const r = await api('list', { ...p, at, q });
  const words: string[] = r.search?.words ?? [];
  const input = h('input', { type: 'search', id: 'q', placeholder: 'Search as you type…', value: q, autocomplete: 'off', maxlength: 500 }) as HTMLInputElement;
  input.addEventListener('input', () => {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(() => {
      const next = { ...p, q: input.value, page: '' };
      history.replaceState(null, '', link('memories', next));
      void render(true);
    }, 180);
  });
  const modeSel = h('select', { id: 'mode', disabled: STATIC ? 'disabled' : undefined }, ['', 'fulltext', 'hybrid', 'vector'].map((m) => h('option', { value: m, ...(first(p, 'mode') === m ? { selected: 'selected' } : {}) }, m || 'default mode'))) as HTMLSelectElement;
  modeSel.addEventListener('change', () => (location.hash = link('memories', { ...p, mode: modeSel.value, page: '' })));
  const facet = (name: string, key: string, values: Array<[string, number]>) =>
    values.length
      ? h('div', { class: 'facet', 'data-facet': key }, h('h4', {}, name),
          h('ul', {}, values.map(([v, n]) => {
            const active = key === 'tags' ? ([] as string[]).concat(p.tag ?? []).includes(v) : first(p, key) === v;
            const next: Params = { ...p, page: '' };
            if (key === 'tags') next.tag = active ? ([] as string[]).concat(p.tag ?? []).filter((t) => t !== v) : ([] as string[]).concat(p.tag ?? [], v);
            else next[key] = active ? '' : v;
            return h('li', { class: active ? 'active' : undefined }, h('a', { href: link('memories', next) }, v), ' ', h('span', { class: 'count' }, n));
          })))
      : null;
  const pages = Math.max(1, Math.ceil(r.total / r.size));
  return h(
    'div',
    { class: 'page-memories' },
    timeBar(at),
    h('div', { class: 'searchbar' }, input, modeSel, r.search?.mode ? h('span', { class: 'mode', id: 'search-mode' }, `mode: ${r.search.mode}`) : null, r.search?.fallback ? h('span', { class: 'warn' }, r.search.fallback) : null, r.search?.ignored ? h('span', { class: 'warn' }, r.search.ignored) : null),
    h('div', { class: 'columns' },
      h('aside', { class: 'facets' }, r.partial ? h('p', { class: 'count' }, 'Scope and source counts load in a moment.') : null, facet('State', 'state', r.facets.state), facet('Tags', 'tags', r.facets.tags), facet('Category', 'category', r.facets.category), facet('Priority', 'priority', r.facets.priority), facet('Scope', 'scope', r.facets.scope), facet('Source / job', 'source', r.facets.source)),
      h('section', {},
        h('p', { class: 'total', id: 'total' }, `${r.total} ${r.total === 1 ? 'memory' : 'memories'}`, r.search?.total > r.total ? ` (the best of ${r.search.total} matches)` : '', pages > 1 ? ` · page ${r.page} of ${pages}` : ''),
        h('ul', { class: 'items', id: 'items' }, r.items.map((i: Json) => itemRow(i, at, words))),
        pages > 1 ? h('nav', { class: 'pager' }, r.page > 1 ? h('a', { href: link('memories', { ...p, page: String(r.page - 1) }), id: 'prev' }, '← newer') : null, ' ', r.page < pages ? h('a', { href: link('memories', { ...p, page: String(r.page + 1) }), id: 'next' }, 'older →') : null) : null,
      ),
    ),
  );
}

/** Unchanged lines shown next to a change in a diff. */
const CONTEXT = 3;

function diffView(a: string, b: string): HTMLElement {
  const d = lineDiff(a, b);
  if ('tooLarge' in d) {
    // Past the bound (src/view/client/diff.ts): the start of both versions, not a frozen page.
    const start = (label: string, text: string) => {
      const lines = linesOf(text);
      const more = lines.length - FALLBACK_LINES;
      return h('div', {}, h('h4', {}, label), h('pre', { class: 'raw' }, lines.slice(0, FALLBACK_LINES).join('\n') + (more > 0 ? `\n… ${more.toLocaleString('en-US')} more lines` : '')));
    };
    return h('div', { class: 'diff-too-large', id: 'diff' },
      h('p', { class: 'warn', id: 'diff-too-large' }, `Too many changed lines to diff (more than ${MAX_DIFF_EDITS.toLocaleString('en-US')}): the first ${FALLBACK_LINES} lines of each version.`),
      h('div', { class: 'columns2' }, start('from', a), start('to', b)));
  }
  const box = h('pre', { class: 'diff', id: 'diff' });
  d.parts.forEach((part, i) => {
    const mark = part.kind === 'add' ? '+' : part.kind === 'del' ? '-' : ' ';
    let lines = part.lines;
    // Unchanged runs keep CONTEXT lines next to a change; the rest is one line saying how many.
    if (part.kind === 'same' && lines.length > 2 * CONTEXT + 1) {
      const before = i > 0 ? lines.slice(0, CONTEXT) : [];
      const after = i < d.parts.length - 1 ? lines.slice(-CONTEXT) : [];
      const hidden = lines.length - before.length - after.length;
      for (const line of before) box.appendChild(h('span', { class: 'same' }, `  ${line}\n`));
      box.appendChild(h('span', { class: 'skip' }, `… ${hidden.toLocaleString('en-US')} unchanged lines\n`));
      lines = after;
    }
    for (const line of lines) box.appendChild(h('span', { class: part.kind }, `${mark} ${line}\n`));
  });
  return box;
}

async function pageMemory(p: Params): Promise<HTMLElement> {
  const id = first(p, 'id');
  const at = first(p, 'at');
  const r = await api('memory', { id, at });
  const m = r.memory;
  const versions: Json[] = r.versions;
  const withText = versions.filter((v) => v.content !== null);
  // Versions whose text the server cut to its budget (contentBytes: the whole size).
  const cut = [...versions, ...(m ? [m] : [])].filter((v) => typeof v.contentBytes === 'number');
  const sel = (name: string, idx: number) => {
    const el = h('select', { id: `diff-${name}` }, withText.map((v, i) => h('option', { value: String(i), ...(i === idx ? { selected: 'selected' } : {}) }, `${v.version ? `v${v.version}` : '—'} ${short(v.commit)} ${v.event}`))) as HTMLSelectElement;
    el.addEventListener('change', update);
    return el;
  };
  // Default: the newest version against the last one with different text (a move to the trash keeps the text).
  const differing = withText.findIndex((v) => v.content !== withText[0]?.content);
  const from = sel('from', differing > 0 ? differing : Math.min(1, withText.length - 1));
  const to = sel('to', 0);
  const diffBox = h('div', { class: 'diffbox' });
  function update() {
    diffBox.replaceChildren();
    const a = withText[Number(from.value)];
    const b = withText[Number(to.value)];
    if (a && b) diffBox.appendChild(diffView(a.content, b.content));
  }
  update();
  return h(
    'div',
    { class: 'page-memory' },
    timeBar(at),
    h('h2', {}, r.id, m ? h('span', { class: `badge state-${m.state}` }, m.state) : h('span', { class: 'badge state-gone' }, 'not on the branch here (history only)')),
    m
      ? h('div', { class: 'columns2' },
          h('section', {}, h('h3', {}, 'Text'), renderMarkdown(m.content)),
          h('section', {}, h('h3', {}, 'Front matter'), h('pre', { class: 'raw', id: 'frontmatter' }, r.frontMatter),
            m.state === 'trash' ? h('p', { class: 'warn' }, `In the trash since ${m.deleted_at ?? '?'}; purged after ${m.expires_at ?? '?'}`) : null,
            m.expires ? h('p', { class: 'warn', id: 'expires' }, `Expires ${String(m.expires)} (memory prune moves it to the trash then)`) : null))
      : null,
    citationsSection(r.citations),
    h('h3', {}, 'Read or restore it'),
    h('ul', { class: 'commands' }, r.commands.map((c: string) => h('li', {}, h('code', {}, c), ' ', h('button', { type: 'button', onclick: () => void navigator.clipboard?.writeText(c) }, 'copy')))),
    h('h3', {}, `Versions (${versions.length})`),
    h('div', { class: 'table-scroll' }, h('table', { class: 'versions', id: 'versions' },
      h('tr', {}, ['version', 'event', 'commit', 'author', 'time', 'message', 'trailers'].map((x) => h('th', {}, x))),
      versions.map((v) => h('tr', {}, h('td', {}, v.version ? `v${v.version}` : '—'), h('td', {}, v.event), h('td', {}, h('a', { href: link('memory', { id, at: v.commit }) }, short(v.commit))), h('td', {}, v.author), h('td', {}, when(v.timestamp)), h('td', {}, v.message), h('td', {}, Object.entries(v.trailers ?? {}).map(([k, x]) => h('div', {}, `${k}: ${x}`))))))),
    withText.length > 1 ? h('div', {}, h('h3', {}, 'Diff'), h('div', { class: 'diffpick' }, 'from ', from, ' to ', to), diffBox) : null,
    cut.length ? h('p', { class: 'warn', id: 'cut-texts' }, `Texts of ${cut.length} ${cut.length === 1 ? 'version are' : 'versions are'} too large to carry whole and show only their start (the diff too). Read one whole: memory get ${r.id} --at <commit>.`) : null,
  );
}

/**
 * The memory's citations with their state at the checkout's HEAD and the cited code there. Paths,
 * code and hunks come from the branch and the repository: text nodes only (h never sets HTML), and
 * a path is never a link.
 */
function citationsSection(c: Json | undefined): HTMLElement | null {
  if (!c) return null;
  if (c.error) return h('section', { id: 'citations' }, h('h3', {}, 'Cited code'), h('p', { class: 'warn' }, String(c.error)));
  const items: Json[] = Array.isArray(c.items) ? c.items : [];
  return h(
    'section',
    { id: 'citations' },
    h('h3', {}, `Cited code (${items.length}), verified at `, h('code', {}, short(String(c.commit)))),
    items.map((x) =>
      h(
        'div',
        { class: `citation cite-${x.state}`, 'data-state': x.state },
        h('div', { class: 'cite-head' },
          h('code', { class: 'cite-path' }, `${x.path}:${x.lines?.[0]}-${x.lines?.[1]}`),
          ' ', h('span', { class: `badge cite-state` }, x.state),
          x.at ? h('span', { class: 'cite-at' }, ` now at ${x.at.path}:${x.at.lines?.[0]}-${x.at.lines?.[1]}`) : null,
          x.renamed ? h('span', { class: 'cite-at' }, ` file now ${x.renamed}`) : null,
          x.reason ? h('span', { class: 'warn' }, ` ${x.reason}`) : null),
        x.code ? h('pre', { class: 'raw cite-code', 'data-start': x.code.start }, x.code.text, x.code.truncated ? '\n…' : '') : null,
        x.hunk ? h('details', { open: 'open' }, h('summary', {}, 'what changed'), h('pre', { class: 'diff cite-hunk' }, x.hunk)) : null,
      ),
    ),
  );
}

async function pageLog(p: Params): Promise<HTMLElement> {
  const r = await api('log', { page: first(p, 'page') });
  const a = h('input', { id: 'cmp-a', placeholder: 'older commit', size: 12 }) as HTMLInputElement;
  const b = h('input', { id: 'cmp-b', placeholder: 'newer commit', size: 12 }) as HTMLInputElement;
  return h('div', { class: 'page-log' },
    h('h2', {}, `Branch log (${r.total} commits)`),
    STATIC ? null : h('div', { class: 'compare' }, 'Compare ', a, ' with ', b, ' ', h('button', { type: 'button', id: 'cmp-go', onclick: () => (location.hash = link('compare', { a: a.value, b: b.value })) }, 'compare')),
    h('table', { class: 'log', id: 'log' },
      h('tr', {}, ['commit', 'author', 'time', 'message', '', ''].map((x) => h('th', {}, x))),
      r.entries.map((e: Json, i: number) => h('tr', { 'data-commit': e.commit },
        h('td', {}, h('code', {}, short(e.commit))), h('td', {}, e.trailers?.Job ?? e.author), h('td', {}, when(e.timestamp)), h('td', {}, e.message),
        h('td', {}, STATIC ? null : h('a', { href: link('memories', { at: e.commit }), class: 'browse' }, 'browse')),
        h('td', {}, STATIC || !e.parents?.length ? null : h('a', { href: link('compare', { a: e.parents[0], b: e.commit }), class: 'changes' }, 'changes')),
        void i))));
}

async function pageCompare(p: Params): Promise<HTMLElement> {
  const r = await api('compare', { a: first(p, 'a'), b: first(p, 'b') });
  const group = (name: string, id: string, items: Json[], at: string) => h('section', { id }, h('h3', {}, `${name} (${items.length})`), h('ul', { class: 'items' }, items.map((i) => itemRow(i, at))));
  return h('div', { class: 'page-compare' }, h('h2', {}, 'Compare ', h('code', {}, short(r.a)), ' → ', h('code', {}, short(r.b))), group('Added', 'added', r.added, r.b), group('Changed', 'changed', r.changed, r.b), group('Deleted', 'deleted', r.deleted, r.a));
}

// ---------- plots: plain SVG ----------
const COLORS = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7'];
function barChart(id: string, data: Array<[string, number]>, opts: { horizontal?: boolean } = {}): HTMLElement {
  const W = 640;
  const max = Math.max(1, ...data.map((d) => d[1]));
  if (opts.horizontal) {
    const H = data.length * 22 + 10;
    const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, width: W, height: H, class: 'plot', id, 'data-points': data.length },
      data.map(([k, v], i) => [s('rect', { x: 200, y: i * 22 + 4, width: Math.max(1, ((W - 260) * v) / max), height: 16, fill: COLORS[0] }, s('title', {}, `${k}: ${v}`)), s('text', { x: 195, y: i * 22 + 16, 'text-anchor': 'end' }, k.slice(0, 30)), s('text', { x: 205 + ((W - 260) * v) / max, y: i * 22 + 16 }, v)]));
    return h('figure', {}, svg as unknown as HTMLElement);
  }
  const H = 180;
  const bw = (W - 40) / Math.max(1, data.length);
  const svg = s('svg', { viewBox: `0 0 ${W} ${H + 20}`, width: W, height: H + 20, class: 'plot', id, 'data-points': data.length },
    data.map(([k, v], i) => s('rect', { x: 30 + i * bw, y: H - (H * v) / max, width: Math.max(1, bw - 1), height: (H * v) / max, fill: COLORS[0] }, s('title', {}, `${k}: ${v}`))),
    s('text', { x: 30, y: H + 15 }, data[0]?.[0] ?? ''), s('text', { x: W - 10, y: H + 15, 'text-anchor': 'end' }, data[data.length - 1]?.[0] ?? ''), s('text', { x: 0, y: 12 }, max));
  return h('figure', {}, svg as unknown as HTMLElement);
}
function lineChart(id: string, months: string[], series: Array<{ category: string; counts: number[] }>): HTMLElement {
  const W = 640;
  const H = 200;
  const cum = series.map((x) => ({ name: x.category, v: x.counts.reduce<number[]>((acc, n) => (acc.push((acc[acc.length - 1] ?? 0) + n), acc), []) }));
  const max = Math.max(1, ...cum.flatMap((c) => c.v));
  // One month is one point a category: a line of one point draws nothing, so points get a dot (centred).
  const X = (i: number) => (months.length > 1 ? 30 + ((W - 140) * i) / (months.length - 1) : (W - 110) / 2);
  const Y = (v: number) => H - (H - 10) * (v / max);
  const dots = months.length === 1;
  const svg = s('svg', { viewBox: `0 0 ${W} ${H + 20}`, width: W, height: H + 20, class: 'plot', id, 'data-points': months.length * cum.length },
    cum.map((c, k) => [
      dots ? c.v.map((v, i) => s('circle', { cx: X(i), cy: Y(v), r: 4, fill: COLORS[k % COLORS.length] }, s('title', {}, `${c.name}: ${v}`))) : s('polyline', { points: c.v.map((v, i) => `${X(i)},${Y(v)}`).join(' '), fill: 'none', stroke: COLORS[k % COLORS.length], 'stroke-width': 2 }),
      s('text', { x: W - 105, y: 14 + k * 14, fill: COLORS[k % COLORS.length] }, `${c.name.slice(0, 14)} ${c.v[c.v.length - 1] ?? 0}`),
    ]),
    s('text', { x: 30, y: H + 15 }, months[0] ?? ''), s('text', { x: W - 110, y: H + 15, 'text-anchor': 'end' }, months[months.length - 1] ?? ''), s('text', { x: 0, y: 12 }, max));
  return h('figure', {}, svg as unknown as HTMLElement);
}
function gauge(id: string, label: string, value: number, cap: number): HTMLElement {
  const W = 640;
  const frac = cap > 0 ? Math.min(1, value / cap) : 0;
  return h('figure', {}, s('svg', { viewBox: `0 0 ${W} 30`, width: W, height: 30, class: 'plot gauge', id, 'data-points': 1 }, s('rect', { x: 0, y: 5, width: W - 200, height: 18, fill: '#ddd' }), s('rect', { x: 0, y: 5, width: (W - 200) * frac, height: 18, fill: frac > 0.9 ? COLORS[2] : COLORS[4] }), s('text', { x: W - 195, y: 19 }, `${label}: ${value} / ${cap}`)) as unknown as HTMLElement);
}
function bytes(n: number): string {
  return n > 1048576 ? `${(n / 1048576).toFixed(1)} MB` : n > 1024 ? `${(n / 1024).toFixed(1)} KB` : `${n} B`;
}

async function pageStats(): Promise<HTMLElement> {
  const r = await api('stats');
  const st = r.stats;
  return h('div', { class: 'page-stats' },
    h('h2', {}, 'Stats'),
    h('p', {}, `${st.total} memories · ${st.trash} in the trash · ${st.commits} commits · branch ${bytes(st.branch_size_bytes)} · ${st.tags.distinct} tags`),
    h('h3', {}, 'Memories over time, by category'), lineChart('plot-months', r.monthsByCategory.months, r.monthsByCategory.series),
    h('h3', {}, 'Writes per day (commits)'), barChart('plot-days', r.writesPerDay),
    h('h3', {}, 'Writes per author / job'), barChart('plot-authors', r.writesPerAuthor, { horizontal: true }),
    h('h3', {}, 'Top tags'), barChart('plot-tags', st.tags.top.map((t: Json) => [t.tag, t.count]), { horizontal: true }),
    h('h3', {}, 'Against the caps'), gauge('plot-cap', 'live memories vs maxMemories', r.caps.memories, r.caps.maxMemories),
    h('p', {}, `Trash kept ${r.caps.trashRetentionDays} days; branch size ${bytes(r.caps.branchBytes)}.`),
    h('h3', {}, 'What retention does next (memory prune --dry-run)'),
    r.retention ? h('div', { id: 'retention' }, h('p', {}, `archive ${r.retention.archive} · expire ${r.retention.expire} · to the trash ${r.retention.trash} · purge ${r.retention.purge}`), h('ul', {}, r.retention.sample.map((x: string) => h('li', {}, x)))) : h('p', {}, 'not available'),
  );
}

async function pageHealth(): Promise<HTMLElement> {
  const r = await api('health');
  const list = (title: string, id: string, rows: Child[]) => h('section', { id }, h('h3', {}, `${title} (${rows.length})`), rows.length ? h('ul', {}, rows.map((x) => h('li', {}, x))) : h('p', { class: 'ok' }, 'none'));
  return h('div', { class: 'page-health' }, h('h2', {}, 'Health'),
    list('Unreadable files', 'unreadable', r.unreadable.map((u: Json) => [h('code', {}, u.path), ` ${u.reason}`])),
    list('Duplicate ids', 'dupids', r.duplicateIds.map((d: Json) => [h('code', {}, d.id), ` in ${d.paths.join(', ')}`])),
    list('Pending refs from concurrent writers', 'pending', r.pendingRefs.map((d: Json) => [h('code', {}, d.ref), ` ${short(d.oid)}`])),
    list('Near-duplicate memories', 'neardup', r.nearDuplicates.map((d: Json) => [d.ids.map((id: string) => [h('a', { href: link('memory', { id }) }, id), ' ']), h('div', { class: 'excerpt' }, d.excerpt)])));
}

async function pageCore(): Promise<HTMLElement> {
  const docs: Json[] = await api('core');
  if (!docs.length) return h('div', {}, h('h2', {}, 'Core documents'), h('p', {}, 'No core document on this branch (memory core set …).'));
  return h('div', { class: 'page-core' }, h('h2', {}, 'Core documents'),
    docs.map((d) => {
      const vs = d.versions.filter((v: Json) => v.content !== null);
      return h('section', { class: 'core-doc', 'data-name': d.name }, h('h3', {}, d.name), renderMarkdown(d.content),
        h('table', { class: 'versions' }, d.versions.map((v: Json) => h('tr', {}, h('td', {}, short(v.commit)), h('td', {}, v.author), h('td', {}, when(v.timestamp)), h('td', {}, v.message)))),
        vs.length > 1 ? diffView(vs[1].content, vs[0].content) : null);
    }));
}

// ---------- shell ----------
const NAV: Array<[string, string]> = [['memories', 'Memories'], ['log', 'Time travel'], ['stats', 'Stats'], ['health', 'Health'], ['core', 'Core']];

let renderSeq = 0;
async function render(keepFocus = false): Promise<void> {
  const { route, params } = parseHash();
  const mine = ++renderSeq;
  document.body.dataset.busy = '1';
  // The header's branch in parallel with the page's data: one round trip less before the first row.
  const branchP = api('branch').catch(() => null);
  let page: HTMLElement;
  try {
    page =
      route === 'memory' ? await pageMemory(params)
      : route === 'log' ? await pageLog(params)
      : route === 'compare' ? await pageCompare(params)
      : route === 'stats' ? await pageStats()
      : route === 'health' ? await pageHealth()
      : route === 'core' ? await pageCore()
      : await pageMemories(params);
  } catch (err) {
    if (err instanceof Superseded) return;
    page = h('div', { class: 'error', id: 'error' }, `Could not load: ${(err as Error).message}`);
  }
  const branch = await branchP;
  // A newer render (the next keystroke, another click) owns the page now.
  if (mine !== renderSeq) return;
  const focused = keepFocus ? (document.activeElement as HTMLInputElement | null) : null;
  const caret = focused?.selectionStart ?? null;
  app.replaceChildren(
    h('header', {}, h('strong', {}, 'git-memory'), branch ? h('span', { class: 'branch' }, ` ${branch.branch} @ ${short(branch.tip)}`) : null, STATIC ? h('span', { class: 'badge' }, 'static export') : null,
      h('nav', {}, NAV.map(([r, name]) => h('a', { href: link(r), class: route === r || (r === 'log' && route === 'compare') ? 'current' : undefined }, name)))),
    h('main', { 'data-route': route }, page),
  );
  if (focused?.id) {
    const again = document.getElementById(focused.id) as HTMLInputElement | null;
    again?.focus();
    if (again && caret !== null) again.setSelectionRange(caret, caret);
  }
  document.body.dataset.ready = route;
  delete document.body.dataset.busy;
}

window.addEventListener('hashchange', () => void render());
void render();

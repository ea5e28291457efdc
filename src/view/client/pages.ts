/// <reference lib="dom" />
/**
 * The viewer's pages, one function each (memories with search and facets, a memory with its versions
 * and diffs, the log, a comparison of two commits, stats, health, core documents), each resolving to
 * its element once its data is in; and the routes, which live in the URL's fragment. The shell (app.ts)
 * picks the page for the route and puts it on screen.
 */
import { FALLBACK_LINES, linesOf, lineDiff, MAX_DIFF_EDITS } from './diff.js';
import { h, type Child } from './dom.js';
import { renderMarkdown } from './markdown.js';
import { barChart, gauge, lineChart } from './charts.js';
import { api, STATIC, type Json, type Params } from './data.js';

// ---------- routing: the state lives in the URL's fragment ----------
export function parseHash(): { route: string; params: Params } {
  const raw = location.hash.replace(/^#\/?/, '');
  const [path, query = ''] = raw.split('?');
  const params: Params = {};
  for (const [k, v] of new URLSearchParams(query)) {
    const prev = params[k];
    params[k] = prev === undefined ? v : ([] as string[]).concat(prev, v);
  }
  return { route: path || 'memories', params };
}
export function link(route: string, params: Params = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const x of Array.isArray(v) ? v : [v]) if (x !== undefined && x !== '') q.append(k, x);
  const qs = q.toString();
  return `#/${route}${qs ? `?${qs}` : ''}`;
}
const first = (p: Params, k: string) => (Array.isArray(p[k]) ? (p[k] as string[])[0] : (p[k] as string | undefined)) ?? '';

// ---------- pieces ----------
export const short = (c: string | null | undefined) => (c ? c.slice(0, 10) : '');
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

/** Renders the current route again (set by the shell, app.ts): search as you type re-renders keeping the input's focus. */
let rerender: (keepFocus: boolean) => Promise<void> = async () => {};
export function onRerender(fn: (keepFocus: boolean) => Promise<void>): void {
  rerender = fn;
}

// ---------- pages ----------
let searchTimer: ReturnType<typeof setTimeout> | undefined;

export async function pageMemories(p: Params): Promise<HTMLElement> {
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
      void rerender(true);
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

export async function pageMemory(p: Params): Promise<HTMLElement> {
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

export async function pageLog(p: Params): Promise<HTMLElement> {
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

export async function pageCompare(p: Params): Promise<HTMLElement> {
  const r = await api('compare', { a: first(p, 'a'), b: first(p, 'b') });
  const group = (name: string, id: string, items: Json[], at: string) => h('section', { id }, h('h3', {}, `${name} (${items.length})`), h('ul', { class: 'items' }, items.map((i) => itemRow(i, at))));
  return h('div', { class: 'page-compare' }, h('h2', {}, 'Compare ', h('code', {}, short(r.a)), ' → ', h('code', {}, short(r.b))), group('Added', 'added', r.added, r.b), group('Changed', 'changed', r.changed, r.b), group('Deleted', 'deleted', r.deleted, r.a));
}

function bytes(n: number): string {
  return n > 1048576 ? `${(n / 1048576).toFixed(1)} MB` : n > 1024 ? `${(n / 1024).toFixed(1)} KB` : `${n} B`;
}

export async function pageStats(): Promise<HTMLElement> {
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

export async function pageHealth(): Promise<HTMLElement> {
  const r = await api('health');
  const list = (title: string, id: string, rows: Child[]) => h('section', { id }, h('h3', {}, `${title} (${rows.length})`), rows.length ? h('ul', {}, rows.map((x) => h('li', {}, x))) : h('p', { class: 'ok' }, 'none'));
  return h('div', { class: 'page-health' }, h('h2', {}, 'Health'),
    list('Unreadable files', 'unreadable', r.unreadable.map((u: Json) => [h('code', {}, u.path), ` ${u.reason}`])),
    list('Duplicate ids', 'dupids', r.duplicateIds.map((d: Json) => [h('code', {}, d.id), ` in ${d.paths.join(', ')}`])),
    list('Pending refs from concurrent writers', 'pending', r.pendingRefs.map((d: Json) => [h('code', {}, d.ref), ` ${short(d.oid)}`])),
    list('Near-duplicate memories', 'neardup', r.nearDuplicates.map((d: Json) => [d.ids.map((id: string) => [h('a', { href: link('memory', { id }) }, id), ' ']), h('div', { class: 'excerpt' }, d.excerpt)])));
}

export async function pageCore(): Promise<HTMLElement> {
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


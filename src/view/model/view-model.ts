import { loadCatalog, slicer, ARCHIVE_DIR, MEMORIES_DIR, type Catalog, type CatalogEntry } from '../../model/catalog.js';
import { capFileText, capText, gitCliAsync, historyTextBudget, resolveCommit, spendTextBudget, versionTextCap } from '../../ops/history.js';
import { InvalidInputError, NotFoundError } from '../../errors.js';
import { assertId } from '../../model/id.js';
import { parseFile } from '../../model/codec.js';
import { listTrash, trashCount, TRASH_DIR, type TrashItem } from '../../model/trash.js';
import { CORE_DIR } from '../../lifecycle/core-doc.js';
import { memoryFromFile, type Memory } from '../../model/memory.js';
import type { ReadonlyStoreBranch } from '../../model/branch-view.js';
import type { SearchQuery, SearchResponse } from '../../model/search-types.js';
import type { MemoryStats } from '../../lifecycle/stats.js';
import type { PruneResult } from '../../lifecycle/prune.js';
import { diffFiles } from '../../git/diff.js';
import { topFacet } from '../../model/facets.js';
import { citeCommit } from '../../citations/create.js';
import { citationStates } from '../../lifecycle/verify.js';
import { viewCitations, type ViewCitations } from '../../lifecycle/view-citations.js';

/**
 * The data behind `memory view` (src/view): read-only projections of the memory branch, at its tip or
 * at any commit of it. Nothing here commits, moves a ref or writes a file on the branch: every read
 * goes through catalogs (derived, cached under the git dir like every read command's), tree reads and
 * `git log`. Values are plain JSON; the browser escapes every string it shows (src/view/client).
 */

/** Where a memory lives on the branch at the commit looked at. */
export type ViewState = 'live' | 'archived' | 'trash';

/** One row of the memories list. */
export interface ViewItem {
  id: string;
  timestamp: string;
  updated?: string;
  tags: string[];
  category: string;
  priority: string;
  scope?: string;
  source?: string;
  state: ViewState;
  /** The first 280 characters of the text. */
  excerpt: string;
  /** Search only: the ranking score and its parts (docs/hybrid.md). */
  relevance?: number;
  scores?: Record<string, number>;
}

export interface ListParams {
  at?: string;
  q?: string;
  mode?: string;
  tags?: string[];
  category?: string;
  priority?: string;
  scope?: string;
  source?: string;
  state?: string;
  page?: number;
  size?: number;
}

export type Facets = Record<'tags' | 'category' | 'priority' | 'scope' | 'source' | 'state', Array<[string, number]>>;

export interface ListView {
  at: string | null;
  total: number;
  page: number;
  size: number;
  items: ViewItem[];
  facets: Facets;
  /** The scope and source facets are not counted yet (the first pages, before the catalog is loaded). */
  partial?: boolean;
  /** Search: the mode that ran, why another did not, the words matched (for highlighting). */
  search?: { mode?: string; fallback?: string; ignored?: string; words: string[]; /** Every match; the list holds the best 1,000. */ total?: number };
}

export interface VersionView {
  version: number | null;
  commit: string;
  timestamp: string;
  event: string;
  state: string;
  path: string;
  message: string;
  author: string;
  email: string;
  /** Commit-message trailers (`Job: …`, `Run: …`), key → value. */
  trailers: Record<string, string>;
  content: string | null;
  /** Set when `content` is only the start of the text (a page carries a bounded amount): its whole size in bytes. */
  contentBytes?: number;
}

/** A version's file this large (bytes) yields the event loop after it is read: the page of a memory with big versions does not hold the server. */
const BIG_VERSION = 256 * 1024;

export interface MemoryView {
  id: string;
  at: string | null;
  /** The memory at `at` (default the tip), or null when it is not on the branch there (only in history). */
  memory: (Memory & { state: ViewState; path: string; deleted_at?: string | null; expires_at?: string | null; expires?: string; contentBytes?: number }) | null;
  /** The raw front matter of the file, as written on the branch. */
  frontMatter: string;
  versions: VersionView[];
  commands: string[];
  /** The memory's citations (docs/citations.md) checked at the checkout's HEAD, with the cited code there. */
  citations?: ViewCitations;
}

export interface LogEntry {
  commit: string;
  parents: string[];
  author: string;
  email: string;
  timestamp: string;
  message: string;
  trailers: Record<string, string>;
}

export interface CompareView {
  a: string;
  b: string;
  added: ViewItem[];
  changed: ViewItem[];
  deleted: ViewItem[];
}

export interface StatsView {
  stats: MemoryStats;
  /** Memories created per month, by category (cumulative counts are computed by the page). */
  monthsByCategory: { months: string[]; series: Array<{ category: string; counts: number[] }> };
  writesPerDay: Array<[string, number]>;
  writesPerAuthor: Array<[string, number]>;
  caps: { memories: number; maxMemories: number; trash: number; trashRetentionDays: number; branchBytes: number };
  retention: { archive: number; expire: number; trash: number; purge: number; sample: string[] } | null;
}

export interface HealthView {
  unreadable: Array<{ path: string; reason: string }>;
  duplicateIds: Array<{ id: string; paths: string[] }>;
  pendingRefs: Array<{ ref: string; oid: string }>;
  nearDuplicates: Array<{ ids: string[]; excerpt: string }>;
}

interface Touch {
  commit: string;
  status: string;
  path: string;
  /** The file's blob after the commit (from `--raw`): no tree walk to find it. */
  oid?: string;
}

interface HistoryIndex {
  tip: string | null;
  /** File name without `.md` (a native memory's id) → the commits that touched such a file, newest first. */
  byStem: Map<string, Touch[]>;
  commits: Map<string, LogEntry>;
}

/** `memories/2026-12/9/mem_x.md` → `mem_x`. */
function stemOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/, '');
}

export interface CoreDocView {
  name: string;
  content: string;
  versions: Array<{ commit: string; timestamp: string; author: string; message: string; content: string | null }>;
}

/** What the view model needs from the door beyond the store: search and a dry-run prune. */
export interface ViewDeps {
  search(q: SearchQuery): Promise<SearchResponse>;
  pruneDryRun(): Promise<PruneResult>;
}

const MAX_PAGE = 200;
const MAX_TEXT = 200;
const SORT = (a: ViewItem, b: ViewItem) => (a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function clip(s: unknown, max = MAX_TEXT): string | undefined {
  if (s === undefined || s === null) return undefined;
  const t = String(s);
  return t.length > max ? t.slice(0, max) : t;
}

function itemOf(m: Memory, state: ViewState): ViewItem {
  const src = m.metadata?.job ?? m.metadata?.source;
  return {
    id: m.id,
    timestamp: m.timestamp,
    ...(m.updated ? { updated: m.updated } : {}),
    tags: m.tags,
    category: m.category,
    priority: m.priority,
    ...(m.scope ? { scope: m.scope } : {}),
    ...(src !== undefined ? { source: clip(src, 100) } : {}),
    state,
    excerpt: m.content.length > 280 ? m.content.slice(0, 280) + '…' : m.content,
  };
}

function parseTrailers(body: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of body.split('\n')) {
    const m = /^([A-Za-z][A-Za-z0-9-]{0,40}):\s+(.{1,500})$/.exec(line.trim());
    if (m) out[m[1]] = m[2];
  }
  return out;
}

const LOG_FORMAT = '%x1e%H%x1f%P%x1f%an%x1f%ae%x1f%ct%x1f%s%x1f%(trailers:only,unfold)';

function parseLog(out: string): LogEntry[] {
  const entries: LogEntry[] = [];
  for (const chunk of out.split('\x1e')) {
    if (!chunk.trim()) continue;
    const [commit, parents, author, email, ct, subject, trailers] = chunk.split('\x1f');
    entries.push({ commit, parents: parents ? parents.split(' ') : [], author: clip(author, 100) ?? '', email: clip(email, 100) ?? '', timestamp: new Date(Number(ct) * 1000).toISOString(), message: clip(subject, 300) ?? '', trailers: parseTrailers(trailers ?? '') });
  }
  return entries;
}

/** `git log` arguments of the history index over `range`: every commit touching a memory file, with blob ids. */
function historyArgs(range: string[]): string[] {
  return ['-c', 'core.quotePath=false', 'log', `--format=${LOG_FORMAT}`, '--raw', '--no-abbrev', '--no-renames', ...range, '--', MEMORIES_DIR, ARCHIVE_DIR, TRASH_DIR];
}

/**
 * `git log --format=LOG_FORMAT --raw` output into `byStem` and `commits`. The log of 100,000 memories
 * is ~0.5 s of parsing: a turn of the loop every SLICE_MS keeps the viewer answering.
 */
async function indexLog(out: string, byStem: Map<string, Touch[]>, commits: Map<string, LogEntry>): Promise<void> {
  let lines = 0;
  const slice = slicer();
  // Sync check, an await only when due: an await per line (100,000 of them) cost more than the parse.
  const due = () => (++lines & 255) === 0 && slice.due();
  for (const chunk of out.split('\x1e')) {
    if (!chunk.trim()) continue;
    if (due()) await slice.next();
    const nl = chunk.indexOf('\n', chunk.lastIndexOf('\x1f'));
    const [e] = parseLog('\x1e' + (nl < 0 ? chunk : chunk.slice(0, nl)));
    if (!e) continue;
    commits.set(e.commit, e);
    // Line by line, not one split: an import's commit lists 100,000 files.
    for (let at = nl < 0 ? chunk.length : nl + 1; at < chunk.length; ) {
      const end = chunk.indexOf('\n', at) < 0 ? chunk.length : chunk.indexOf('\n', at);
      const line = chunk.slice(at, end);
      at = end + 1;
      if (due()) await slice.next();
      // `:100644 100644 <old blob> <new blob> M\tpath`: the new blob is the version's text.
      const m = /^:\d+ \d+ [0-9a-f]+ ([0-9a-f]+) ([AMDT])\t(.+)$/.exec(line);
      if (!m || !m[3].endsWith('.md')) continue;
      const stem = stemOf(m[3]);
      const list = byStem.get(stem) ?? [];
      list.push({ commit: e.commit, status: m[2], path: m[3], ...(m[2] !== 'D' ? { oid: m[1] } : {}) });
      byStem.set(stem, list);
    }
  }
}

/** Normalised text for near-duplicate grouping: case, digits, punctuation and spacing do not count. */
function nearKey(text: string): string {
  return text.toLowerCase().replace(/[0-9]+/g, '#').replace(/[^\p{L}#]+/gu, ' ').trim().slice(0, 400);
}

/**
 * What the viewer reads the branch through: the whole-branch reads, and the catalog parsed off the
 * main thread, so a long-lived server keeps answering while a large branch loads. Nothing on it commits.
 */
export interface ViewBranch extends ReadonlyStoreBranch {
  catalogAsync(commit?: string | null, archived?: boolean, pace?: () => Promise<void>): Promise<Catalog>;
}

export class ViewModel {
  private sorted = new Map<string, ViewItem[]>();
  private catalogs = new Map<string, { live: Catalog; archived: Catalog; trash: TrashItem[] }>();

  constructor(
    private readonly store: ViewBranch,
    private readonly deps: ViewDeps,
  ) {}

  /** A commit id for `at` (a full or short hash, or a revision such as `memory~3`); null: the tip. */
  resolve(at: string | undefined): string | null {
    if (at === undefined || at === '') return this.store.tip();
    return resolveCommit(this.store, at);
  }

  branch(): { branch: string; tip: string | null } {
    return { branch: this.store.branch, tip: this.store.tip() };
  }

  private snapshot(commit: string | null): { live: Catalog; archived: Catalog; trash: TrashItem[] } {
    const key = commit ?? '';
    const hit = this.catalogs.get(key);
    if (hit) return hit;
    let snap;
    if (commit === this.store.tip()) snap = { live: this.store.catalog(commit), archived: this.store.archiveCatalog(commit), trash: listTrash(this.store, commit) };
    else {
      // An older commit: parse only the files that differ from the tip's catalog, and keep it off disk
      // (the cache file belongs to the tip).
      const tree = this.store.treeOf(commit);
      const tip = this.store.tip();
      const opts = { dir: this.store.cacheDir, persist: false, warn: () => {} };
      snap = {
        live: loadCatalog(this.store.git, tree, { ...opts, previous: this.store.catalog(tip) }),
        archived: loadCatalog(this.store.git, tree, { ...opts, previous: this.store.archiveCatalog(tip), prefix: ARCHIVE_DIR }),
        trash: listTrash(this.store, commit),
      };
    }
    // A handful of commits are looked at in one session; keep the tip and the last few.
    if (this.catalogs.size > 8) this.catalogs.delete(this.catalogs.keys().next().value as string);
    this.catalogs.set(key, snap);
    return snap;
  }

  /** Every memory at `commit`, live, archived and in the trash, newest first. */
  items(commit: string | null): ViewItem[] {
    const key = commit ?? '';
    const hit = this.sorted.get(key);
    if (hit) return hit;
    const s = this.snapshot(commit);
    const out: ViewItem[] = [];
    for (const e of s.live.byId.values()) out.push(itemOf(e.memory, 'live'));
    for (const e of s.archived.byId.values()) out.push(itemOf(e.memory, 'archived'));
    for (const t of s.trash) out.push(itemOf(t, 'trash'));
    return this.keepSorted(key, out);
  }

  private keepSorted(key: string, out: ViewItem[]): ViewItem[] {
    out.sort(SORT);
    if (this.sorted.size > 8) this.sorted.delete(this.sorted.keys().next().value as string);
    this.sorted.set(key, out);
    return out;
  }

  /** {@link items} of the tip for the background load: made in pieces of about SLICE_MS, then sorted. */
  private async itemsInSlices(tip: string | null): Promise<void> {
    const s = this.snapshot(tip);
    const out: ViewItem[] = [];
    const slice = slicer();
    for (const [cat, state] of [[s.live, 'live'], [s.archived, 'archived']] as const) {
      for (const e of cat.byId.values()) {
        out.push(itemOf(e.memory, state));
        if ((out.length & 255) === 0 && slice.due()) await slice.next();
      }
    }
    for (const t of s.trash) out.push(itemOf(t, 'trash'));
    if (this.store.tip() === tip && !this.sorted.has(tip ?? '')) this.keepSorted(tip ?? '', out);
  }

  async list(p: ListParams): Promise<ListView> {
    const at = this.resolve(p.at);
    const size = Math.min(MAX_PAGE, Math.max(1, Math.floor(Number(p.size ?? 50)) || 50));
    const page = Math.max(1, Math.floor(Number(p.page ?? 1)) || 1);
    const state = p.state || 'live';
    if (!['live', 'archived', 'trash', 'all'].includes(state)) throw new InvalidInputError(`state must be live, archived, trash or all`, { field: 'state' });
    const q = (p.q ?? '').slice(0, 500).trim();
    this.lastList = Date.now();
    const plain = !q && state === 'live' && !(p.tags ?? []).filter(Boolean).length && !p.category && !p.priority && !p.scope && !p.source;
    if (plain && at === this.store.tip() && page <= 10 && !this.sorted.has(at ?? '')) {
      // Kept per tip and page until the full catalog is in: the viewer computes the first page while
      // the browser is still fetching the page's files (`memory view` warms it), and a reload is free.
      const k = `${at}:${page}:${size}`;
      let quick = this.quick.get(k);
      if (!quick) {
        quick = this.quickList(at, page, size);
        if (this.quick.size >= 16) this.quick.delete(this.quick.keys().next().value as string);
        this.quick.set(k, quick);
        quick.catch(() => this.quick.delete(k));
      }
      this.startWarming();
      return quick;
    }
    // Paging through one query (or coming back to it) reuses its matches and facets.
    const key = JSON.stringify([at, q, p.mode, state, p.tags, p.category, p.priority, p.scope, p.source]);
    let hit = this.lists.get(key);
    if (!hit) {
      // A search of the tip's live or archived memories reads the search index, not the catalog: it
      // is answered while the catalog loads.
      if (!q || (state !== 'live' && state !== 'archived')) await this.settled();
      hit = await this.match(at, q, state, p);
      if (this.lists.size >= 32) this.lists.delete(this.lists.keys().next().value as string);
      this.lists.set(key, hit);
    }
    return { at, total: hit.filtered.length, page, size, items: hit.filtered.slice((page - 1) * size, page * size), facets: hit.facets, ...(hit.search ? { search: hit.search } : {}) };
  }

  /**
   * The first pages of the tip's unfiltered list before the full catalog is in memory: the newest
   * memories and the tag, category and priority counts come from the search index's document table
   * (what `memory list` and `memory stats` read), so the first page does not wait for every memory
   * file to be parsed (seconds at 100,000). Scope and source facets appear once the catalog is loaded.
   */
  private async quickList(at: string | null, page: number, size: number): Promise<ListView> {
    const { listMemories, indexCounts } = await import('../../search/listing.js');
    // A turn of the loop between the steps: the prefetch starts as soon as the viewer listens, and the
    // browser's first requests (the token redirect, the page, its script) are answered in between, so
    // the browser loads and parses the script while the rest of the first page is computed.
    const turn = () => new Promise<void>((r) => setImmediate(r));
    await turn();
    const r = listMemories(this.store, {}, page * size);
    await turn();
    const c = indexCounts(this.store);
    await turn();
    const trash = trashCount(this.store, at);
    return {
      at,
      total: r.total,
      page,
      size,
      items: r.memories.slice((page - 1) * size).map((m) => itemOf(m, 'live')),
      facets: {
        tags: topFacet(c.tags),
        category: topFacet(c.categories),
        priority: topFacet(new Map(Object.entries(c.priorities).filter(([, n]) => n > 0))),
        scope: [],
        source: [],
        state: [['live', c.total], ...(trash ? [['trash', trash] as [string, number]] : [])],
      },
      partial: true,
    };
  }

  /**
   * The first page of the tip, computed before the browser asks for it (`memory view` calls this once
   * it listens). Unlike a request, it does not start the background load of the full catalog: that
   * load blocks this process for seconds at 100,000 memories and must wait until the first page is out
   * (it started during a slow browser's first request otherwise, and that page waited for it).
   */
  prefetch(): void {
    const at = this.store.tip();
    const k = `${at}:1:50`;
    if (this.sorted.has(at ?? '') || this.quick.has(k)) return;
    const quick = this.quickList(at, 1, 50);
    this.quick.set(k, quick);
    quick.catch(() => this.quick.delete(k));
  }

  /** Load the full catalog and the history index once the first page is out and the viewer is idle. */
  private startWarming(): void {
    if (!this.warming) {
      this.warming = true;
      const warm = () => {
        // Still browsing the first pages: wait until the viewer has been idle for 2 s.
        if (Date.now() - this.lastList < 2000) return void setTimeout(warm, 1000).unref();
        void this.loadTip()
          .catch(() => {
            /* the request that needs it reports the error */
          })
          .then(() => this.historyIndex())
          .catch(() => {});
      };
      setTimeout(warm, 2000).unref();
    }
  }

  /**
   * The tip's catalogs loaded without holding the event loop (the cache file is read off the thread,
   * then parsed a few entries at a time between turns of the loop, src/model/catalog.ts), then sorted. At 100,000 memories the
   * synchronous load held every request (a search as you type, a memory's page) for seconds. Requests
   * that need the whole catalog wait for this promise instead of starting a synchronous load of their own.
   */
  private loadTip(): Promise<void> {
    const tip = this.store.tip();
    if (this.sorted.has(tip ?? '')) return Promise.resolve();
    if (this.loading?.tip !== tip) {
      const p = (async () => {
        // The history index (every memory page once the load is over) needs a `git log` of the whole
        // branch: it runs in its own process (the other core) while this thread parses the catalog.
        this.logAhead(tip);
        await this.store.catalogAsync(tip, false);
        await this.store.catalogAsync(tip, true);
        await this.itemsInSlices(tip);
      })();
      const entry = { tip, done: p };
      this.loading = entry;
      void p.catch(() => {}).finally(() => {
        if (this.loading === entry) this.loading = null;
      });
    }
    return this.loading!.done;
  }

  /**
   * Waits for the background load of the tip's catalog when one is under way: any commit's snapshot
   * starts from the tip's catalog, which would otherwise be loaded a second time, synchronously.
   */
  private async settled(): Promise<void> {
    const l = this.loading;
    if (l) await l.done.catch(() => {});
  }

  private loading: { tip: string | null; done: Promise<void> } | null = null;
  private warming = false;
  private quick = new Map<string, Promise<ListView>>();
  /** Export only: parsed memories by blob id, so versions equal to the tip's file are not read again. */
  private known: Map<string, Memory> | null = null;
  private lastList = 0;
  /** Memory pages by id and commit: a commit's content never changes. */
  private pages = new Map<string, MemoryView>();
  private lists = new Map<string, { filtered: ViewItem[]; facets: Facets; search?: ListView['search'] }>();

  private async match(at: string | null, q: string, state: string, p: ListParams): Promise<{ filtered: ViewItem[]; facets: Facets; search?: ListView['search'] }> {
    let pool: ViewItem[];
    let search: ListView['search'];
    if (q) {
      const words = [...new Set(q.toLowerCase().match(/[\p{L}\p{N}_]{2,}/gu) ?? [])].slice(0, 20);
      if (at === this.store.tip() && (state === 'live' || state === 'archived')) {
        const mode = p.mode && ['hybrid', 'vector', 'fulltext'].includes(p.mode) ? (p.mode as SearchQuery['mode']) : undefined;
        const r = await this.deps.search({ query: q, mode, limit: 1000, archived: state === 'archived' });
        pool = r.results.map((m) => ({ ...itemOf(m, m.archived ? 'archived' : 'live'), relevance: m.relevance, ...(m.scores ? { scores: m.scores as Record<string, number> } : {}) }));
        if (state === 'archived') pool = pool.filter((i) => i.state === 'archived');
        search = { total: r.total, mode: r.mode, fallback: r.fallback ? `${r.fallback.from} → ${r.fallback.to}: ${r.fallback.reason}` : undefined, ignored: r.ignoredQuery, words };
      } else {
        // An older commit (or the trash): the search index is of the tip, so match words in the text.
        const all = this.items(at).filter((i) => state === 'all' || i.state === state);
        pool = all.filter((i) => words.every((w) => i.excerpt.toLowerCase().includes(w) || i.tags.includes(w)));
        search = { mode: 'words', words };
      }
    } else pool = this.items(at).filter((i) => state === 'all' || i.state === state);
    const tags = (p.tags ?? []).filter(Boolean);
    const filtered = pool.filter(
      (i) =>
        tags.every((t) => i.tags.includes(t)) &&
        (!p.category || i.category === p.category) &&
        (!p.priority || i.priority === p.priority) &&
        (!p.scope || i.scope === p.scope) &&
        (!p.source || i.source === p.source),
    );
    // Facet counts over the matches; the state facet over the whole store at that commit.
    const count = (get: (i: ViewItem) => Array<string | undefined>, from = filtered): Array<[string, number]> => {
      const m = new Map<string, number>();
      for (const i of from) for (const v of get(i)) if (v !== undefined) m.set(v, (m.get(v) ?? 0) + 1);
      return topFacet(m);
    };
    const facets: Facets = {
      tags: count((i) => i.tags),
      category: count((i) => [i.category]),
      priority: count((i) => [i.priority]),
      scope: count((i) => [i.scope]),
      source: count((i) => [i.source]),
      state: count((i) => [i.state], q ? filtered : this.items(at)),
    };
    return { filtered, facets, search };
  }

  async memory(id: string, atRev?: string): Promise<MemoryView> {
    assertId(id);
    const at = this.resolve(atRev);
    const key = `${id}@${at}`;
    const hit = this.pages.get(key);
    if (hit) return hit;
    if (this.loading && at === this.loading.tip) {
      // While the catalog loads, a live memory at its canonical path (every native id) is read on its
      // own, as `memory get` does; not cached, since a hand-copied duplicate could win once all is known.
      const own = this.store.findAtPath(id, at);
      // Its versions come from a `git log` of its own files until the history index is built: the
      // page does not wait for the index (a 14 MB log at 100,000) nor hold up the load.
      if (own) return this.memoryAt(id, at, own);
    }
    await this.settled();
    const view = await this.memoryAt(id, at);
    if (this.pages.size >= 200) this.pages.delete(this.pages.keys().next().value as string);
    this.pages.set(key, view);
    return view;
  }

  private async memoryAt(id: string, at: string | null, own?: CatalogEntry): Promise<MemoryView> {
    const s = own ? null : this.snapshot(at);
    let entry: CatalogEntry | undefined = own ?? s?.live.byId.get(id);
    let state: ViewState = 'live';
    if (!entry) {
      entry = s?.archived.byId.get(id);
      state = 'archived';
    }
    const trashed = entry ? undefined : s?.trash.find((t) => t.id === id);
    const stems = new Set([id, ...[entry?.path, trashed?.path].flatMap((p) => (p ? [stemOf(p)] : []))]);
    const versions = own && at && this.hist?.tip !== at ? await this.versionsByLog(stems, at) : await this.versionsOf(stems);
    if (!entry && !trashed && !versions.length) throw new NotFoundError(id);
    let memory: MemoryView['memory'] = null;
    let frontMatter = '';
    const tree = this.store.treeOf(at);
    const raw = (path: string) => {
      const e = tree ? this.store.git.entryAt(tree, path) : null;
      if (!e) return '';
      const text = this.store.git.readBlob(e.oid).toString('utf8');
      const m = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
      return m ? m[1] : '';
    };
    if (entry) {
      const { path: _p, extra: _e, ...pub } = entry.memory;
      const expires = entry.memory.extra?.expires;
      memory = capText({ ...pub, ...(state === 'archived' ? { archived: true as const } : {}), ...(expires !== undefined ? { expires: clip(expires, 40) } : {}), state, path: entry.path }, versionTextCap(historyTextBudget()));
      frontMatter = raw(entry.path);
    } else if (trashed) {
      memory = capText({ ...trashed, state: 'trash' as const, path: trashed.path }, versionTextCap(historyTextBudget()));
      frontMatter = raw(trashed.path);
      try {
        parseFile(frontMatter);
      } catch {
        /* shown raw anyway */
      }
    }
    const commands = [`memory get ${id}`, `memory history ${id}`];
    if (at && at !== this.store.tip()) commands.push(`memory get ${id} --at ${at.slice(0, 12)}`);
    if (memory?.state === 'trash' || (!memory && versions.length)) commands.push(`memory trash restore ${id}`);
    const citations = entry ? viewCitations(this.store, entry.memory.extra) : undefined;
    return { id, at, memory, frontMatter, versions, commands, ...(citations ? { citations } : {}) };
  }

  async log(p: { page?: number; size?: number } = {}): Promise<{ total: number; page: number; size: number; entries: LogEntry[] }> {
    const size = Math.min(500, Math.max(1, Math.floor(Number(p.size ?? 100)) || 100));
    const page = Math.max(1, Math.floor(Number(p.page ?? 1)) || 1);
    if (!this.store.tip()) return { total: 0, page, size, entries: [] };
    const [count, out] = await Promise.all([
      gitCliAsync(this.store, ['rev-list', '--count', this.store.ref]),
      gitCliAsync(this.store, ['log', `--format=${LOG_FORMAT}`, `--skip=${(page - 1) * size}`, `-n${size}`, this.store.ref]),
    ]);
    return { total: Number(count.trim()), page, size, entries: parseLog(out) };
  }

  /** Memories added, changed and deleted from commit `a` to commit `b` (live, archived and trash files). */
  async compare(aRev: string, bRev: string): Promise<CompareView> {
    await this.settled();
    const a = this.resolve(aRev);
    const b = this.resolve(bRev);
    if (!a || !b) throw new InvalidInputError('compare needs two commits of the branch', { field: 'a' });
    const changes = diffFiles((oid) => this.store.git.readTree(oid), this.store.treeOf(a), this.store.treeOf(b));
    const ids = (path: string) => /([^/]+)\.md$/.exec(path)?.[1];
    const touched = new Set<string>();
    for (const c of changes) if ([MEMORIES_DIR, ARCHIVE_DIR, TRASH_DIR].includes(c.path.split('/')[0])) touched.add(ids(c.path) ?? '');
    touched.delete('');
    const before = new Map(this.items(a).map((i) => [i.id, i]));
    const after = new Map(this.items(b).map((i) => [i.id, i]));
    const out: CompareView = { a, b, added: [], changed: [], deleted: [] };
    for (const id of touched) {
      const x = before.get(id);
      const y = after.get(id);
      if (y && (!x || (x.state !== 'live' && y.state === 'live'))) out.added.push(y);
      else if (x && (!y || (x.state === 'live' && y.state !== 'live'))) out.deleted.push(y ?? x);
      else if (y) out.changed.push(y);
    }
    for (const l of [out.added, out.changed, out.deleted]) l.sort(SORT);
    return out;
  }

  async stats(): Promise<StatsView> {
    await this.settled();
    const { memoryStats } = await import('../../lifecycle/stats.js');
    const stats = await memoryStats(this.store, { top: 20 });
    const live = this.items(this.store.tip()).filter((i) => i.state === 'live');
    const monthSet = new Set<string>();
    const byCat = new Map<string, Map<string, number>>();
    for (const i of live) {
      const m = i.timestamp.slice(0, 7);
      monthSet.add(m);
      const c = byCat.get(i.category) ?? new Map<string, number>();
      c.set(m, (c.get(m) ?? 0) + 1);
      byCat.set(i.category, c);
    }
    const months = [...monthSet].sort();
    const series = [...byCat].map(([category, c]) => ({ category, counts: months.map((m) => c.get(m) ?? 0) })).sort((x, y) => y.counts.reduce((s, n) => s + n, 0) - x.counts.reduce((s, n) => s + n, 0)).slice(0, 8);
    const days = new Map<string, number>();
    const authors = new Map<string, number>();
    if (this.store.tip()) {
      const out = await gitCliAsync(this.store, ['log', '--format=%ct%x1f%an%x1f%(trailers:key=Job,valueonly,separator=%x2C)', '-n100000', this.store.ref]);
      for (const line of out.split('\n')) {
        if (!line) continue;
        const [ct, an, job] = line.split('\x1f');
        const d = new Date(Number(ct) * 1000).toISOString().slice(0, 10);
        days.set(d, (days.get(d) ?? 0) + 1);
        const who = clip(job || an, 80) ?? '';
        authors.set(who, (authors.get(who) ?? 0) + 1);
      }
    }
    const cfg = this.store.config();
    let retention: StatsView['retention'] = null;
    try {
      const r = await this.deps.pruneDryRun();
      const expire = r.trashed.filter((i) => /expire/.test(i.reason)).length;
      const sample = [...r.archived, ...r.trashed, ...r.purged].slice(0, 10).map((i) => `${i.id}: ${clip(i.reason, 80)}`);
      retention = { archive: r.archived.length, expire, trash: r.trashed.length - expire, purge: r.purged.length, sample };
    } catch {
      retention = null;
    }
    return {
      stats,
      monthsByCategory: { months, series },
      writesPerDay: [...days].sort((x, y) => (x[0] < y[0] ? -1 : 1)).slice(-90),
      writesPerAuthor: [...authors].sort((x, y) => y[1] - x[1]).slice(0, 10),
      caps: { memories: stats.total, maxMemories: cfg.maxMemories, trash: stats.trash, trashRetentionDays: cfg.trashRetentionDays, branchBytes: stats.branch_size_bytes },
      retention,
    };
  }

  async health(): Promise<HealthView> {
    await this.settled();
    const tip = this.store.tip();
    const live = this.store.catalog(tip);
    const byId = new Map<string, string[]>();
    for (const e of live.entries) byId.set(e.memory.id, [...(byId.get(e.memory.id) ?? []), e.path]);
    const near = new Map<string, string[]>();
    for (const e of live.byId.values()) {
      const k = nearKey(e.memory.content);
      if (k) near.set(k, [...(near.get(k) ?? []), e.memory.id]);
    }
    const { listRefs, pendingPrefix } = await import('../../sync/pending.js');
    return {
      unreadable: live.skipped.map((s) => ({ path: s.path, reason: clip(s.reason, 300) ?? '' })).slice(0, 500),
      duplicateIds: [...byId].filter(([, p]) => p.length > 1).map(([id, paths]) => ({ id, paths })).slice(0, 500),
      pendingRefs: [...listRefs(this.store.git.location.commonDir, pendingPrefix(this.store.branch))].map(([ref, oid]) => ({ ref, oid })).slice(0, 500),
      nearDuplicates: [...near].filter(([, ids]) => ids.length > 1).map(([k, ids]) => ({ ids: ids.slice(0, 20), excerpt: k.slice(0, 120) })).slice(0, 200),
    };
  }

  private hist: HistoryIndex | null = null;
  private histBuilding: Promise<HistoryIndex> | null = null;

  /**
   * Which commits touched which memory file, from one `git log --name-status` pass over the branch
   * (memories/, archive/, trash/), kept in memory and extended with only the new commits when the tip
   * moves. A memory's page then reads its versions' blobs in-process: no git process per page (one
   * `git log` per page cost ~1 s on a loaded machine; this pass costs one such call per tip).
   */
  async historyIndex(): Promise<HistoryIndex> {
    const tip = this.store.tip();
    if (!tip) return { tip: null, byStem: new Map(), commits: new Map() };
    if (this.hist?.tip === tip) return this.hist;
    if (this.histBuilding) {
      const h = await this.histBuilding;
      if (h.tip === tip) return h;
    }
    this.histBuilding = (async () => {
      const prev = this.hist;
      // The tip's commit id, not the ref: the index is of `tip` even if the branch moves meanwhile.
      let range = [tip];
      if (prev?.tip) {
        try {
          await gitCliAsync(this.store, ['merge-base', '--is-ancestor', prev.tip, tip]);
          range = [`${prev.tip}..${tip}`];
        } catch {
          /* the branch was rewritten: start over */
        }
      }
      const ahead = this.ahead;
      this.ahead = null;
      const out = range[0] === tip && ahead?.tip === tip ? await ahead.out : await gitCliAsync(this.store, historyArgs(range));
      const incremental = range[0] !== tip && prev;
      const byStem = new Map<string, Touch[]>();
      const commits = incremental ? new Map(prev.commits) : new Map<string, LogEntry>();
      await indexLog(out, byStem, commits);
      if (incremental) for (const [stem, old] of prev.byStem) byStem.set(stem, [...(byStem.get(stem) ?? []), ...old]);
      const h: HistoryIndex = { tip, byStem, commits };
      this.hist = h;
      return h;
    })();
    try {
      return await this.histBuilding;
    } finally {
      this.histBuilding = null;
    }
  }

  /** The history index's `git log` of the whole branch at `tip`, started now, taken by {@link historyIndex}. */
  private logAhead(tip: string | null): void {
    if (!tip || this.hist?.tip === tip || this.histBuilding || this.ahead?.tip === tip) return;
    const out = gitCliAsync(this.store, historyArgs([tip]));
    out.catch(() => {}); // historyIndex reports it (or runs its own)
    this.ahead = { tip, out };
  }

  private ahead: { tip: string; out: Promise<string> } | null = null;

  /**
   * One memory's versions without the history index (a page asked for while the catalog loads, before
   * the index is built): `git log --raw` of the branch limited to that memory's files (by name, under
   * memories/, archive/ and trash/), parsed the same way. Milliseconds on a branch of one import, where
   * the whole index is ~14 MB of log to parse at 100,000 memories.
   */
  private async versionsByLog(stems: Set<string>, tip: string): Promise<VersionView[]> {
    const specs = [...stems].filter((st) => /^[A-Za-z0-9_-]{1,100}$/.test(st)).flatMap((st) => [MEMORIES_DIR, ARCHIVE_DIR, TRASH_DIR].map((d) => `:(glob)${d}/**/${st}.md`));
    if (!specs.length) return this.versionsOf(stems);
    const out = await gitCliAsync(this.store, ['-c', 'core.quotePath=false', 'log', `--format=${LOG_FORMAT}`, '--raw', '--no-abbrev', '--no-renames', tip, '--', ...specs]);
    const h: HistoryIndex = { tip, byStem: new Map(), commits: new Map() };
    await indexLog(out, h.byStem, h.commits);
    return this.versionsFromIndex(stems, h);
  }

  private async versionsOf(stems: Set<string>): Promise<VersionView[]> {
    await this.historyIndex();
    return this.versionsFromIndex(stems);
  }

  /** A memory's versions, newest first (at most 200), from the history index: events as `memory history` names them. */
  private async versionsFromIndex(stems: Set<string>, h = this.hist): Promise<VersionView[]> {
    if (!h) return [];
    const budget = historyTextBudget();
    const cap = versionTextCap(budget);
    const touches = [...stems].flatMap((st) => h.byStem.get(st) ?? []);
    // Newest first, grouped by commit: a move (memories/ → trash/) is one version, the file that is there.
    const order = new Map<string, number>();
    for (const t of touches) if (!order.has(t.commit)) order.set(t.commit, order.size);
    const byCommit = new Map<string, Touch[]>();
    for (const t of touches) byCommit.set(t.commit, [...(byCommit.get(t.commit) ?? []), t]);
    const commits = [...byCommit.keys()].sort((a, b) => order.get(a)! - order.get(b)!).slice(0, 200);
    const out: VersionView[] = [];
    let prev: string | null = null;
    let everLive = false;
    for (const commit of commits.reverse()) {
      const ts = byCommit.get(commit)!;
      const present = ts.filter((t) => t.status !== 'D');
      const pick = present.find((t) => t.path.startsWith(MEMORIES_DIR + '/')) ?? present[0];
      const info = h.commits.get(commit);
      const base = { commit, timestamp: info?.timestamp ?? '', message: info?.message ?? '', author: info?.author ?? '', email: info?.email ?? '', trailers: info?.trailers ?? {} };
      if (!pick) {
        out.push({ ...base, version: null, event: prev === 'trash' ? 'purged' : 'removed', state: 'gone', path: ts[0].path, content: null });
        prev = 'gone';
        continue;
      }
      const top = pick.path.split('/')[0];
      const state = top === MEMORIES_DIR ? 'live' : top === TRASH_DIR ? 'trash' : top;
      const event = state === 'live' ? (prev === null || prev === 'gone' ? (everLive ? 'restored' : 'stored') : prev === 'live' ? 'updated' : 'restored') : state === 'trash' ? (prev === 'trash' ? 'changed' : 'deleted') : prev === state ? 'changed' : 'moved';
      let content: string | null = null;
      let contentBytes: number | undefined;
      let version: number | null = null;
      try {
        // The blob from the log's --raw line; a tree walk per version (4 tree objects inflated) only
        // for an index built before it carried blobs.
        const tree = pick.oid ? null : this.store.treeOf(commit);
        const entry = pick.oid ? { oid: pick.oid } : tree ? this.store.git.entryAt(tree, pick.path) : null;
        const known = entry ? this.known?.get(entry.oid) : undefined;
        if (known) {
          content = known.content;
          const n = Number(known.metadata.version);
          version = Number.isInteger(n) && n > 0 ? n : 1;
        } else if (entry) {
          // At most a version's share of the page's text budget is decoded (45 versions of 16 MB each
          // were 720 MB of text in one answer: a 500 after 14 s, 2 GB held).
          const blob = this.store.git.readBlob(entry.oid);
          const capped = capFileText(blob, cap);
          // A big version costs tens of ms to inflate and decode: other requests get a turn between them.
          if (blob.length > BIG_VERSION) await new Promise((r) => setImmediate(r));
          const m = memoryFromFile(MEMORIES_DIR + pick.path.slice(pick.path.indexOf('/')), capped.file.toString('utf8'));
          content = m.content;
          if (capped.bytes !== null) contentBytes = capped.bytes;
          const n = Number(m.metadata.version);
          version = Number.isInteger(n) && n > 0 ? n : 1;
        }
      } catch {
        /* an unreadable version shows without its text */
      }
      out.push({ ...base, version, event, state, path: pick.path, content, ...(contentBytes !== undefined ? { contentBytes } : {}) });
      if (state === 'live') everLive = true;
      prev = state;
    }
    // Newest first, sharing the budget: the older versions past it keep only their start (or nothing).
    return spendTextBudget(
      out.reverse().map((v) => capText(v, cap)),
      budget,
    );
  }

  /**
   * Every memory at the tip (live, archived, trash) with its versions, for the static export: the
   * versions of all of them come from one `git log --name-status` pass instead of one per memory.
   */
  async *exportMemories(): AsyncGenerator<MemoryView> {
    const tip = this.store.tip();
    if (!tip) return;
    await this.historyIndex();
    const s = this.snapshot(tip);
    // Most versions are the file as it is at the tip: take their text from the catalog, not git.
    this.known = new Map([...s.live.entries, ...s.archived.entries].map((e) => [e.oid, e.memory]));
    const tree = this.store.treeOf(tip);
    // The catalog knows each file's blob: no tree walk per memory (the trash's files do need one).
    const raw = (path: string, oid?: string) => {
      const e = oid ? { oid } : tree ? this.store.git.entryAt(tree, path) : null;
      const m = e ? /^---\r?\n([\s\S]*?)\r?\n---/.exec(this.store.git.readBlob(e.oid).toString('utf8')) : null;
      return m ? m[1] : '';
    };
    const cap = versionTextCap(historyTextBudget());
    // Citations are checked once for every live memory at the checkout's HEAD (the states cache).
    let head: string | undefined;
    try {
      head = citeCommit(this.store.git);
    } catch {
      head = undefined;
    }
    const states = head ? citationStates(this.store, head).states : new Map();
    const cites = (e: CatalogEntry) => viewCitations(this.store, e.memory.extra, head, head ? states.get(e.memory.id) : undefined);
    const view = async (id: string, memory: MemoryView['memory'], oid?: string, citations?: ViewCitations): Promise<MemoryView> => ({
      ...(citations ? { citations } : {}),
      id,
      at: null,
      memory: memory && capText(memory, cap),
      frontMatter: memory ? raw(memory.path, oid) : '',
      versions: await this.versionsFromIndex(new Set([id, ...(memory ? [stemOf(memory.path)] : [])])),
      commands: [`memory get ${id}`, `memory history ${id}`, ...(memory?.state === 'trash' ? [`memory trash restore ${id}`] : [])],
    });
    const pub = (e: CatalogEntry, state: ViewState) => {
      const { path: _p, extra: _e, ...m } = e.memory;
      return { ...m, state, path: e.path };
    };
    for (const e of s.live.byId.values()) yield await view(e.memory.id, pub(e, 'live'), e.oid, cites(e));
    for (const e of s.archived.byId.values()) yield await view(e.memory.id, { ...pub(e, 'archived'), archived: true as const }, e.oid, cites(e));
    for (const t of s.trash) yield await view(t.id, { ...t, state: 'trash', path: t.path });
  }

  async core(): Promise<CoreDocView[]> {
    const tip = this.store.tip();
    const tree = this.store.treeOf(tip);
    if (!tree) return [];
    const docs: CoreDocView[] = [];
    for (const b of this.store.git.listBlobs(tree, CORE_DIR).slice(0, 50)) {
      if (!b.path.endsWith('.md')) continue;
      const out = await gitCliAsync(this.store, ['log', `--format=${LOG_FORMAT}`, '-n200', this.store.ref, '--', b.path]);
      const versions = parseLog(out).map((e) => {
        const t = this.store.treeOf(e.commit);
        const entry = t ? this.store.git.entryAt(t, b.path) : null;
        return { commit: e.commit, timestamp: e.timestamp, author: e.author, message: e.message, content: entry ? this.store.git.readBlob(entry.oid).toString('utf8') : null };
      });
      docs.push({ name: b.path.slice(CORE_DIR.length + 1, -3), content: this.store.git.readBlob(b.oid).toString('utf8'), versions });
    }
    return docs;
  }
}

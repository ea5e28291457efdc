/**
 * The viewer's memories list: the catalogs of a commit as sorted rows, a page of them filtered and
 * searched with facet counts, and the paging around it at the tip. The first pages are answered from
 * the search index's document table before the full catalog is in memory (`prefetch` computes the
 * first one while the browser loads the page), and the full catalog then loads in slices once the
 * viewer is idle, so a branch of 100,000 memories does not hold requests. Its own file because this
 * loading and caching is the viewer's one long-running piece of state; the view model (view-model.ts)
 * waits on it (`settled`) before the reads that need every memory.
 */
import { loadCatalog, slicer, ARCHIVE_DIR, type Catalog } from '../../model/catalog.js';
import { resolveCommit } from '../../ops/history.js';
import { InvalidInputError } from '../../errors.js';
import { listTrash, trashCount, type TrashItem } from '../../model/trash.js';
import type { ReadonlyStoreBranch } from '../../model/branch-view.js';
import type { SearchQuery, SearchResponse } from '../../model/search-types.js';
import { topFacet } from '../../model/facets.js';
import { itemOf, SORT, type ViewItem } from './items.js';
import type { HistoryLog } from './history-log.js';

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

/**
 * What the viewer reads the branch through: the whole-branch reads, and the catalog parsed off the
 * main thread, so a long-lived server keeps answering while a large branch loads. Nothing on it commits.
 */
export interface ViewBranch extends ReadonlyStoreBranch {
  catalogAsync(commit?: string | null, archived?: boolean, pace?: () => Promise<void>): Promise<Catalog>;
}

/** Rows a list page holds at most. */
const MAX_PAGE = 200;

/** What a list needs beyond the branch: the door's search (hybrid, vector or full text). */
export interface ListDeps {
  search(q: SearchQuery): Promise<SearchResponse>;
}

/** The memories list of one branch, with its caches and the background load of the tip's catalog. */
export class Listing {
  private sorted = new Map<string, ViewItem[]>();
  private catalogs = new Map<string, { live: Catalog; archived: Catalog; trash: TrashItem[] }>();

  constructor(
    private readonly store: ViewBranch,
    private readonly deps: ListDeps,
    private readonly history: HistoryLog,
  ) {}

  /** A commit id for `at` (a full or short hash, or a revision such as `memory~3`); null: the tip. */
  resolve(at: string | undefined): string | null {
    if (at === undefined || at === '') return this.store.tip();
    return resolveCommit(this.store, at);
  }

  /** The catalogs and trash at `commit` (null: the tip), kept for the tip and the last few commits looked at. */
  snapshot(commit: string | null): { live: Catalog; archived: Catalog; trash: TrashItem[] } {
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
          .then(() => this.history.historyIndex())
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
        this.history.logAhead(tip);
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
  async settled(): Promise<void> {
    const l = this.loading;
    if (l) await l.done.catch(() => {});
  }

  /** The background load of the tip's catalog under way, if any: a memory's page reads its file alone meanwhile. */
  loading: { tip: string | null; done: Promise<void> } | null = null;
  private warming = false;
  private quick = new Map<string, Promise<ListView>>();
  private lastList = 0;
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
}

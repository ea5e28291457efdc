/**
 * The data behind `memory view` (src/view): read-only projections of the memory branch, at its tip or
 * at any commit of it. Nothing here commits, moves a ref or writes a file on the branch: every read
 * goes through catalogs (derived, cached under the git dir like every read command's), tree reads and
 * `git log`. Values are plain JSON; the browser escapes every string it shows (src/view/client).
 * The list and its paging are listing.ts, the log and the history index history-log.ts, a list row
 * items.ts; this file is the reads built on them (a memory's page with its versions, the log, the
 * comparison of two commits, stats, health, the export, the core documents).
 */
import { ARCHIVE_DIR, MEMORIES_DIR, type CatalogEntry } from '../../model/catalog.js';
import { capFileText, capText, gitCliAsync, historyTextBudget, spendTextBudget, versionTextCap } from '../../ops/history.js';
import { InvalidInputError, NotFoundError } from '../../errors.js';
import { assertId } from '../../model/id.js';
import { parseFile } from '../../model/codec.js';
import { TRASH_DIR } from '../../model/trash.js';
import { CORE_DIR } from '../../lifecycle/core-doc.js';
import { memoryFromFile, type Memory } from '../../model/memory.js';
import type { SearchQuery, SearchResponse } from '../../model/search-types.js';
import type { MemoryStats } from '../../lifecycle/stats.js';
import type { PruneResult } from '../../lifecycle/prune.js';
import { diffFiles } from '../../git/diff.js';
import { citeCommit } from '../../citations/create.js';
import { citationStates } from '../../lifecycle/verify.js';
import { viewCitations, type ViewCitations } from '../../lifecycle/view-citations.js';
import { clip, SORT, type ViewItem, type ViewState } from './items.js';
import { HistoryLog, LOG_FORMAT, parseLog, stemOf, type HistoryIndex, type LogEntry, type Touch } from './history-log.js';
import { Listing, type ListParams, type ListView, type ViewBranch } from './listing.js';

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

/** Normalised text for near-duplicate grouping: case, digits, punctuation and spacing do not count. */
function nearKey(text: string): string {
  return text.toLowerCase().replace(/[0-9]+/g, '#').replace(/[^\p{L}#]+/gu, ' ').trim().slice(0, 400);
}

export class ViewModel {
  private readonly history: HistoryLog;
  private readonly listing: Listing;

  constructor(
    private readonly store: ViewBranch,
    private readonly deps: ViewDeps,
  ) {
    this.history = new HistoryLog(store);
    this.listing = new Listing(store, deps, this.history);
  }

  /** A commit id for `at` (a full or short hash, or a revision such as `memory~3`); null: the tip. */
  resolve(at: string | undefined): string | null {
    return this.listing.resolve(at);
  }

  branch(): { branch: string; tip: string | null } {
    return { branch: this.store.branch, tip: this.store.tip() };
  }

  /** Every memory at `commit`, live, archived and in the trash, newest first. */
  items(commit: string | null): ViewItem[] {
    return this.listing.items(commit);
  }

  /** A page of the memories list (listing.ts). */
  list(p: ListParams): Promise<ListView> {
    return this.listing.list(p);
  }

  /** The first page of the tip, computed before the browser asks for it (listing.ts). */
  prefetch(): void {
    this.listing.prefetch();
  }

  /** The history index of the tip (history-log.ts). */
  historyIndex(): Promise<HistoryIndex> {
    return this.history.historyIndex();
  }

  private snapshot(commit: string | null) {
    return this.listing.snapshot(commit);
  }

  private settled(): Promise<void> {
    return this.listing.settled();
  }

  /** Export only: parsed memories by blob id, so versions equal to the tip's file are not read again. */
  private known: Map<string, Memory> | null = null;
  /** Memory pages by id and commit: a commit's content never changes. */
  private pages = new Map<string, MemoryView>();

  async memory(id: string, atRev?: string): Promise<MemoryView> {
    assertId(id);
    const at = this.resolve(atRev);
    const key = `${id}@${at}`;
    const hit = this.pages.get(key);
    if (hit) return hit;
    if (this.listing.loading && at === this.listing.loading.tip) {
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
    const versions = own && at && this.history.current?.tip !== at ? await this.versionsByLog(stems, at) : await this.versionsOf(stems);
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

  /**
   * One memory's versions without the history index (a page asked for while the catalog loads, before
   * the index is built): `git log --raw` of the branch limited to that memory's files (by name, under
   * memories/, archive/ and trash/), parsed the same way. Milliseconds on a branch of one import, where
   * the whole index is ~14 MB of log to parse at 100,000 memories.
   */
  private async versionsByLog(stems: Set<string>, tip: string): Promise<VersionView[]> {
    const h = await this.history.ofStems(stems, tip);
    return h ? this.versionsFromIndex(stems, h) : this.versionsOf(stems);
  }

  private async versionsOf(stems: Set<string>): Promise<VersionView[]> {
    await this.historyIndex();
    return this.versionsFromIndex(stems);
  }

  /** A memory's versions, newest first (at most 200), from the history index: events as `memory history` names them. */
  private async versionsFromIndex(stems: Set<string>, h = this.history.current): Promise<VersionView[]> {
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

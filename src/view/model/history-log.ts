/**
 * The branch's history as the viewer reads it: `git log` output parsed into entries (commit, parents,
 * author, time, subject, trailers), and the history index, which commits touched which memory file
 * with the file's blob, built by one `git log --raw` over the branch and extended with only the new
 * commits when the tip moves. Its own file because it is the one place that knows git's log format
 * and how the index is kept between requests; the view model asks it for entries and touches.
 */
import { slicer, ARCHIVE_DIR, MEMORIES_DIR } from '../../model/catalog.js';
import { TRASH_DIR } from '../../model/trash.js';
import { gitCliAsync } from '../../ops/history.js';
import type { ReadonlyStoreBranch } from '../../model/branch-view.js';
import { clip } from './items.js';

/** One commit of the branch's log, as the viewer shows it. */
export interface LogEntry {
  commit: string;
  parents: string[];
  author: string;
  email: string;
  timestamp: string;
  message: string;
  trailers: Record<string, string>;
}

/** One commit's change to one memory file. */
export interface Touch {
  commit: string;
  status: string;
  path: string;
  /** The file's blob after the commit (from `--raw`): no tree walk to find it. */
  oid?: string;
}

/** Which commits touched which memory file, as of `tip`. */
export interface HistoryIndex {
  tip: string | null;
  /** File name without `.md` (a native memory's id) → the commits that touched such a file, newest first. */
  byStem: Map<string, Touch[]>;
  commits: Map<string, LogEntry>;
}

/** `memories/2026-12/9/mem_x.md` → `mem_x`. */
export function stemOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/, '');
}

/** A commit as one record of `git log`: fields split by 0x1f, records by 0x1e. */
export const LOG_FORMAT = '%x1e%H%x1f%P%x1f%an%x1f%ae%x1f%ct%x1f%s%x1f%(trailers:only,unfold)';

/** `Key: value` lines of a commit message's trailers. */
export function parseTrailers(body: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of body.split('\n')) {
    const m = /^([A-Za-z][A-Za-z0-9-]{0,40}):\s+(.{1,500})$/.exec(line.trim());
    if (m) out[m[1]] = m[2];
  }
  return out;
}

/** `git log --format=LOG_FORMAT` output into entries, each field clipped. */
export function parseLog(out: string): LogEntry[] {
  const entries: LogEntry[] = [];
  for (const chunk of out.split('\x1e')) {
    if (!chunk.trim()) continue;
    const [commit, parents, author, email, ct, subject, trailers] = chunk.split('\x1f');
    entries.push({ commit, parents: parents ? parents.split(' ') : [], author: clip(author, 100) ?? '', email: clip(email, 100) ?? '', timestamp: new Date(Number(ct) * 1000).toISOString(), message: clip(subject, 300) ?? '', trailers: parseTrailers(trailers ?? '') });
  }
  return entries;
}

/** `git log` arguments of the history index over `range`: every commit touching a memory file, with blob ids. */
export function historyArgs(range: string[]): string[] {
  return ['-c', 'core.quotePath=false', 'log', `--format=${LOG_FORMAT}`, '--raw', '--no-abbrev', '--no-renames', ...range, '--', MEMORIES_DIR, ARCHIVE_DIR, TRASH_DIR];
}

/**
 * `git log --format=LOG_FORMAT --raw` output into `byStem` and `commits`. The log of 100,000 memories
 * is ~0.5 s of parsing: a turn of the loop every SLICE_MS keeps the viewer answering.
 */
export async function indexLog(out: string, byStem: Map<string, Touch[]>, commits: Map<string, LogEntry>): Promise<void> {
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

/**
 * The history index of one branch, kept for the life of the viewer: built once per tip (from a `git
 * log` started ahead of time when there is one), extended when the tip moves on, started over when the
 * branch was rewritten.
 */
export class HistoryLog {
  constructor(private readonly store: ReadonlyStoreBranch) {}

  /** The index last built, or null before the first. */
  get current(): HistoryIndex | null {
    return this.hist;
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
  logAhead(tip: string | null): void {
    if (!tip || this.hist?.tip === tip || this.histBuilding || this.ahead?.tip === tip) return;
    const out = gitCliAsync(this.store, historyArgs([tip]));
    out.catch(() => {}); // historyIndex reports it (or runs its own)
    this.ahead = { tip, out };
  }

  private ahead: { tip: string; out: Promise<string> } | null = null;

  /**
   * The history index of only the files named `stems` (under memories/, archive/ and trash/) at `tip`,
   * from a `git log --raw` limited to them; null when no stem can be named in a pathspec.
   */
  async ofStems(stems: Set<string>, tip: string): Promise<HistoryIndex | null> {
    const specs = [...stems].filter((st) => /^[A-Za-z0-9_-]{1,100}$/.test(st)).flatMap((st) => [MEMORIES_DIR, ARCHIVE_DIR, TRASH_DIR].map((d) => `:(glob)${d}/**/${st}.md`));
    if (!specs.length) return null;
    const out = await gitCliAsync(this.store, ['-c', 'core.quotePath=false', 'log', `--format=${LOG_FORMAT}`, '--raw', '--no-abbrev', '--no-renames', tip, '--', ...specs]);
    const h: HistoryIndex = { tip, byStem: new Map(), commits: new Map() };
    await indexLog(out, h.byStem, h.commits);
    return h;
  }
}

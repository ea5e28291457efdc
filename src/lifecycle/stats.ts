import { CORE_DIR, charCount } from './core-doc.js';
import type { ReadonlyStoreBranch } from '../model/branch-view.js';
import { trashCount } from '../model/trash.js';
import { isTreeMode } from '../git/tree.js';

export interface MemoryStats {
  success: true;
  /** Live memories (not in the trash). */
  total: number;
  categories: Record<string, number>;
  /** `distinct` tags and the `top` ones by count (ties by name). */
  tags: { distinct: number; top: Array<{ tag: string; count: number }> };
  priorities: { low: number; medium: number; high: number };
  /** Files in the trash. */
  trash: number;
  /** Core documents: total characters, commits that changed any of them, characters per document. */
  core: { chars: number; versions: number; documents: Record<string, number> };
  /** Commits on the branch. */
  commits: number;
  /** Creation time of the oldest and newest live memory; null when there are none. */
  oldest: string | null;
  newest: string | null;
  /** Live memories by month of creation (YYYY-MM), oldest month first. */
  months: Record<string, number>;
  /** Bytes on disk of every object reachable from the branch (all of its history). */
  branch_size_bytes: number;
  /** Files under memories/ that could not be read. */
  unreadable: number;
  /** Pending refs on the remote as of the last sync/pull here (src/sync/pending.ts); null: never checked. */
  pending_refs: { count: number; checked_at: string } | null;
}

function sortedCounts(m: Map<string, number>): Record<string, number> {
  return Object.fromEntries([...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)));
}

interface GitFigures {
  commits: number;
  coreVersions: number;
  bytes: number;
}

const FIGURES_FILE = 'stats-v1.json';

/**
 * Counts from git (rev-list), kept per tip under the git dir: when the branch only moved forward from
 * the tip of the last `stats`, only the new commits are counted (`new ^old`) and the objects their
 * diffs name are sized ({@link addedBytes}), so `stats` does not walk the branch's trees on every call. A rewritten branch (old tip not an ancestor) is walked
 * in full. The byte figure is what the objects took when they were counted: a later `git gc` that
 * repacks them is seen only by a full walk (after deleting the cache file, or a rewrite), and an object
 * a new commit brings back from older history (not from the old tip) is counted again (under 1% in tests).
 */
async function gitFigures(store: ReadonlyStoreBranch): Promise<GitFigures> {
  const tip = store.tip();
  if (!tip) return { commits: 0, coreVersions: 0, bytes: 0 };
  const { gitCliAsync } = await import('../ops/history.js');
  const { readFileSync } = await import('node:fs');
  const { writeCacheFile } = await import('../git/atomic-file.js');
  const { join } = await import('node:path');
  const file = join(store.cacheDir, FIGURES_FILE);
  let cached: (GitFigures & { tip: string }) | null = null;
  try {
    const c = JSON.parse(readFileSync(file, 'utf8'));
    if (typeof c?.tip === 'string' && /^[0-9a-f]{40}$/.test(c.tip) && [c.commits, c.coreVersions, c.bytes].every((x) => Number.isInteger(x) && x >= 0)) cached = c;
  } catch {
    /* none yet */
  }
  if (cached?.tip === tip) return cached;
  const n = async (args: string[]) => {
    const v = Number((await gitCliAsync(store, args)).trim());
    return Number.isFinite(v) ? v : 0;
  };
  const walk = async (range: string[]): Promise<GitFigures> => {
    // Independent walks: run side by side (the disk-usage one dominates).
    const [commits, coreVersions, bytes] = await Promise.all([n(['rev-list', '--count', ...range]), n(['rev-list', '--count', ...range, '--', `${CORE_DIR}/`]), n(['rev-list', '--objects', '--disk-usage', ...range])]);
    return { commits, coreVersions, bytes };
  };
  let out: GitFigures;
  const old = cached;
  const near = old ? forwardFigures(store, old.tip, tip) : null;
  if (old && near) out = { commits: old.commits + near.commits, coreVersions: old.coreVersions + near.coreVersions, bytes: old.bytes + near.bytes };
  else if (old) {
    // `old...tip` counted from each side: the old tip is an ancestor when it has no commit of its own,
    // and the other side is the commits to add (one git process for both questions).
    const [sides, delta] = await Promise.all([
      gitCliAsync(store, ['rev-list', '--left-right', '--count', `${old.tip}...${tip}`]).then(
        (o) => /^(\d+)\s+(\d+)\s*$/.exec(o),
        () => null,
      ),
      Promise.all([n(['rev-list', '--count', tip, `^${old.tip}`, '--', `${CORE_DIR}/`]), addedBytes(store, old.tip, tip)]).then(
        ([coreVersions, bytes]) => (bytes === null ? null : { coreVersions, bytes }),
        () => null,
      ),
    ]);
    const ancestor = !!sides && sides[1] === '0';
    const commits = sides ? Number(sides[2]) : 0;
    out = ancestor && delta ? { commits: old.commits + commits, coreVersions: old.coreVersions + delta.coreVersions, bytes: old.bytes + delta.bytes } : await walk([store.ref]);
  } else out = await walk([store.ref]);
  // A read-only git dir: walked again next time.
  writeCacheFile(file, JSON.stringify({ tip, ...out }));
  return out;
}

/** Commits after the cached tip that {@link forwardFigures} reads in this process; more go to git. */
const NEAR_COMMITS = 256;

/**
 * The figures of the commits `tip ^old` read in this process, with no git process: when `old` is
 * reached from `tip` through at most {@link NEAR_COMMITS} commits of one parent each (stores by this
 * or another process since the last `stats`), and every object they add is a loose object. The
 * objects counted are the ones `git log --raw -t` names ({@link addedBytes}): each commit, its root
 * tree, and every tree and file its diff against its parent names as new, each at the size of its
 * loose file (what `git cat-file --batch-check=%(objectsize:disk)` reports for a loose object). A
 * core version is a commit whose `core/` folder differs from its parent's. Null otherwise (a merge,
 * a rewrite, a longer stretch, objects already packed): the caller asks git.
 */
function forwardFigures(store: ReadonlyStoreBranch, old: string, tip: string): GitFigures | null {
  try {
    const git = store.git;
    const chain: Array<{ oid: string; tree: string; parentTree: string }> = [];
    for (let c = tip; c !== old; ) {
      if (chain.length >= NEAR_COMMITS) return null;
      const info = git.readCommit(c);
      if (info.parents.length !== 1) return null;
      const parent = git.readCommit(info.parents[0]);
      chain.push({ oid: c, tree: info.tree, parentTree: parent.tree });
      c = info.parents[0];
    }
    const oids = new Set<string>();
    const added = (from: string | null, to: string) => {
      oids.add(to);
      if (from === to) return;
      const was = new Map((from ? git.readTree(from) : []).map((e) => [e.name, e] as const));
      for (const e of git.readTree(to)) {
        const x = was.get(e.name);
        if (x && x.oid === e.oid && x.mode === e.mode) continue;
        if (isTreeMode(e.mode)) added(x && isTreeMode(x.mode) ? x.oid : null, e.oid);
        else oids.add(e.oid);
      }
    };
    const coreOf = (tree: string) => git.readTree(tree).find((e) => e.name === CORE_DIR && isTreeMode(e.mode))?.oid ?? null;
    let coreVersions = 0;
    for (const c of chain) {
      oids.add(c.oid);
      added(c.parentTree, c.tree);
      if (coreOf(c.tree) !== coreOf(c.parentTree)) coreVersions++;
    }
    let bytes = 0;
    for (const oid of oids) {
      const size = git.objects.looseSize(oid);
      if (size === null) return null;
      bytes += size;
    }
    return { commits: chain.length, coreVersions, bytes };
  } catch {
    return null;
  }
}

/**
 * Disk bytes of the objects the commits `tip ^old` added: each commit, its root tree, and the trees and
 * blobs its diff against its first parent names as new (`git log --raw -t`). `git rev-list --objects ^old`
 * would first mark every tree of the old tip as seen, a walk of the whole branch (seconds at a
 * million memories) for a store that wrote five objects. Null when git cannot answer (the caller
 * walks in full).
 */
async function addedBytes(store: ReadonlyStoreBranch, old: string, tip: string): Promise<number | null> {
  const { gitCliAsync } = await import('../ops/history.js');
  const { runGit } = await import('../git/cli.js');
  const log = await gitCliAsync(store, ['log', '--format=%x1e%H %T', '--raw', '-r', '-t', '--root', '--no-renames', '--no-abbrev', '--diff-merges=first-parent', tip, `^${old}`]);
  const oids = new Set<string>();
  for (const chunk of log.split('\x1e')) {
    const lines = chunk.split('\n');
    const head = /^([0-9a-f]{40,64}) ([0-9a-f]{40,64})$/.exec(lines[0].trim());
    if (!head) continue;
    oids.add(head[1]);
    oids.add(head[2]);
    for (const l of lines.slice(1)) {
      // :<old mode> <new mode> <old oid> <new oid> <status>\t<path>
      const m = /^:\d+ \d+ [0-9a-f]+ ([0-9a-f]+) [A-Z]\d*\t/.exec(l);
      if (m && !/^0+$/.test(m[1])) oids.add(m[1]);
    }
  }
  if (!oids.size) return 0;
  const r = await runGit({ gitDir: store.git.location.commonDir, root: store.git.location.commonDir }, ['cat-file', '--batch-check=%(objectsize:disk)'], { input: [...oids].join('\n') + '\n', maxBytes: 64 * 1024 * 1024, timeoutMs: 600_000 });
  let bytes = 0;
  for (const l of r.stdout.toString('utf8').split('\n')) {
    const v = Number(l);
    if (!l) continue;
    // An object git cannot find ("<oid> missing"): the count is unknown, walk in full.
    if (!Number.isInteger(v) || v < 0) return null;
    bytes += v;
  }
  return bytes;
}


/** Statistics of the memory branch at its tip. */
export async function memoryStats(store: ReadonlyStoreBranch, opts: { top?: number } = {}): Promise<MemoryStats> {
  const top = opts.top ?? 10;
  const tip = store.tip();
  // Counts from the derived index's document table: no memory is read (src/search/listing.ts).
  const { indexCounts } = await import('../search/listing.js');
  const c = indexCounts(store);
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  const documents: Record<string, number> = {};
  let coreChars = 0;
  const tree = store.treeOf(tip);
  if (tree) {
    for (const b of store.git.listBlobs(tree, CORE_DIR)) {
      if (!b.path.endsWith('.md')) continue;
      const chars = charCount(store.git.readBlob(b.oid).toString('utf8'));
      documents[b.path.slice(CORE_DIR.length + 1, -3)] = chars;
      coreChars += chars;
    }
  }
  const g = await gitFigures(store);
  return {
    success: true,
    total: c.total,
    categories: sortedCounts(c.categories),
    tags: { distinct: c.tags.size, top: Object.entries(sortedCounts(c.tags)).slice(0, top).map(([tag, count]) => ({ tag, count })) },
    priorities: c.priorities,
    trash: trashCount(store, tip),
    core: { chars: coreChars, versions: g.coreVersions, documents },
    commits: g.commits,
    oldest: iso(c.oldest),
    newest: iso(c.newest),
    months: Object.fromEntries([...c.months].sort((a, b) => (a[0] < b[0] ? -1 : 1))),
    branch_size_bytes: g.bytes,
    unreadable: c.unreadable,
    pending_refs: await (await import('../sync/pending.js')).pendingRefsFigure(store),
  };
}

const BARS = '▁▂▃▄▅▆▇█';

/** Every month from the first to the last one with memories (gaps as zero), at most the last `max`. */
export function monthSeries(months: Record<string, number>, max = 24): Array<[string, number]> {
  const keys = Object.keys(months).sort();
  if (!keys.length) return [];
  const out: Array<[string, number]> = [];
  let [y, m] = keys[0].split('-').map(Number);
  const [ly, lm] = keys[keys.length - 1].split('-').map(Number);
  while (y < ly || (y === ly && m <= lm)) {
    const k = `${y}-${String(m).padStart(2, '0')}`;
    out.push([k, months[k] ?? 0]);
    if (++m > 12) {
      m = 1;
      y++;
    }
  }
  return out.slice(-max);
}

/** One bar character per value, scaled to the largest; zero is a blank. */
export function sparkline(values: number[]): string {
  const max = Math.max(0, ...values);
  return values.map((v) => (v <= 0 || max === 0 ? ' ' : BARS[Math.min(BARS.length - 1, Math.ceil((v / max) * BARS.length) - 1)])).join('');
}

export function humanBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KiB', 'MiB', 'GiB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`;
}

/** The human table of `memory stats`. */
export function formatStats(s: MemoryStats): string {
  const list = (o: Record<string, number>, n = 6) => {
    const e = Object.entries(o);
    const shown = e.slice(0, n).map(([k, v]) => `${k} ${v}`);
    return (shown.join(' · ') || '-') + (e.length > n ? ` · (+${e.length - n} more)` : '');
  };
  const series = monthSeries(s.months);
  const rows: Array<[string, string]> = [
    ['memories', `${s.total}${s.unreadable ? ` (+${s.unreadable} unreadable file${s.unreadable === 1 ? '' : 's'}; "memory export -o /dev/null" names ${s.unreadable === 1 ? 'it' : 'them'})` : ''}`],
    ['in trash', String(s.trash)],
    ['categories', list(s.categories)],
    ['priorities', `high ${s.priorities.high} · medium ${s.priorities.medium} · low ${s.priorities.low}`],
    ['top tags', s.tags.top.length ? s.tags.top.slice(0, 8).map((t) => `${t.tag} ${t.count}`).join(' · ') + (s.tags.distinct > 8 ? ` (${s.tags.distinct} distinct)` : '') : '-'],
    ['core', `${s.core.chars} chars in ${Object.keys(s.core.documents).length} document(s) · ${s.core.versions} versions`],
    ['commits', String(s.commits)],
    ['oldest', s.oldest ? s.oldest.slice(0, 10) : '-'],
    ['newest', s.newest ? s.newest.slice(0, 10) : '-'],
    ['branch size', humanBytes(s.branch_size_bytes)],
    ...(s.pending_refs ? [['pending refs', `${s.pending_refs.count} on the remote (as of ${s.pending_refs.checked_at.slice(0, 16).replace('T', ' ')}; "memory sync" folds them)`] as [string, string]] : []),
  ];
  if (series.length) {
    const peak = Math.max(...series.map(([, v]) => v));
    rows.push(['per month', series.length === 1 ? `${series[0][0]} ${sparkline([peak])} ${peak}` : `${series[0][0]} ${sparkline(series.map(([, v]) => v))} ${series[series.length - 1][0]}  (peak ${peak})`]);
  }
  const w = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `${k.padEnd(w)}  ${v}`).join('\n');
}

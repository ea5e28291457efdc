import { isUtf8 } from 'node:buffer';
import { runGitSync } from '../git/cli.js';
import { MODE_GITLINK, MODE_SYMLINK, isRegularFile } from '../git/diff.js';
import type { BranchRepository } from '../model/branch-view.js';
import { lineMapping } from './line-diff.js';
import { MAX_CITED_FILE_BYTES, rangeHash, splitLines, type Citation, type CitationState, type ParsedCitation } from './model.js';

/**
 * The check of citations against a commit: a pure function over git objects (nothing is written).
 * For each citation, where are its lines at `commit` (docs/citations.md, "How a check decides"):
 *
 *  1. the path's blob id at `commit` is the cited blob: `valid`, no content read;
 *  2. the file is there: the cited lines at the same numbers (by hash): `valid`; found elsewhere in
 *     the file (the line mapping of a diff from the cited blob, else an exact search nearest the old
 *     place): `moved`; else `changed`, with a bounded hunk;
 *  3. the path is gone: git's rename detection from the citation's commit (when this clone has it),
 *     else the cited blob id anywhere in the tree, else the one file of the same name (when the name
 *     is unique in the tree and the range has 3 lines or more) holding the cited lines: step 2 at the new path (`moved`, or `changed` in a renamed file); else `gone`.
 *
 * Objects are read in-process; in a partial clone the blobs needed are fetched in one round trip per
 * phase (`prefetchBlobs`), and rename detection runs one `git diff-tree` per distinct citation commit
 * among the citations whose path is gone, never one process per citation.
 */

/** One citation's state at a commit: the stored `{ path, lines }` plus `state` and, when moved, `at`. */
export interface CitationCheck {
  path: string;
  lines: [number, number];
  whole?: true;
  state: CitationState;
  /** Where the cited lines are now (`moved`). */
  at?: { path: string; lines: [number, number] };
  /** `changed`: the cited lines (-) against what is at their place now (+), bounded. */
  hunk?: string;
  /** Why (`invalid`, `unknown`), or a note (`changed` in a renamed file, not a regular file any more). */
  reason?: string;
  /** `changed` in a file that was renamed: its path now. */
  renamed?: string;
}

/** A memory's citations to check, under a key the caller chooses (the memory id). */
export interface CitationSource {
  key: string;
  citations: ParsedCitation[];
}

/** A moved citation re-anchored at the checked commit (what `verify --fix` writes), by source key and index. */
export interface Reanchor {
  key: string;
  index: number;
  /** The citation as checked. */
  from: Citation;
  /** The same lines anchored at the checked commit. */
  citation: Citation;
}

export interface CheckResult {
  /** Per source key, one check per parsed citation, in order. */
  checks: Map<string, CitationCheck[]>;
  /** Moved citations as they would be stored at `commit`. */
  reanchors: Reanchor[];
  /** git processes run (rename detection) and blobs fetched, for tests and benchmarks. */
  stats: { renameDiffs: number; blobsRead: number };
}

/** A hunk is cut to this many lines on each side and this many characters. */
export const MAX_HUNK_LINES = 40;
export const MAX_HUNK_CHARS = 4096;
/** At most this many `git diff-tree -M` runs (distinct citation commits with a gone path) per check. */
export const MAX_RENAME_DIFFS = 64;
/** Without history, a same-named file is searched only for a cited range of at least this many lines. */
export const MIN_NAMED_LINES = 3;
/** At most this many candidate positions are hashed when searching a file for the cited lines. */
const MAX_CANDIDATES = 10_000;

type Found = { lines: [number, number] } | null;

export function checkCitations(repo: BranchRepository, commit: string, sources: readonly CitationSource[]): CheckResult {
  const stats = { renameDiffs: 0, blobsRead: 0 };
  const tree = repo.readCommit(commit).tree;
  const entries = new Map<string, { mode: string; oid: string } | null>();
  const entry = (path: string) => {
    if (!entries.has(path)) entries.set(path, repo.entryAt(tree, path));
    return entries.get(path) ?? null;
  };
  const blobLines = new Map<string, string[] | string>();
  /** The lines of a blob, or why they cannot be read (missing object, binary, too large). */
  const linesOf = (oid: string): string[] | string => {
    let got = blobLines.get(oid);
    if (got === undefined) {
      try {
        const data = repo.readBlob(oid);
        stats.blobsRead++;
        if (data.length > MAX_CITED_FILE_BYTES) got = `file over ${MAX_CITED_FILE_BYTES >> 20} MiB: content not searched`;
        else if (data.subarray(0, 8000).includes(0) || !isUtf8(data)) got = 'not a UTF-8 text file';
        else got = splitLines(data.toString('utf8'));
      } catch (err) {
        got = `object ${oid.slice(0, 12)} cannot be read here: ${(err as Error).message.split('\n')[0].slice(0, 160)}`;
      }
      blobLines.set(oid, got);
    }
    return got;
  };
  const hasCommit = new Map<string, boolean>();
  const readable = (oid: string) => {
    if (!hasCommit.has(oid)) {
      let ok = false;
      try {
        repo.readCommit(oid);
        ok = true;
      } catch {
        ok = false;
      }
      hasCommit.set(oid, ok);
    }
    return hasCommit.get(oid) as boolean;
  };

  // Phase 1: blobs to read for the paths still there with another blob id (one prefetch).
  const all: Array<{ key: string; i: number; c: Citation }> = [];
  for (const s of sources) s.citations.forEach((p, i) => p.ok && all.push({ key: s.key, i, c: p.citation }));
  const want = new Set<string>();
  for (const { c } of all) {
    const e = entry(c.path);
    if (e && isRegularFile(e.mode) && e.oid !== c.blob) {
      want.add(e.oid);
      want.add(c.blob);
    }
  }
  prefetch(repo, want);

  // Phase 2: renames for the paths gone, one diff per distinct citation commit this clone has.
  const renames = new Map<string, Map<string, string>>();
  const goneCommits = new Set<string>();
  // Bounded: citation commits come from the branch (untrusted); past MAX_RENAME_DIFFS distinct ones,
  // the rest are checked as in a clone without history.
  for (const { c } of all) if (!entry(c.path) && goneCommits.size < MAX_RENAME_DIFFS && readable(c.commit)) goneCommits.add(c.commit);
  for (const from of goneCommits) {
    renames.set(from, renameMap(repo, from, commit));
    stats.renameDiffs++;
  }
  let treeFiles: Array<{ path: string; oid: string }> | null = null;
  const files = () => (treeFiles ??= repo.listBlobs(tree, ''));
  const want2 = new Set<string>();
  for (const { c } of all) {
    if (entry(c.path)) continue;
    const to = renames.get(c.commit)?.get(c.path);
    if (to) {
      const e = entry(to);
      if (e && e.oid !== c.blob) {
        want2.add(e.oid);
        want2.add(c.blob);
      }
    }
  }
  prefetch(repo, want2);

  const checks = new Map<string, CitationCheck[]>();
  const reanchors: Reanchor[] = [];
  for (const s of sources) {
    const out: CitationCheck[] = [];
    s.citations.forEach((p, i) => {
      if (!p.ok) {
        const bad: CitationCheck = { path: p.path ?? '', lines: p.lines ?? [0, 0], state: 'invalid', reason: p.reason };
        out.push(bad);
        return;
      }
      const c = p.citation;
      const base: CitationCheck = { path: c.path, lines: [c.lines[0], c.lines[1]], state: 'valid' };
      if (c.whole) base.whole = true;
      const moveTo = (path: string, lines: [number, number], blob: string): CitationCheck => {
        reanchors.push({ key: s.key, index: i, from: c, citation: { ...c, path, lines, commit, blob } });
        return { ...base, state: 'moved', at: { path, lines } };
      };
      const e = entry(c.path);
      if (e) {
        if (!isRegularFile(e.mode)) {
          out.push({ ...base, state: 'changed', reason: e.mode === MODE_SYMLINK ? 'the path is a symbolic link now (not followed)' : e.mode === MODE_GITLINK ? 'the path is a submodule now (not followed)' : 'the path is a folder now' });
          return;
        }
        if (e.oid === c.blob) {
          out.push(base);
          return;
        }
        const lines = linesOf(e.oid);
        if (typeof lines === 'string') {
          out.push({ ...base, state: 'unknown', reason: lines });
          return;
        }
        const old = linesOf(c.blob);
        const oldLines = typeof old === 'string' ? null : old;
        if (samePlace(c, lines)) {
          out.push(base);
          return;
        }
        const found = locate(c, lines, oldLines);
        if (found) {
          out.push(moveTo(c.path, found.lines, e.oid));
          return;
        }
        out.push({ ...base, state: 'changed', hunk: hunkOf(c, lines, oldLines) });
        return;
      }
      // The path is gone: where did the file go?
      let to: string | undefined = renames.get(c.commit)?.get(c.path);
      if (!to && !renames.has(c.commit)) {
        // No history for the citation's commit (a shallow clone): the same blob anywhere, else a file
        // of the same name holding the cited lines.
        const same = files().find((f) => f.oid === c.blob);
        if (same) {
          out.push(moveTo(same.path, [c.lines[0], c.lines[1]], same.oid));
          return;
        }
        const name = c.path.slice(c.path.lastIndexOf('/') + 1);
        // Only a file whose name is unique in the tree, and only for ranges of MIN_NAMED_LINES or more:
        // with several files of one name (index.js, app.js), or one or two generic lines, the search
        // finds the lines in files that were never this one (measured: bench/citations-correctness.mjs).
        const named = c.lines[1] - c.lines[0] + 1 >= MIN_NAMED_LINES ? files().filter((f) => f.path === name || f.path.endsWith('/' + name)) : [];
        if (named.length !== 1) named.length = 0;
        prefetch(repo, named.map((f) => f.oid));
        for (const f of named) {
          const lines = linesOf(f.oid);
          if (typeof lines === 'string') continue;
          const found = samePlace(c, lines) ? { lines: [c.lines[0], c.lines[1]] as [number, number] } : locate(c, lines, null);
          if (found) {
            out.push(moveTo(f.path, found.lines, f.oid));
            return;
          }
        }
        out.push({ ...base, state: 'gone' });
        return;
      }
      const te = to ? entry(to) : null;
      if (!to || !te || !isRegularFile(te.mode)) {
        out.push({ ...base, state: 'gone' });
        return;
      }
      if (te.oid === c.blob) {
        out.push(moveTo(to, [c.lines[0], c.lines[1]], te.oid));
        return;
      }
      const lines = linesOf(te.oid);
      if (typeof lines === 'string') {
        out.push({ ...base, state: 'unknown', reason: lines, renamed: to });
        return;
      }
      const old = linesOf(c.blob);
      const oldLines = typeof old === 'string' ? null : old;
      const found = samePlace(c, lines) ? { lines: [c.lines[0], c.lines[1]] as [number, number] } : locate(c, lines, oldLines);
      if (found) {
        out.push(moveTo(to, found.lines, te.oid));
        return;
      }
      out.push({ ...base, state: 'changed', renamed: to, hunk: hunkOf(c, lines, oldLines) });
    });
    checks.set(s.key, out);
  }
  return { checks, reanchors, stats };
}

function prefetch(repo: BranchRepository, oids: Iterable<string>): void {
  const list = [...oids];
  if (list.length) repo.prefetchBlobs?.(list);
}

/** old path -> new path for the renames git detects between two commits (`diff-tree -M`). */
function renameMap(repo: BranchRepository, from: string, to: string): Map<string, string> {
  const out = new Map<string, string>();
  const r = runGitSync(repo.target, ['-c', 'diff.renameLimit=10000', 'diff-tree', '-r', '-M', '-z', '--no-commit-id', '--name-status', '--diff-filter=R', from, to], { allowFailure: true, maxBytes: 64 * 1024 * 1024 });
  if (r.status !== 0) return out;
  const parts = r.stdout.toString('utf8').split('\0');
  for (let i = 0; i + 2 < parts.length; i += 3) {
    if (!parts[i].startsWith('R')) break;
    out.set(parts[i + 1], parts[i + 2]);
  }
  return out;
}

/** The cited lines are at their old numbers in `lines` (a whole-file citation: the file is the same text). */
function samePlace(c: Citation, lines: readonly string[]): boolean {
  const [s, e] = c.lines;
  if (c.whole) return lines.length === e && rangeHash(lines, 1, e) === c.sha256;
  return e <= lines.length && rangeHash(lines, s, e) === c.sha256;
}

/** The cited lines elsewhere in `lines`: the diff's mapping first, else the occurrence nearest the old place. */
function locate(c: Citation, lines: readonly string[], oldLines: readonly string[] | null): Found {
  const [s, e] = c.lines;
  const n = e - s + 1;
  if (c.whole) return null;
  let near = s - 1;
  if (oldLines && e <= oldLines.length && rangeHash(oldLines, s, e) === c.sha256) {
    const map = lineMapping(oldLines, lines);
    if (map) {
      const j = map[s - 1];
      let run = j >= 0;
      for (let k = 1; run && k < n; k++) run = map[s - 1 + k] === j + k;
      if (run) return { lines: [j + 1, j + n] };
      // The nearest mapped line before the range: where the search starts.
      for (let k = s - 1; k >= 0; k--) {
        if (map[k] >= 0) {
          near = map[k] + (s - 1 - k);
          break;
        }
      }
    }
  }
  const first = c.text !== undefined ? c.text.slice(0, c.text.indexOf('\n') >>> 0) : oldLines && e <= oldLines.length ? oldLines[s - 1] : c.first;
  if (first === undefined) return null;
  const prefixOnly = c.text === undefined && !oldLines && first.length >= 512;
  let best = -1;
  let tried = 0;
  for (let j = 0; j + n <= lines.length; j++) {
    const l = lines[j];
    if (!(prefixOnly ? l.startsWith(first) : l === first)) continue;
    if (++tried > MAX_CANDIDATES) break;
    if (rangeHash(lines, j + 1, j + n) !== c.sha256) continue;
    if (best < 0 || Math.abs(j - near) < Math.abs(best - near)) best = j;
  }
  return best >= 0 ? { lines: [best + 1, best + n] } : null;
}

/** The cited lines (-) against what is at their place in `lines` now (+), cut to the hunk bounds. */
function hunkOf(c: Citation, lines: readonly string[], oldLines: readonly string[] | null): string {
  const [s, e] = c.lines;
  const cited = c.text !== undefined ? c.text.split('\n') : oldLines && e <= oldLines.length && rangeHash(oldLines, s, e) === c.sha256 ? oldLines.slice(s - 1, e) : null;
  // Where the cited region is now: between the nearest lines the diff maps before and after it.
  let ns = s;
  let ne = Math.min(e, lines.length);
  const map = oldLines ? lineMapping(oldLines, lines) : null;
  if (map && oldLines) {
    let before = -1;
    for (let k = s - 2; k >= 0; k--) if (map[k] >= 0) { before = map[k]; break; }
    let after = lines.length;
    for (let k = e; k < oldLines.length; k++) if (map[k] >= 0) { after = map[k]; break; }
    ns = before + 2;
    ne = after;
  }
  const now = ns <= ne ? lines.slice(ns - 1, ne) : [];
  const head = `@@ -${s},${e - s + 1} +${ns},${now.length} @@`;
  const body: string[] = [head];
  const side = (mark: string, xs: readonly string[]) => {
    for (const x of xs.slice(0, MAX_HUNK_LINES)) body.push(mark + x);
    if (xs.length > MAX_HUNK_LINES) body.push(`${mark}… ${xs.length - MAX_HUNK_LINES} more lines`);
  };
  if (cited) side('-', cited);
  else body.push(`-… ${e - s + 1} lines (the text of a range over the stored bound is not kept)`);
  side('+', now);
  let text = body.join('\n');
  if (text.length > MAX_HUNK_CHARS) text = text.slice(0, MAX_HUNK_CHARS) + '\n… (hunk cut)';
  return text;
}

import { InvalidInputError, NotFoundError } from '../errors.js';
import { assertId } from '../model/id.js';
import { memoryToFile } from '../model/memory.js';
import type { ReadonlyStoreBranch, StoreBranch } from '../model/branch-view.js';
import type { CatalogEntry } from '../model/catalog.js';
import { citeCommit } from '../citations/create.js';
import { loadCitationStates, saveCitationStates } from '../citations/cache.js';
import { CITATION_STATES, MAX_CITED_FILE_BYTES, splitLines, citationToFront, parseCitations, type Citation, type CitationState, type ParsedCitation } from '../citations/model.js';
import { checkCitations, type CitationCheck, type CitationSource, type Reanchor } from '../citations/verify.js';
import { isRegularFile } from '../git/diff.js';

/**
 * `memory verify`: the state of every memory's citations at a ref (docs/citations.md). Reads only,
 * except the derived cache of states (citations/cache.ts) and, with `fix`, one commit that re-anchors
 * the `moved` citations (through the store's mutate; the memory's text is never rewritten).
 */
export interface VerifyOptions {
  /** The ref or commit to check against; default the checkout's HEAD. */
  ref?: string;
  /** Report only the memories whose cited lines change between this ref and `ref`. */
  since?: string;
  /** Re-anchor `moved` citations at `ref` in one commit. */
  fix?: boolean;
  /** Only these memories. */
  ids?: string[];
  /** Add `now` to `changed` citations: the current code around the cited place (what an agent needs to store the corrected memory). */
  code?: boolean;
}

/** The current code at a changed citation's place: the file (or its new path) at the checked commit, bounded. */
export interface CurrentCode {
  path: string;
  lines: [number, number];
  text: string;
}

/** Lines of context on each side of the old range, and the cap on the excerpt. */
export const NOW_CONTEXT = 5;
export const NOW_MAX_LINES = 80;
export const NOW_MAX_CHARS = 8192;

export interface VerifiedMemory {
  id: string;
  citations: Array<CitationCheck & { now?: CurrentCode }>;
}

export type CitationCounts = Record<CitationState, number> & { memories: number; citations: number };

export interface VerifyResult {
  success: true;
  /** The ref as given (default "HEAD"). */
  ref: string;
  /** The commit it names. */
  commit: string;
  /** With `since`: the base ref and its commit. */
  since?: { ref: string; commit: string };
  memories: VerifiedMemory[];
  counts: CitationCounts;
  /** With `fix`: how many citations were re-anchored, in which memories, and the commit (null: nothing to do). */
  fixed?: { citations: number; memories: string[]; commit: string | null };
}

/** The parsed citations of a memory's front-matter value. */
export function citationsOf(extra: Record<string, unknown>): ParsedCitation[] {
  return parseCitations(extra.citations);
}

/**
 * The states of the citations of the memories at the branch tip, at `commit`, by memory id; the
 * cached states are used for memory blobs already checked at that commit, and new ones are saved.
 * This is what read surfaces call to carry states cheaply.
 */
/**
 * The live memories `ids` at the tip: each read at the path its id gives (a few small trees and one
 * blob, as `memory get` does), the whole catalog only for an id not found there (a hand-named file).
 * A read of a page of results stays a page's work on a branch of a million memories.
 */
export function entriesOf(s: ReadonlyStoreBranch, ids: readonly string[]): CatalogEntry[] {
  const tip = s.tip();
  const out: CatalogEntry[] = [];
  let rest = false;
  for (const id of new Set(ids)) {
    let hit: CatalogEntry | null | undefined;
    try {
      hit = s.findAtPath(id, tip);
    } catch {
      hit = undefined;
    }
    if (hit) out.push(hit);
    else if (hit === undefined) rest = true;
  }
  if (rest) {
    const found = new Set(out.map((e) => e.memory.id));
    const wanted = new Set(ids);
    for (const e of s.catalog(tip).entries) if (wanted.has(e.memory.id) && !found.has(e.memory.id)) out.push(e);
  }
  return out;
}

export function citationStates(s: ReadonlyStoreBranch, commit: string, opts: { ids?: readonly string[]; fresh?: boolean } = {}): { states: Map<string, CitationCheck[]>; reanchors: Reanchor[] } {
  const entries = opts.ids ? entriesOf(s, opts.ids) : s.catalog().entries;
  const states = new Map<string, CitationCheck[]>();
  if (!entries.some((e) => e.memory.extra.citations !== undefined)) return { states, reanchors: [] };
  const cached = opts.fresh ? new Map<string, CitationCheck[]>() : loadCitationStates(s.cacheDir, commit);
  const todo: CitationSource[] = [];
  const blobOf = new Map<string, string>();
  for (const e of entries) {
    if (e.memory.extra.citations === undefined) continue;
    const hit = cached.get(e.oid);
    if (hit) {
      states.set(e.memory.id, hit);
      continue;
    }
    blobOf.set(e.memory.id, e.oid);
    todo.push({ key: e.memory.id, citations: citationsOf(e.memory.extra) });
  }
  if (!todo.length) return { states, reanchors: [] };
  const res = checkCitations(s.git, commit, todo);
  const save = new Map<string, CitationCheck[]>();
  for (const [id, checks] of res.checks) {
    states.set(id, checks);
    save.set(blobOf.get(id) as string, checks);
  }
  saveCitationStates(s.cacheDir, commit, save);
  return { states, reanchors: res.reanchors };
}

function countsOf(memories: VerifiedMemory[]): CitationCounts {
  const counts = { memories: memories.length, citations: 0 } as CitationCounts;
  for (const st of CITATION_STATES) counts[st] = 0;
  for (const m of memories)
    for (const c of m.citations) {
      counts[c.state]++;
      counts.citations++;
    }
  return counts;
}

export async function verifyMemories(s: StoreBranch, opts: VerifyOptions = {}): Promise<VerifyResult> {
  if (opts.ids !== undefined && (!Array.isArray(opts.ids) || opts.ids.some((x) => typeof x !== 'string'))) throw new InvalidInputError('ids must be a list of memory ids', { field: 'ids' });
  if (opts.since !== undefined && opts.fix) throw new InvalidInputError('since reports changes between two refs and does not combine with fix: fix without since', { field: 'fix' });
  const ref = opts.ref ?? 'HEAD';
  const commit = citeCommit(s.git, opts.ref);
  if (opts.ids?.length) {
    // An id asked for by name that is not on the branch is an error, not an empty report.
    for (const id of opts.ids) assertId(id);
    const found = new Set(entriesOf(s, opts.ids).map((e) => e.memory.id));
    const missing = opts.ids.find((id) => !found.has(id));
    if (missing !== undefined) throw new NotFoundError(missing);
  }
  let memories: VerifiedMemory[];
  let since: VerifyResult['since'];
  let reanchors: Reanchor[] = [];
  if (opts.since !== undefined) {
    const base = citeCommit(s.git, opts.since);
    since = { ref: opts.since, commit: base };
    memories = changedSince(s, base, commit, opts.ids);
  } else {
    const got = citationStates(s, commit, { ids: opts.ids, fresh: opts.fix });
    reanchors = got.reanchors;
    memories = [...got.states].map(([id, citations]) => ({ id, citations })).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
  if (opts.code) memories = memories.map((m) => ({ ...m, citations: m.citations.map((c) => (c.state === 'changed' ? withNow(s, commit, c) : c)) }));
  const out: VerifyResult = { success: true, ref, commit, memories, counts: countsOf(memories) };
  if (since) out.since = since;
  if (opts.fix) out.fixed = await reanchor(s, ref, commit, reanchors);
  return out;
}

/**
 * The memories whose cited lines change between `base` and `head`: each citation is first found at
 * `base` (valid or moved there), re-anchored at base, and checked at `head`; the memories with a
 * citation that is not `valid` from base to head are returned, with those citations' states.
 */
function changedSince(s: ReadonlyStoreBranch, base: string, head: string, ids?: readonly string[]): VerifiedMemory[] {
  const cat = s.catalog();
  const wanted = ids ? new Set(ids) : null;
  const sources: CitationSource[] = [];
  for (const e of cat.entries) {
    if (wanted && !wanted.has(e.memory.id)) continue;
    if (e.memory.extra.citations === undefined) continue;
    sources.push({ key: e.memory.id, citations: citationsOf(e.memory.extra) });
  }
  const atBase = checkCitations(s.git, base, sources);
  const baseTree = s.git.readCommit(base).tree;
  const moved = new Map(atBase.reanchors.map((r) => [`${r.key}\0${r.index}`, r.citation]));
  const rebased: CitationSource[] = sources.map((src) => ({
    key: src.key,
    citations: src.citations.map((p, i): ParsedCitation => {
      const check = atBase.checks.get(src.key)?.[i];
      if (!p.ok || !check) return p;
      if (check.state === 'moved') return { ok: true, citation: moved.get(`${src.key}\0${i}`) as Citation };
      if (check.state !== 'valid') return { ok: false, reason: `already ${check.state} at the base` };
      const e = s.git.entryAt(baseTree, p.citation.path);
      if (!e || !isRegularFile(e.mode)) return p;
      return { ok: true, citation: { ...p.citation, commit: base, blob: e.oid } };
    }),
  }));
  const atHead = checkCitations(s.git, head, rebased);
  const out: VerifiedMemory[] = [];
  for (const src of rebased) {
    const checks = atHead.checks.get(src.key) ?? [];
    const hit = checks.filter((c, i) => src.citations[i].ok && c.state !== 'valid');
    if (hit.length) out.push({ id: src.key, citations: hit });
  }
  return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Re-anchors moved citations in one commit; nothing to do, no commit. */
async function reanchor(s: StoreBranch, ref: string, commit: string, reanchors: Reanchor[]): Promise<NonNullable<VerifyResult['fixed']>> {
  if (!reanchors.length) return { citations: 0, memories: [], commit: null };
  const byId = new Map<string, Reanchor[]>();
  for (const r of reanchors) byId.set(r.key, [...(byId.get(r.key) ?? []), r]);
  const res = await s.mutate((tip) => {
    const changes = new Map<string, Buffer | null>();
    let n = 0;
    const ids: string[] = [];
    for (const [id, rs] of byId) {
      const hit = tip ? s.find(id, tip) : null;
      if (!hit || !Array.isArray(hit.memory.extra.citations)) continue;
      const list = [...(hit.memory.extra.citations as unknown[])];
      const parsed = parseCitations(list);
      let changed = 0;
      for (const r of rs) {
        const p = parsed[r.index];
        // Only when the stored citation is still the one that was checked (a concurrent edit wins).
        if (!p?.ok || JSON.stringify(citationToFront(p.citation)) !== JSON.stringify(citationToFront(r.from))) continue;
        list[r.index] = citationToFront(r.citation);
        changed++;
      }
      if (!changed) continue;
      const next = { ...hit.memory, extra: { ...hit.memory.extra, citations: list } };
      changes.set(hit.path, Buffer.from(memoryToFile(next), 'utf8'));
      n += changed;
      ids.push(id);
    }
    if (!changes.size) return { change: null, result: { citations: 0, memories: [] as string[] } };
    const label = ref === commit ? commit.slice(0, 12) : `${ref.slice(0, 100)} (${commit.slice(0, 12)})`;
    return {
      change: { changes, message: `memory: re-anchor ${n} moved citation${n === 1 ? '' : 's'} in ${ids.length} memor${ids.length === 1 ? 'y' : 'ies'}, verified against ${label}\n\n${ids.map((i) => `Memory-Id: ${i}`).join('\n')}\n` },
      result: { citations: n, memories: ids },
    };
  });
  return { citations: res.citations, memories: res.memories, commit: res.citations ? res.commit : null };
}

/** A changed citation with the current code around its old lines (bounded; text files only). */
function withNow(s: ReadonlyStoreBranch, commit: string, c: CitationCheck): CitationCheck & { now?: CurrentCode } {
  const path = c.renamed ?? c.path;
  try {
    const e = s.git.entryAt(s.git.readCommit(commit).tree, path);
    if (!e || !isRegularFile(e.mode)) return c;
    const buf = s.git.readBlob(e.oid);
    if (buf.length > MAX_CITED_FILE_BYTES || buf.includes(0)) return c;
    const lines = splitLines(buf.toString('utf8'));
    if (!lines.length) return { ...c, now: { path, lines: [0, 0], text: '' } };
    const start = Math.max(1, Math.min(c.lines[0], lines.length) - NOW_CONTEXT);
    const end = Math.min(lines.length, Math.max(c.lines[1], start) + NOW_CONTEXT, start + NOW_MAX_LINES - 1);
    let text = lines.slice(start - 1, end).join('\n');
    if (text.length > NOW_MAX_CHARS) text = `${text.slice(0, NOW_MAX_CHARS)}…`;
    return { ...c, now: { path, lines: [start, end], text } };
  } catch {
    return c;
  }
}

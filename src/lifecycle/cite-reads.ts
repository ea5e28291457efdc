import { citationFree, type Memory } from '../model/memory.js';
import type { ReadonlyStoreBranch } from '../model/branch-view.js';
import type { SearchResponse, SearchResult } from '../model/search-types.js';
import { citeCommit } from '../citations/create.js';
import { citationLabel, normalizeCitePath } from '../citations/model.js';
import { InvalidInputError } from '../errors.js';
import { limitOf } from '../model/bounds.js';
import { filterMemories, type ListFilter } from '../ops/list.js';
import type { CitationCheck } from '../citations/verify.js';
import { citationStates, citationsOf, entriesOf } from './verify.js';

/**
 * Reads carry the state of each memory's citations (docs/citations.md, "Reads"): `get`, `list`,
 * `recent`, `tagged` and `search` add `citations` (as stored, plus `state` and `at`) checked at the
 * checkout's HEAD or a given ref. States come from the derived cache (one check per memory blob and
 * commit); nothing else is written. A repository with no commit to check at gives `unknown` states
 * with a reason; a citation that does not parse is `invalid`; neither ever fails the read.
 */
export interface CitedRead {
  /** The ref to check at; default the checkout's HEAD. */
  ref?: string;
}

/** Marks a memory whose every citation is `changed` or `gone`. */
export interface Stale {
  reason: string;
}

type WithCitations = Memory & { citations?: CitationCheck[]; stale?: Stale };

/** The checks of the memories `ids` at `ref`, by id; only memories with citations are present. */
export function statesFor(s: ReadonlyStoreBranch, ids: readonly string[], ref?: string): Map<string, CitationCheck[]> {
  if (!ids.length) return new Map();
  let commit: string | null = null;
  let why = '';
  // A ref the caller named must name a commit (CITATION_INVALID otherwise); a missing HEAD is not an error.
  if (ref !== undefined) commit = citeCommit(s.git, ref);
  else
    try {
      commit = citeCommit(s.git);
    } catch {
      why = 'the checkout has no commit to check at (bare or unborn HEAD)';
    }
  if (commit) {
    try {
      return citationStates(s, commit, { ids }).states;
    } catch (e) {
      why = `the citations could not be checked: ${(e as Error).message.slice(0, 200)}`;
    }
  }
  // No commit (or the check failed): every parseable citation is `unknown`, with the reason.
  const out = new Map<string, CitationCheck[]>();
  for (const e of entriesOf(s, ids)) {
    if (e.memory.extra.citations === undefined) continue;
    out.set(
      e.memory.id,
      citationsOf(e.memory.extra).map((p): CitationCheck => {
        if (p.ok) return { path: p.citation.path, lines: p.citation.lines, ...(p.citation.whole ? { whole: true as const } : {}), state: 'unknown', reason: why };
        return { path: p.path ?? '', lines: p.lines ?? [0, 0], state: 'invalid', reason: p.reason };
      }),
    );
  }
  return out;
}

/** Why a memory is stale, or null: every citation (at least one) is `changed` or `gone`. */
export function staleOf(checks: readonly CitationCheck[] | undefined, commit?: string): Stale | null {
  if (!checks?.length || !checks.every((c) => c.state === 'changed' || c.state === 'gone')) return null;
  const at = commit ? ` at ${commit.slice(0, 12)}` : '';
  const parts = checks.slice(0, 4).map((c) => `${citationLabel(c)} ${c.state}${c.state === 'changed' && c.renamed ? ` (now ${c.renamed})` : ''}${at}`);
  if (checks.length > 4) parts.push(`and ${checks.length - 4} more`);
  return { reason: parts.join('; ') };
}

function commitOf(s: ReadonlyStoreBranch, ref?: string): string | undefined {
  try {
    return citeCommit(s.git, ref);
  } catch {
    return undefined;
  }
}

/** The memories with their citations' states (and `stale`), same order; memories without citations unchanged. */
export function withCitations<T extends Memory>(s: ReadonlyStoreBranch, memories: readonly T[], ref?: string): (T & { citations?: CitationCheck[]; stale?: Stale })[] {
  const states = statesFor(
    s,
    memories.filter((m) => !m.archived && !citationFree.has(m)).map((m) => m.id),
    ref,
  );
  if (!states.size) return memories as T[];
  const commit = commitOf(s, ref);
  return memories.map((m) => {
    const checks = states.get(m.id);
    if (!checks) return m;
    const stale = staleOf(checks, commit);
    return { ...m, citations: checks, ...(stale ? { stale } : {}) } as T & WithCitations;
  });
}

/**
 * A search response with citation states on its results; a result that is stale is never
 * confident: it moves to `weak` (ahead of the weak candidates, in rank order, confidence capped
 * below the threshold) and no longer counts in `total`.
 */
export function searchWithCitations(s: ReadonlyStoreBranch, r: SearchResponse, ref?: string): SearchResponse {
  const results = withCitations(s, r.results, ref);
  const weak = withCitations(s, r.weak ?? [], ref);
  if (results === r.results && weak === (r.weak ?? [])) return r;
  const keep: SearchResult[] = [];
  const demoted: SearchResult[] = [];
  for (const m of results) (m.stale ? demoted : keep).push(m.stale && m.confidence !== undefined ? { ...m, confidence: Math.min(m.confidence, 0.49) } : m);
  const out: SearchResponse = { ...r, results: keep };
  if (r.weak !== undefined || demoted.length) out.weak = [...demoted, ...weak];
  if (demoted.length) {
    out.total = Math.max(0, r.total - demoted.length);
    if (!keep.length) out.nothingConfident = `no memory matches the query confidently; ${out.weak!.length} weak candidate${out.weak!.length === 1 ? '' : 's'} ${out.weak!.length === 1 ? 'is' : 'are'} under "weak" (${demoted.length} stale: the code ${demoted.length === 1 ? 'it cites' : 'they cite'} changed)`;
  }
  return out;
}

/** Whether a citation's path is `want` or under the folder `want`. */
function cites(path: string, want: string): boolean {
  return path === want || path.startsWith(want.endsWith('/') ? want : `${want}/`);
}

/**
 * `memory list --cites PATH`: the memories (filters applied, newest first) that cite the file PATH
 * or a file under the folder PATH, as stored (whatever their state).
 */
export async function listCiting(s: ReadonlyStoreBranch, f: ListFilter, path: string): Promise<{ success: true; memories: Memory[]; total: number }> {
  if (typeof path !== 'string') throw new InvalidInputError('cites must be a path', { field: 'cites' });
  const norm = path === '.' || path === './' ? { path: '' } : normalizeCitePath(path);
  if ('reason' in norm) throw new InvalidInputError(`cites: ${norm.reason}`, { field: 'cites' });
  const limit = limitOf(f.limit, 50, 'limit');
  const ids = new Set<string>();
  for (const e of s.catalog().entries) {
    if (e.memory.extra.citations === undefined) continue;
    for (const p of citationsOf(e.memory.extra)) {
      const at = p.ok ? p.citation.path : p.path;
      if (at !== undefined && (norm.path === '' || cites(at, norm.path))) {
        ids.add(e.memory.id);
        break;
      }
    }
  }
  const all = filterMemories(s, { ...f, archived: false }).filter((m) => ids.has(m.id));
  return { success: true, memories: all.slice(0, limit), total: all.length };
}

/**
 * Since when each memory that is stale at the checkout's HEAD has been unverified, for
 * `citations.staleAfter`: the committer time of its newest citation commit (the last time its
 * citations were made or re-anchored: a stale memory was last known true then), else (that commit
 * not in this clone) its last write. Deterministic and cheap: one commit header read per citation.
 * No HEAD: nothing is stale.
 */
export function staleSinceAll(s: ReadonlyStoreBranch): Map<string, { since: number; reason: string }> {
  const out = new Map<string, { since: number; reason: string }>();
  let commit: string;
  try {
    commit = citeCommit(s.git);
  } catch {
    return out;
  }
  const states = citationStates(s, commit).states;
  const byId = new Map(s.catalog().entries.map((e) => [e.memory.id, e.memory]));
  for (const [id, checks] of states) {
    const stale = staleOf(checks, commit);
    const m = byId.get(id);
    if (!stale || !m) continue;
    let since = -Infinity;
    for (const p of citationsOf(m.extra)) {
      if (!p.ok) continue;
      try {
        since = Math.max(since, s.git.readCommit(p.citation.commit).time * 1000);
      } catch {
        // Not in this clone (shallow): fall back below.
      }
    }
    if (since === -Infinity) since = Date.parse(m.updated ?? m.timestamp);
    if (Number.isFinite(since)) out.set(id, { since, reason: stale.reason });
  }
  return out;
}

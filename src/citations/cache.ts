import { readdirSync, statSync, unlinkSync } from 'node:fs';
import { readBoundedFile } from '../model/bounds.js';
import { join } from 'node:path';
import { writeCacheFile } from '../git/atomic-file.js';
import { CITATION_STATES, type CitationState } from './model.js';
import type { CitationCheck } from './verify.js';

/**
 * The states of citations at one commit, by memory blob id: derived data under the branch's cache
 * folder (`<git dir>/git-memory/<branch>/citations-v1/<commit>.json`). A memory file with the same
 * blob id has the same citations, and their states at a commit never change, so an entry is valid
 * for as long as the file exists. The loader rejects another format version, a file over
 * MAX_CACHE_BYTES, and any entry that is not a list of well-formed checks (it is recomputed).
 * At most MAX_CACHE_FILES commits are kept (the oldest are removed).
 */
export const CITATION_CACHE_FORMAT = 1;
const MAX_CACHE_BYTES = 64 * 1024 * 1024;
const MAX_CACHE_FILES = 16;

export function citationCacheDir(branchCacheDir: string): string {
  return join(branchCacheDir, `citations-v${CITATION_CACHE_FORMAT}`);
}

function fileOf(branchCacheDir: string, commit: string): string | null {
  return /^[0-9a-f]{40}$/.test(commit) ? join(citationCacheDir(branchCacheDir), `${commit}.json`) : null;
}

function readBounded(file: string): string | null {
  try {
    return readBoundedFile(file, { limit: MAX_CACHE_BYTES });
  } catch {
    return null;
  }
}

const STATES = new Set<string>(CITATION_STATES);

function isCheck(v: unknown): v is CitationCheck {
  if (!v || typeof v !== 'object') return false;
  const c = v as Record<string, unknown>;
  return typeof c.path === 'string' && Array.isArray(c.lines) && c.lines.length === 2 && STATES.has(c.state as CitationState);
}

/** The cached states at `commit` by memory blob id (empty when none, or the file is not this format). */
export function loadCitationStates(branchCacheDir: string, commit: string): Map<string, CitationCheck[]> {
  const out = new Map<string, CitationCheck[]>();
  const file = fileOf(branchCacheDir, commit);
  const text = file ? readBounded(file) : null;
  if (!text) return out;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return out;
  }
  const d = data as { format?: unknown; commit?: unknown; states?: unknown };
  if (!d || d.format !== CITATION_CACHE_FORMAT || d.commit !== commit || !d.states || typeof d.states !== 'object') return out;
  for (const [blob, checks] of Object.entries(d.states as Record<string, unknown>)) {
    if (/^[0-9a-f]{40}$/.test(blob) && Array.isArray(checks) && checks.every(isCheck)) out.set(blob, checks);
  }
  return out;
}

/** Saves the states at `commit` (merged with what is there); a failure to write is ignored (derived data). */
export function saveCitationStates(branchCacheDir: string, commit: string, states: Map<string, CitationCheck[]>): void {
  const file = fileOf(branchCacheDir, commit);
  if (!file || !states.size) return;
  const merged = loadCitationStates(branchCacheDir, commit);
  for (const [k, v] of states) merged.set(k, v);
  writeCacheFile(file, JSON.stringify({ format: CITATION_CACHE_FORMAT, commit, states: Object.fromEntries(merged) }));
  // Keep the newest few commits.
  try {
    const dir = citationCacheDir(branchCacheDir);
    const files = readdirSync(dir)
      .filter((n) => /^[0-9a-f]{40}\.json$/.test(n))
      .map((n) => ({ n, t: statSync(join(dir, n)).mtimeMs }))
      .sort((a, b) => b.t - a.t);
    for (const f of files.slice(MAX_CACHE_FILES)) unlinkSync(join(dir, f.n));
  } catch {
    /* derived data: best effort */
  }
}

// Export: every memory (and, on request, the archived ones) as JSONL, JSON or Markdown, yielded in
// pieces so a large export streams. JSON and JSONL records are checked with import's own record check
// (import-records.ts), so what export writes imports back; a memory import would refuse is left out
// and reported. Nothing here writes to the repository or to files: the command line writes the pieces.
import { ExportIncompleteError, InvalidInputError, MemoryError } from '../errors.js';
import { shownName } from '../git/tree.js';
import { idTime } from '../model/id.js';
import { isUndated, UNDATED, type StoredMemory } from '../model/memory.js';
import { setOwn } from '../model/codec.js';
import type { ReadonlyStoreBranch } from '../model/branch-view.js';
import { UPSERT_KEY_FIELD } from '../guards/fingerprints.js';
import { isoOrThrow, recordToMemory } from './import-records.js';

export type ExportFormat = 'jsonl' | 'json' | 'markdown';

/** A memory export could not write in a form import accepts (see {@link exportChunks}). */
export interface ExportSkip {
  id: string;
  path: string;
  code: string;
  reason: string;
}

export interface ExportOptions {
  format?: ExportFormat;
  archived?: boolean;
  /** The content limit the records are checked against (the branch's `maxContentBytes`). */
  maxContentBytes?: number;
  /** Filled with the memories left out (JSON/JSONL): nothing import would refuse is written. */
  skipped?: ExportSkip[];
}

/** Fields of an export record; a front-matter key with one of these names is kept as `original_<key>`. */
const RECORD_FIELDS = new Set(['id', 'content', 'tags', 'category', 'priority', 'timestamp', 'updated', 'scope', 'metadata', 'archived', 'path', 'relevance']);

/** A memory as export writes it: the seed's fields plus scope/updated/expires/upsert key when set. */
export function exportRecord(m: StoredMemory, archived = false): Record<string, unknown> {
  const out: Record<string, unknown> = { id: m.id, content: m.content, tags: m.tags, category: m.category, priority: m.priority, timestamp: m.timestamp };
  if (m.updated) out.updated = m.updated;
  if (m.scope) out.scope = m.scope;
  out.metadata = m.metadata;
  for (const [k, v] of Object.entries(m.extra)) {
    if (v === undefined) continue;
    // A hand-written `content:` or `archived: true` in the front matter must not replace the body or
    // send the memory to the archive on the way back in; an upsert key that is not text would be dropped.
    if (RECORD_FIELDS.has(k) || (k === UPSERT_KEY_FIELD && typeof v !== 'string')) out[`original_${k}`] = v;
    else setOwn(out, k, v);
  }
  if (archived) out.archived = true;
  return out;
}

function importableTime(v: unknown, field: string): boolean {
  try {
    isoOrThrow(v, field);
    return true;
  } catch {
    return false;
  }
}

/**
 * Dates a branch file may hold and import refuses (year 9999, before 1970, `expires: next tuesday`):
 * the value moves to `invalid_<field>` (kept, visible) and `timestamp` falls back to the id's time,
 * else undated. Returns the fields changed.
 */
function repairDates(rec: Record<string, unknown>, m: StoredMemory): string[] {
  const fixed: string[] = [];
  if (!isUndated(m) && !importableTime(rec.timestamp, 'timestamp')) {
    rec.invalid_timestamp = rec.timestamp;
    const t = idTime(m.id);
    rec.timestamp = t !== null && importableTime(t, 'timestamp') ? new Date(t).toISOString() : UNDATED;
    fixed.push('timestamp');
  }
  for (const f of ['updated', 'expires']) {
    if (rec[f] === undefined || rec[f] === null || rec[f] === '' || importableTime(rec[f], f)) continue;
    rec[`invalid_${f}`] = rec[f];
    delete rec[f];
    fixed.push(f);
  }
  return fixed;
}

/** What import would refuse in `rec` whatever the guard settings (the secret guard is import's call). */
function importProblem(rec: Record<string, unknown>, maxContentBytes: number): MemoryError | null {
  try {
    recordToMemory(CHECKER, rec, { allowSecret: true, maxContentBytes, secretGuard: 'off', defaultCategory: 'general', defaultPriority: 'medium' });
    return null;
  } catch (err) {
    return err instanceof MemoryError ? err : new InvalidInputError((err as Error).message);
  }
}
// recordToMemory reads only the clock.
const CHECKER = { now: () => new Date() };

/** Every live memory (and, with `archived`, the archived ones), oldest first. */
export function collectForExport(store: ReadonlyStoreBranch, opts: { archived?: boolean } = {}): Array<{ memory: StoredMemory; archived: boolean }> {
  const tip = store.tip();
  const out: Array<{ memory: StoredMemory; archived: boolean }> = [];
  const seen = new Set<string>();
  // One file per id, the one every reader uses (src/model/id.ts, copyWins).
  for (const e of store.catalog(tip).byId.values()) {
    seen.add(e.memory.id);
    out.push({ memory: e.memory, archived: false });
  }
  if (opts.archived) {
    for (const e of store.archiveCatalog(tip).entries) {
      if (seen.has(e.memory.id)) continue;
      seen.add(e.memory.id);
      out.push({ memory: e.memory, archived: true });
    }
  }
  return out.sort((a, b) => (a.memory.timestamp < b.memory.timestamp ? -1 : a.memory.timestamp > b.memory.timestamp ? 1 : a.memory.id < b.memory.id ? -1 : 1));
}

function markdownOf(items: Array<{ memory: StoredMemory; archived: boolean }>, branch: string): string {
  const parts = [`# Memories (${items.length}) from branch ${branch}\n`];
  for (const { memory: m, archived } of items) {
    const facts = [m.timestamp, m.category, `priority ${m.priority}`, m.scope ? `scope ${m.scope}` : '', archived ? 'archived' : ''].filter(Boolean).join(' · ');
    const tags = m.tags.length ? `\n${m.tags.map((t) => '`#' + t + '`').join(' ')}\n` : '';
    const body = m.content.trimEnd();
    // A fence longer than any backtick run in the content keeps Markdown inside it inert.
    const fence = '`'.repeat(Math.max(3, ...[...body.matchAll(/`+/g)].map((x) => x[0].length + 1)));
    parts.push(`## ${m.id}\n\n${facts}\n${tags}\n${fence}text\n${body}\n${fence}\n`);
  }
  return parts.join('\n');
}

/**
 * Renders every memory in `format`; pieces are yielded so a large export streams. JSON and JSONL are
 * written for `memory import`: each record is checked by the importer's own validation; dates import
 * refuses are moved aside (see repairDates, with a warning), and a memory import could never take (a
 * NUL byte, over a cap) is left out and added to `opts.skipped`, for the caller to fail loudly.
 */
export function* exportChunks(store: ReadonlyStoreBranch, opts: ExportOptions = {}): Generator<string, number> {
  const format = opts.format ?? 'jsonl';
  if (!['jsonl', 'json', 'markdown'].includes(format)) throw new InvalidInputError(`format must be jsonl, json or markdown, got ${JSON.stringify(format)}`, { field: 'format' });
  const items = collectForExport(store, opts);
  const skipped = opts.skipped ?? [];
  // A file no reader can parse is no memory, but a backup that leaves it out without a word loses it:
  // named for the caller to fail loudly, whatever the format.
  const tip = store.tip();
  for (const f of [...store.catalog(tip).skipped, ...(opts.archived ? store.archiveCatalog(tip).skipped : [])]) {
    skipped.push({ id: '', path: shownName(f.path), code: 'UNREADABLE_MEMORY', reason: f.reason });
  }
  if (format === 'markdown') {
    yield markdownOf(items, store.branch);
    return items.length;
  }
  const max = opts.maxContentBytes ?? 16 * 1024 * 1024;
  let repaired = 0;
  let written = 0;
  if (format === 'json') yield '[\n';
  for (let i = 0; i < items.length; i += 1000) {
    const lines: string[] = [];
    for (const { memory, archived } of items.slice(i, i + 1000)) {
      const rec = exportRecord(memory, archived);
      const fixed = repairDates(rec, memory);
      if (fixed.length && ++repaired <= 20) store.warn(`export: ${memory.id} (${memory.path}): ${fixed.map((f) => `${f} ${JSON.stringify(String(rec[`invalid_${f}`])).slice(0, 60)}`).join(', ')} is not a date import accepts (1970..2999); written as ${fixed.map((f) => `invalid_${f}`).join(', ')}`);
      const problem = importProblem(rec, max);
      if (problem) {
        skipped.push({ id: memory.id, path: memory.path, code: problem.code, reason: problem.message });
        continue;
      }
      const text = JSON.stringify(rec);
      lines.push(format === 'json' ? (written > 0 ? ',\n' : '') + '  ' + text : text + '\n');
      written++;
    }
    if (lines.length) yield lines.join('');
  }
  if (repaired > 20) store.warn(`export: ${repaired - 20} more memories had dates import refuses, written as invalid_<field>`);
  if (format === 'json') yield written ? '\n]\n' : ']\n';
  return written;
}

/** Library form of `memory export`: the whole export as one string. */
export async function exportMemories(store: ReadonlyStoreBranch, opts: ExportOptions = {}): Promise<{ success: true; format: ExportFormat; count: number; data: string; skipped: ExportSkip[] }> {
  const skipped = opts.skipped ?? [];
  const gen = exportChunks(store, { maxContentBytes: (await store.loadConfig()).maxContentBytes, ...opts, skipped });
  let data = '';
  for (;;) {
    const n = gen.next();
    if (n.done) {
      if (skipped.length) store.warn(new ExportIncompleteError(skipped, n.value).message);
      return { success: true, format: opts.format ?? 'jsonl', count: n.value, data, skipped };
    }
    data += n.value;
  }
}

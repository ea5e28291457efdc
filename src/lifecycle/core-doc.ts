import { BinaryContentError, ConflictError, ContentTooLargeError, InvalidInputError, MemoryError, NotFoundError } from '../errors.js';
import type { BranchReader, MemoryBranch, ReadonlyBranch } from '../model/branch-view.js';
import { assertNoNewSecrets, guardOptions } from '../guards/write.js';
import { excerpt } from '../model/excerpt.js';

/**
 * Core documents: free-text Markdown an agent keeps in context every turn and revises in place with
 * exact patches. One file per document at `core/<name>.md` on the branch (no front matter: the file
 * is the document, byte for byte). Outside `memories/`, so search and list never return it.
 * A document's `version` is the commit it was read at; every change is one commit.
 */
export const CORE_DIR = 'core';
export const DEFAULT_CORE = 'default';

export type CoreAction = 'edit' | 'delete' | 'insert_after';

/** One patch operation, with the seed's parameter names. */
export interface CoreOperation {
  action: CoreAction;
  /** edit/delete: text that must occur exactly once in the current document. */
  old_text?: string;
  /** edit: the replacement. */
  new_text?: string;
  /** insert_after: text that must occur exactly once; `content` goes in as its own block after it. */
  anchor_text?: string;
  /** insert_after: the block to insert. */
  content?: string;
}

/** `update_core` of the seed: one operation, or `batch` with `operations`. */
export interface CoreUpdateInput {
  action: CoreAction | 'batch';
  old_text?: string;
  new_text?: string;
  anchor_text?: string;
  content?: string;
  operations?: CoreOperation[];
  /** Document name; default "default". */
  name?: string;
  /** Refuse with CONFLICT if the document changed since this version (a commit id from view). */
  expect_version?: string;
}

export interface CoreViewResult {
  success: true;
  name: string;
  content: string;
  /** The commit the document was read at (pass it back as `expect_version`); null before the first write. */
  version: string | null;
  chars: number;
  max_chars: number;
}

export interface CoreWriteResult {
  success: true;
  name: string;
  /** The document's version after the write (the new commit, or the tip when nothing changed). */
  version: string | null;
  chars: number;
  max_chars: number;
  /** False when the operations left the document as it was (no commit). */
  changed: boolean;
  /** Operations applied. */
  applied: number;
}

export interface CoreSnapshot {
  /** The commit holding this snapshot; `memory core restore <version>` brings it back. */
  version: string;
  timestamp: string;
  message: string;
}

const NAME_RE = /^[a-z0-9][a-z0-9_-]{0,63}$/;

export function coreName(name: string | undefined): string {
  const n = name === undefined || name === '' ? DEFAULT_CORE : String(name);
  if (!NAME_RE.test(n)) throw new InvalidInputError(`invalid core document name ${JSON.stringify(name)}: use lowercase letters, digits, - and _ (e.g. user, project)`, { field: 'name' });
  return n;
}

export function corePath(name: string): string {
  return `${CORE_DIR}/${coreName(name)}.md`;
}

/** Characters as a person counts them (code points), the unit of the size budget. */
export function charCount(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

function lineAt(doc: string, index: number): number {
  let line = 1;
  for (let i = doc.indexOf('\n'); i >= 0 && i < index; i = doc.indexOf('\n', i + 1)) line++;
  return line;
}

/** Start offsets of every occurrence of `needle` in `doc`, overlapping ones included. */
function occurrences(doc: string, needle: string): number[] {
  const out: number[] = [];
  for (let i = doc.indexOf(needle); i >= 0; i = doc.indexOf(needle, i + 1)) out.push(i);
  return out;
}

function matchError(field: string, text: string, found: number[], doc: string, op: number | null): MemoryError {
  const lines = found.map((i) => lineAt(doc, i));
  const where = op === null ? '' : ` (operation ${op + 1})`;
  const data: Record<string, unknown> = { field, matches: found.length, lines, reason: found.length ? 'ambiguous' : 'no_match' };
  if (op !== null) data.operation = op;
  const msg = found.length
    ? `${field} "${excerpt(text, 60)}" matches ${found.length} places${where}, on lines ${lines.join(', ')}: include more surrounding text so it matches exactly once`
    : `${field} "${excerpt(text, 60)}" does not occur in the current core document${where}: copy the text exactly from the current document`;
  if (!found.length) data.next = 'core.view';
  return new InvalidInputError(msg, data);
}

function need(op: CoreOperation, field: keyof CoreOperation, index: number | null, allowEmpty = false): string {
  const v = op[field];
  if (typeof v !== 'string' || (!allowEmpty && v === '')) {
    const data: Record<string, unknown> = { field };
    if (index !== null) data.operation = index;
    throw new InvalidInputError(`${op.action} needs ${field}${index === null ? '' : ` (operation ${index + 1})`}`, data);
  }
  return v;
}

function uniqueMatch(doc: string, field: string, text: string, index: number | null): number {
  const found = occurrences(doc, text);
  if (found.length !== 1) throw matchError(field, text, found, doc, index);
  return found[0];
}

/**
 * Applies one operation to `doc`. `insert_after` puts `content` on its own line(s) after the line on
 * which the anchor ends (or right after the anchor when it ends with a newline), so a block is never
 * spliced into the middle of a line. `delete` of whole lines also removes the line break they leave.
 */
export function applyOperation(doc: string, op: CoreOperation, index: number | null = null): string {
  switch (op?.action) {
    case 'edit': {
      const old = need(op, 'old_text', index);
      const next = need(op, 'new_text', index, true);
      const at = uniqueMatch(doc, 'old_text', old, index);
      return doc.slice(0, at) + next + doc.slice(at + old.length);
    }
    case 'delete': {
      const old = need(op, 'old_text', index);
      const at = uniqueMatch(doc, 'old_text', old, index);
      let end = at + old.length;
      const wholeLines = (at === 0 || doc[at - 1] === '\n') && !old.endsWith('\n') && doc[end] === '\n';
      if (wholeLines) end++;
      return doc.slice(0, at) + doc.slice(end);
    }
    case 'insert_after': {
      const content = need(op, 'content', index);
      const anchor = op.anchor_text ?? '';
      if (typeof anchor !== 'string') throw new InvalidInputError('anchor_text must be a string', { field: 'anchor_text' });
      if (anchor === '') {
        // Only a document with nothing in it can take an anchor-less first block.
        if (doc.trim() !== '') {
          const data: Record<string, unknown> = { field: 'anchor_text', reason: 'anchor_required' };
          if (index !== null) data.operation = index;
          throw new InvalidInputError('insert_after needs anchor_text once the core document has content (an empty anchor is only for the first write)', data);
        }
        return content;
      }
      let pos = uniqueMatch(doc, 'anchor_text', anchor, index) + anchor.length;
      if (doc[pos - 1] === '\n') return doc.slice(0, pos) + content + (content.endsWith('\n') ? '' : '\n') + doc.slice(pos);
      const eol = doc.indexOf('\n', pos);
      pos = eol < 0 ? doc.length : eol;
      return doc.slice(0, pos) + '\n' + content + doc.slice(pos);
    }
    default: {
      const data: Record<string, unknown> = { field: 'action', action: (op as { action?: unknown })?.action ?? null };
      if (index !== null) data.operation = index;
      throw new InvalidInputError(`unknown core action ${JSON.stringify((op as { action?: unknown })?.action)}: use edit, delete or insert_after${index === null ? '' : ` (operation ${index + 1})`}`, data);
    }
  }
}

/** Applies operations in order to one snapshot; the first failure throws and nothing is returned. */
export function applyOperations(doc: string, ops: CoreOperation[]): string {
  let cur = doc;
  ops.forEach((op, i) => (cur = applyOperation(cur, op, ops.length > 1 ? i : null)));
  return cur;
}

function readCore(store: BranchReader, path: string, commit: string | null): { content: string; oid: string | null } {
  const tree = store.treeOf(commit);
  const e = tree ? store.git.entryAt(tree, path) : null;
  return e ? { content: store.git.readBlob(e.oid).toString('utf8'), oid: e.oid } : { content: '', oid: null };
}

/** Throws CONFLICT when the document at `expected` differs from the one at `tip`. */
function checkExpected(store: BranchReader, path: string, expected: string | undefined, tip: string | null, expectedOid: string | null | undefined): void {
  if (expected === undefined || expected === null || expected === '') return;
  const current = readCore(store, path, tip).oid;
  if (current !== expectedOid) {
    throw new ConflictError(`the core document changed since version ${expected.slice(0, 12)}: redo the change on the current text`, {
      expected_version: expected,
      current_version: tip,
      next: 'core.view',
    });
  }
}

/** Resolves `expect_version` once, outside the retry loop (it may spawn git for a short hash). */
async function expectedOid(store: BranchReader, path: string, expected: string | undefined): Promise<string | null | undefined> {
  if (expected === undefined || expected === null || expected === '') return undefined;
  const { resolveCommit } = await import('../ops/history.js');
  let commit: string;
  try {
    commit = resolveCommit(store, expected);
  } catch (err) {
    // A version this clone never saw cannot be compared: the caller must re-read.
    if (err instanceof MemoryError && err.code === 'NOT_FOUND') {
      throw new ConflictError(`unknown core version ${expected}: this clone never saw it`, { expected_version: expected, current_version: store.tip(), next: 'core.view' });
    }
    throw err;
  }
  return readCore(store, path, commit).oid;
}

/** Refuses a result over the budget; a document already over it (budget lowered) may still shrink. */
function budget(store: ReadonlyBranch, name: string, text: string, current: string): number {
  const max = store.config().coreMaxChars;
  const chars = charCount(text);
  if (chars > max && chars > charCount(current)) {
    throw new ContentTooLargeError(`core document "${name}" would be ${chars} characters, over its budget of ${max} (coreMaxChars): condense it instead; nothing was written`, {
      chars,
      limit: max,
      name,
    });
  }
  return chars;
}

/** The core document and the version it was read at. An absent document reads as empty. */
export async function coreView(store: BranchReader, opts: { name?: string } = {}): Promise<CoreViewResult> {
  const name = coreName(opts.name);
  const tip = store.tip();
  const { content } = readCore(store, corePath(name), tip);
  return { success: true, name, content, version: tip, chars: charCount(content), max_chars: store.config().coreMaxChars };
}

function describeOp(op: CoreOperation): string {
  switch (op.action) {
    case 'edit':
      return `- edit "${excerpt(op.old_text ?? '', 50)}" -> "${excerpt(op.new_text ?? '', 50)}"`;
    case 'delete':
      return `- delete "${excerpt(op.old_text ?? '', 50)}"`;
    default:
      return `- insert after "${excerpt(op.anchor_text ?? '', 40)}": "${excerpt(op.content ?? '', 50)}"`;
  }
}

async function write(
  store: MemoryBranch,
  name: string,
  expected: string | undefined,
  subject: string,
  body: string,
  transform: (doc: string) => string,
  applied: number,
): Promise<CoreWriteResult> {
  const path = corePath(name);
  const expectOid = await expectedOid(store, path, expected);
  const res = await store.mutate((tip) => {
    checkExpected(store, path, expected, tip, expectOid);
    const cur = readCore(store, path, tip);
    // Secret guard: a credential the document did not already hold is refused (or masked with config secretGuard "redact").
    const next = assertNoNewSecrets(transform(cur.content), cur.content, { ...guardOptions(store.config()), field: `core/${name}`, what: `the core document "${name}"` });
    const chars = budget(store, name, next, cur.content);
    if (next === cur.content && cur.oid !== null) return { change: null, result: { chars, changed: false } };
    return {
      change: { changes: new Map([[path, Buffer.from(next, 'utf8')]]), message: `memory: core ${name}: ${subject}\n\n${body}\n` },
      result: { chars, changed: true },
    };
  });
  return { success: true, name, version: res.commit, chars: res.chars, max_chars: store.config().coreMaxChars, changed: res.changed, applied };
}

/**
 * `update_core`: edit / delete / insert_after with exact, unique matches, or a `batch` of them applied
 * in order to one snapshot, atomically (any failing operation: no commit at all).
 */
export async function coreUpdate(store: MemoryBranch, input: CoreUpdateInput): Promise<CoreWriteResult> {
  if (!input || typeof input !== 'object') throw new InvalidInputError('give an action: edit, delete, insert_after or batch', { field: 'action' });
  const name = coreName(input.name);
  let ops: CoreOperation[];
  if (input.action === 'batch') {
    if (!Array.isArray(input.operations) || !input.operations.length) throw new InvalidInputError('batch needs a non-empty operations array', { field: 'operations' });
    input.operations.forEach((op, i) => {
      if (!op || typeof op !== 'object' || !['edit', 'delete', 'insert_after'].includes(op.action)) {
        throw new InvalidInputError(`operation ${i + 1}: action must be edit, delete or insert_after`, { field: 'action', operation: i });
      }
    });
    ops = input.operations;
  } else {
    ops = [{ action: input.action as CoreAction, old_text: input.old_text, new_text: input.new_text, anchor_text: input.anchor_text, content: input.content }];
    // Validates the action and required fields before anything is read.
    if (!['edit', 'delete', 'insert_after'].includes(String(input.action))) applyOperation('', ops[0]);
  }
  const subject = input.action === 'batch' ? `batch of ${ops.length} operation${ops.length === 1 ? '' : 's'}` : String(input.action).replace('_', '-');
  return write(store, name, input.expect_version, subject, ops.map(describeOp).join('\n'), (doc) => applyOperations(doc, ops), ops.length);
}

/** Replaces the whole document (the first write, or a rewrite). Same budget and version check. */
export async function coreSet(store: MemoryBranch, input: { content: string; name?: string; expect_version?: string }): Promise<CoreWriteResult> {
  if (typeof input?.content !== 'string') throw new InvalidInputError('give the document content', { field: 'content' });
  if (input.content.includes('\0')) throw new BinaryContentError(input.content.indexOf('\0'), 'the core document is text: it cannot contain NUL bytes');
  const name = coreName(input.name);
  return write(store, name, input.expect_version, 'set', `${charCount(input.content)} characters`, () => input.content, 1);
}

/** Every snapshot of the document (each commit that changed it), newest first. */
export async function coreHistory(store: BranchReader, opts: { name?: string } = {}): Promise<{ success: true; name: string; snapshots: CoreSnapshot[] }> {
  const name = coreName(opts.name);
  const { logPaths } = await import('../ops/history.js');
  const snapshots = logPaths(store, [`:(literal)${corePath(name)}`]).map((r) => ({ version: r.commit, timestamp: r.timestamp, message: r.message }));
  return { success: true, name, snapshots };
}

/** Brings back the document as it was at `version`, as a new commit (history is never rewritten). */
export async function coreRestore(store: MemoryBranch, input: { version: string; name?: string; expect_version?: string }): Promise<CoreWriteResult & { restored_from: string }> {
  const name = coreName(input?.name);
  if (!input?.version) throw new InvalidInputError('give the version to restore', { field: 'version', next: 'core.history' });
  const { resolveCommit } = await import('../ops/history.js');
  const from = resolveCommit(store, input.version);
  const old = readCore(store, corePath(name), from);
  if (old.oid === null) throw new NotFoundError(`${name} at ${from.slice(0, 12)}`, 'core document');
  const r = await write(store, name, input.expect_version, `restore to ${from.slice(0, 12)}`, `Restored the document as of ${from}.`, () => old.content, 1);
  return { ...r, restored_from: from };
}

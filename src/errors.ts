/**
 * The error classes of git-memory: one class per code (as isomorphic-git does), so callers can
 * `instanceof` or switch on `code`. Every error class lives here (the bottom layer): a class whose
 * message needs a lower layer's words takes them as arguments.
 *
 * Every failure git-memory reports has a stable `code` (tests and callers switch on it, never on the
 * message) and a `data` object with the details. Surfaces map codes: the CLI to exit codes, the action
 * to `setFailed`, the MCP server to `isError` results.
 */
export type ErrorCode =
  | 'NOT_A_REPOSITORY'
  | 'UNSUPPORTED_REPOSITORY'
  | 'NOT_FOUND'
  | 'INVALID_ID'
  | 'INVALID_INPUT'
  | 'EMPTY_CONTENT'
  | 'CONTENT_TOO_LARGE'
  | 'BINARY_CONTENT'
  | 'CONFIRMATION_REQUIRED'
  | 'CONFLICT'
  | 'LOCKED'
  | 'CORRUPT_OBJECT'
  | 'CORRUPT_INDEX'
  | 'SECRET_DETECTED'
  | 'DUPLICATE'
  | 'SYNC_FAILED'
  | 'PUSH_REJECTED'
  | 'REMOTE_UNREACHABLE'
  | 'PERMISSION_DENIED'
  | 'INVALID_TREE_NAME'
  | 'TOO_MANY_DELETES'
  | 'EMBEDDER_ERROR'
  | 'OBJECT_MISSING'
  | 'DISK_FULL'
  | 'READ_ONLY_REPOSITORY'
  | 'UNSAFE_REPOSITORY'
  | 'GIT_FAILED'
  | 'EXPORT_INCOMPLETE'
  | 'UNREADABLE_MEMORY'
  | 'VIEW_UNAVAILABLE'
  | 'CITATION_INVALID'
  | 'INTERNAL';

/**
 * What helps after an error (`data.next`): the error states what happened; each surface phrases the
 * step in its own words (the CLI names its commands and flags, src/cli/advice.ts; the MCP server its
 * tools and arguments, src/mcp/advice.ts; the Action its `with:` inputs, src/action/failure.ts).
 *
 * - a door operation, named as in src/sync-around.ts: `list`, `trash.list`, `trash.restore`,
 *   `core.view`, `core.history`, `sync`, `daemon.run` (run the search helper in the foreground);
 * - what the caller gives again: `repository` (a git repository to open), `confirm` (the same
 *   operation, confirmed), `content` (the text to store), `branch` (a memory branch of its own,
 *   not one checked out in a worktree), `remote` (a remote this repository has, or a URL),
 *   `cite.ref` (a commit, branch or tag to cite code at);
 * - `search.fulltext`: the same search in full-text mode (the embedding model is not installed);
 * - `git.fetch`: git's own fetch into the clone (the object is missing; a shallow clone needs its
 *   history, a partial clone its remote).
 */
export type NextStep =
  | 'list'
  | 'trash.list'
  | 'trash.restore'
  | 'core.view'
  | 'core.history'
  | 'sync'
  | 'daemon.run'
  | 'repository'
  | 'confirm'
  | 'content'
  | 'branch'
  | 'remote'
  | 'cite.ref'
  | 'search.fulltext'
  | 'git.fetch';

export class MemoryError extends Error {
  readonly code: ErrorCode;
  readonly data: Record<string, unknown>;
  constructor(code: ErrorCode, message: string, data: Record<string, unknown> = {}) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.data = data;
  }
  toJSON(): { code: ErrorCode; message: string; data?: Record<string, unknown> } {
    return Object.keys(this.data).length
      ? { code: this.code, message: this.message, data: this.data }
      : { code: this.code, message: this.message };
  }
}

export class NotARepositoryError extends MemoryError {
  constructor(dir: string) {
    super('NOT_A_REPOSITORY', `not a git repository: ${dir}`, { dir, next: 'repository' satisfies NextStep });
  }
}
export class UnsupportedRepositoryError extends MemoryError {
  constructor(reason: string) {
    super('UNSUPPORTED_REPOSITORY', `unsupported repository: ${reason}`, { reason });
  }
}
export class NotFoundError extends MemoryError {
  /**
   * `more.detail` (a fact, e.g. "it is in the trash") follows the message; the other fields go into
   * `data` (e.g. `trashed: true`). `data.next` defaults to `list` for a memory.
   */
  constructor(id: string, what = 'memory', more: { detail?: string; next?: NextStep } & Record<string, unknown> = {}) {
    const { detail, ...data } = more;
    const next = 'next' in more ? more.next : what.startsWith('memory') ? 'list' : undefined;
    super('NOT_FOUND', `${what} not found: ${id}${detail ? `: ${detail}` : ''}`, { id, ...data, ...(next ? { next } : {}) });
  }
}
export class InvalidIdError extends MemoryError {
  constructor(id: string) {
    // A bounded quote: the hint after it must survive any id, however long.
    const shown = id.length > 80 ? `${JSON.stringify(id.slice(0, 80)).slice(0, -1)}…" (${id.length} characters)` : JSON.stringify(id);
    super('INVALID_ID', `invalid memory id: ${shown} (ids look like mem_ followed by lowercase letters and digits, e.g. mem_0k2x9d1ab7q4ce3m)`, { id });
  }
}
export class InvalidInputError extends MemoryError {
  constructor(message: string, data: Record<string, unknown> = {}) {
    super('INVALID_INPUT', message, data);
  }
}
/**
 * A command line the program cannot run: an INVALID_INPUT with `field`, the option or argument at
 * fault (`command` for the command word, `option` for an unknown option, whose text may be a pasted
 * secret), and never an option's value. Thrown by the CLI's parser (src/cli/parse.ts).
 */
export class UsageError extends InvalidInputError {
  constructor(message: string, field: string) {
    super(message, { field });
  }
  get field(): string {
    return this.data.field as string;
  }
}
/**
 * A memory file's front matter that cannot be read (not closed, not YAML, not a mapping, too big or
 * too deep, tags that are not a list of strings): an INVALID_INPUT with `field: "front-matter"`.
 * A file on the branch that throws it is reported as UNREADABLE_MEMORY or skipped with a warning.
 */
export class FrontMatterError extends InvalidInputError {
  constructor(message: string) {
    super(message, { field: 'front-matter' });
  }
}
export class EmptyContentError extends MemoryError {
  constructor() {
    super('EMPTY_CONTENT', 'content is empty: a memory needs text', { next: 'content' satisfies NextStep });
  }
}
export class ContentTooLargeError extends MemoryError {
  /** A memory's content over the byte limit; or, with a message, any other size budget (data says which). */
  constructor(bytes: number, limit: number);
  constructor(message: string, data: Record<string, unknown>);
  constructor(a: number | string, b: number | Record<string, unknown>) {
    if (typeof a === 'string') super('CONTENT_TOO_LARGE', a, b as Record<string, unknown>);
    else super('CONTENT_TOO_LARGE', `content is ${a} bytes, over the ${b}-byte limit: store a summary, or split it into several memories`, { bytes: a, limit: b });
  }
}
/** CONTENT_TOO_LARGE of a bounded reader (stdin, a file, an import line): nothing was read past the limit. */
export class InputTooLargeError extends ContentTooLargeError {
  constructor(what: string, limit: number) {
    super(`${what} is over the ${limit}-byte limit; nothing was read past it and nothing was written`, { limit, what });
  }
}
export class BinaryContentError extends MemoryError {
  /** `message` replaces the default text (a core document is not a memory). */
  constructor(offset: number, message = `content contains a NUL byte at offset ${offset}: memories are text; store binary data elsewhere and remember where`) {
    super('BINARY_CONTENT', message, { offset });
  }
}
export class ConfirmationRequiredError extends MemoryError {
  constructor(what: string) {
    super('CONFIRMATION_REQUIRED', `${what} needs confirmation`, { what, next: 'confirm' satisfies NextStep });
  }
}
export class ConflictError extends MemoryError {
  constructor(message: string, data: Record<string, unknown> = {}) {
    super('CONFLICT', message, data);
  }
}
/** The branch moved between our read and our write; callers retry on the new tip. A CONFLICT. */
export class RefMovedError extends ConflictError {
  constructor(ref: string, expected: string | null, actual: string | null) {
    super(`${ref} moved from ${expected ?? '(none)'} to ${actual ?? '(none)'} during the write`, { ref, expected, actual });
  }
}
export class LockedError extends MemoryError {
  constructor(lockPath: string) {
    super('LOCKED', `could not lock ${lockPath}: another process holds it; if no git process is running, delete the .lock file`, { lock: lockPath });
  }
}
export class CorruptObjectError extends MemoryError {
  constructor(oid: string, reason: string) {
    super('CORRUPT_OBJECT', `git object ${oid} could not be read: ${reason} (try "git fsck")`, { oid, reason });
  }
}
/**
 * A file of the search index (a segment, src/search/segment/) that does not describe a segment of
 * this format: truncated, replaced, another version. The index is derived from the branch, so its
 * readers rebuild it; the code reaches a caller only where nothing can.
 */
export class CorruptIndexError extends MemoryError {
  constructor(reason: string) {
    super('CORRUPT_INDEX', reason, { reason });
  }
}

/**
 * A write refused because it holds what looks like a credential. Kind and position only: the message
 * ends up in logs and must never carry the secret itself. `first` describes the first finding in
 * the scanner's words (src/model/secrets.ts, `secretDetected`, builds it).
 */
export class SecretDetectedError extends MemoryError {
  constructor(findings: ReadonlyArray<{ kind: string; field: string; line: number; column: number; offset: number; length: number }>, what: string, first: string) {
    const more = findings.length > 1 ? ` and ${findings.length - 1} more` : '';
    super('SECRET_DETECTED', `refusing to write ${what}: it contains ${first}${more}`, {
      findings: findings.map(({ kind, field, line, column, offset, length }) => ({ kind, field, line, column, offset, length })),
    });
  }
}

export class DuplicateError extends MemoryError {
  constructor(id: string, message = `a memory with id ${id} already exists`) {
    super('DUPLICATE', message, { id });
  }
}
/** Codes whose classes take a message and data as given (their call sites build the text). */
export class SyncFailedError extends MemoryError {
  constructor(message: string, data: Record<string, unknown> = {}) {
    super('SYNC_FAILED', message, data);
  }
}
export class PushRejectedError extends MemoryError {
  constructor(message: string, data: Record<string, unknown> = {}) {
    super('PUSH_REJECTED', message, data);
  }
}
export class RemoteUnreachableError extends MemoryError {
  constructor(message: string, data: Record<string, unknown> = {}) {
    super('REMOTE_UNREACHABLE', message, data);
  }
}
export class PermissionDeniedError extends MemoryError {
  constructor(message: string, data: Record<string, unknown> = {}) {
    super('PERMISSION_DENIED', message, data);
  }
}
/** A tree entry name git itself refuses (`git fsck --strict`), met in what a sync would take in. */
export class InvalidTreeNameError extends MemoryError {
  constructor(message: string, data: Record<string, unknown>) {
    super('INVALID_TREE_NAME', message, data);
  }
}
/** A fold or pull that would delete more memories than `sync.maxDeleteRatio` of the store allows. */
export class TooManyDeletesError extends MemoryError {
  constructor(message: string, data: Record<string, unknown>) {
    super('TOO_MANY_DELETES', message, data);
  }
}
export class EmbedderError extends MemoryError {
  constructor(message: string, data: Record<string, unknown> = {}) {
    super('EMBEDDER_ERROR', message, data);
  }
}
/** `memory view` cannot serve: its page files are missing, or the port is taken or not allowed. */
export class ViewUnavailableError extends MemoryError {
  constructor(message: string, data: Record<string, unknown> = {}) {
    super('VIEW_UNAVAILABLE', message, data);
  }
}

export class InternalError extends MemoryError {
  constructor(message: string, data: Record<string, unknown> = {}) {
    super('INTERNAL', message, data);
  }
}
/** A read of a search-index segment file after its owner closed it: a bug in whoever holds it, never a damaged file. An INTERNAL. */
export class SegmentClosedError extends InternalError {
  constructor() {
    super('index segment file read after it was closed', { reason: 'segment-closed' });
  }
}

/**
 * An object neither the in-process reader nor git itself could produce: a shallow clone's cut-off
 * history, a partial clone whose promisor remote is unreachable, or a damaged repository. Never
 * cached: the next read tries again.
 */
export class ObjectMissingError extends MemoryError {
  constructor(oid: string, detail = '') {
    super('OBJECT_MISSING', `git object ${oid} is not in the repository${detail ? ` (${detail})` : ''}`, {
      oid,
      ...(detail ? { detail } : {}),
      next: 'git.fetch' satisfies NextStep,
    });
  }
}
/** ENOSPC while writing to the repository. Temporary files are removed before this is thrown. */
export class DiskFullError extends MemoryError {
  constructor(path: string) {
    super('DISK_FULL', `no space left on the device holding ${path}: free some disk space and run the command again (nothing was changed)`, { path });
  }
}
/** EACCES / EPERM / EROFS writing to the repository: a read-only .git, another owner's files, a read-only mount. */
export class ReadOnlyRepositoryError extends MemoryError {
  constructor(path: string, errno: string) {
    super(
      'READ_ONLY_REPOSITORY',
      `cannot write to ${path} (${errno}): the repository is read-only for this user; check its permissions ("ls -ld ${path}") or run as its owner (nothing was changed)`,
      { path, errno },
    );
  }
}
/** git's `safe.directory` rule: a repository owned by someone else is not used unless the user trusts it. */
export class UnsafeRepositoryError extends MemoryError {
  constructor(dir: string, owner: number, uid: number) {
    super(
      'UNSAFE_REPOSITORY',
      `detected dubious ownership in repository at ${dir} (owned by uid ${owner}, you are uid ${uid}): if you trust it, run "git config --global --add safe.directory ${dir}"`,
      { dir, owner, uid },
    );
  }
}
/** A git command run by git-memory failed in a way no more specific code describes. */
export class GitCommandError extends MemoryError {
  constructor(args: string[], status: number | null, stderr: string) {
    const tail = stderr.trim().split('\n').slice(-3).join(' | ').slice(0, 500);
    super('GIT_FAILED', `git ${args[0] ?? ''} failed${status !== null ? ` (exit ${status})` : ''}${tail ? `: ${tail}` : ''}`, { command: args[0], status, stderr: tail });
  }
}
/**
 * The memory branch is some worktree's HEAD: committing to it would move that worktree's HEAD. An
 * INVALID_INPUT (field `branch`).
 */
export class BranchCheckedOutError extends InvalidInputError {
  constructor(branch: string, worktree: string) {
    super(`branch ${JSON.stringify(branch)} is checked out in ${worktree}: git-memory never writes to a checked-out branch (it would move that HEAD)`, {
      field: 'branch',
      branch,
      worktree,
      reason: 'checked-out',
      next: 'branch' satisfies NextStep,
    });
  }
}
/**
 * `memory export` wrote every memory it could, but some branch files cannot be written in a form
 * `memory import` accepts (a NUL byte in the text, more tags than the cap, ...): they are named here,
 * and the export exits non-zero rather than losing them quietly on the way back in.
 */
export class ExportIncompleteError extends MemoryError {
  constructor(skipped: Array<{ id: string; path: string; code: string; reason: string }>, exported: number) {
    const list = skipped.slice(0, 10).map((s) => (s.id ? `${s.id} (${s.path}: ${s.reason})` : `${s.path} (${s.reason})`)).join('; ');
    super(
      'EXPORT_INCOMPLETE',
      `exported ${exported} memories; ${skipped.length} file${skipped.length === 1 ? '' : 's'} could not be read or written in a form import accepts and ${skipped.length === 1 ? 'was' : 'were'} left out: ${list}${skipped.length > 10 ? `; and ${skipped.length - 10} more` : ''} (fix or delete those files on the memory branch)`,
      { exported, skipped: skipped.slice(0, 1000) },
    );
  }
}
/** A memory file is on the branch but cannot be read (broken front matter, ...): not the same as not found. */
export class UnreadableMemoryError extends MemoryError {
  constructor(id: string, path: string, reason: string) {
    super('UNREADABLE_MEMORY', `memory ${id} is on the branch at ${path} but cannot be read: ${reason} (fix or delete the file on the memory branch)`, { id, path, reason });
  }
}
/**
 * A citation given to a write (`--cite`, the library's `cite`, the MCP `citations`) cannot be recorded:
 * a bad path or range, a path not tracked at the commit, a symlink, a submodule, a binary or huge file.
 * `data.reason` is a stable word (docs/citations.md); nothing is stored.
 */
export class CitationInvalidError extends MemoryError {
  constructor(spec: string, reason: string, detail: string, more: Record<string, unknown> = {}) {
    super('CITATION_INVALID', `cannot cite ${JSON.stringify(spec.slice(0, 200))}: ${detail}`, { spec: spec.slice(0, 200), reason, ...more });
  }
}

/** The class of each code (a subclass, such as RefMovedError for CONFLICT, is one of its kind). */
const CLASS_OF: Record<ErrorCode, abstract new (...args: never[]) => MemoryError> = {
  NOT_A_REPOSITORY: NotARepositoryError,
  UNSUPPORTED_REPOSITORY: UnsupportedRepositoryError,
  NOT_FOUND: NotFoundError,
  INVALID_ID: InvalidIdError,
  INVALID_INPUT: InvalidInputError,
  EMPTY_CONTENT: EmptyContentError,
  CONTENT_TOO_LARGE: ContentTooLargeError,
  BINARY_CONTENT: BinaryContentError,
  CONFIRMATION_REQUIRED: ConfirmationRequiredError,
  CONFLICT: ConflictError,
  LOCKED: LockedError,
  CORRUPT_OBJECT: CorruptObjectError,
  CORRUPT_INDEX: CorruptIndexError,
  SECRET_DETECTED: SecretDetectedError,
  DUPLICATE: DuplicateError,
  SYNC_FAILED: SyncFailedError,
  PUSH_REJECTED: PushRejectedError,
  REMOTE_UNREACHABLE: RemoteUnreachableError,
  PERMISSION_DENIED: PermissionDeniedError,
  INVALID_TREE_NAME: InvalidTreeNameError,
  TOO_MANY_DELETES: TooManyDeletesError,
  EMBEDDER_ERROR: EmbedderError,
  OBJECT_MISSING: ObjectMissingError,
  DISK_FULL: DiskFullError,
  READ_ONLY_REPOSITORY: ReadOnlyRepositoryError,
  UNSAFE_REPOSITORY: UnsafeRepositoryError,
  GIT_FAILED: GitCommandError,
  EXPORT_INCOMPLETE: ExportIncompleteError,
  UNREADABLE_MEMORY: UnreadableMemoryError,
  VIEW_UNAVAILABLE: ViewUnavailableError,
  CITATION_INVALID: CitationInvalidError,
  INTERNAL: InternalError,
};

/** Every code, in the order of {@link ErrorCode}: each has exactly one class, the one that extends MemoryError directly. */
export const ERROR_CODES = Object.keys(CLASS_OF) as readonly ErrorCode[];

/**
 * An error of `code` with this message and data, as an instance of the code's class (so `instanceof`
 * holds): for a copy of another error (masked, re-worded) or one read back from the search helper.
 * A code this version does not know is INTERNAL.
 */
export function errorOf(code: string, message: string, data: Record<string, unknown> = {}): MemoryError {
  const known = Object.hasOwn(CLASS_OF, code);
  return Reflect.construct(MemoryError, [known ? code : 'INTERNAL', message, data], known ? CLASS_OF[code as ErrorCode] : InternalError) as MemoryError;
}

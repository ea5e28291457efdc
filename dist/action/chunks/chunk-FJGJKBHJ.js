import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);

// src/errors.ts
var MemoryError = class extends Error {
  code;
  data;
  constructor(code, message, data = {}) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.data = data;
  }
  toJSON() {
    return Object.keys(this.data).length ? { code: this.code, message: this.message, data: this.data } : { code: this.code, message: this.message };
  }
};
var NotARepositoryError = class extends MemoryError {
  constructor(dir) {
    super("NOT_A_REPOSITORY", `not a git repository: ${dir}`, { dir, next: "repository" });
  }
};
var UnsupportedRepositoryError = class extends MemoryError {
  constructor(reason) {
    super("UNSUPPORTED_REPOSITORY", `unsupported repository: ${reason}`, { reason });
  }
};
var NotFoundError = class extends MemoryError {
  /**
   * `more.detail` (a fact, e.g. "it is in the trash") follows the message; the other fields go into
   * `data` (e.g. `trashed: true`). `data.next` defaults to `list` for a memory.
   */
  constructor(id, what = "memory", more = {}) {
    const { detail, ...data } = more;
    const next = "next" in more ? more.next : what.startsWith("memory") ? "list" : void 0;
    super("NOT_FOUND", `${what} not found: ${id}${detail ? `: ${detail}` : ""}`, { id, ...data, ...next ? { next } : {} });
  }
};
var InvalidIdError = class extends MemoryError {
  constructor(id) {
    const shown = id.length > 80 ? `${JSON.stringify(id.slice(0, 80)).slice(0, -1)}\u2026" (${id.length} characters)` : JSON.stringify(id);
    super("INVALID_ID", `invalid memory id: ${shown} (ids look like mem_ followed by lowercase letters and digits, e.g. mem_0k2x9d1ab7q4ce3m)`, { id });
  }
};
var InvalidInputError = class extends MemoryError {
  constructor(message, data = {}) {
    super("INVALID_INPUT", message, data);
  }
};
var FrontMatterError = class extends InvalidInputError {
  constructor(message) {
    super(message, { field: "front-matter" });
  }
};
var EmptyContentError = class extends MemoryError {
  constructor() {
    super("EMPTY_CONTENT", "content is empty: a memory needs text", { next: "content" });
  }
};
var ContentTooLargeError = class extends MemoryError {
  constructor(a, b) {
    if (typeof a === "string") super("CONTENT_TOO_LARGE", a, b);
    else super("CONTENT_TOO_LARGE", `content is ${a} bytes, over the ${b}-byte limit: store a summary, or split it into several memories`, { bytes: a, limit: b });
  }
};
var InputTooLargeError = class extends ContentTooLargeError {
  constructor(what, limit) {
    super(`${what} is over the ${limit}-byte limit; nothing was read past it and nothing was written`, { limit, what });
  }
};
var BinaryContentError = class extends MemoryError {
  /** `message` replaces the default text (a core document is not a memory). */
  constructor(offset, message = `content contains a NUL byte at offset ${offset}: memories are text; store binary data elsewhere and remember where`) {
    super("BINARY_CONTENT", message, { offset });
  }
};
var ConfirmationRequiredError = class extends MemoryError {
  constructor(what) {
    super("CONFIRMATION_REQUIRED", `${what} needs confirmation`, { what, next: "confirm" });
  }
};
var ConflictError = class extends MemoryError {
  constructor(message, data = {}) {
    super("CONFLICT", message, data);
  }
};
var RefMovedError = class extends ConflictError {
  constructor(ref, expected, actual) {
    super(`${ref} moved from ${expected ?? "(none)"} to ${actual ?? "(none)"} during the write`, { ref, expected, actual });
  }
};
var LockedError = class extends MemoryError {
  constructor(lockPath) {
    super("LOCKED", `could not lock ${lockPath}: another process holds it; if no git process is running, delete the .lock file`, { lock: lockPath });
  }
};
var CorruptObjectError = class extends MemoryError {
  constructor(oid, reason) {
    super("CORRUPT_OBJECT", `git object ${oid} could not be read: ${reason} (try "git fsck")`, { oid, reason });
  }
};
var CorruptIndexError = class extends MemoryError {
  constructor(reason) {
    super("CORRUPT_INDEX", reason, { reason });
  }
};
var SecretDetectedError = class extends MemoryError {
  constructor(findings, what, first) {
    const more = findings.length > 1 ? ` and ${findings.length - 1} more` : "";
    super("SECRET_DETECTED", `refusing to write ${what}: it contains ${first}${more}`, {
      findings: findings.map(({ kind, field, line, column, offset, length }) => ({ kind, field, line, column, offset, length }))
    });
  }
};
var DuplicateError = class extends MemoryError {
  constructor(id, message = `a memory with id ${id} already exists`) {
    super("DUPLICATE", message, { id });
  }
};
var SyncFailedError = class extends MemoryError {
  constructor(message, data = {}) {
    super("SYNC_FAILED", message, data);
  }
};
var PushRejectedError = class extends MemoryError {
  constructor(message, data = {}) {
    super("PUSH_REJECTED", message, data);
  }
};
var RemoteUnreachableError = class extends MemoryError {
  constructor(message, data = {}) {
    super("REMOTE_UNREACHABLE", message, data);
  }
};
var PermissionDeniedError = class extends MemoryError {
  constructor(message, data = {}) {
    super("PERMISSION_DENIED", message, data);
  }
};
var InvalidTreeNameError = class extends MemoryError {
  constructor(message, data) {
    super("INVALID_TREE_NAME", message, data);
  }
};
var TooManyDeletesError = class extends MemoryError {
  constructor(message, data) {
    super("TOO_MANY_DELETES", message, data);
  }
};
var EmbedderError = class extends MemoryError {
  constructor(message, data = {}) {
    super("EMBEDDER_ERROR", message, data);
  }
};
var ViewUnavailableError = class extends MemoryError {
  constructor(message, data = {}) {
    super("VIEW_UNAVAILABLE", message, data);
  }
};
var InternalError = class extends MemoryError {
  constructor(message, data = {}) {
    super("INTERNAL", message, data);
  }
};
var SegmentClosedError = class extends InternalError {
  constructor() {
    super("index segment file read after it was closed", { reason: "segment-closed" });
  }
};
var ObjectMissingError = class extends MemoryError {
  constructor(oid, detail = "") {
    super("OBJECT_MISSING", `git object ${oid} is not in the repository${detail ? ` (${detail})` : ""}`, {
      oid,
      ...detail ? { detail } : {},
      next: "git.fetch"
    });
  }
};
var DiskFullError = class extends MemoryError {
  constructor(path) {
    super("DISK_FULL", `no space left on the device holding ${path}: free some disk space and run the command again (nothing was changed)`, { path });
  }
};
var ReadOnlyRepositoryError = class extends MemoryError {
  constructor(path, errno) {
    super(
      "READ_ONLY_REPOSITORY",
      `cannot write to ${path} (${errno}): the repository is read-only for this user; check its permissions ("ls -ld ${path}") or run as its owner (nothing was changed)`,
      { path, errno }
    );
  }
};
var UnsafeRepositoryError = class extends MemoryError {
  constructor(dir, owner, uid) {
    super(
      "UNSAFE_REPOSITORY",
      `detected dubious ownership in repository at ${dir} (owned by uid ${owner}, you are uid ${uid}): if you trust it, run "git config --global --add safe.directory ${dir}"`,
      { dir, owner, uid }
    );
  }
};
var GitCommandError = class extends MemoryError {
  constructor(args, status, stderr) {
    const tail = stderr.trim().split("\n").slice(-3).join(" | ").slice(0, 500);
    super("GIT_FAILED", `git ${args[0] ?? ""} failed${status !== null ? ` (exit ${status})` : ""}${tail ? `: ${tail}` : ""}`, { command: args[0], status, stderr: tail });
  }
};
var BranchCheckedOutError = class extends InvalidInputError {
  constructor(branch, worktree) {
    super(`branch ${JSON.stringify(branch)} is checked out in ${worktree}: git-memory never writes to a checked-out branch (it would move that HEAD)`, {
      field: "branch",
      branch,
      worktree,
      reason: "checked-out",
      next: "branch"
    });
  }
};
var ExportIncompleteError = class extends MemoryError {
  constructor(skipped, exported) {
    const list = skipped.slice(0, 10).map((s) => s.id ? `${s.id} (${s.path}: ${s.reason})` : `${s.path} (${s.reason})`).join("; ");
    super(
      "EXPORT_INCOMPLETE",
      `exported ${exported} memories; ${skipped.length} file${skipped.length === 1 ? "" : "s"} could not be read or written in a form import accepts and ${skipped.length === 1 ? "was" : "were"} left out: ${list}${skipped.length > 10 ? `; and ${skipped.length - 10} more` : ""} (fix or delete those files on the memory branch)`,
      { exported, skipped: skipped.slice(0, 1e3) }
    );
  }
};
var UnreadableMemoryError = class extends MemoryError {
  constructor(id, path, reason) {
    super("UNREADABLE_MEMORY", `memory ${id} is on the branch at ${path} but cannot be read: ${reason} (fix or delete the file on the memory branch)`, { id, path, reason });
  }
};
var CitationInvalidError = class extends MemoryError {
  constructor(spec, reason, detail, more = {}) {
    super("CITATION_INVALID", `cannot cite ${JSON.stringify(spec.slice(0, 200))}: ${detail}`, { spec: spec.slice(0, 200), reason, ...more });
  }
};
var CLASS_OF = {
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
  INTERNAL: InternalError
};
var ERROR_CODES = Object.keys(CLASS_OF);
function errorOf(code, message, data = {}) {
  const known = Object.hasOwn(CLASS_OF, code);
  return Reflect.construct(MemoryError, [known ? code : "INTERNAL", message, data], known ? CLASS_OF[code] : InternalError);
}

export {
  MemoryError,
  NotARepositoryError,
  UnsupportedRepositoryError,
  NotFoundError,
  InvalidIdError,
  InvalidInputError,
  FrontMatterError,
  EmptyContentError,
  ContentTooLargeError,
  InputTooLargeError,
  BinaryContentError,
  ConfirmationRequiredError,
  ConflictError,
  RefMovedError,
  LockedError,
  CorruptObjectError,
  CorruptIndexError,
  SecretDetectedError,
  DuplicateError,
  SyncFailedError,
  PushRejectedError,
  RemoteUnreachableError,
  PermissionDeniedError,
  InvalidTreeNameError,
  TooManyDeletesError,
  EmbedderError,
  ViewUnavailableError,
  InternalError,
  SegmentClosedError,
  ObjectMissingError,
  DiskFullError,
  ReadOnlyRepositoryError,
  UnsafeRepositoryError,
  GitCommandError,
  BranchCheckedOutError,
  ExportIncompleteError,
  UnreadableMemoryError,
  CitationInvalidError,
  errorOf
};

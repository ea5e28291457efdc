/**
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
  | 'SECRET_DETECTED'
  | 'DUPLICATE'
  | 'SYNC_FAILED'
  | 'PUSH_REJECTED'
  | 'REMOTE_UNREACHABLE'
  | 'PERMISSION_DENIED'
  | 'INDEX_ERROR'
  | 'EMBEDDER_ERROR'
  | 'INTERNAL';

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
    super('NOT_A_REPOSITORY', `not a git repository: ${dir} (run inside a repository, pass --repo DIR, or run "git init")`, { dir });
  }
}
export class UnsupportedRepositoryError extends MemoryError {
  constructor(reason: string) {
    super('UNSUPPORTED_REPOSITORY', `unsupported repository: ${reason}`, { reason });
  }
}
export class NotFoundError extends MemoryError {
  constructor(id: string, what = 'memory') {
    super('NOT_FOUND', `${what} not found: ${id} (list ids with "memory list")`, { id });
  }
}
export class InvalidIdError extends MemoryError {
  constructor(id: string) {
    super('INVALID_ID', `invalid memory id: ${JSON.stringify(id)} (ids look like mem_ followed by lowercase letters and digits, e.g. mem_0k2x9d1ab7q4ce3m)`, { id });
  }
}
export class InvalidInputError extends MemoryError {
  constructor(message: string, data: Record<string, unknown> = {}) {
    super('INVALID_INPUT', message, data);
  }
}
export class EmptyContentError extends MemoryError {
  constructor() {
    super('EMPTY_CONTENT', 'content is empty: give the text to remember as an argument or on stdin with "-"');
  }
}
export class ContentTooLargeError extends MemoryError {
  constructor(bytes: number, limit: number) {
    super('CONTENT_TOO_LARGE', `content is ${bytes} bytes, over the ${limit}-byte limit: store a summary, or split it into several memories`, { bytes, limit });
  }
}
export class BinaryContentError extends MemoryError {
  constructor(offset: number) {
    super('BINARY_CONTENT', `content contains a NUL byte at offset ${offset}: memories are text; store binary data elsewhere and remember where`, { offset });
  }
}
export class ConfirmationRequiredError extends MemoryError {
  constructor(what: string) {
    super('CONFIRMATION_REQUIRED', `${what} needs --confirm`, { what });
  }
}
/** The branch moved between our read and our write; callers retry on the new tip. */
export class RefMovedError extends MemoryError {
  constructor(ref: string, expected: string | null, actual: string | null) {
    super('CONFLICT', `${ref} moved from ${expected ?? '(none)'} to ${actual ?? '(none)'} during the write`, { ref, expected, actual });
  }
}
export class ConflictError extends MemoryError {
  constructor(message: string, data: Record<string, unknown> = {}) {
    super('CONFLICT', message, data);
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

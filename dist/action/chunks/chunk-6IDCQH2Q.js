import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __require = /* @__PURE__ */ ((x) => typeof require !== "undefined" ? require : typeof Proxy !== "undefined" ? new Proxy(x, {
  get: (a, b) => (typeof require !== "undefined" ? require : a)[b]
}) : x)(function(x) {
  if (typeof require !== "undefined") return require.apply(this, arguments);
  throw Error('Dynamic require of "' + x + '" is not supported');
});
var __commonJS = (cb, mod) => function __require2() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e) {
    throw mod = 0, e;
  }
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));

// src/core/errors.ts
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
    super("NOT_A_REPOSITORY", `not a git repository: ${dir} (run inside a repository, pass --repo DIR, or run "git init")`, { dir });
  }
};
var UnsupportedRepositoryError = class extends MemoryError {
  constructor(reason) {
    super("UNSUPPORTED_REPOSITORY", `unsupported repository: ${reason}`, { reason });
  }
};
var NotFoundError = class extends MemoryError {
  constructor(id, what = "memory") {
    super("NOT_FOUND", `${what} not found: ${id} (list ids with "memory list")`, { id });
  }
};
var InvalidIdError = class extends MemoryError {
  constructor(id) {
    super("INVALID_ID", `invalid memory id: ${JSON.stringify(id)} (ids look like mem_ followed by lowercase letters and digits, e.g. mem_0k2x9d1ab7q4ce3m)`, { id });
  }
};
var InvalidInputError = class extends MemoryError {
  constructor(message, data = {}) {
    super("INVALID_INPUT", message, data);
  }
};
var EmptyContentError = class extends MemoryError {
  constructor() {
    super("EMPTY_CONTENT", 'content is empty: give the text to remember as an argument or on stdin with "-"');
  }
};
var ContentTooLargeError = class extends MemoryError {
  constructor(bytes, limit) {
    super("CONTENT_TOO_LARGE", `content is ${bytes} bytes, over the ${limit}-byte limit: store a summary, or split it into several memories`, { bytes, limit });
  }
};
var BinaryContentError = class extends MemoryError {
  constructor(offset) {
    super("BINARY_CONTENT", `content contains a NUL byte at offset ${offset}: memories are text; store binary data elsewhere and remember where`, { offset });
  }
};
var ConfirmationRequiredError = class extends MemoryError {
  constructor(what) {
    super("CONFIRMATION_REQUIRED", `${what} needs --confirm`, { what });
  }
};
var RefMovedError = class extends MemoryError {
  constructor(ref, expected, actual) {
    super("CONFLICT", `${ref} moved from ${expected ?? "(none)"} to ${actual ?? "(none)"} during the write`, { ref, expected, actual });
  }
};
var ConflictError = class extends MemoryError {
  constructor(message, data = {}) {
    super("CONFLICT", message, data);
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

export {
  __require,
  __commonJS,
  __toESM,
  MemoryError,
  NotARepositoryError,
  UnsupportedRepositoryError,
  NotFoundError,
  InvalidIdError,
  InvalidInputError,
  EmptyContentError,
  ContentTooLargeError,
  BinaryContentError,
  ConfirmationRequiredError,
  RefMovedError,
  ConflictError,
  LockedError,
  CorruptObjectError
};

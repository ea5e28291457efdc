import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  excerpt
} from "./chunk-WMTLY4KJ.js";
import {
  assertNoNewSecrets,
  guardOptions
} from "./chunk-GRE5BRR7.js";
import {
  BinaryContentError,
  ConflictError,
  ContentTooLargeError,
  InvalidInputError,
  MemoryError,
  NotFoundError
} from "./chunk-FJGJKBHJ.js";

// src/lifecycle/core-doc.ts
var CORE_DIR = "core";
var DEFAULT_CORE = "default";
var NAME_RE = /^[a-z0-9][a-z0-9_-]{0,63}$/;
function coreName(name) {
  const n = name === void 0 || name === "" ? DEFAULT_CORE : String(name);
  if (!NAME_RE.test(n)) throw new InvalidInputError(`invalid core document name ${JSON.stringify(name)}: use lowercase letters, digits, - and _ (e.g. user, project)`, { field: "name" });
  return n;
}
function corePath(name) {
  return `${CORE_DIR}/${coreName(name)}.md`;
}
function charCount(s) {
  let n = 0;
  for (const _ of s) n++;
  return n;
}
function lineAt(doc, index) {
  let line = 1;
  for (let i = doc.indexOf("\n"); i >= 0 && i < index; i = doc.indexOf("\n", i + 1)) line++;
  return line;
}
function occurrences(doc, needle) {
  const out = [];
  for (let i = doc.indexOf(needle); i >= 0; i = doc.indexOf(needle, i + 1)) out.push(i);
  return out;
}
function matchError(field, text, found, doc, op) {
  const lines = found.map((i) => lineAt(doc, i));
  const where = op === null ? "" : ` (operation ${op + 1})`;
  const data = { field, matches: found.length, lines, reason: found.length ? "ambiguous" : "no_match" };
  if (op !== null) data.operation = op;
  const msg = found.length ? `${field} "${excerpt(text, 60)}" matches ${found.length} places${where}, on lines ${lines.join(", ")}: include more surrounding text so it matches exactly once` : `${field} "${excerpt(text, 60)}" does not occur in the current core document${where}: copy the text exactly from the current document`;
  if (!found.length) data.next = "core.view";
  return new InvalidInputError(msg, data);
}
function need(op, field, index, allowEmpty = false) {
  const v = op[field];
  if (typeof v !== "string" || !allowEmpty && v === "") {
    const data = { field };
    if (index !== null) data.operation = index;
    throw new InvalidInputError(`${op.action} needs ${field}${index === null ? "" : ` (operation ${index + 1})`}`, data);
  }
  return v;
}
function uniqueMatch(doc, field, text, index) {
  const found = occurrences(doc, text);
  if (found.length !== 1) throw matchError(field, text, found, doc, index);
  return found[0];
}
function applyOperation(doc, op, index = null) {
  switch (op?.action) {
    case "edit": {
      const old = need(op, "old_text", index);
      const next = need(op, "new_text", index, true);
      const at = uniqueMatch(doc, "old_text", old, index);
      return doc.slice(0, at) + next + doc.slice(at + old.length);
    }
    case "delete": {
      const old = need(op, "old_text", index);
      const at = uniqueMatch(doc, "old_text", old, index);
      let end = at + old.length;
      const wholeLines = (at === 0 || doc[at - 1] === "\n") && !old.endsWith("\n") && doc[end] === "\n";
      if (wholeLines) end++;
      return doc.slice(0, at) + doc.slice(end);
    }
    case "insert_after": {
      const content = need(op, "content", index);
      const anchor = op.anchor_text ?? "";
      if (typeof anchor !== "string") throw new InvalidInputError("anchor_text must be a string", { field: "anchor_text" });
      if (anchor === "") {
        if (doc.trim() !== "") {
          const data = { field: "anchor_text", reason: "anchor_required" };
          if (index !== null) data.operation = index;
          throw new InvalidInputError("insert_after needs anchor_text once the core document has content (an empty anchor is only for the first write)", data);
        }
        return content;
      }
      let pos = uniqueMatch(doc, "anchor_text", anchor, index) + anchor.length;
      if (doc[pos - 1] === "\n") return doc.slice(0, pos) + content + (content.endsWith("\n") ? "" : "\n") + doc.slice(pos);
      const eol = doc.indexOf("\n", pos);
      pos = eol < 0 ? doc.length : eol;
      return doc.slice(0, pos) + "\n" + content + doc.slice(pos);
    }
    default: {
      const data = { field: "action", action: op?.action ?? null };
      if (index !== null) data.operation = index;
      throw new InvalidInputError(`unknown core action ${JSON.stringify(op?.action)}: use edit, delete or insert_after${index === null ? "" : ` (operation ${index + 1})`}`, data);
    }
  }
}
function applyOperations(doc, ops) {
  let cur = doc;
  ops.forEach((op, i) => cur = applyOperation(cur, op, ops.length > 1 ? i : null));
  return cur;
}
function readCore(store, path, commit) {
  const tree = store.treeOf(commit);
  const e = tree ? store.git.entryAt(tree, path) : null;
  return e ? { content: store.git.readBlob(e.oid).toString("utf8"), oid: e.oid } : { content: "", oid: null };
}
function checkExpected(store, path, expected, tip, expectedOid2) {
  if (expected === void 0 || expected === null || expected === "") return;
  const current = readCore(store, path, tip).oid;
  if (current !== expectedOid2) {
    throw new ConflictError(`the core document changed since version ${expected.slice(0, 12)}: redo the change on the current text`, {
      expected_version: expected,
      current_version: tip,
      next: "core.view"
    });
  }
}
async function expectedOid(store, path, expected) {
  if (expected === void 0 || expected === null || expected === "") return void 0;
  const { resolveCommit } = await import("./history-BUNQV4GL.js");
  let commit;
  try {
    commit = resolveCommit(store, expected);
  } catch (err) {
    if (err instanceof MemoryError && err.code === "NOT_FOUND") {
      throw new ConflictError(`unknown core version ${expected}: this clone never saw it`, { expected_version: expected, current_version: store.tip(), next: "core.view" });
    }
    throw err;
  }
  return readCore(store, path, commit).oid;
}
function budget(store, name, text, current) {
  const max = store.config().coreMaxChars;
  const chars = charCount(text);
  if (chars > max && chars > charCount(current)) {
    throw new ContentTooLargeError(`core document "${name}" would be ${chars} characters, over its budget of ${max} (coreMaxChars): condense it instead; nothing was written`, {
      chars,
      limit: max,
      name
    });
  }
  return chars;
}
async function coreView(store, opts = {}) {
  const name = coreName(opts.name);
  const tip = store.tip();
  const { content } = readCore(store, corePath(name), tip);
  return { success: true, name, content, version: tip, chars: charCount(content), max_chars: store.config().coreMaxChars };
}
function describeOp(op) {
  switch (op.action) {
    case "edit":
      return `- edit "${excerpt(op.old_text ?? "", 50)}" -> "${excerpt(op.new_text ?? "", 50)}"`;
    case "delete":
      return `- delete "${excerpt(op.old_text ?? "", 50)}"`;
    default:
      return `- insert after "${excerpt(op.anchor_text ?? "", 40)}": "${excerpt(op.content ?? "", 50)}"`;
  }
}
async function write(store, name, expected, subject, body, transform, applied) {
  const path = corePath(name);
  const expectOid = await expectedOid(store, path, expected);
  const res = await store.mutate((tip) => {
    checkExpected(store, path, expected, tip, expectOid);
    const cur = readCore(store, path, tip);
    const next = assertNoNewSecrets(transform(cur.content), cur.content, { ...guardOptions(store.config()), field: `core/${name}`, what: `the core document "${name}"` });
    const chars = budget(store, name, next, cur.content);
    if (next === cur.content && cur.oid !== null) return { change: null, result: { chars, changed: false } };
    return {
      change: { changes: /* @__PURE__ */ new Map([[path, Buffer.from(next, "utf8")]]), message: `memory: core ${name}: ${subject}

${body}
` },
      result: { chars, changed: true }
    };
  });
  return { success: true, name, version: res.commit, chars: res.chars, max_chars: store.config().coreMaxChars, changed: res.changed, applied };
}
async function coreUpdate(store, input) {
  if (!input || typeof input !== "object") throw new InvalidInputError("give an action: edit, delete, insert_after or batch", { field: "action" });
  const name = coreName(input.name);
  let ops;
  if (input.action === "batch") {
    if (!Array.isArray(input.operations) || !input.operations.length) throw new InvalidInputError("batch needs a non-empty operations array", { field: "operations" });
    input.operations.forEach((op, i) => {
      if (!op || typeof op !== "object" || !["edit", "delete", "insert_after"].includes(op.action)) {
        throw new InvalidInputError(`operation ${i + 1}: action must be edit, delete or insert_after`, { field: "action", operation: i });
      }
    });
    ops = input.operations;
  } else {
    ops = [{ action: input.action, old_text: input.old_text, new_text: input.new_text, anchor_text: input.anchor_text, content: input.content }];
    if (!["edit", "delete", "insert_after"].includes(String(input.action))) applyOperation("", ops[0]);
  }
  const subject = input.action === "batch" ? `batch of ${ops.length} operation${ops.length === 1 ? "" : "s"}` : String(input.action).replace("_", "-");
  return write(store, name, input.expect_version, subject, ops.map(describeOp).join("\n"), (doc) => applyOperations(doc, ops), ops.length);
}
async function coreSet(store, input) {
  if (typeof input?.content !== "string") throw new InvalidInputError("give the document content", { field: "content" });
  if (input.content.includes("\0")) throw new BinaryContentError(input.content.indexOf("\0"), "the core document is text: it cannot contain NUL bytes");
  const name = coreName(input.name);
  return write(store, name, input.expect_version, "set", `${charCount(input.content)} characters`, () => input.content, 1);
}
async function coreHistory(store, opts = {}) {
  const name = coreName(opts.name);
  const { logPaths } = await import("./history-BUNQV4GL.js");
  const snapshots = logPaths(store, [`:(literal)${corePath(name)}`]).map((r) => ({ version: r.commit, timestamp: r.timestamp, message: r.message }));
  return { success: true, name, snapshots };
}
async function coreRestore(store, input) {
  const name = coreName(input?.name);
  if (!input?.version) throw new InvalidInputError("give the version to restore", { field: "version", next: "core.history" });
  const { resolveCommit } = await import("./history-BUNQV4GL.js");
  const from = resolveCommit(store, input.version);
  const old = readCore(store, corePath(name), from);
  if (old.oid === null) throw new NotFoundError(`${name} at ${from.slice(0, 12)}`, "core document");
  const r = await write(store, name, input.expect_version, `restore to ${from.slice(0, 12)}`, `Restored the document as of ${from}.`, () => old.content, 1);
  return { ...r, restored_from: from };
}

export {
  CORE_DIR,
  DEFAULT_CORE,
  coreName,
  corePath,
  charCount,
  applyOperation,
  applyOperations,
  coreView,
  coreUpdate,
  coreSet,
  coreHistory,
  coreRestore
};

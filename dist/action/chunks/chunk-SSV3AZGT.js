import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  CorruptObjectError
} from "./chunk-FJGJKBHJ.js";

// src/git/tree.ts
import { isUtf8 } from "node:buffer";
function decodeName(data, start = 0, end = data.length) {
  const bytes = data.subarray(start, end);
  if (isUtf8(bytes)) return bytes.toString("utf8");
  let out = "";
  let i = 0;
  while (i < bytes.length) {
    const len = utf8SequenceAt(bytes, i);
    if (len > 0) {
      out += bytes.toString("utf8", i, i + len);
      i += len;
    } else {
      out += String.fromCharCode(56320 + bytes[i]);
      i++;
    }
  }
  return out;
}
function utf8SequenceAt(b, i) {
  const c = b[i];
  if (c < 128) return 1;
  const len = c >= 194 && c <= 223 ? 2 : c >= 224 && c <= 239 ? 3 : c >= 240 && c <= 244 ? 4 : 0;
  if (len === 0 || i + len > b.length) return 0;
  return isUtf8(b.subarray(i, i + len)) ? len : 0;
}
var ESCAPED = /[\udc80-\udcff]/u;
function hasRawBytes(name) {
  return ESCAPED.test(name);
}
function encodeName(name) {
  if (!hasRawBytes(name)) return Buffer.from(name, "utf8");
  const parts = [];
  let run = "";
  for (const ch of name) {
    const c = ch.charCodeAt(0);
    if (ch.length === 1 && c >= 56448 && c <= 56575) {
      if (run) parts.push(Buffer.from(run, "utf8"));
      run = "";
      parts.push(Buffer.of(c - 56320));
    } else run += ch;
  }
  if (run) parts.push(Buffer.from(run, "utf8"));
  return Buffer.concat(parts);
}
function shownName(name) {
  return hasRawBytes(name) ? name.replace(/[\udc80-\udcff]/gu, (c) => `\\x${(c.charCodeAt(0) - 56320).toString(16)}`) : name;
}
var MODE_TREE = "40000";
var MODE_BLOB = "100644";
function isTreeMode(mode) {
  return mode === "40000" || mode === "040000";
}
function parseTree(data, oid = "(tree)") {
  const out = [];
  let p = 0;
  while (p < data.length) {
    const sp = data.indexOf(32, p);
    const nul = data.indexOf(0, sp);
    if (sp < 0 || nul < 0 || nul + 21 > data.length) throw new CorruptObjectError(oid, "malformed tree");
    out.push({
      mode: data.toString("latin1", p, sp),
      name: decodeName(data, sp + 1, nul),
      oid: data.toString("hex", nul + 1, nul + 21)
    });
    p = nul + 21;
  }
  return out;
}
function scanTree(data, oid, visit) {
  for (let p = 0; p < data.length; ) {
    const sp = data.indexOf(32, p);
    const nul = sp < 0 ? -1 : data.indexOf(0, sp);
    if (sp < 0 || nul < 0 || nul + 21 > data.length) throw new CorruptObjectError(oid, "malformed tree");
    if (visit(p, sp, nul)) return;
    p = nul + 21;
  }
}
function isTreeModeAt(data, at, sp) {
  return sp - at === 5 && data[at] === 52 || sp - at === 6 && data[at] === 48 && data[at + 1] === 52;
}
function isRegularFileAt(data, at, sp) {
  return sp - at === 6 && data[at] === 49 && data[at + 1] === 48;
}
function sortKey(e) {
  return encodeName(isTreeMode(e.mode) ? e.name + "/" : e.name);
}
var ZERO = Buffer.of(0);
function serializeTree(entries) {
  const keyed = entries.map((e) => ({ e, k: sortKey(e) }));
  keyed.sort((a, b) => Buffer.compare(a.k, b.k));
  const parts = [];
  for (const { e } of keyed) {
    parts.push(Buffer.from(`${isTreeMode(e.mode) ? "40000" : e.mode} `, "latin1"), encodeName(e.name), ZERO, Buffer.from(e.oid, "hex"));
  }
  return Buffer.concat(parts);
}
function parseCommit(oid, data) {
  const text = data.toString("utf8");
  const end = text.indexOf("\n\n");
  const head = end < 0 ? text : text.slice(0, end);
  const info = { oid, tree: "", parents: [], author: "", committer: "", time: 0, message: end < 0 ? "" : text.slice(end + 2) };
  for (const line of head.split("\n")) {
    if (line.startsWith("tree ")) info.tree = line.slice(5);
    else if (line.startsWith("parent ")) info.parents.push(line.slice(7));
    else if (line.startsWith("author ")) info.author = line.slice(7);
    else if (line.startsWith("committer ")) {
      info.committer = line.slice(10);
      const m = /> (\d+) [+-]\d{4}$/.exec(info.committer);
      if (m) info.time = Number(m[1]);
    }
  }
  if (!/^[0-9a-f]{40}$/.test(info.tree)) throw new CorruptObjectError(oid, "commit has no tree");
  return info;
}
function signature(id, when) {
  const clean = (s) => s.replace(/[<>\n]/g, "").trim();
  return `${clean(id.name) || "git-memory"} <${clean(id.email)}> ${Math.floor(when.getTime() / 1e3)} +0000`;
}
var MESSAGE_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
function inertMessage(text) {
  return text.replace(MESSAGE_CONTROLS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
function serializeCommit(c) {
  const when = c.when ?? /* @__PURE__ */ new Date();
  const sig = (who) => typeof who === "string" ? who : signature(who, when);
  const lines = [`tree ${c.tree}`, ...c.parents.map((p) => `parent ${p}`), `author ${sig(c.author)}`, `committer ${sig(c.committer ?? c.author)}`];
  const text = inertMessage(c.message);
  const msg = text.endsWith("\n") ? text : text + "\n";
  return Buffer.from(lines.join("\n") + "\n\n" + msg, "utf8");
}
var PLAIN_NAME = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;
var HFS_IGNORABLE = /[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/g;
function badTreeName(name) {
  if (PLAIN_NAME.test(name)) return null;
  if (name === "") return "empty name";
  if (name === "." || name === "..") return `"${name}"`;
  if (name.includes("/") || name.includes("\0")) return 'a name containing "/"';
  const folded = name.replace(HFS_IGNORABLE, "").toLowerCase();
  if (folded === ".git" || folded.replace(/[. ]+$/, "") === ".git" || folded.replace(/[. ]+$/, "") === "git~1") return '".git"';
  return null;
}

export {
  hasRawBytes,
  shownName,
  MODE_TREE,
  MODE_BLOB,
  isTreeMode,
  parseTree,
  scanTree,
  isTreeModeAt,
  isRegularFileAt,
  serializeTree,
  parseCommit,
  signature,
  serializeCommit,
  badTreeName
};

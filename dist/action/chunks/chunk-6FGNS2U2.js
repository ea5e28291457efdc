import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);

// src/citations/model.ts
import { createHash } from "node:crypto";
var CITATION_STATES = ["valid", "moved", "changed", "gone", "invalid", "unknown"];
var MAX_CITATIONS = 16;
var MAX_PATH_BYTES = 1024;
var MAX_TEXT_LINES = 200;
var MAX_TEXT_BYTES = 8 * 1024;
var MAX_EDGE_CHARS = 512;
var MAX_LINE = 1e7;
var MAX_CITED_FILE_BYTES = 16 * 1024 * 1024;
var HEX40 = /^[0-9a-f]{40}$/;
var HEX64 = /^[0-9a-f]{64}$/;
function normalizeCitePath(raw) {
  if (typeof raw !== "string" || raw === "") return { reason: "path is empty or not a string" };
  if (Buffer.byteLength(raw, "utf8") > MAX_PATH_BYTES) return { reason: `path is over ${MAX_PATH_BYTES} bytes` };
  if (/[\u0000-\u001f\u007f]/.test(raw)) return { reason: "path has a control character or NUL" };
  if (raw.includes("\\")) return { reason: 'path has a backslash (use "/")' };
  if (raw.startsWith("/") || /^[A-Za-z]:/.test(raw) || raw.startsWith("~")) return { reason: "path is absolute (give it relative to the repository root)" };
  const parts = raw.split("/").filter((p) => p !== "" && p !== ".");
  if (!parts.length) return { reason: "path names no file" };
  if (parts.includes("..")) return { reason: 'path has a ".." segment' };
  if (parts.some((p) => p.toLowerCase() === ".git")) return { reason: "path is inside .git" };
  return { path: parts.join("/") };
}
function splitLines(text) {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}
function rangeHash(lines, start, end) {
  const h = createHash("sha256");
  for (let i = start - 1; i < end; i++) {
    if (i > start - 1) h.update("\n");
    h.update(lines[i], "utf8");
  }
  return h.digest("hex");
}
function anchorOf(lines, start, end) {
  const sha256 = rangeHash(lines, start, end);
  const n = end - start + 1;
  if (n <= MAX_TEXT_LINES) {
    const text = lines.slice(start - 1, end).join("\n");
    if (Buffer.byteLength(text, "utf8") <= MAX_TEXT_BYTES) return { sha256, text };
  }
  return { sha256, first: lines[start - 1].slice(0, MAX_EDGE_CHARS), last: lines[end - 1].slice(0, MAX_EDGE_CHARS) };
}
function lineRange(v) {
  if (!Array.isArray(v) || v.length !== 2) return null;
  const [s, e] = v;
  if (!Number.isSafeInteger(s) || !Number.isSafeInteger(e)) return null;
  if (s < 1 || e < s || e > MAX_LINE) return null;
  return [s, e];
}
function parseCitations(raw) {
  if (raw === void 0 || raw === null) return [];
  if (!Array.isArray(raw)) return [{ ok: false, reason: "citations is not a list" }];
  const out = [];
  for (let i = 0; i < raw.length; i++) {
    if (i === MAX_CITATIONS) {
      out.push({ ok: false, reason: `more than ${MAX_CITATIONS} citations: ${raw.length - MAX_CITATIONS} not read` });
      break;
    }
    out.push(parseCitation(raw[i]));
  }
  return out;
}
function parseCitation(v) {
  if (!v || typeof v !== "object" || Array.isArray(v)) return { ok: false, reason: "citation is not a mapping" };
  const o = v;
  const p = normalizeCitePath(o.path);
  const lines = lineRange(o.lines);
  const fail = (reason) => {
    const bad = { ok: false, reason };
    if ("path" in p) bad.path = p.path;
    if (lines) bad.lines = lines;
    return bad;
  };
  if ("reason" in p) return fail(p.reason);
  if (!lines) return fail(`lines is not [start, end] with 1 <= start <= end <= ${MAX_LINE}`);
  if (typeof o.commit !== "string" || !HEX40.test(o.commit)) return fail("commit is not a 40-hex object id");
  if (typeof o.blob !== "string" || !HEX40.test(o.blob)) return fail("blob is not a 40-hex object id");
  if (typeof o.sha256 !== "string" || !HEX64.test(o.sha256)) return fail("sha256 is not 64 hex digits");
  const c = { path: p.path, lines, commit: o.commit, blob: o.blob, sha256: o.sha256 };
  if (o.whole === true) {
    if (lines[0] !== 1) return fail("a whole-file citation starts at line 1");
    c.whole = true;
  }
  const n = lines[1] - lines[0] + 1;
  if (o.text !== void 0) {
    if (typeof o.text !== "string" || Buffer.byteLength(o.text, "utf8") > MAX_TEXT_BYTES || n > MAX_TEXT_LINES) return fail(`text is not a string of at most ${MAX_TEXT_BYTES} bytes for at most ${MAX_TEXT_LINES} lines`);
    if (o.text.split("\n").length !== n) return fail("text does not have as many lines as the range");
    c.text = o.text;
  }
  for (const k of ["first", "last"]) {
    if (o[k] === void 0) continue;
    if (typeof o[k] !== "string" || o[k].length > MAX_EDGE_CHARS) return fail(`${k} is not a string of at most ${MAX_EDGE_CHARS} characters`);
    c[k] = o[k];
  }
  return { ok: true, citation: c };
}
function citationToFront(c) {
  const o = { path: c.path, lines: [c.lines[0], c.lines[1]] };
  if (c.whole) o.whole = true;
  o.commit = c.commit;
  o.blob = c.blob;
  o.sha256 = c.sha256;
  if (c.text !== void 0) o.text = c.text;
  if (c.first !== void 0) o.first = c.first;
  if (c.last !== void 0) o.last = c.last;
  return o;
}
function citationLabel(c) {
  if (c.whole || !c.lines) return c.path;
  return c.lines[0] === c.lines[1] ? `${c.path}:${c.lines[0]}` : `${c.path}:${c.lines[0]}-${c.lines[1]}`;
}
var shownRange = (a, b) => `${a.slice(0, 12)}${a.length > 12 ? "\u2026" : ""}${b !== void 0 ? `-${b.slice(0, 12)}${b.length > 12 ? "\u2026" : ""}` : ""}`;
function parseCiteSpec(spec) {
  const m = /^(.*):([0-9]+)(?:-([0-9]+))?$/.exec(spec);
  if (!m) return { path: spec };
  if (m[2].length > 9 || (m[3] ?? "").length > 9) return { reason: `line range ${shownRange(m[2], m[3])} is not 1 <= start <= end <= ${MAX_LINE}` };
  const s = Number(m[2]);
  const e = m[3] !== void 0 ? Number(m[3]) : s;
  if (s < 1 || e < s || e > MAX_LINE) return { reason: `line range ${m[2]}${m[3] ? "-" + m[3] : ""} is not 1 <= start <= end <= ${MAX_LINE}` };
  return { path: m[1], lines: [s, e] };
}

export {
  CITATION_STATES,
  MAX_CITATIONS,
  MAX_CITED_FILE_BYTES,
  normalizeCitePath,
  splitLines,
  rangeHash,
  anchorOf,
  parseCitations,
  citationToFront,
  citationLabel,
  parseCiteSpec
};

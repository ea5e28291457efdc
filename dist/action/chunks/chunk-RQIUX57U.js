import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  maskSecrets
} from "./chunk-IQD4E6NP.js";
import {
  InternalError,
  MemoryError,
  errorOf
} from "./chunk-FJGJKBHJ.js";

// src/model/error-format.ts
var MAX_ERROR_TOKEN = 160;
var MAX_ERROR_MESSAGE = 1e3;
var MAX_ERROR_VALUE = 200;
var LONG_RUN = new RegExp(`[^\\s"'\`]{${MAX_ERROR_TOKEN + 1},}`, "g");
function cutRuns(s) {
  return s.replace(LONG_RUN, (run) => `${run.slice(0, 60)}\u2026[${run.length - 60} more characters]`);
}
var DISPLAY_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
function escapeControls(text) {
  return text.replace(DISPLAY_CONTROLS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
function safeText(value, max = MAX_ERROR_MESSAGE) {
  const scanned = Math.min(value.length, 64 * 1024);
  let s = cutRuns(escapeControls(maskSecrets(value.slice(0, scanned))));
  if (s.length > max) s = `${s.slice(0, max)}\u2026[${value.length - max} more characters]`;
  else if (scanned < value.length) s = `${s}\u2026[${value.length - scanned} more characters]`;
  return s;
}
function safeValue(v, depth) {
  if (typeof v === "string") return safeText(v, MAX_ERROR_VALUE);
  if (v === null || typeof v !== "object") return v;
  if (depth >= 6) return "[\u2026]";
  if (Array.isArray(v)) {
    const out2 = v.slice(0, 50).map((x) => safeValue(x, depth + 1));
    if (v.length > 50) out2.push(`\u2026[${v.length - 50} more items]`);
    return out2;
  }
  const out = {};
  let n = 0;
  for (const [k, x] of Object.entries(v)) {
    if (n++ >= 50) {
      out["\u2026"] = "more keys left out";
      break;
    }
    out[safeText(k, 64)] = safeValue(x, depth + 1);
  }
  return out;
}
function asMemoryError(err) {
  if (err instanceof MemoryError) return err;
  const e = err;
  return new InternalError(e?.message ?? String(err));
}
function safeError(err) {
  const me = asMemoryError(err);
  const out = errorOf(me.code, safeText(me.message), safeValue(me.data, 0));
  return out;
}

export {
  MAX_ERROR_VALUE,
  safeText,
  safeError
};

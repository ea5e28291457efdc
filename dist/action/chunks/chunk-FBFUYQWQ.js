import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  InvalidIdError
} from "./chunk-FJGJKBHJ.js";
import {
  __require
} from "./chunk-VBFOSH5Y.js";

// src/model/id.ts
var cryptoLib;
var crypto = () => cryptoLib ??= __require("node:crypto");
var ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
var TIME_CHARS = 9;
var RANDOM_CHARS = 8;
var ID_RE = /^mem_[a-z0-9]{1,64}$/;
var lastTime = -1;
var lastRandom = [];
function encodeTime(ms) {
  let s = "";
  for (let i = 0; i < TIME_CHARS; i++) {
    s = ALPHABET[ms % 32] + s;
    ms = Math.floor(ms / 32);
  }
  return s;
}
var pool = null;
var poolAt = 0;
function randomChars() {
  if (!pool || poolAt + RANDOM_CHARS > pool.length) {
    pool = crypto().randomBytes(4096);
    poolAt = 0;
  }
  const out = new Array(RANDOM_CHARS);
  for (let i = 0; i < RANDOM_CHARS; i++) out[i] = pool[poolAt++] & 31;
  return out;
}
function newId(timeMs = Date.now()) {
  let rand;
  if (timeMs === lastTime) {
    rand = lastRandom.slice();
    let i = RANDOM_CHARS - 1;
    while (i >= 0 && rand[i] === 31) rand[i--] = 0;
    if (i >= 0) rand[i]++;
  } else {
    rand = randomChars();
  }
  lastTime = timeMs;
  lastRandom = rand;
  return "mem_" + encodeTime(timeMs) + rand.map((n) => ALPHABET[n]).join("");
}
function isValidId(id) {
  return typeof id === "string" && ID_RE.test(id);
}
function assertId(id) {
  if (!isValidId(id)) throw new InvalidIdError(String(id));
  return id;
}
function idTime(id) {
  const body = id.slice(4);
  if (body.length !== TIME_CHARS + RANDOM_CHARS) return null;
  let ms = 0;
  for (let i = 0; i < TIME_CHARS; i++) {
    const v = ALPHABET.indexOf(body[i]);
    if (v < 0) return null;
    ms = ms * 32 + v;
  }
  return ms;
}
function idFromPath(path) {
  const h = crypto().createHash("sha1").update(path).digest();
  let s = "";
  for (let i = 0; i < 16; i++) s += ALPHABET[h[i] & 31];
  return "mem_" + s;
}
function bucketOf(id) {
  if (idTime(id) !== null) return id[4 + TIME_CHARS];
  return ALPHABET[crypto().createHash("sha1").update(id).digest()[0] & 31];
}
function pathFor(id, timestamp) {
  const t = idTime(id) ?? Date.parse(timestamp);
  const d = new Date(Number.isFinite(t) ? t : 0);
  const month = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
  return `memories/${month}/${bucketOf(id)}/${id}.md`;
}
function copyWins(b, a) {
  const own = (x) => x.path === pathFor(x.id, "") ? 0 : 1;
  const ob = own(b);
  const oa = own(a);
  if (ob !== oa) return ob < oa;
  return Buffer.compare(Buffer.from(b.path, "utf8"), Buffer.from(a.path, "utf8")) < 0;
}
function duplicateIdWarning(id, used, ignored) {
  return `two files claim id ${id}: ${used} is used, ${ignored} is ignored (the file at the id's own path wins, else the first in path order; delete or fix the other on the memory branch)`;
}

export {
  newId,
  isValidId,
  assertId,
  idTime,
  idFromPath,
  pathFor,
  copyWins,
  duplicateIdWarning
};

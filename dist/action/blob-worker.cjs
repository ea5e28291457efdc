"use strict";
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
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

// src/lifecycle/blob-worker.ts
var import_node_worker_threads = require("node:worker_threads");

// src/model/content-hash.ts
var import_node_crypto = require("node:crypto");
function normalizeContent(content) {
  return content.replace(/\s+/g, " ").trim();
}
function contentDigest(content, scope) {
  return (0, import_node_crypto.createHash)("sha1").update((scope ?? "") + "\0" + normalizeContent(content)).digest().subarray(0, 12);
}

// src/git/objects.ts
var cryptoLib;
var crypto = () => cryptoLib ??= require("node:crypto");
function hashObject(type, data) {
  return crypto().createHash("sha1").update(`${type} ${data.length}\0`).update(data).digest("hex");
}

// src/git/pack-entry.ts
var import_node_zlib = require("node:zlib");

// src/git/crc32.ts
var zlib = __toESM(require("node:zlib"), 1);
var TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 3988292384 ^ c >>> 1 : c >>> 1;
    t[n] = c;
  }
  return t;
})();
function crc32Table(bytes, value = 0) {
  let c = ~value;
  for (let i = 0; i < bytes.length; i++) c = TABLE[(c ^ bytes[i]) & 255] ^ c >>> 8;
  return (c ^ -1) >>> 0;
}
var native = zlib.crc32;
var nativeWorks = typeof native === "function" && native(Buffer.from("b"), native(Buffer.from("a"))) === native(Buffer.from("ab"));
var crc322 = nativeWorks ? (bytes, value = 0) => bytes.length ? native(bytes, value) : value : crc32Table;

// src/git/pack-entry.ts
function packHeader(type, size) {
  const bytes = [];
  let b = type << 4 | size & 15;
  size = Math.floor(size / 16);
  while (size > 0) {
    bytes.push(b | 128);
    b = size & 127;
    size = Math.floor(size / 128);
  }
  bytes.push(b);
  return Buffer.from(bytes);
}
var BLOB = 3;
function blobEntry(data) {
  const header = packHeader(BLOB, data.length);
  const deflated = (0, import_node_zlib.deflateSync)(data, { level: 1, chunkSize: Math.max(1024, Math.min(65536, data.length + 128)) });
  return { header, deflated, crc: crc322(deflated, crc322(header)) };
}

// src/lifecycle/blob-group.ts
function ownBuffer(b) {
  const ab = b.buffer;
  return b.byteOffset === 0 && b.byteLength === ab.byteLength ? ab : ab.slice(b.byteOffset, b.byteOffset + b.byteLength);
}
function packGroup(req) {
  const { lens, froms, scopes } = req;
  const input = Buffer.from(req.buf);
  const n = lens.length;
  const parts = [];
  const packedLens = new Uint32Array(n);
  const crcs = new Uint32Array(n);
  const ids = Buffer.alloc(n * 20);
  const digests = Buffer.alloc(n * 12);
  let at = 0;
  for (let i = 0; i < n; i++) {
    const data = input.subarray(at, at + lens[i]);
    at += lens[i];
    ids.write(hashObject("blob", data), i * 20, "hex");
    if (froms[i] >= 0) contentDigest(data.toString("utf8", froms[i]), scopes[i]).copy(digests, i * 12);
    const e = blobEntry(data);
    crcs[i] = e.crc;
    packedLens[i] = e.header.length + e.deflated.length;
    parts.push(e.header, e.deflated);
  }
  return { group: req.group, buf: ownBuffer(Buffer.concat(parts)), lens: packedLens, crcs, ids, digests };
}

// src/lifecycle/blob-worker.ts
var port = import_node_worker_threads.parentPort;
if (!port) throw new Error("blob-worker runs as a worker thread (src/lifecycle/blob-compressor.ts starts it)");
port.on("message", (req) => {
  const answer = packGroup(req);
  port.postMessage(answer, [answer.buf]);
});

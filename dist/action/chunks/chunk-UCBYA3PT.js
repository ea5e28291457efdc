import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);

// src/git/crc32.ts
import * as zlib from "node:zlib";
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

export {
  crc322 as crc32
};

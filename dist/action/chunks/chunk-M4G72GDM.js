import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  blobText
} from "./chunk-CQNYWYCJ.js";
import {
  memoryFromFile
} from "./chunk-EYKMHHKG.js";
import {
  assertId
} from "./chunk-FBFUYQWQ.js";

// src/ops/find.ts
async function loadIdLookup() {
  return (await import("./listing-6KQBZH7K.js")).idAtTip;
}
async function idLookupFor(b, id) {
  const tip = b.tip();
  if (tip && hasPathLookup(b)) {
    try {
      if (b.findAtPath(id, tip)) return null;
    } catch {
    }
  }
  return loadIdLookup();
}
function hasPathLookup(b) {
  return typeof b.findAtPath === "function";
}
function findLive(b, id, tip, lookup) {
  assertId(id);
  if (!tip) return null;
  if (lookup && tip === b.tip()) {
    const fast = hasPathLookup(b) ? b.findAtPath(id, tip) : void 0;
    if (fast !== void 0) return fast;
    let at;
    try {
      at = lookup(b, id);
    } catch {
      at = void 0;
    }
    if (at === null) return null;
    if (at) {
      try {
        const memory = memoryFromFile(at.path, blobText(b.git.readBlob(at.oid), at.path, (w) => b.warn(w)), (w) => b.warn(w));
        if (memory.id === id) return { path: at.path, oid: at.oid, memory };
      } catch {
      }
    }
  }
  return b.find(id, tip);
}
function indexHasNoFile(b, id, tip, lookup) {
  if (!lookup || !tip || tip !== b.tip()) return false;
  try {
    return lookup(b, id) === null;
  } catch {
    return false;
  }
}

export {
  loadIdLookup,
  idLookupFor,
  findLive,
  indexHasNoFile
};

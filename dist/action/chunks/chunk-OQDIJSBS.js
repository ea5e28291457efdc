import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  isTreeMode
} from "./chunk-SSV3AZGT.js";

// src/git/diff.ts
var MODE_SYMLINK = "120000";
var MODE_GITLINK = "160000";
function isRegularFile(mode) {
  return mode !== null && !isTreeMode(mode) && mode !== MODE_SYMLINK && mode !== MODE_GITLINK;
}
function diffTrees(readTree, a, b, prefix = "") {
  const out = [];
  const parts = prefix.split("/").filter(Boolean);
  const sub = (tree) => {
    let cur = tree;
    for (const name of parts) {
      if (!cur) return null;
      const e = readTree(cur).find((x) => x.name === name);
      cur = e && isTreeMode(e.mode) ? e.oid : null;
    }
    return cur;
  };
  const walk = (x, y, base) => {
    if (x === y) return;
    const xs = new Map((x ? readTree(x) : []).map((e) => [e.name, e]));
    const ys = new Map((y ? readTree(y) : []).map((e) => [e.name, e]));
    for (const name of /* @__PURE__ */ new Set([...xs.keys(), ...ys.keys()])) {
      const ex = xs.get(name);
      const ey = ys.get(name);
      if (ex && ey && ex.oid === ey.oid && ex.mode === ey.mode) continue;
      const p = base ? `${base}/${name}` : name;
      const xt = ex && isTreeMode(ex.mode) ? ex.oid : null;
      const yt = ey && isTreeMode(ey.mode) ? ey.oid : null;
      if (xt || yt) walk(xt, yt, p);
      const xf = ex && !isTreeMode(ex.mode) ? ex : null;
      const yf = ey && !isTreeMode(ey.mode) ? ey : null;
      if ((xf || yf) && (xf?.oid !== yf?.oid || xf?.mode !== yf?.mode)) {
        out.push({ path: p, oldOid: xf?.oid ?? null, newOid: yf?.oid ?? null, oldMode: xf?.mode ?? null, newMode: yf?.mode ?? null });
      }
    }
  };
  walk(sub(a), sub(b), parts.join("/"));
  return out;
}
function diffFiles(readTree, a, b, prefix = "") {
  const out = [];
  for (const c of diffTrees(readTree, a, b, prefix)) {
    const oldOid = isRegularFile(c.oldMode) ? c.oldOid : null;
    const newOid = isRegularFile(c.newMode) ? c.newOid : null;
    if (oldOid !== newOid) out.push({ path: c.path, oldOid, newOid });
  }
  return out;
}

export {
  MODE_SYMLINK,
  MODE_GITLINK,
  isRegularFile,
  diffFiles
};

import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  lastKnownFile
} from "./chunk-QYP7AYKF.js";
import "./chunk-2XXUM5MY.js";
import {
  byDeletedDesc,
  liveFile,
  livePathFor,
  readTrash
} from "./chunk-P33V5WTW.js";
import "./chunk-SW6HMA3H.js";
import {
  memoryFromFile
} from "./chunk-KTDUAT6L.js";
import "./chunk-DEPF3Q5X.js";
import "./chunk-MPOJJG6T.js";
import "./chunk-6DSHMY3H.js";
import {
  assertId
} from "./chunk-36CXX5CX.js";
import "./chunk-TJNFFCVY.js";
import {
  DuplicateError,
  NotFoundError
} from "./chunk-TQGNLJW4.js";
import "./chunk-VBFOSH5Y.js";

// src/ops/restore.ts
async function restoreFromTrash(store, id) {
  assertId(id);
  const inTrash = (tip) => readTrash(store, tip, 0).filter((e) => e.item?.id === id).sort((a, b) => byDeletedDesc(a.item, b.item))[0];
  let fromHistory = null;
  if (!inTrash(store.tip())) {
    const last = lastKnownFile(store, id);
    if (!last) throw new NotFoundError(id, "memory in the trash or in git history", { hint: 'list the trash with "memory trash"' });
    const stored = memoryFromFile(last.livePath, last.text, (w) => store.warn(w));
    fromHistory = { path: last.livePath, file: liveFile(stored) };
  }
  const res = await store.mutate((tip) => {
    if (store.find(id, tip)) throw new DuplicateError(id, `memory ${id} is not deleted: it is already in memories/`);
    const hit = inTrash(tip);
    if (hit) {
      const path = livePathFor(hit.path);
      return {
        change: { changes: /* @__PURE__ */ new Map([[hit.path, null], [path, liveFile(hit.stored)]]), message: `memory: restore ${id} from the trash

Memory-Id: ${id}
` },
        result: { from: "trash", path }
      };
    }
    if (!fromHistory) throw new NotFoundError(id, "memory in the trash");
    return {
      change: { changes: /* @__PURE__ */ new Map([[fromHistory.path, fromHistory.file]]), message: `memory: restore ${id} from git history (it had left the trash)

Memory-Id: ${id}
` },
      result: { from: "history", path: fromHistory.path }
    };
  });
  return { success: true, restored: id, from: res.from, path: res.path, commit: res.commit };
}
export {
  restoreFromTrash
};

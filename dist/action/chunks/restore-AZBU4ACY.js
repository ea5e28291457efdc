import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  lastKnownFile
} from "./chunk-Z4E6GYTI.js";
import {
  findLive,
  loadIdLookup
} from "./chunk-M4G72GDM.js";
import {
  byDeletedDesc,
  liveFile,
  livePathFor,
  readTrash
} from "./chunk-OR7XTQ53.js";
import "./chunk-2QD6CEEN.js";
import "./chunk-CQNYWYCJ.js";
import {
  memoryFromFile
} from "./chunk-EYKMHHKG.js";
import "./chunk-VIW2RCAO.js";
import "./chunk-SSV3AZGT.js";
import "./chunk-XRSA6KWW.js";
import {
  assertId
} from "./chunk-FBFUYQWQ.js";
import "./chunk-5EVQ5UWQ.js";
import {
  DuplicateError,
  NotFoundError
} from "./chunk-FJGJKBHJ.js";
import "./chunk-VBFOSH5Y.js";

// src/ops/restore.ts
async function restoreFromTrash(store, id) {
  assertId(id);
  const inTrash = (tip) => readTrash(store, tip, 0).filter((e) => e.item?.id === id).sort((a, b) => byDeletedDesc(a.item, b.item))[0];
  const lookup = await loadIdLookup();
  let fromHistory = null;
  if (!inTrash(store.tip())) {
    const last = lastKnownFile(store, id, lookup);
    if (!last) throw new NotFoundError(id, "memory in the trash or in git history", { next: "trash.list" });
    const stored = memoryFromFile(last.livePath, last.text, (w) => store.warn(w));
    fromHistory = { path: last.livePath, file: liveFile(stored) };
  }
  const res = await store.mutate((tip) => {
    if (findLive(store, id, tip, lookup)) throw new DuplicateError(id, `memory ${id} is not deleted: it is already in memories/`);
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
    if (!fromHistory) throw new NotFoundError(id, "memory in the trash", { next: "trash.list" });
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

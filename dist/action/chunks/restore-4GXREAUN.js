import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  lastKnownFile
} from "./chunk-SDG62LA4.js";
import "./chunk-TJ5RY7KU.js";
import {
  byDeletedDesc,
  liveFile,
  livePathFor,
  readTrash
} from "./chunk-MYBKYED4.js";
import {
  memoryFromFile
} from "./chunk-7EEMCAWN.js";
import "./chunk-DFWT2NPX.js";
import {
  assertId
} from "./chunk-7ZPDJLBH.js";
import "./chunk-T2M7576Q.js";
import "./chunk-ENPGJTG6.js";
import {
  MemoryError,
  NotFoundError
} from "./chunk-UL6AG55K.js";
import "./chunk-VBFOSH5Y.js";

// src/core/restore.ts
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
    if (store.find(id, tip)) throw new MemoryError("DUPLICATE", `memory ${id} is not deleted: it is already in memories/`, { id });
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

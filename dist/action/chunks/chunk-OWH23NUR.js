import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  writeCacheFile
} from "./chunk-5EVQ5UWQ.js";

// src/sync/pending.ts
import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
var PENDING_NAMESPACE = "refs/memory-pending";
var MAX_PENDING_CHAIN = 1e3;
var PENDING_BASE_SUBJECT = "memory: pending base";
function pendingPrefix(branch) {
  return `${PENDING_NAMESPACE}/${branch}/`;
}
function newPendingRef(branch, now = Date.now()) {
  return `${pendingPrefix(branch)}${now.toString(36).padStart(9, "0")}-${randomBytes(5).toString("hex")}`;
}
function pendingRefTime(ref) {
  const m = /\/([0-9a-z]{9})-[0-9a-f]+$/.exec(ref);
  if (!m) return null;
  const t = parseInt(m[1], 36);
  return Number.isFinite(t) ? t : null;
}
var BURST_MS = 3e4;
function burstInProgress(pending, now) {
  return pending.some((p) => {
    const t = pendingRefTime(p.ref);
    return t !== null && now - t < BURST_MS && t - now < BURST_MS;
  });
}
var RECENT_TIP_MS = 3e4;
function recentForeignTip(tipTime, tip, seen, now) {
  if (!tip || tip === seen || tipTime === null) return false;
  return now - tipTime < RECENT_TIP_MS && tipTime - now < RECENT_TIP_MS;
}
var FOLD_AT_PENDING = 64;
var COPY_OF = /^Copy-Of: ([0-9a-f]{40}|[0-9a-f]{64})$/m;
function readPending(git, oid) {
  const chain = [];
  let cur = oid;
  for (let i = 0; i <= MAX_PENDING_CHAIN; i++) {
    let parents;
    try {
      parents = git.readCommit(cur).parents;
    } catch {
      return null;
    }
    if (parents.length === 0) {
      let copyOf;
      try {
        copyOf = COPY_OF.exec(git.readCommit(cur).message)?.[1];
      } catch {
      }
      return { base: cur, chain: chain.reverse(), ...copyOf ? { copyOf } : {} };
    }
    if (parents.length > 1) return null;
    chain.push(cur);
    cur = parents[0];
  }
  return null;
}
function buildPending(git, baseTree, own, signature, copyOf) {
  const tree = baseTree ?? git.writeTree(null, /* @__PURE__ */ new Map());
  let tip = git.writeCommit({
    tree,
    parents: [],
    author: signature,
    committer: signature,
    message: `${PENDING_BASE_SUBJECT}

The state the next commits were made on. Never part of the branch: a sync replays the
commits after this one onto the branch and deletes the pending ref.
${copyOf ? `
Copy-Of: ${copyOf}
` : ""}`
  });
  for (const c of own) {
    const info = git.readCommit(c);
    tip = git.writeCommit({ tree: info.tree, parents: [tip], author: info.author, committer: info.committer, message: info.message });
  }
  return tip;
}
function statusFile(commonDir) {
  return join(commonDir, "git-memory", "sync-pending.json");
}
function writePendingStatus(commonDir, s) {
  const file = statusFile(commonDir);
  let all = {};
  try {
    all = JSON.parse(readFileSync(file, "utf8"));
    if (!all || typeof all !== "object" || Array.isArray(all)) all = {};
  } catch {
  }
  all[`${s.remote}
${s.branch}`] = s;
  writeCacheFile(file, JSON.stringify(all));
}
function ownFile(commonDir) {
  return join(commonDir, "git-memory", "sync-own-pending.json");
}
var OWN_PENDING_KEPT = 16;
function ownPendingRefs(commonDir, remote, branch) {
  try {
    const all = JSON.parse(readFileSync(ownFile(commonDir), "utf8"));
    const list = all?.[`${remote}
${branch}`];
    if (!Array.isArray(list)) return /* @__PURE__ */ new Set();
    return new Set(list.filter((r) => typeof r === "string" && r.startsWith(pendingPrefix(branch))).slice(-OWN_PENDING_KEPT));
  } catch {
    return /* @__PURE__ */ new Set();
  }
}
function rememberOwnPending(commonDir, remote, branch, ref) {
  const file = ownFile(commonDir);
  let all = {};
  try {
    all = JSON.parse(readFileSync(file, "utf8"));
    if (!all || typeof all !== "object" || Array.isArray(all)) all = {};
  } catch {
  }
  const key = `${remote}
${branch}`;
  all[key] = [...[...ownPendingRefs(commonDir, remote, branch)].filter((r) => r !== ref), ref].slice(-OWN_PENDING_KEPT);
  writeCacheFile(file, JSON.stringify(all));
}
function pendingStatus(store) {
  let all;
  try {
    all = JSON.parse(readFileSync(statusFile(store.git.location.commonDir), "utf8"));
  } catch {
    return null;
  }
  const mine = Object.values(all ?? {}).filter((s) => s && s.branch === store.branch && Number.isInteger(s.count) && s.count >= 0);
  if (!mine.length) return null;
  return {
    count: mine.reduce((a, s) => a + s.count, 0),
    checkedAt: mine.map((s) => String(s.checkedAt)).sort().pop(),
    remotes: mine.map((s) => String(s.remote))
  };
}
async function pendingRefsFigure(store) {
  const s = pendingStatus(store);
  return s ? { count: s.count, checked_at: s.checkedAt } : null;
}

export {
  PENDING_NAMESPACE,
  MAX_PENDING_CHAIN,
  PENDING_BASE_SUBJECT,
  pendingPrefix,
  newPendingRef,
  pendingRefTime,
  BURST_MS,
  burstInProgress,
  RECENT_TIP_MS,
  recentForeignTip,
  FOLD_AT_PENDING,
  readPending,
  buildPending,
  writePendingStatus,
  OWN_PENDING_KEPT,
  ownPendingRefs,
  rememberOwnPending,
  pendingStatus,
  pendingRefsFigure
};

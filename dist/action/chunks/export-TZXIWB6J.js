import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  InvalidInputError,
  ViewUnavailableError
} from "./chunk-FJGJKBHJ.js";
import "./chunk-VBFOSH5Y.js";

// src/view/export.ts
import { closeSync, constants, lstatSync, mkdirSync, openSync, readdirSync, readFileSync as readFileSync2, renameSync, rmSync, writeSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join as join2, resolve } from "node:path";

// src/view/server.ts
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
function findAssets(explicit) {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const d of [explicit, join(here, "view"), join(here, "..", "view"), join(here, "..", "..", "dist", "view")]) {
    if (d && existsSync(join(d, "app.js"))) return d;
  }
  throw new ViewUnavailableError(`the viewer's page files (dist/view) are missing: run "npm run build"`);
}

// src/view/export.ts
var EXPORT_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'none'";
var CHUNK = 2e3;
var FILES = /* @__PURE__ */ new Set(["index.html", "app.js", "app.css", "worker.js"]);
var DATA_FILE = /^[a-z]+(-[0-9]+)?\.js$/;
var TEMP_FILE = /^\.gm-export-[0-9a-f]{16}\.tmp$/;
function lstatOrNull(path) {
  try {
    return lstatSync(path);
  } catch (err) {
    if (err.code === "ENOENT") return null;
    throw err;
  }
}
function checkExportDir(dir, shown) {
  const refuse = (why) => {
    throw new InvalidInputError(`${shown} ${why}: choose an empty directory (nothing was written)`, { field: "export" });
  };
  const top = lstatOrNull(dir);
  if (!top) return;
  if (top.isSymbolicLink()) refuse("is a symbolic link");
  if (!top.isDirectory()) refuse("is not a directory");
  for (const name of readdirSync(dir)) {
    const st = lstatSync(join2(dir, name));
    if (st.isSymbolicLink()) refuse(`holds a symbolic link (${JSON.stringify(name.slice(0, 100))})`);
    if (FILES.has(name) || TEMP_FILE.test(name)) {
      if (!st.isFile()) refuse(`holds ${JSON.stringify(name)} that is not a regular file`);
    } else if (name === "data") {
      if (!st.isDirectory()) refuse('holds "data" that is not a directory');
      for (const f of readdirSync(join2(dir, "data"))) {
        const fst = lstatSync(join2(dir, "data", f));
        if (fst.isSymbolicLink()) refuse(`holds a symbolic link (${JSON.stringify(`data/${f.slice(0, 100)}`)})`);
        if (!(DATA_FILE.test(f) || TEMP_FILE.test(f)) || !fst.isFile()) refuse(`is not an earlier export (it holds ${JSON.stringify(`data/${f.slice(0, 100)}`)})`);
      }
    } else refuse(`is not empty and not an earlier export (it holds ${JSON.stringify(name.slice(0, 100))})`);
  }
}
function putFile(dir, name, content) {
  const tmp = join2(dir, `.gm-export-${randomBytes(8).toString("hex")}.tmp`);
  const fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 420);
  try {
    const b = typeof content === "string" ? Buffer.from(content, "utf8") : content;
    for (let w = 0; w < b.length; ) w += writeSync(fd, b, w);
  } catch (err) {
    closeSync(fd);
    rmSync(tmp, { force: true });
    throw err;
  }
  closeSync(fd);
  renameSync(tmp, join2(dir, name));
}
function realDir(dir) {
  try {
    mkdirSync(dir);
  } catch (err) {
    if (err.code !== "EEXIST") throw err;
  }
  const st = lstatSync(dir);
  if (st.isSymbolicLink() || !st.isDirectory()) throw new InvalidInputError(`${dir} changed into a link or a file during the export`, { field: "export" });
}
async function exportViewer(door, dirArg, opts = {}) {
  const dir = resolve(dirArg);
  checkExportDir(dir, dirArg);
  const assets = findAssets(opts.assets);
  mkdirSync(join2(dir, ".."), { recursive: true });
  realDir(dir);
  const data = join2(dir, "data");
  realDir(data);
  for (const n of readdirSync(dir)) if (TEMP_FILE.test(n)) rmSync(join2(dir, n), { force: true });
  let files = 0;
  const put = (key, value) => {
    putFile(data, `${key}.js`, `__gm(${JSON.stringify(key)},${JSON.stringify(value)});
`);
    files++;
  };
  const html = readFileSync2(join2(assets, "index.html"), "utf8").replace('<html lang="en">', '<html lang="en" data-static="1">').replace('<meta charset="utf-8">', `<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${EXPORT_CSP}">`);
  putFile(dir, "index.html", html);
  for (const f of ["app.js", "app.css", "worker.js"]) putFile(dir, f, readFileSync2(join2(assets, f)));
  files += 4;
  const vm = await door.viewModel();
  const branch = vm.branch();
  const items = vm.items(branch.tip);
  for (let i = 0; i * CHUNK < items.length || i === 0; i++) put(`items-${i}`, items.slice(i * CHUNK, (i + 1) * CHUNK));
  const plain = await vm.list({});
  put("meta", { branch, chunks: Math.max(1, Math.ceil(items.length / CHUNK)), buckets: Math.max(1, Math.ceil(items.length / 100)), live: { total: plain.total, facets: plain.facets }, exported: (/* @__PURE__ */ new Date()).toISOString() });
  put("log", await vm.log({ size: 500 }));
  put("stats", await vm.stats());
  put("health", await vm.health());
  put("core", await vm.core());
  const buckets = Math.max(1, Math.ceil(items.length / 100));
  const pages = Array.from({ length: buckets }, () => ({}));
  let memories = 0;
  for await (const m of vm.exportMemories()) {
    if (!/^[A-Za-z0-9_-]{1,128}$/.test(m.id)) continue;
    pages[bucketOf(m.id, buckets)][m.id] = m;
    memories++;
  }
  pages.forEach((p, i) => put(`mb-${i}`, p));
  return { success: true, dir, index: join2(dir, "index.html"), memories, files };
}
function bucketOf(id, buckets) {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = Math.imul(h, 31) + id.charCodeAt(i) >>> 0;
  return h % buckets;
}
export {
  EXPORT_CSP,
  bucketOf,
  checkExportDir,
  exportViewer
};

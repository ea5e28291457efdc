import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  InvalidInputError,
  ViewUnavailableError
} from "./chunk-UL6AG55K.js";
import "./chunk-VBFOSH5Y.js";

// src/view/export.ts
import { existsSync as existsSync2, mkdirSync, readdirSync, readFileSync as readFileSync2, writeFileSync } from "node:fs";
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
var OURS = /* @__PURE__ */ new Set(["index.html", "app.js", "app.css", "worker.js", "data"]);
async function exportViewer(door, dirArg) {
  const dir = resolve(dirArg);
  if (existsSync2(dir)) {
    const foreign = readdirSync(dir).filter((n) => !OURS.has(n));
    if (foreign.length) throw new InvalidInputError(`${dirArg} is not empty and not an earlier export (it holds ${foreign.slice(0, 3).join(", ")}): choose an empty directory`, { field: "export" });
  }
  const assets = findAssets();
  mkdirSync(join2(dir, "data"), { recursive: true });
  let files = 0;
  const put = (key, value) => {
    writeFileSync(join2(dir, "data", `${key}.js`), `__gm(${JSON.stringify(key)},${JSON.stringify(value)});
`);
    files++;
  };
  const html = readFileSync2(join2(assets, "index.html"), "utf8").replace('<html lang="en">', '<html lang="en" data-static="1">').replace('<meta charset="utf-8">', `<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${EXPORT_CSP}">`);
  writeFileSync(join2(dir, "index.html"), html);
  for (const f of ["app.js", "app.css", "worker.js"]) writeFileSync(join2(dir, f), readFileSync2(join2(assets, f)));
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
  exportViewer
};

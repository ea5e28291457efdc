// The import graph of src/: circles (strongly connected components) and imports that run back up a
// layer. Reads the TypeScript sources with a small scanner (static `import`/`export … from`, dynamic
// `import('…')`), no dependency. Type-only imports are counted too: they are the shape of the coupling.
//
//   node scripts/import-graph.mjs            # report
//   node scripts/import-graph.mjs --json     # machine-readable
//   node scripts/import-graph.mjs --check    # exit 1 on any circle, more than MAX_UPWARD upward imports,
//                                            # search importing the store, or a surface going around src/api.ts
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');

// Lower numbers are lower layers; a file may import its own layer and the ones below.
export const LAYERS = [
  ['errors.ts', 'util'],
  ['git'],
  ['core', 'embed', 'vector', 'search', 'lifecycle', 'sync'],
  ['api.ts', 'index.ts', 'daemon'],
  ['cli', 'mcp', 'action', 'view'],
];
const MAX_UPWARD = 1;

function layerOf(file) {
  const rel = relative(src, file).split('\\').join('/');
  const head = rel.split('/')[0];
  for (let i = 0; i < LAYERS.length; i++) if (LAYERS[i].includes(head)) return i;
  return -1;
}

function walk(dir, out = []) {
  for (const n of readdirSync(dir)) {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (n.endsWith('.ts') && !n.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

const IMPORT_RE = /(?:^|[;\n])\s*(?:import|export)\s+(type\s+)?[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

export function graph() {
  const files = walk(src);
  const edges = new Map();
  for (const f of files) {
    const text = readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    const out = [];
    for (const m of text.matchAll(IMPORT_RE)) {
      const spec = m[2] ?? m[3] ?? m[4];
      if (!spec || !spec.startsWith('.')) continue;
      let target = resolve(dirname(f), spec).replace(/\.js$/, '.ts');
      if (!target.endsWith('.ts')) target += '.ts';
      if (!files.includes(target)) {
        const idx = join(target.replace(/\.ts$/, ''), 'index.ts');
        if (files.includes(idx)) target = idx;
        else continue;
      }
      out.push({ to: target, typeOnly: !!m[1], dynamic: !!m[3] });
    }
    edges.set(f, out);
  }
  return { files, edges };
}

function sccs(files, edges) {
  let index = 0;
  const idx = new Map(), low = new Map(), on = new Set(), stack = [], out = [];
  const strong = (v) => {
    idx.set(v, index); low.set(v, index); index++; stack.push(v); on.add(v);
    for (const { to } of edges.get(v) ?? []) {
      if (!idx.has(to)) { strong(to); low.set(v, Math.min(low.get(v), low.get(to))); }
      else if (on.has(to)) low.set(v, Math.min(low.get(v), idx.get(to)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do { w = stack.pop(); on.delete(w); comp.push(w); } while (w !== v);
      if (comp.length > 1) out.push(comp);
    }
  };
  for (const f of files) if (!idx.has(f)) strong(f);
  return out;
}

const { files, edges } = graph();
const rel = (f) => relative(src, f).split('\\').join('/');
const circles = sccs(files, edges).map((c) => c.map(rel).sort());
const upward = [];
for (const [from, list] of edges) {
  for (const e of list) {
    const a = layerOf(from), b = layerOf(e.to);
    if (a >= 0 && b > a) upward.push({ from: rel(from), to: rel(e.to), typeOnly: e.typeOnly, dynamic: e.dynamic });
  }
}
const searchIntoStore = [];
for (const [from, list] of edges) {
  const r = rel(from);
  if (!r.startsWith('search/') && !r.startsWith('vector/')) continue;
  for (const e of list) if (/^core\/store\.ts$/.test(rel(e.to))) searchIntoStore.push(`${r} -> ${rel(e.to)}`);
}
// The surfaces reach memories through the door (src/api.ts): none imports the store, and none runs
// an operation module itself (type imports, parsers and renderers such as sync/format.ts are fine).
const OPERATIONS = /^(core\/store|core\/ops\/(store|get|list|update|delete)|core\/history|core\/core-doc|core\/restore|lifecycle\/(prune|import-export|config-ops|embed|write)|sync\/(index|sync|pull|push)|search\/(index|hybrid|listing)|vector\/.*|daemon\/client)\.ts$/;
const aroundDoor = [];
for (const [from, list] of edges) {
  const r = rel(from);
  if (!/^(cli|mcp|action)\//.test(r)) continue;
  for (const e of list) if (/^core\/store\.ts$/.test(rel(e.to)) || (!e.typeOnly && OPERATIONS.test(rel(e.to)))) aroundDoor.push(`${r} -> ${rel(e.to)}`);
}
const report = { files: files.length, edges: [...edges.values()].reduce((n, l) => n + l.length, 0), circles, upward, searchIntoStore, aroundDoor };
if (process.argv.includes('--json')) console.log(JSON.stringify(report, null, 2));
else {
  console.log(`${report.files} files, ${report.edges} imports`);
  console.log(`circles: ${circles.length}`);
  for (const c of circles) console.log(`  ${c.join(' <-> ')}`);
  console.log(`imports back up a layer: ${upward.length}`);
  for (const u of upward) console.log(`  ${u.from} -> ${u.to}${u.typeOnly ? ' (type)' : ''}${u.dynamic ? ' (dynamic)' : ''}`);
  console.log(`search/vector importing core/store.ts: ${searchIntoStore.length}`);
  for (const s of searchIntoStore) console.log(`  ${s}`);
  console.log(`surfaces going around src/api.ts: ${aroundDoor.length}`);
  for (const s of aroundDoor) console.log(`  ${s}`);
}
if (process.argv.includes('--check') && (circles.length || upward.length > MAX_UPWARD || searchIntoStore.length || aroundDoor.length)) process.exit(1);

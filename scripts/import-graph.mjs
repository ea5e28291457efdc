// The import graph of src/: circles (strongly connected components), imports that run back up a
// layer, and the write door. Reads the TypeScript sources with a small scanner (static `import`/
// `export … from`, dynamic `import('…')`), no dependency. Type-only and dynamic imports are counted
// too: a lazy `import()` of a higher layer is still the lower layer depending on the higher one.
//
//   node scripts/import-graph.mjs              # report
//   node scripts/import-graph.mjs --json       # machine-readable
//   node scripts/import-graph.mjs --check      # exit 1 on any circle, upward import, file in no layer,
//                                              # search importing the store, a surface going around
//                                              # src/api.ts, or a ref/commit writer outside WRITERS
//   node scripts/import-graph.mjs --self-test  # plants each kind of violation in a made-up graph and
//                                              # exits 1 unless every one is caught (run by .ci/run)
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');

// Lowest first; a file may import its own layer and the ones below. A file belongs to the layer of
// the longest pattern matching its path (a pattern ending in '/' matches a folder), so a folder sits
// in one layer and the few files that are not what their folder is are named with the reason.
export const LAYERS = [
  // One error class per failure, stable codes.
  { name: 'errors', paths: ['errors.ts', 'core/errors.ts'] },
  // Objects, refs, packs, the git CLI: knows nothing of memories.
  { name: 'git', paths: ['git/'] },
  // The memory model and pure helpers: file codec, ids, bounds, config, catalog, the branch-view
  // types, the trash layout, the secret scanner; and the embedders (text in, vectors out).
  { name: 'model', paths: ['core/', 'embed/'] },
  // Citations of code: their front-matter model, creation at a commit and the check against a
  // commit, over git objects only (no memory store).
  { name: 'citations', paths: ['citations/'] },
  // What every write applies before it commits: secret refusal, duplicate fingerprints, auto-tags.
  { name: 'write guards', paths: ['lifecycle/write.ts', 'lifecycle/autotag.ts', 'lifecycle/fingerprints.ts', 'lifecycle/store-hooks.ts'] },
  // Derived data over a read-only branch view: the full-text index and the vectors.
  { name: 'indexes', paths: ['search/', 'vector/'] },
  // One operation on a branch view (store, get, list, update, delete, history, restore).
  { name: 'branch operations', paths: ['core/ops/', 'core/history.ts', 'core/restore.ts'] },
  // MemoryStore: opens a branch, composes the operations and the indexes.
  { name: 'store', paths: ['core/store.ts'] },
  // Operations over a whole store: core documents, prune, import/export, config, embed, sync.
  { name: 'store operations', paths: ['core/core-doc.ts', 'lifecycle/', 'sync/'] },
  // Figures gathered from several of the above.
  // (view-model.ts: what the viewer shows, gathered from stats, history and the indexes.)
  { name: 'aggregations', paths: ['core/stats.ts', 'lifecycle/view-model.ts'] },
  // The resident helper process and its client (the door routes reads to it).
  { name: 'daemon', paths: ['daemon/'] },
  // The door: the library API every surface goes through.
  { name: 'door', paths: ['api.ts', 'index.ts'] },
  // Surfaces: thin adapters over the door.
  { name: 'surfaces', paths: ['cli/', 'mcp/', 'action/', 'view/'] },
];
const MAX_UPWARD = 0;

// The only modules that may name the primitives that move a ref or write a commit: the git layer
// that defines them, the store's `mutate` (the one door every write operation goes through), sync's
// publish of a merged tip, and import's bulk commit of a pack-written tree (#26: to go through mutate).
export const WRITE_PRIMITIVES = /\b(compareAndSwap|commitTree|writeRef|updateRef)\b/;
export const WRITERS = ['git/', 'core/store.ts', 'sync/sync.ts', 'lifecycle/import-export.ts'];

export function layerOf(rel, layers = LAYERS) {
  let best = -1, len = -1;
  layers.forEach((l, i) => {
    for (const p of l.paths) {
      const hit = p.endsWith('/') ? rel.startsWith(p) : rel === p;
      if (hit && p.length > len) { best = i; len = p.length; }
    }
  });
  return best;
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
const stripComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** The graph of src/: files relative to src/ ('core/store.ts'), edges between them, the source texts. */
export function graph() {
  const abs = walk(src);
  const rel = (f) => relative(src, f).split('\\').join('/');
  const known = new Set(abs);
  const files = abs.map(rel);
  const edges = new Map();
  const texts = new Map();
  for (const f of abs) {
    const text = stripComments(readFileSync(f, 'utf8'));
    texts.set(rel(f), text);
    const out = [];
    for (const m of text.matchAll(IMPORT_RE)) {
      const spec = m[2] ?? m[3] ?? m[4];
      if (!spec || !spec.startsWith('.')) continue;
      let target = resolve(dirname(f), spec).replace(/\.js$/, '.ts');
      if (!target.endsWith('.ts')) target += '.ts';
      if (!known.has(target)) {
        const idx = join(target.replace(/\.ts$/, ''), 'index.ts');
        if (known.has(idx)) target = idx;
        else continue;
      }
      out.push({ to: rel(target), typeOnly: !!m[1], dynamic: !!m[3] });
    }
    edges.set(rel(f), out);
  }
  return { files, edges, texts };
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

// The surfaces reach memories through the door (src/api.ts): none imports the store, and none runs
// an operation module itself (type imports, parsers and renderers such as sync/format.ts are fine).
const OPERATIONS = /^(core\/store|core\/ops\/(store|get|list|update|delete)|core\/history|core\/core-doc|core\/restore|lifecycle\/(prune|import-export|config-ops|embed|write)|sync\/(index|sync|pull|push)|search\/(index|hybrid|listing)|vector\/.*|daemon\/client)\.ts$/;

/** Every finding on a graph; pure, so the self-test can run it on a planted graph. */
export function analyze({ files, edges, texts }, layers = LAYERS) {
  const circles = sccs(files, edges).map((c) => c.sort());
  const unplaced = files.filter((f) => layerOf(f, layers) < 0);
  const upward = [];
  for (const [from, list] of edges) {
    for (const e of list) {
      const a = layerOf(from, layers), b = layerOf(e.to, layers);
      if (a >= 0 && b > a) upward.push({ from, to: e.to, fromLayer: layers[a].name, toLayer: layers[b].name, typeOnly: e.typeOnly, dynamic: e.dynamic });
    }
  }
  const searchIntoStore = [];
  const aroundDoor = [];
  for (const [from, list] of edges) {
    if (from.startsWith('search/') || from.startsWith('vector/')) {
      for (const e of list) if (e.to === 'core/store.ts') searchIntoStore.push(`${from} -> ${e.to}`);
    }
    if (/^(cli|mcp|action|view)\//.test(from)) {
      for (const e of list) if (e.to === 'core/store.ts' || (!e.typeOnly && OPERATIONS.test(e.to))) aroundDoor.push(`${from} -> ${e.to}`);
    }
  }
  const writers = [];
  for (const [f, text] of texts ?? []) {
    if (WRITERS.some((w) => (w.endsWith('/') ? f.startsWith(w) : f === w))) continue;
    const m = WRITE_PRIMITIVES.exec(text);
    if (m) writers.push(`${f}: ${m[1]}`);
  }
  return { files: files.length, edges: [...edges.values()].reduce((n, l) => n + l.length, 0), circles, unplaced, upward, searchIntoStore, aroundDoor, writers };
}

export function fails(r) {
  return r.circles.length > 0 || r.unplaced.length > 0 || r.upward.length > MAX_UPWARD || r.searchIntoStore.length > 0 || r.aroundDoor.length > 0 || r.writers.length > 0;
}

/** Plants one violation of each kind in a small graph that otherwise passes; each must be caught. */
function selfTest() {
  const base = () => ({
    files: ['errors.ts', 'git/refs.ts', 'core/memory.ts', 'core/store.ts', 'search/index.ts', 'api.ts', 'cli/main.ts'],
    edges: new Map([
      ['errors.ts', []],
      ['git/refs.ts', [{ to: 'errors.ts' }]],
      ['core/memory.ts', [{ to: 'errors.ts' }]],
      ['search/index.ts', [{ to: 'core/memory.ts' }]],
      ['core/store.ts', [{ to: 'search/index.ts' }, { to: 'git/refs.ts' }]],
      ['api.ts', [{ to: 'core/store.ts' }]],
      ['cli/main.ts', [{ to: 'api.ts' }]],
    ]),
    texts: new Map([['git/refs.ts', 'compareAndSwap()'], ['core/store.ts', 'this.git.refs.compareAndSwap(ref)']]),
  });
  const plants = {
    'clean graph passes': (g) => g,
    'upward import (model -> indexes)': (g) => { g.edges.get('core/memory.ts').push({ to: 'search/index.ts' }); return g; },
    'upward type-only import': (g) => { g.edges.get('core/memory.ts').push({ to: 'core/store.ts', typeOnly: true }); return g; },
    'upward dynamic import': (g) => { g.edges.get('git/refs.ts').push({ to: 'core/memory.ts', dynamic: true }); return g; },
    'circle inside one layer': (g) => { g.files.push('core/a.ts', 'core/b.ts'); g.edges.set('core/a.ts', [{ to: 'core/b.ts' }]); g.edges.set('core/b.ts', [{ to: 'core/a.ts' }]); return g; },
    'file in no layer': (g) => { g.files.push('util/x.ts'); g.edges.set('util/x.ts', []); return g; },
    'surface importing the store': (g) => { g.edges.get('cli/main.ts').push({ to: 'core/store.ts' }); return g; },
    'compareAndSwap outside the writers': (g) => { g.texts.set('search/index.ts', 'await store.git.refs.compareAndSwap(a, b, c)'); return g; },
    'commitTree outside the writers': (g) => { g.texts.set('core/memory.ts', 'store.git.commitTree({})'); return g; },
  };
  let bad = 0;
  for (const [name, plant] of Object.entries(plants)) {
    const failed = fails(analyze(plant(base())));
    const want = name !== 'clean graph passes';
    console.log(`${failed === want ? 'ok  ' : 'FAIL'} ${name}: check ${failed ? 'fails' : 'passes'}`);
    if (failed !== want) bad++;
  }
  return bad;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--self-test')) process.exit(selfTest() ? 1 : 0);
  const report = analyze(graph());
  if (process.argv.includes('--json')) console.log(JSON.stringify(report, null, 2));
  else {
    console.log(`${report.files} files, ${report.edges} imports, ${LAYERS.length} layers`);
    console.log(`circles: ${report.circles.length}`);
    for (const c of report.circles) console.log(`  ${c.join(' <-> ')}`);
    console.log(`files in no layer: ${report.unplaced.length}`);
    for (const f of report.unplaced) console.log(`  ${f}`);
    console.log(`imports back up a layer: ${report.upward.length}`);
    for (const u of report.upward) console.log(`  ${u.from} (${u.fromLayer}) -> ${u.to} (${u.toLayer})${u.typeOnly ? ' (type)' : ''}${u.dynamic ? ' (dynamic)' : ''}`);
    console.log(`search/vector importing core/store.ts: ${report.searchIntoStore.length}`);
    for (const s of report.searchIntoStore) console.log(`  ${s}`);
    console.log(`surfaces going around src/api.ts: ${report.aroundDoor.length}`);
    for (const s of report.aroundDoor) console.log(`  ${s}`);
    console.log(`ref/commit writers outside ${WRITERS.join(', ')}: ${report.writers.length}`);
    for (const s of report.writers) console.log(`  ${s}`);
  }
  if (process.argv.includes('--check') && fails(report)) process.exit(1);
}

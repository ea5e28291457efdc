// The import graph of src/: circles (strongly connected components), imports that run back up a
// layer, the rules inside a layer that matter, and the write door. Reads the TypeScript sources with
// a small scanner (static `import`/`export … from`, dynamic `import('…')`), no dependency. Type-only
// and dynamic imports are counted too: a lazy `import()` of a higher layer is still the lower layer
// depending on the higher one.
//
//   node scripts/import-graph.mjs              # report (figures, upward imports by folder, findings)
//   node scripts/import-graph.mjs --json       # machine-readable
//   node scripts/import-graph.mjs --check      # exit 1 on any finding (see `fails`)
//   node scripts/import-graph.mjs --self-test  # plants each kind of wrong on a copy of the real graph
//                                              # and exits 1 unless every one is caught (run by .ci/run)
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');

// Lowest first; a file may import its own layer and the ones below. Every pattern is a folder
// (ending in '/'), or a file directly in src/ (the root is no folder): a file belongs to the layer of
// the longest folder holding it, so view/model/ can sit below view/. A pattern naming a file inside
// a folder is refused (`badPatterns`): a file that is not what its folder is moves to the right folder.
export const LAYERS = [
  // One error class per failure, stable codes.
  { name: 'errors', paths: ['errors.ts'] },
  // Objects, refs, packs, config, the git CLI: knows nothing of memories. The only writer of .git.
  { name: 'git', paths: ['git/'] },
  // The memory model and pure helpers: file codec, ids, bounds, config, catalog, the branch-view
  // types, the trash layout, the secret scanner; and the embedders (text in, vectors out).
  { name: 'model', paths: ['model/', 'embed/'] },
  // Citations of code: their front-matter model, creation at a commit and the check against a
  // commit, over git objects only (no memory store).
  { name: 'citations', paths: ['citations/'] },
  // What every write applies before it commits: secret refusal, duplicate fingerprints, auto-tags.
  { name: 'write guards', paths: ['guards/'] },
  // Derived data over a read-only branch view: the full-text index and the vectors.
  { name: 'indexes', paths: ['search/', 'vector/'] },
  // One operation on a branch view (store, get, list, update, delete, history, restore).
  { name: 'branch operations', paths: ['ops/'] },
  // MemoryStore: opens a branch, composes the operations and the indexes, owns mutate.
  { name: 'store', paths: ['store/'] },
  // Operations over a whole store: core documents, stats, prune, import/export, config, embed, sync.
  { name: 'store operations', paths: ['lifecycle/', 'sync/'] },
  // What the viewer shows, gathered from stats, history, trash and the indexes.
  { name: 'aggregations', paths: ['view/model/'] },
  // The resident helper process and its client (the door routes reads to it).
  { name: 'daemon', paths: ['daemon/'] },
  // The door: the library API every surface goes through, and the sync around its operations.
  { name: 'door', paths: ['api.ts', 'index.ts', 'sync-around.ts'] },
  // Surfaces: thin adapters over the door.
  { name: 'surfaces', paths: ['cli/', 'mcp/', 'action/', 'view/'] },
];
const MAX_UPWARD = 0;

// A surface never imports another surface, except to start it: a lazy `import()` of one of these
// entry modules (`memory mcp`, `memory view`, `memory tools`, the Action's viewer export).
export const SURFACE_ENTRIES = ['mcp/server.ts', 'mcp/definitions.ts', 'view/server.ts', 'view/export.ts'];

// Code typed on the branch views (src/model/branch-view.ts), never on the concrete store, not even
// for a type: the indexes, the operations over a whole branch, sync, the search helper and its client,
// the viewer's model. The door hands them the store it opened (the helper gets an opener from the
// door); each takes the narrowest view it needs.
export const BRANCH_VIEW_ONLY = ['search/', 'vector/', 'lifecycle/', 'sync/', 'daemon/', 'view/model/'];

// What search may use of the vectors: the index it scans, a store's vectors and embedder, the
// read-only view. The rest of vector/ (the branch file format and loading, the codec, the SIMD scan,
// write-time vectors) only for types.
export const VECTOR_INTERFACE = ['vector/index.ts', 'vector/store-vectors.ts', 'vector/view.ts'];

// Writes to a repository. Raw writes (fs calls on paths in the git dir, git commands that write) are
// made only in git/. The git layer's write API (below) is called only by the writers: the store's
// `mutate` (the one door every write operation goes through, imports included), sync (a merged tip,
// the pending and fetch refs, the remote's promisor flag) and the importer (its files written as one pack
// of blobs before `mutate` commits them). Of lifecycle/, only the importer: reading import input
// (import-records.ts) and export (export.ts) write nothing.
export const RAW_WRITERS = ['git/'];
export const WRITERS = ['git/', 'store/', 'sync/', 'lifecycle/importer.ts'];
// The git layer's write API, by what it writes. Calls are matched with their receiver where the name
// alone is common (`objects.write`, `git.commit`, `refs.delete`).
const WRITE_API = [
  { kind: 'object', re: /\bobjects\s*\.\s*write\s*\(/ },
  { kind: 'object', re: /\.\s*(writeTree|commitTree|writeCommit)\s*\(/ },
  { kind: 'object', re: /\bgit\s*\.\s*commit\s*\(/ },
  { kind: 'object', re: /\bwriteBlobPack\s*\(/ },
  { kind: 'ref', re: /\.\s*compareAndSwap\s*\(/ },
  { kind: 'ref', re: /\brefs\s*\.\s*(delete|deleteUnder|deleteStale)\s*\(/ },
  { kind: 'ref', re: /\b(writeRef|updateRef|deleteRef)\s*\(/ },
  { kind: 'config', re: /\b(writeConfig|setConfigValue)\s*\(/ },
];
// git modules whose (non-type) import is itself an object write outside the writers.
const WRITE_MODULES = [{ to: 'git/pack-write.ts', kind: 'object' }];

const under = (f, p) => (p.endsWith('/') ? f.startsWith(p) : f === p);

export function badPatterns(layers = LAYERS) {
  return layers.flatMap((l) => l.paths.filter((p) => !p.endsWith('/') && p.includes('/')).map((p) => `${l.name}: ${p}`));
}

export function layerOf(rel, layers = LAYERS) {
  let best = -1, len = -1;
  layers.forEach((l, i) => {
    for (const p of l.paths) if (under(rel, p) && p.length > len) { best = i; len = p.length; }
  });
  return best;
}

/** The folder a file is drawn in: its longest layer pattern ('view/model/'), else its first folder. */
export function folderOf(rel, layers = LAYERS) {
  let best = '';
  for (const l of layers) for (const p of l.paths) if (p.endsWith('/') && rel.startsWith(p) && p.length > best.length) best = p;
  return best || (rel.includes('/') ? rel.split('/')[0] + '/' : rel);
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

/** The graph of src/: files relative to src/ ('store/store.ts'), edges between them, the source texts. */
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

// ---- writes seen in a source text ----

/** The text of a call's arguments: from the '(' at `open` to its matching ')'. */
function argsAt(text, open) {
  let depth = 0;
  for (let i = open; i < text.length && i < open + 2000; i++) {
    const c = text[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') if (--depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1, open + 2000);
}

/**
 * `expr` with the identifiers it names followed, a few levels deep, to what they were set to in the
 * file: the nearest `const|let|var name =` before `at` (else the first in the file).
 */
function expand(text, expr, at, depth = 4, seen = new Set()) {
  if (depth === 0) return expr;
  let out = expr;
  for (const [id] of expr.matchAll(/\b[A-Za-z_$][\w$]*\b/g)) {
    if (seen.has(id)) continue;
    seen.add(id);
    const defs = [...text.matchAll(new RegExp(`\\b(?:const|let|var)\\s+${id.replace(/\$/g, '\\$')}\\s*(?::[^=]+)?=\\s*([^;\\n]+)`, 'g'))];
    const def = defs.filter((d) => d.index < at).pop() ?? defs[0];
    if (def) out += ' ' + expand(text, def[1], def.index, depth - 1, seen);
  }
  return out;
}

// fs calls that create, change or remove a file; `open` only with a flag that writes.
const FS_MUTATORS = /\b(writeFileSync|writeFile|appendFileSync|appendFile|unlinkSync|unlink|rmSync|rm|rmdirSync|rmdir|renameSync|rename|copyFileSync|copyFile|truncateSync|truncate|createWriteStream|symlinkSync|symlink|linkSync|openSync|writeFileAtomic)\s*\(/g;

/** What a path expression points at inside the git dir: 'ref', 'object', 'config', or null (not .git, or our cache). */
function gitPathKind(expr) {
  const inGit = /\b(commonDir|gitDir|GIT_DIR)\b|['"`]\.git['"`/]|\.git\//.test(expr);
  if (/['"`/]refs['"`/]|\brefs\/|packed-refs|['"`]HEAD['"`]|\b\w*[rR]efs?\b(?!\w)/.test(expr) && (inGit || /['"`/]refs['"`/]|\brefs\//.test(expr))) return 'ref';
  if (!inGit) return null;
  if (/['"`/]objects['"`/]|\bobjects\/|['"`]pack['"`]|\.pack\b|\.idx\b/.test(expr)) return 'object';
  if (/['"`/]config(\.lock)?['"`]|\/config\b/.test(expr)) return 'config';
  if (/\bcacheDir\b|git-memory/.test(expr)) return null;
  return 'git dir';
}

// git commands that write, as the string array a runner takes: ['update-ref', '-d', ref].
const GIT_WRITE_CMD = /\[\s*(?:(['"])-c\1\s*,\s*[^,\]]+,\s*)*(['"])(update-ref|symbolic-ref|pack-refs|reflog|config|hash-object|commit-tree|mktree|write-tree|index-pack|unpack-objects|repack|gc|prune|replace|notes)\2([^\]]*)\]/g;
const CONFIG_READS = /['"](--get|--get-all|--get-regexp|--get-urlmatch|--list|-l|--show-origin|--show-scope|--name-only)['"]/;

/** Every write a source text makes: { kind: object|ref|config|git dir, how: fs|git|api, what }. */
export function writesIn(text) {
  const out = [];
  for (const m of text.matchAll(FS_MUTATORS)) {
    const args = argsAt(text, m.index + m[0].length - 1);
    if (m[1] === 'openSync' && !/['"](w|wx|a|ax|r\+|w\+|a\+)['"]|O_WRONLY|O_RDWR|O_CREAT/.test(args)) continue;
    const kind = gitPathKind(expand(text, args, m.index));
    if (kind) out.push({ kind: kind === 'ref' && /^(unlink|rm)/.test(m[1]) ? 'ref deletion' : kind, how: 'fs', what: `${m[1]}(${args.slice(0, 60)})` });
  }
  for (const m of text.matchAll(GIT_WRITE_CMD)) {
    const [cmd, rest] = [m[3], m[4]];
    if (cmd === 'config' && CONFIG_READS.test(rest)) continue;
    if (cmd === 'hash-object' && !/['"]-w['"]/.test(rest)) continue;
    const kind = cmd === 'config' ? 'config' : cmd === 'update-ref' ? (/['"]-d['"]/.test(rest) ? 'ref deletion' : 'ref') : /ref/.test(cmd) ? 'ref' : 'object';
    out.push({ kind, how: 'git', what: `git ${cmd}${rest.replace(/\s+/g, ' ').slice(0, 40)}` });
  }
  for (const { kind, re } of WRITE_API) {
    const g = new RegExp(re.source, 'g');
    for (const m of text.matchAll(g)) out.push({ kind, how: 'api', what: m[0].replace(/\s+/g, '') });
  }
  return out;
}

// The surfaces reach memories through the door (src/api.ts): none imports the store, and none runs
// an operation module itself (type imports, parsers and renderers such as sync/format.ts are fine).
const OPERATIONS = /^(store\/.*|ops\/(store|get|list|update|delete|history|restore)|lifecycle\/(core-doc|prune|importer|import-records|export|config-ops|embed|calibrate)|guards\/write|sync\/(index|sync|pull|push)|search\/(index(-files|-build)?|hybrid(-[a-z]+)?|listing)|vector\/.*|daemon\/client)\.ts$/;

/** Every finding on a graph; pure, so the self-test can run it on a planted graph. */
export function analyze({ files, edges, texts }, layers = LAYERS) {
  const circles = sccs(files, edges).map((c) => c.sort());
  const unplaced = files.filter((f) => layerOf(f, layers) < 0);
  const surface = (f) => (layers[layerOf(f, layers)]?.name === 'surfaces' ? f.split('/')[0] : null);
  const upward = [];
  const intoStore = [], aroundDoor = [], surfaceToSurface = [], vectorInternals = [], writes = [];
  for (const [from, list] of edges) {
    for (const e of list) {
      const a = layerOf(from, layers), b = layerOf(e.to, layers);
      if (a >= 0 && b > a) upward.push({ from, to: e.to, fromLayer: layers[a].name, toLayer: layers[b].name, typeOnly: !!e.typeOnly, dynamic: !!e.dynamic });
      if (BRANCH_VIEW_ONLY.some((p) => from.startsWith(p)) && e.to.startsWith('store/')) intoStore.push(`${from} -> ${e.to}`);
      const sa = surface(from), sb = surface(e.to);
      if (sa && (e.to.startsWith('store/') || (!e.typeOnly && OPERATIONS.test(e.to)))) aroundDoor.push(`${from} -> ${e.to}`);
      if (sa && sb && sa !== sb && !(e.dynamic && SURFACE_ENTRIES.includes(e.to))) surfaceToSurface.push(`${from} -> ${e.to}${e.dynamic ? ' (dynamic)' : ''}`);
      if (from.startsWith('search/') && e.to.startsWith('vector/') && !e.typeOnly && !VECTOR_INTERFACE.includes(e.to)) vectorInternals.push(`${from} -> ${e.to}`);
      const mod = WRITE_MODULES.find((w) => w.to === e.to);
      if (mod && !e.typeOnly && !WRITERS.some((w) => under(from, w))) writes.push(`${from}: ${mod.kind} write (imports ${e.to})`);
    }
  }
  for (const [f, text] of texts ?? []) {
    const raw = RAW_WRITERS.some((w) => under(f, w));
    const writer = WRITERS.some((w) => under(f, w));
    for (const w of writesIn(text)) {
      if (w.how === 'api' ? writer : raw) continue;
      writes.push(`${f}: ${w.kind} ${w.how === 'api' ? 'write through the git layer outside the writers' : w.how === 'fs' ? 'written with fs outside git/' : 'written by a git command outside git/'}: ${w.what}`);
    }
  }
  const byFolder = {};
  for (const u of upward) byFolder[folderOf(u.from, layers)] = (byFolder[folderOf(u.from, layers)] ?? 0) + 1;
  return {
    files: files.length,
    edges: [...edges.values()].reduce((n, l) => n + l.length, 0),
    layers: layers.length,
    badPatterns: badPatterns(layers),
    circles, unplaced, upward, upwardByFolder: byFolder,
    intoStore, aroundDoor, surfaceToSurface, vectorInternals, writes,
  };
}

const FINDINGS = ['badPatterns', 'circles', 'unplaced', 'intoStore', 'aroundDoor', 'surfaceToSurface', 'vectorInternals', 'writes'];
export function fails(r) {
  return r.upward.length > MAX_UPWARD || FINDINGS.some((k) => r[k].length > 0);
}

/**
 * Plants each kind of wrong on a copy of the real graph (the clean copy must pass) and checks that
 * the check then fails naming the planted file. Returns the number of wrongs not caught.
 */
function selfTest() {
  const real = graph();
  const copy = () => ({ files: [...real.files], edges: new Map([...real.edges].map(([k, v]) => [k, v.map((e) => ({ ...e }))])), texts: new Map(real.texts) });
  const add = (g, file, text, imports = []) => {
    if (!g.files.includes(file)) g.files.push(file);
    g.edges.set(file, [...(g.edges.get(file) ?? []), ...imports]);
    g.texts.set(file, `${g.texts.get(file) ?? ''}\n${text}`);
    g.planted = file;
    return g;
  };
  const plants = {
    'view/ importing a cli/ module': (g) => add(g, 'view/server.ts', "import { printJson } from '../cli/output.js';", [{ to: 'cli/output.ts' }]),
    'a commit object written from search/': (g) => add(g, 'search/listing.ts', "const oid = store.git.objects.write('commit', serializeCommit(c));"),
    'a branch ref deleted with unlinkSync from search/': (g) => add(g, 'search/listing.ts', "unlinkSync(join(store.location.commonDir, 'refs', 'heads', store.branch));"),
    'a ref deleted with `git update-ref -d` from lifecycle/': (g) => add(g, 'lifecycle/prune.ts', "await runGit(store.target, ['update-ref', '-d', ref]);"),
    '.git/config edited with fs from ops/': (g) => add(g, 'ops/store.ts', "const file = join(store.location.commonDir, 'config');\nwriteFileSync(file, text);"),
    '`git config` spawned from lifecycle/': (g) => add(g, 'lifecycle/config-ops.ts', "await runGit(store.target, ['config', 'core.bare', 'true']);"),
    'a pack written from search/': (g) => add(g, 'search/index.ts', "import { writeBlobPack } from '../git/pack-write.js';", [{ to: 'git/pack-write.ts' }]),
    'a pack written from export, beside the importer': (g) => add(g, 'lifecycle/export.ts', "import { writeBlobPack } from '../git/pack-write.js';", [{ to: 'git/pack-write.ts' }]),
    'blobs written through the git layer from import-records, beside the importer': (g) => add(g, 'lifecycle/import-records.ts', 'const ids = writeBlobPack(objectsDir, bodies);'),
    'a ref moved through the git layer from ops/': (g) => add(g, 'ops/delete.ts', 'await store.git.refs.compareAndSwap(ref, a, b, log);'),
    'search importing vector internals (codec)': (g) => add(g, 'search/hybrid.ts', "import { decodeVector } from '../vector/codec.js';", [{ to: 'vector/codec.ts' }]),
    'mcp/ importing a cli/ module lazily': (g) => add(g, 'mcp/server.ts', "await import('../cli/output.js');", [{ to: 'cli/output.ts', dynamic: true }]),
    'lifecycle/ typed on the concrete store': (g) => add(g, 'lifecycle/stats.ts', "import type { MemoryStore } from '../store/store.js';", [{ to: 'store/store.ts', typeOnly: true }]),
    'sync/ typed on the concrete store': (g) => add(g, 'sync/context.ts', "import type { MemoryStore } from '../store/store.js';", [{ to: 'store/store.ts', typeOnly: true }]),
    'daemon/ opening the store itself': (g) => add(g, 'daemon/server.ts', "import { MemoryStore } from '../store/store.js';", [{ to: 'store/store.ts' }]),
    'a surface importing the store': (g) => add(g, 'cli/main.ts', "import type { MemoryStore } from '../store/store.js';", [{ to: 'store/store.ts', typeOnly: true }]),
    'an upward import (model -> indexes)': (g) => add(g, 'model/memory.ts', "import { terms } from '../search/analyze.js';", [{ to: 'search/analyze.ts' }]),
    'an upward type-only import': (g) => add(g, 'model/memory.ts', "import type { MemoryStore } from '../store/store.js';", [{ to: 'store/store.ts', typeOnly: true }]),
    'an upward dynamic import': (g) => add(g, 'git/refs.ts', "await import('../model/memory.js');", [{ to: 'model/memory.ts', dynamic: true }]),
    'a circle inside one layer': (g) => add(add(g, 'model/a.ts', '', [{ to: 'model/b.ts' }]), 'model/b.ts', '', [{ to: 'model/a.ts' }]),
    'a file in no layer': (g) => add(g, 'util/x.ts', ''),
  };
  const hitsOf = (r) => r.upward.map((u) => `upward: ${u.from} -> ${u.to}`).concat(FINDINGS.flatMap((k) => r[k].map((x) => `${k}: ${Array.isArray(x) ? x.join(' <-> ') : x}`)));
  let bad = 0;
  const clean = analyze(copy());
  const before = new Set(hitsOf(clean));
  console.log(`${fails(clean) ? 'FAIL' : 'ok  '} the real graph, unplanted: check ${fails(clean) ? 'fails' : 'passes'}`);
  if (fails(clean)) bad++;
  for (const [name, plant] of Object.entries(plants)) {
    const g = plant(copy());
    const r = analyze(g);
    // Caught: the check fails with a finding that was not there before and names the planted file.
    const hits = hitsOf(r).filter((h) => !before.has(h) && h.includes(g.planted));
    const ok = fails(r) && hits.length > 0;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${ok ? `caught (${hits[0]})` : 'not caught'}`);
    if (!ok) bad++;
  }
  const single = analyze(copy(), LAYERS.map((l) => (l.name === 'store' ? { ...l, paths: [...l.paths, 'lifecycle/stats.ts'] } : l)));
  const caught = single.badPatterns.length > 0 && fails(single) && !clean.badPatterns.length;
  console.log(`${caught ? 'ok  ' : 'FAIL'} a single-file pattern in the layer table: ${caught ? `caught (${single.badPatterns[0]})` : 'not caught'}`);
  if (!caught) bad++;
  return bad;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--self-test')) process.exit(selfTest() ? 1 : 0);
  const report = analyze(graph());
  if (process.argv.includes('--json')) console.log(JSON.stringify(report, null, 2));
  else {
    const list = (title, items, fmt = (x) => x) => {
      console.log(`${title}: ${items.length}`);
      for (const x of items) console.log(`  ${fmt(x)}`);
    };
    console.log(`${report.files} files, ${report.edges} imports, ${report.layers} layers`);
    list('layer patterns that name a file in a folder', report.badPatterns);
    list('circles', report.circles, (c) => c.join(' <-> '));
    list('files in no layer', report.unplaced);
    list('imports back up a layer', report.upward, (u) => `${u.from} (${u.fromLayer}) -> ${u.to} (${u.toLayer})${u.typeOnly ? ' (type)' : ''}${u.dynamic ? ' (dynamic)' : ''}`);
    console.log(`  by folder: ${Object.keys(report.upwardByFolder).length ? Object.entries(report.upwardByFolder).map(([k, v]) => `${k} ${v}`).join(', ') : 'none'}`);
    list(`${BRANCH_VIEW_ONLY.join(', ')} importing the store (they take a branch view)`, report.intoStore);
    list('surfaces going around src/api.ts', report.aroundDoor);
    list('surfaces importing another surface (other than starting it)', report.surfaceToSurface);
    list(`search importing vector/ beyond ${VECTOR_INTERFACE.join(', ')}`, report.vectorInternals);
    list('writes outside the door (raw: git/ only; git write API: ' + WRITERS.join(', ') + ')', report.writes);
  }
  if (process.argv.includes('--check') && fails(report)) process.exit(1);
}

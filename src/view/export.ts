import { closeSync, constants, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync, type Stats } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { MemoryDoor } from '../api.js';
import { InvalidInputError } from '../errors.js';
import { findAssets } from './server.js';

/**
 * `memory view --export DIR`: the viewer as static files that open from disk (file://), a GitHub
 * Pages site or an Actions artifact. Chromium refuses fetch() of file:// URLs, so the data is written
 * as script files (`data/<key>.js`, each one call `__gm(key, value)` with the value as JSON), which the
 * page loads with script tags. The export holds the tip: every memory with its versions and their
 * texts, the log, stats, health, core documents; browsing at an older commit and comparing commits
 * need the live viewer (docs/view.md).
 */

/** The export's page: the same files, marked static, with the policy as a meta tag (no server to send it). */
export const EXPORT_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'none'";
const CHUNK = 2000;
const FILES = new Set(['index.html', 'app.js', 'app.css', 'worker.js']);
/** What a data file of an export is called (`data/items-0.js`, `data/mb-12.js`, `data/meta.js`). */
const DATA_FILE = /^[a-z]+(-[0-9]+)?\.js$/;
/** A temp file an interrupted export left behind (see {@link putFile}). */
const TEMP_FILE = /^\.gm-export-[0-9a-f]{16}\.tmp$/;

export interface ExportResult {
  success: true;
  dir: string;
  index: string;
  memories: number;
  files: number;
}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * Refuses (INVALID_INPUT, before anything is written) unless `dir` is missing, an empty directory or an
 * earlier export, checked without following a link: `dir` itself, its files and `data/` must be real
 * files and directories. A link anywhere (index.html -> ~/.bashrc, data -> elsewhere/, DIR -> /etc)
 * would carry the export's writes out of `dir`.
 */
export function checkExportDir(dir: string, shown: string): void {
  const refuse = (why: string) => {
    throw new InvalidInputError(`${shown} ${why}: choose an empty directory (nothing was written)`, { field: 'export' });
  };
  const top = lstatOrNull(dir);
  if (!top) return;
  if (top.isSymbolicLink()) refuse('is a symbolic link');
  if (!top.isDirectory()) refuse('is not a directory');
  for (const name of readdirSync(dir)) {
    const st = lstatSync(join(dir, name));
    if (st.isSymbolicLink()) refuse(`holds a symbolic link (${JSON.stringify(name.slice(0, 100))})`);
    if (FILES.has(name) || TEMP_FILE.test(name)) {
      if (!st.isFile()) refuse(`holds ${JSON.stringify(name)} that is not a regular file`);
    } else if (name === 'data') {
      if (!st.isDirectory()) refuse('holds "data" that is not a directory');
      for (const f of readdirSync(join(dir, 'data'))) {
        const fst = lstatSync(join(dir, 'data', f));
        if (fst.isSymbolicLink()) refuse(`holds a symbolic link (${JSON.stringify(`data/${f.slice(0, 100)}`)})`);
        if (!(DATA_FILE.test(f) || TEMP_FILE.test(f)) || !fst.isFile()) refuse(`is not an earlier export (it holds ${JSON.stringify(`data/${f.slice(0, 100)}`)})`);
      }
    } else refuse(`is not empty and not an earlier export (it holds ${JSON.stringify(name.slice(0, 100))})`);
  }
}

/**
 * Writes `name` in `dir` (a directory checked with lstat): a new temp file opened with O_EXCL and
 * O_NOFOLLOW, then renamed over `name`. A rename replaces a link that appeared since the check instead
 * of writing through it, and the temp file cannot be a link planted in advance.
 */
function putFile(dir: string, name: string, content: string | Buffer): void {
  const tmp = join(dir, `.gm-export-${randomBytes(8).toString('hex')}.tmp`);
  const fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o644);
  try {
    const b = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    for (let w = 0; w < b.length; ) w += writeSync(fd, b, w);
  } catch (err) {
    closeSync(fd);
    rmSync(tmp, { force: true });
    throw err;
  }
  closeSync(fd);
  renameSync(tmp, join(dir, name));
}

/** Creates `dir` when missing (not its parents' links' targets: only a missing last part), and checks it is a real directory. */
function realDir(dir: string): void {
  try {
    mkdirSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const st = lstatSync(dir);
  if (st.isSymbolicLink() || !st.isDirectory()) throw new InvalidInputError(`${dir} changed into a link or a file during the export`, { field: 'export' });
}

export async function exportViewer(door: MemoryDoor, dirArg: string, opts: { assets?: string } = {}): Promise<ExportResult> {
  const dir = resolve(dirArg);
  // Never write over someone's files, nor through a link out of DIR: an empty (or missing) directory, or an earlier export.
  checkExportDir(dir, dirArg);
  const assets = findAssets(opts.assets);
  mkdirSync(join(dir, '..'), { recursive: true });
  realDir(dir);
  const data = join(dir, 'data');
  realDir(data);
  for (const n of readdirSync(dir)) if (TEMP_FILE.test(n)) rmSync(join(dir, n), { force: true });
  let files = 0;
  const put = (key: string, value: unknown) => {
    putFile(data, `${key}.js`, `__gm(${JSON.stringify(key)},${JSON.stringify(value)});\n`);
    files++;
  };
  const html = readFileSync(join(assets, 'index.html'), 'utf8')
    .replace('<html lang="en">', '<html lang="en" data-static="1">')
    .replace('<meta charset="utf-8">', `<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy" content="${EXPORT_CSP}">`);
  putFile(dir, 'index.html', html);
  for (const f of ['app.js', 'app.css', 'worker.js']) putFile(dir, f, readFileSync(join(assets, f)));
  files += 4;

  const vm = await door.viewModel();
  const branch = vm.branch();
  const items = vm.items(branch.tip);
  for (let i = 0; i * CHUNK < items.length || i === 0; i++) put(`items-${i}`, items.slice(i * CHUNK, (i + 1) * CHUNK));
  // The plain list's total and facets, so the page shows its first page from the first chunk without
  // loading and counting all of them (50 chunks at 100,000).
  const plain = await vm.list({});
  put('meta', { branch, chunks: Math.max(1, Math.ceil(items.length / CHUNK)), buckets: Math.max(1, Math.ceil(items.length / 100)), live: { total: plain.total, facets: plain.facets }, exported: new Date().toISOString() });
  put('log', await vm.log({ size: 500 }));
  put('stats', await vm.stats());
  put('health', await vm.health());
  put('core', await vm.core());
  // Memory pages in buckets of ~100 (by a hash of the id, the page computes the same): 10,000 files
  // of one page each cost more to write than everything else in the export.
  const buckets = Math.max(1, Math.ceil(items.length / 100));
  const pages: Array<Record<string, unknown>> = Array.from({ length: buckets }, () => ({}));
  let memories = 0;
  for await (const m of vm.exportMemories()) {
    if (!/^[A-Za-z0-9_-]{1,128}$/.test(m.id)) continue;
    pages[bucketOf(m.id, buckets)][m.id] = m;
    memories++;
  }
  pages.forEach((p, i) => put(`mb-${i}`, p));
  return { success: true, dir, index: join(dir, 'index.html'), memories, files };
}

/** Which `data/mb-<n>.js` holds a memory's page (src/view/client/data.ts computes the same). */
export function bucketOf(id: string, buckets: number): number {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (Math.imul(h, 31) + id.charCodeAt(i)) >>> 0;
  return h % buckets;
}

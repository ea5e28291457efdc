import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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
const OURS = new Set(['index.html', 'app.js', 'app.css', 'worker.js', 'data']);

export interface ExportResult {
  success: true;
  dir: string;
  index: string;
  memories: number;
  files: number;
}

export async function exportViewer(door: MemoryDoor, dirArg: string): Promise<ExportResult> {
  const dir = resolve(dirArg);
  // Never write over someone's files: an empty (or missing) directory, or an earlier export.
  if (existsSync(dir)) {
    const foreign = readdirSync(dir).filter((n) => !OURS.has(n));
    if (foreign.length) throw new InvalidInputError(`${dirArg} is not empty and not an earlier export (it holds ${foreign.slice(0, 3).join(', ')}): choose an empty directory`, { field: 'export' });
  }
  const assets = findAssets();
  mkdirSync(join(dir, 'data'), { recursive: true });
  let files = 0;
  const put = (key: string, value: unknown) => {
    writeFileSync(join(dir, 'data', `${key}.js`), `__gm(${JSON.stringify(key)},${JSON.stringify(value)});\n`);
    files++;
  };
  const html = readFileSync(join(assets, 'index.html'), 'utf8')
    .replace('<html lang="en">', '<html lang="en" data-static="1">')
    .replace('<meta charset="utf-8">', `<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy" content="${EXPORT_CSP}">`);
  writeFileSync(join(dir, 'index.html'), html);
  for (const f of ['app.js', 'app.css', 'worker.js']) writeFileSync(join(dir, f), readFileSync(join(assets, f)));
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

/** Which `data/mb-<n>.js` holds a memory's page (src/view/client/app.ts computes the same). */
export function bucketOf(id: string, buckets: number): number {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (Math.imul(h, 31) + id.charCodeAt(i)) >>> 0;
  return h % buckets;
}

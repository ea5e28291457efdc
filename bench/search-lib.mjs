// Shared helpers of the search benchmarks: a private build, a deterministic synthetic corpus, and
// memory branches of N memories written in bulk (one commit), cached in the temp dir between runs.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { privateBuild, benchEnv, root, idHelpers, rng } from './lib.mjs';

export { root };
/** Builds the CLI and library into a private folder under node_modules/.cache (so packages resolve). */
export const buildPrivate = privateBuild;

// These benchmarks measure the full-text engine: no embedding model (hybrid search has its own bench).
process.env.MEMORY_EMBEDDER = 'none';

export const gitEnv = { ...benchEnv, MEMORY_EMBEDDER: 'none' };

export { rng } from './lib.mjs';

const SYL = ['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'vo', 'zen', 'pri', 'sto', 'gra', 'fel', 'dor', 'bin', 'cas', 'hul', 'jex', 'qua', 'wim', 'yor'];
const REAL = 'api deploy server cache database config token error timeout retry queue worker build test release branch merge review user session login payment invoice customer report metric alert latency memory index search schema migration backup restore network proxy cluster node container image registry secret policy audit'.split(' ');

/** A Zipf-distributed vocabulary: a few very common words, a long tail of rare ones. */
export function corpus(n, seed = 42) {
  const r = rng(seed);
  const vocab = [...REAL];
  while (vocab.length < 20000) {
    let w = '';
    const k = 2 + Math.floor(r() * 3);
    for (let i = 0; i < k; i++) w += SYL[Math.floor(r() * SYL.length)];
    vocab.push(w);
  }
  // Inverse-CDF sampling of Zipf(s=1) over the vocabulary.
  const H = [];
  let acc = 0;
  for (let i = 1; i <= vocab.length; i++) H.push((acc += 1 / i));
  const pick = () => {
    const x = r() * acc;
    let lo = 0;
    let hi = H.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (H[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return vocab[lo];
  };
  const tagsPool = ['api', 'deploy', 'infra', 'frontend', 'backend', 'billing', 'security', 'ops', 'docs', 'ci'];
  const cats = ['general', 'infrastructure', 'project-alpha', 'lessons', 'decisions'];
  const start = Date.parse('2025-01-01T00:00:00Z');
  const out = [];
  for (let i = 0; i < n; i++) {
    const len = 10 + Math.floor(r() * 51);
    const words = [];
    for (let j = 0; j < len; j++) words.push(pick());
    const tags = [tagsPool[Math.floor(r() * tagsPool.length)]];
    if (r() < 0.3) tags.push(tagsPool[Math.floor(r() * tagsPool.length)]);
    out.push({
      content: words.join(' '),
      tags: [...new Set(tags)],
      category: cats[Math.floor(r() * cats.length)],
      priority: ['low', 'medium', 'high'][Math.floor(r() * 3)],
      timestamp: new Date(start + i * 60_000).toISOString(),
    });
  }
  return out;
}

/** Varied 1-3-word queries, each taken from one memory (the expected hit), rarer words first. */
export function queries(docs, count = 200, seed = 7) {
  const r = rng(seed);
  const df = new Map();
  for (const d of docs) for (const w of new Set(d.content.split(' '))) df.set(w, (df.get(w) ?? 0) + 1);
  const out = [];
  for (let i = 0; i < count; i++) {
    const target = Math.floor(r() * docs.length);
    const words = [...new Set(docs[target].content.split(' '))];
    const k = 1 + Math.floor(r() * 3);
    // Mix: the rarest words of the memory plus a random one, like a person recalling a detail.
    words.sort((a, b) => df.get(a) - df.get(b));
    const picked = words.slice(0, Math.max(1, k - 1));
    if (k > 1) picked.push(words[Math.floor(r() * words.length)]);
    out.push({ text: [...new Set(picked)].join(' '), target });
  }
  return out;
}

function yamlString(s) {
  return JSON.stringify(s);
}

export function memoryFile(id, m) {
  return `---\nid: ${id}\ntags:\n${m.tags.map((t) => `  - ${t}\n`).join('')}category: ${m.category}\npriority: ${m.priority}\ntimestamp: ${yamlString(m.timestamp)}\nmetadata:\n  source: bench\n${m.session ? `  session: ${yamlString(m.session)}\n` : ''}---\n${m.content}`;
}

/**
 * A repository whose memory branch holds `docs`, written as one commit through the library's git
 * layer. Cached by name in the temp dir; returns the repo dir and the ids (in docs order).
 */
export async function repoWith(lib, name, docs, { fresh = false } = {}) {
  const dir = join(tmpdir(), `gm-bench-search-${name}`);
  const meta = join(dir, 'bench-ids.json');
  if (!fresh && existsSync(meta)) return { dir, ids: JSON.parse(readFileSync(meta, 'utf8')) };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync('git', ['init', '-q', '-b', 'main', dir], { env: gitEnv });
  const ids = await appendDocs(lib, dir, docs);
  writeFileSync(meta, JSON.stringify(ids));
  return { dir, ids };
}

/** Adds `docs` to the memory branch of `dir` in one commit; returns their ids. */
export async function appendDocs(lib, dir, docs) {
  // `lib`: the private build's URL, or the already loaded module (internals() of bench/lib.mjs).
  const { MemoryStore } = typeof lib === 'string' ? await import(lib) : lib;
  const { newId, pathFor } = await idHelpers();
  const s = new MemoryStore({ repo: dir, warn: () => {} });
  const changes = new Map();
  const ids = [];
  for (const m of docs) {
    const id = newId(Date.parse(m.timestamp));
    ids.push(id);
    changes.set(pathFor(id, m.timestamp), Buffer.from(memoryFile(id, m)));
  }
  const tip = s.tip();
  if (!tip) changes.set('README.md', Buffer.from('# bench\n'));
  await s.git.commit({ ref: s.ref, expect: tip, changes, message: `bench: ${docs.length} memories`, author: { name: 'Bench', email: 'bench@example.com' } });
  s.close();
  return ids;
}

/** Wall time of a child process, ms. */
export function timeRun(cmd, args, opts = {}) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { encoding: 'utf8', env: gitEnv, ...opts });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr}`);
  return { ms, stdout: r.stdout, stderr: r.stderr };
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export function fmt(ms) {
  return ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2);
}

// Foundation figures: CLI start-up (--help, get), CLI store at 0 / 1,000 / 10,000 memories, and
// in-process library stores per second on a 10,000-memory branch. Every CLI time is a ratio to an
// empty `node -e ''` start measured interleaved in the same run.
// Usage: node bench/foundation.mjs [--runs 15]
import { privateBuild, tempRepo, compare, timeSpawn, fmt, idHelpers } from './lib.mjs';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 15;
const { cli, lib } = privateBuild();
const { MemoryStore } = await import(lib);
const node = process.execPath;

const words = 'deploy api cache token retry timeout database index branch merge commit queue worker latency error config secret build test release'.split(' ');
const sentence = (i) => Array.from({ length: 10 + (i % 40) }, (_, k) => words[(i * 7 + k * 13) % words.length]).join(' ');

/** A branch with n memories, written as one bulk commit (setup only; not what is measured). */
async function seeded(n) {
  const repo = tempRepo();
  const s = new MemoryStore({ repo });
  await s.store({ content: 'seed' });
  const { newId, pathFor } = await idHelpers();
  const changes = new Map();
  const t0 = Date.parse('2026-01-01T00:00:00Z');
  for (let i = 1; i < n; i++) {
    const ts = new Date(t0 + i * 60_000).toISOString();
    const id = newId(t0 + i * 60_000);
    changes.set(pathFor(id, ts), Buffer.from(`---\nid: ${id}\ntags:\n  - ${words[i % words.length]}\ncategory: general\npriority: medium\ntimestamp: ${ts}\n---\n${sentence(i)}`));
  }
  if (changes.size) {
    const tip = s.tip();
    const tree = s.git.writeTree(s.git.readCommit(tip).tree, changes);
    await s.git.commitTree({ ref: s.ref, expect: tip, tree, message: `bench: seed ${n}`, author: { name: 'b', email: 'b@e' } });
  }
  return { repo, store: s };
}

const out = [];
const log = (s) => {
  out.push(s);
  console.log(s);
};

log(`node ${process.version}, ${runs} interleaved runs per case, medians`);

// 1. Start-up: --help and get.
{
  const { repo, store } = await seeded(1000);
  const id = (await store.recent(1)).memories[0].id;
  const r = compare(runs, {
    baseline: () => timeSpawn(node, ['-e', '']),
    help: () => timeSpawn(node, [cli, '--help']),
    get: () => timeSpawn(node, [cli, 'get', id, '--repo', repo]),
  });
  log(`| \`memory --help\` | ${fmt(r.help)} ms | ${fmt(r.help / r.baseline, 2)}x | (node -e '' ${fmt(r.baseline)} ms)`);
  log(`| \`memory get <id>\` (1,000 memories) | ${fmt(r.get)} ms | ${fmt(r.get / r.baseline, 2)}x |`);
}

// 2. CLI store at 0 / 1,000 / 10,000.
const storeRatios = {};
for (const n of [0, 1000, 10000]) {
  const { repo } = n === 0 ? { repo: tempRepo() } : await seeded(n);
  const r = compare(runs, {
    baseline: () => timeSpawn(node, ['-e', '']),
    store: (i) => timeSpawn(node, [cli, 'store', `${sentence(i)} run ${i}`, '--tags', 'bench', '--repo', repo]),
  });
  storeRatios[n] = r.store / r.baseline;
  log(`| \`memory store\` (${n.toLocaleString('en')} memories) | ${fmt(r.store)} ms | ${fmt(storeRatios[n], 2)}x |`);
}
log(`| store flatness: 10,000 vs 0 | | ${fmt(storeRatios[10000] / storeRatios[0], 2)}x |`);

// 3. In-process library stores on a 10,000-memory branch.
{
  const { store } = await seeded(10000);
  await store.store({ content: 'warm-up' });
  const N = 300;
  const t = process.hrtime.bigint();
  for (let i = 0; i < N; i++) await store.store({ content: `${sentence(i)} lib ${i}`, tags: ['bench'] });
  const s = Number(process.hrtime.bigint() - t) / 1e9;
  log(`| library \`store()\` on 10,000 memories, one commit each | ${fmt((s / N) * 1000, 2)} ms/store | ${fmt(N / s, 0)} stores/s |`);
}

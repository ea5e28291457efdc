// Tool-call round trips through the official MCP client to a real `memory mcp` child process.
//   node bench/mcp.mjs [--memories 1000] [--reps 50]
// Builds the CLI into its own temp dir (never races other work on dist/). Baselines timed in the same
// run: an MCP `ping` round trip (transport + JSON-RPC, no memory work), and the same operation as a
// `memory` CLI process (what an agent without MCP pays per call). Search is full text unless
// MEMORY_EMBEDDER is set (hybrid search's embedding cost is measured by the hybrid benchmarks).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const N = arg('memories', 1000);
const REPS = arg('reps', 50);

const work = mkdtempSync(join(tmpdir(), 'gm-bench-mcp-'));
const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@example.com', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@example.com', MEMORY_BRANCH: '', GITHUB_ACTIONS: '', MEMORY_AUTO_SYNC: '', MEMORY_EMBEDDER: process.env.MEMORY_EMBEDDER ?? 'none' };
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x) => (x === null ? 'n/a' : x.toFixed(2));
const timeIt = async (fn) => {
  const t = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
};

const timeSync = (fn) => {
  const t = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
};

const WORDS = 'api rate limit deploy database migration cache token retry timeout queue worker index search build release branch review vpn ssl pagination cursor schema config secret log metric alert'.split(' ');
const sentence = (i) => Array.from({ length: 12 }, (_, k) => WORDS[(i * 7 + k * 13) % WORDS.length]).join(' ') + ` (note ${i})`;

try {
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), join(work, 'build')], { stdio: 'inherit' });
  const cliPath = join(work, 'build', 'cli.cjs');
  const repo = join(work, 'repo');
  execFileSync('git', ['init', '-q', '-b', 'main', repo], { env });

  // Start-up: connect (spawn + initialize) vs an empty node start.
  const nodeStart = [];
  const connect = [];
  for (let i = 0; i < 10; i++) {
    const base = timeSync(() => spawnSync(process.execPath, ['-e', '']));
    nodeStart.push(base);
    const c = new Client({ name: 'bench', version: '1' });
    const x = await timeIt(() => c.connect(new StdioClientTransport({ command: process.execPath, args: [cliPath, 'mcp', '--repo', repo], env, stderr: 'ignore' })));
    connect.push(x);
    await c.close();
  }

  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [cliPath, 'mcp', '--repo', repo], env, stderr: 'inherit' }));
  await client.listTools();
  const call = async (name, args) => {
    const r = await client.callTool({ name, arguments: args });
    if (r.isError) throw new Error(`${name}: ${r.content[0].text}`);
    return r;
  };

  // Seed through the server: every one of the N stores is a timed round trip.
  const store = [];
  let lastId = null;
  for (let i = 0; i < N; i++) {
    store.push(await timeIt(async () => (lastId = (await call('memory_store', { content: sentence(i), tags: [WORDS[i % WORDS.length]] })).structuredContent.id)));
  }
  const rows = [];
  // The ratio is over the median MCP ping of the same run (transport + JSON-RPC, no memory work).
  const measure = async (label, fn) => {
    const xs = [];
    for (let i = 0; i < REPS; i++) {
      try {
        xs.push(await timeIt(fn));
      } catch (err) {
        rows.push([label, null, null, String(err.message).slice(0, 120)]);
        return null;
      }
    }
    rows.push([label, median(xs), pingBase ? median(xs) / pingBase : 1]);
    return median(xs);
  };
  let pingBase = 0;
  pingBase = await measure('MCP ping (baseline)', () => client.ping());
  await measure(`memory_get`, () => call('memory_get', { id: lastId }));
  await measure(`memory_recent (10)`, () => call('memory_recent', {}));
  await measure(`memory_list tag filter (of ${N})`, () => call('memory_list', { tags: ['deploy'], limit: 10 }));
  await measure(`memory_search "rate limit retry" (of ${N})`, () => call('memory_search', { query: 'rate limit retry', limit: 10 }));
  await measure(`memory_search query + tag (of ${N})`, () => call('memory_search', { query: 'database', tags: ['api'], limit: 5 }));
  let storeI = N;
  await measure(`memory_store (${N}+ memories)`, () => call('memory_store', { content: sentence(storeI++), tags: ['bench'] }));
  await client.close();

  // A fresh server's first search: it loads (or builds) the index.
  const firstSearch = [];
  for (let i = 0; i < 5; i++) {
    const c = new Client({ name: 'bench', version: '1' });
    await c.connect(new StdioClientTransport({ command: process.execPath, args: [cliPath, 'mcp', '--repo', repo], env, stderr: 'ignore' }));
    firstSearch.push(await timeIt(() => c.callTool({ name: 'memory_search', arguments: { query: 'rate limit retry' } })));
    await c.close();
  }

  // The same operations as one CLI process each, each run paired with an empty node start.
  const cliRuns = (args) => {
    const xs = [];
    const bases = [];
    for (let i = 0; i < 10; i++) {
      const base = Number(timeSync(() => spawnSync(process.execPath, ['-e', ''])));
      let status = 0;
      const x = timeSync(() => (status = spawnSync(process.execPath, [cliPath, ...args, '--repo', repo, '--json'], { env, encoding: 'utf8' }).status));
      if (status !== 0) return [null, null];
      xs.push(x);
      bases.push(base);
    }
    return [median(xs), median(xs) / median(bases)];
  };
  const cliGet = cliRuns(['get', lastId]);
  const cliSearch = cliRuns(['search', 'rate limit retry']);
  const cliStore = cliRuns(['store', 'a CLI-stored note']);

  console.log(`\nMCP tool-call round trips, ${N} memories, median of ${REPS} (node ${process.version}, ${new Date().toISOString()})\n`);
  console.log('| operation | median ms | × ping |');
  console.log('|---|---:|---:|');
  for (const [label, v, ratio, note] of rows) console.log(`| ${label} | ${ms(v)} | ${ratio === null ? (note ?? 'n/a') : ratio.toFixed(1)} |`);
  console.log(`| memory_store while seeding (${N} calls, 0..${N} memories) | ${ms(median(store))} | |`);
  console.log(`| first memory_search of a fresh server (index load) | ${ms(median(firstSearch))} | |`);
  console.log(`\n| per process | median ms | × node -e '' (interleaved) |`);
  console.log('|---|---:|---:|');
  console.log(`| node -e '' (baseline) | ${ms(median(nodeStart))} | 1.0 |`);
  console.log(`| memory mcp: spawn + initialize | ${ms(median(connect))} | ${(median(connect) / median(nodeStart)).toFixed(1)} |`);
  for (const [label, [v, r]] of [['memory get', cliGet], ['memory search', cliSearch], ['memory store', cliStore]]) {
    console.log(`| ${label} as a CLI process | ${ms(v)} | ${r === null ? 'n/a' : r.toFixed(1)} |`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

// Side by side, same corpus and queries, both driven through the MCP SDK client over stdio:
// the official MCP memory server (@modelcontextprotocol/server-memory, installed by this script
// into a temp dir with npm, never into the project) and git-memory's own `memory mcp`.
// Measures the latency of one search tool call and whether the memory a query was taken from is
// returned (git-memory: in its top 10; server-memory returns every substring match, unranked).
//
//   node bench/search-mcp.mjs [--n 10000] [--queries 100]
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { buildPrivate, corpus, fmt, gitEnv, median, queries, repoWith } from './search-lib.mjs';

const arg = (name, d) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : d;
};
const N = arg('--n', 10_000);
const Q = arg('--queries', 100);
const { cli, lib } = buildPrivate();
const docs = corpus(N);
const qs = queries(docs, Q);
const { dir, ids } = await repoWith(lib, String(N), docs);

async function timed(client, name, args) {
  const t0 = performance.now();
  const r = await client.callTool({ name, arguments: args });
  return { ms: performance.now() - t0, r };
}

async function drive(label, transport, call) {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(transport);
  const times = [];
  let found = 0;
  let returned = 0;
  await call(client, qs[0]); // warm-up: first call loads the index / the graph file
  for (const q of qs) {
    const { ms, hits } = await call(client, q);
    times.push(ms);
    returned += hits.length;
    if (hits.includes(ids[q.target])) found++;
  }
  await client.close();
  return { label, median: median(times), found, avgReturned: returned / qs.length };
}

const results = [];
results.push(
  await drive('git-memory `memory mcp` (memory_search, limit 10)', new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp', '--repo', dir], env: gitEnv, stderr: 'ignore' }), async (client, q) => {
    const { ms, r } = await timed(client, 'memory_search', { query: q.text, limit: 10 });
    const text = r.content?.map((c) => c.text ?? '').join('\n') ?? '';
    let hits = [];
    try {
      const parsed = r.structuredContent ?? JSON.parse(text);
      hits = (parsed.results ?? []).map((m) => m.id);
    } catch {
      hits = [...text.matchAll(/mem_[0-9a-z]+/g)].map((m) => m[0]);
    }
    return { ms, hits };
  }),
);

// The official server, installed from npm into a temp dir.
const tmp = join(tmpdir(), `gm-bench-mcp-memory-${process.pid}`);
mkdirSync(tmp, { recursive: true });
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
let official = null;
try {
  execFileSync('npm', ['install', '--prefix', tmp, '--no-audit', '--no-fund', '--silent', '@modelcontextprotocol/server-memory'], { stdio: 'inherit' });
  const version = JSON.parse(execFileSync('npm', ['ls', '--prefix', tmp, '--json', '@modelcontextprotocol/server-memory'], { encoding: 'utf8' })).dependencies['@modelcontextprotocol/server-memory'].version;
  // Same corpus: one entity per memory (name = id), its content as the observation, written in the
  // server's own JSONL format so loading is not the bottleneck being measured.
  const file = join(tmp, 'memory.jsonl');
  writeFileSync(file, docs.map((d, i) => JSON.stringify({ type: 'entity', name: ids[i], entityType: 'memory', observations: [d.content, `tags: ${d.tags.join(', ')}`] })).join('\n') + '\n');
  const entry = join(tmp, 'node_modules', '@modelcontextprotocol', 'server-memory', 'dist', 'index.js');
  official = await drive(`@modelcontextprotocol/server-memory ${version} (search_nodes)`, new StdioClientTransport({ command: process.execPath, args: [entry], env: { ...process.env, MEMORY_FILE_PATH: file }, stderr: 'ignore' }), async (client, q) => {
    const { ms, r } = await timed(client, 'search_nodes', { query: q.text });
    const text = r.content?.map((c) => c.text ?? '').join('\n') ?? '';
    let hits = [];
    try {
      const parsed = r.structuredContent ?? JSON.parse(text);
      hits = (parsed.entities ?? []).map((e) => e.name);
    } catch {
      hits = [...text.matchAll(/mem_[0-9a-z]+/g)].map((m) => m[0]);
    }
    return { ms, hits };
  });
  results.push(official);
} catch (err) {
  console.log(`server-memory could not run: ${err.message}`);
}

console.log(`\nMCP search side by side, ${N} memories, ${Q} queries of 1-3 words, ${new Date().toISOString()}`);
console.log('| server | median latency per call | expected memory returned | results per call |\n|---|---|---|---|');
for (const r of results) console.log(`| ${r.label} | ${fmt(r.median)} ms | ${r.found}/${Q} | ${r.avgReturned.toFixed(1)} |`);

// Reads never write: every read command of the CLI and every MCP tool annotated
// readOnlyHint leave every ref of the repository unchanged, on a branch whose memories have no vectors
// yet (so the hybrid default has something it could embed). Both run in this process (runCli, the MCP
// server over the SDK's in-memory transport); the Action's read commands run as a runner runs them in
// readonly.e2e.test.ts.
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { structured } from '../mcp/client.js';
import { connectIn as connect } from '../mcp/in-process.js';
import { runCli } from '../run-cli.js';
import { useEmbedServer } from '../hybrid/embed-server.js';
import { readRepo, refsOf } from './repo.js';

const embeds = useEmbedServer();
let repo: string;
let id: string;
let env: Record<string, string>;
const refs = () => refsOf(repo);

beforeAll(async () => {
  env = embeds.env();
  ({ repo, id } = await readRepo(env));
});

describe('read CLI commands leave every ref unchanged', () => {
  // [name, args, extra env, check of the --json output]
  const cases: [string, () => string[], Record<string, string>, (json: any) => void][] = [
    ['search (hybrid default, embedding budget 0)', () => ['search', 'deploy'], { MEMORY_EMBED_BUDGET_MS: '0' }, (j) => {
      // No vector anywhere and none may be computed: full text, and the answer says why.
      expect(j.mode).toBe('fulltext');
      expect(j.fallback).toMatchObject({ from: 'hybrid', to: 'fulltext' });
      expect(j.vectors).toMatchObject({ embedded: 0, missing: 3 });
      // Without a vector, a memory still matches on its words.
      expect(j.results[0].content).toContain('deploy');
    }],
    ['search (hybrid default, embeds into the local cache)', () => ['search', 'deploy'], {}, (j) => {
      expect(j.mode).toBe('hybrid');
      expect(j.vectors).toMatchObject({ embedded: 3, missing: 0 });
    }],
    ['search --mode vector', () => ['search', 'database password', '--mode', 'vector'], {}, (j) => expect(j.mode).toBe('vector')],
    ['search --mode fulltext', () => ['search', 'deploy', '--mode', 'fulltext'], {}, (j) => expect(j.mode).toBe('fulltext')],
    ['search --relax', () => ['search', 'zebra crossing', '--tag', 'ops', '--relax'], {}, (j) => expect(j.relaxed).toBeDefined()],
    ['search with filters only', () => ['search', '--tag', 'ops'], {}, (j) => expect(j.total).toBe(2)],
    ['search --archived', () => ['search', 'deploy', '--archived'], {}, (j) => expect(j.success).toBe(true)],
    ['get', () => ['get', id], {}, (j) => expect(j.memory.id).toBe(id)],
    ['list', () => ['list'], {}, (j) => expect(j.total).toBe(3)],
    ['recent', () => ['recent'], {}, (j) => expect(j.memories).toHaveLength(3)],
    ['tagged', () => ['tagged', 'ops'], {}, (j) => expect(j.memories).toHaveLength(2)],
    ['history', () => ['history', id], {}, (j) => expect(j.versions.length).toBe(2)],
    ['stats', () => ['stats'], {}, (j) => expect(j.total).toBe(3)],
    ['export', () => ['export', '--format', 'json'], {}, () => {}],
    ['core view', () => ['core', 'view'], {}, (j) => expect(j.content).toContain('short answers')],
    ['core history', () => ['core', 'history'], {}, (j) => expect(j.snapshots.length).toBeGreaterThan(0)],
    ['trash (list)', () => ['trash'], {}, (j) => expect(j.items).toHaveLength(1)],
    ['config show', () => ['config'], {}, (j) => expect(j.success).toBe(true)],
    ['config get', () => ['config', 'get', 'dedupe'], {}, (j) => expect(j.success).toBe(true)],
    ['rebuild-index', () => ['rebuild-index'], {}, (j) => expect(j.success).toBe(true)],
  ];
  for (const [name, args, extra, check] of cases) {
    it(name, async () => {
      const before = refs();
      const r = await runCli(repo, [...args(), '--json'], { env: { ...env, ...extra } });
      expect(r.code, r.stderr).toBe(0);
      check(r.json);
      expect(refs()).toBe(before);
    });
  }
});

describe('MCP read-only tools leave every ref unchanged', () => {
  // Arguments for every tool annotated readOnlyHint: a new read-only tool must be added here.
  const args: Record<string, () => Record<string, unknown>> = {
    memory_search: () => ({ query: 'database password' }),
    memory_get: () => ({ id }),
    memory_list: () => ({}),
    memory_recent: () => ({}),
    memory_history: () => ({ id }),
    memory_stats: () => ({}),
    memory_verify: () => ({}),
    memory_core_view: () => ({}),
  };

  it('every tool annotated read-only, each call', async () => {
    // The server runs in this process and reads its settings from process.env, as `memory mcp` does.
    const saved = { ...process.env };
    Object.assign(process.env, env);
    onTestFinished(() => {
      for (const k of Object.keys(env)) delete process.env[k];
      Object.assign(process.env, saved);
    });
    const { client } = await connect(repo);
    const { tools } = await client.listTools();
    const readOnly = tools.filter((t) => t.annotations?.readOnlyHint === true).map((t) => t.name);
    expect(readOnly.sort()).toEqual(Object.keys(args).sort());
    // A tool that writes says so.
    for (const t of tools) if (['memory_store', 'memory_update', 'memory_delete', 'memory_core_update'].includes(t.name)) expect(t.annotations?.readOnlyHint).toBe(false);
    for (const name of readOnly) {
      const before = refs();
      const r = await client.callTool({ name, arguments: args[name]() });
      expect(r.isError, `${name}: ${JSON.stringify(r.content)}`).toBeFalsy();
      expect(refs(), name).toBe(before);
    }
    // The search was hybrid and found memories that have no vector on the branch.
    const s = structured(await client.callTool({ name: 'memory_search', arguments: { query: 'VPN production' } }));
    expect(s.results.length).toBeGreaterThan(0);
  });
});

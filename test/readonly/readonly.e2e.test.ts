// Reads never write (issue #13): every read command of the CLI, every MCP tool annotated
// readOnlyHint and the Action's read commands leave every ref of the repository unchanged, on a
// branch whose memories have no vectors yet (so the hybrid default has something it could embed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, structured } from '../mcp/client.js';
import { runAction } from '../action/run-action.js';
import { cliAsync, git, makeRepo } from '../helpers.js';
import { startEmbedServer, type EmbedServer } from '../hybrid/embed-server.js';

let server: EmbedServer;
let repo: string;
let id: string;
let env: Record<string, string>;

/** Every ref with the object it points at: what a read must leave exactly as it was. */
const refs = () => git(repo, 'for-each-ref', '--format=%(refname) %(objectname)');

beforeAll(async () => {
  server = await startEmbedServer();
  env = { MEMORY_EMBEDDER: 'openai', MEMORY_EMBEDDER_URL: server.url, MEMORY_EMBEDDER_MODEL: 'bow' };
  repo = makeRepo({ commit: true });
  // Written by the CLI, which never embeds: the branch holds memories and no vectors.
  const store = async (args: string[]) => {
    const r = await cliAsync(repo, ['store', ...args, '--json'], { env });
    expect(r.code).toBe(0);
    return r.json.id as string;
  };
  id = await store(['The deploy pipeline needs the VPN to reach production', '--tags', 'ops,deploy']);
  await store(['Rotate the staging database password every month', '--tags', 'ops,db']);
  await store(['Lunch on Friday is pizza with the team', '--tags', 'social']);
  const gone = await store(['A note that goes to the trash']);
  expect((await cliAsync(repo, ['delete', gone, '--json'], { env })).code).toBe(0);
  expect((await cliAsync(repo, ['update', id, '--content', 'The deploy pipeline needs the VPN to reach production servers', '--json'], { env })).code).toBe(0);
  expect((await cliAsync(repo, ['core', 'set', 'The user prefers short answers', '--json'], { env })).code).toBe(0);
  expect(git(repo, 'ls-tree', '-r', '--name-only', 'memory')).not.toContain('vectors/');
});
afterAll(() => server.close());

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
      const r = await cliAsync(repo, [...args(), '--json'], { env: { ...env, ...extra } });
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
    memory_core_view: () => ({}),
  };

  it('every tool annotated read-only, each call', async () => {
    const { client } = await connect(repo, [], { ...env });
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

describe("the Action's read commands leave every ref unchanged", () => {
  const cases: [string, () => Record<string, string>][] = [
    ['search (default mode)', () => ({ command: 'search', query: 'deploy' })],
    ['search --mode hybrid', () => ({ command: 'search', query: 'deploy', mode: 'hybrid' })],
    ['get', () => ({ command: 'get', id })],
    ['recent', () => ({ command: 'recent' })],
    ['list', () => ({ command: 'list', tags: 'ops' })],
  ];
  for (const [name, inputs] of cases) {
    it(name, async () => {
      const before = refs();
      const r = await runAction(repo, { ...inputs(), sync: 'false' }, { env });
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(refs()).toBe(before);
    });
  }
});

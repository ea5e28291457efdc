import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { git, makeRepo } from '../helpers.js';
import { runCli } from '../run-cli.js';
import { errorCode, structured, text } from './client.js';
import { connectIn as connect } from './in-process.js';

// What the MCP tools do, through the SDK's own client, with the server in this process
// (test/mcp/in-process.ts). The spawned `memory mcp` (stdio, launch with a wrong --repo, a clean
// stdout) is tested in server.e2e.test.ts.
describe('memory mcp', () => {
  it('lists the seed tools with schemas, annotations and descriptions', async () => {
    const { client } = await connect(makeRepo());
    const { tools } = await client.listTools();
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    for (const n of ['memory_store', 'memory_search', 'memory_get', 'memory_recent', 'memory_delete', 'memory_list']) {
      expect(byName[n], n).toBeDefined();
      expect(byName[n].outputSchema?.type).toBe('object');
      expect(byName[n].description!.length).toBeGreaterThan(60);
    }
    expect(byName.memory_store.inputSchema.required).toEqual(['content']);
    expect(Object.keys(byName.memory_store.inputSchema.properties!)).toEqual(expect.arrayContaining(['content', 'tags', 'category', 'priority']));
    expect(Object.keys(byName.memory_search.inputSchema.properties!)).toEqual(expect.arrayContaining(['query', 'tags', 'category', 'limit', 'after', 'before']));
    expect(byName.memory_get.inputSchema.required).toEqual(['id']);
    expect(byName.memory_store.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(byName.memory_delete.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    for (const n of ['memory_search', 'memory_get', 'memory_recent', 'memory_list']) expect(byName[n].annotations?.readOnlyHint, n).toBe(true);
    // The model is told when to reach for memory, not just what the tool does.
    expect(byName.memory_store.description).toMatch(/remember/i);
    expect(byName.memory_search.description).toMatch(/before starting a task/i);
  });

  it('memory_search tells agents what docs/search.md measured about empty and confident results', async () => {
    const { client } = await connect(makeRepo());
    const d = (await client.listTools()).tools.find((t) => t.name === 'memory_search')!.description!;
    const doc = readFileSync(join(__dirname, '..', '..', 'docs', 'search.md'), 'utf8');
    // Large stores: the held-out unanswerable questions with an empty `results`, latest column.
    const abst = doc.match(/\| unanswerable questions with empty `results` \(913 searches\) \|.*\| ([\d.]+)% \|\n/)!;
    expect(d).toContain(`${Math.round(Number(abst[1]))} in 100 questions the memories cannot answer get an empty \`results\``);
    // Small stores: the 30-memory row of "Confidence by store size".
    const [, right, answerable, quiet, neighbouring] = doc.match(/\n\| 30 \| (\d+)\/(\d+) \(\d+%\) \| (\d+)\/(\d+) \(\d+%\) \|/)!.map(Number);
    expect(d).toContain(`about 1 in ${Math.round(neighbouring / (neighbouring - quiet))} still gets a confident result`);
    // A thousand notes: the 1,000-memory row.
    const [, , , quiet1k, neighbouring1k] = doc.match(/\n\| 1,000 \| (\d+)\/(\d+) \(\d+%\) \| (\d+)\/(\d+) \(\d+%\) \|/)!.map(Number);
    expect(d).toContain(`among a thousand notes about ${Math.round((10 * (neighbouring1k - quiet1k)) / neighbouring1k)} in 10 do`);
    expect(d).toContain(`about 1 answerable question in ${Math.round(answerable / (answerable - right))} has no confident result or another note first`);
    // Stores written by others: the 30-note row of the fresh stores.
    const [, fRight, fAnswerable, , , fPage] = doc.match(/\n\| 30, fresh \| (\d+)\/(\d+) \(\d+%\) \| (\d+)\/(\d+) \(\d+%\) \| [\d.]+ \| (\d+)\/\d+ \(\d+%\) \|/)!.map(Number);
    expect(d).toContain(`(${Math.round((10 * (fAnswerable - fRight)) / fAnswerable)} in 10 among notes written by others`);
    // Of those, the share with the right note first in `weak` (first on the page, not confident).
    expect(d).toContain(`for ${Math.round((10 * (fPage - fRight)) / (fAnswerable - fRight))} in 10 of those the right note is first in \`weak\``);
    expect(d).not.toMatch(/say you do not remember/i);
  });

  it('stores, gets, lists, recents and deletes with the seed shapes; the branch holds the commits', async () => {
    const repo = makeRepo({ commit: true });
    const { client } = await connect(repo);
    const st = await client.callTool({ name: 'memory_store', arguments: { content: 'API rate limit is 100 requests/minute', tags: ['API', 'limits'], category: 'infrastructure', priority: 'high' } });
    expect(st.isError).toBeFalsy();
    const s = structured(st);
    expect(Object.keys(s).sort()).toEqual(['id', 'success', 'timestamp']);
    expect(s.success).toBe(true);
    expect(s.id).toMatch(/^mem_[a-z0-9]+$/);
    expect(Number.isFinite(Date.parse(s.timestamp))).toBe(true);
    expect(text(st)).toContain(s.id);

    const got = structured(await client.callTool({ name: 'memory_get', arguments: { id: s.id } }));
    expect(got.success).toBe(true);
    expect(got.memory).toMatchObject({ id: s.id, content: 'API rate limit is 100 requests/minute', tags: ['api', 'limits'], category: 'infrastructure', priority: 'high', timestamp: s.timestamp });
    expect(got.memory.metadata.source).toBe('mcp');

    const second = structured(await client.callTool({ name: 'memory_store', arguments: { content: 'Deploys need the VPN' } }));
    const again = await client.callTool({ name: 'memory_store', arguments: { content: 'Deploys need the VPN' } });
    expect(structured(again)).toMatchObject({ success: true, id: second.id, duplicate: true });
    expect(text(again)).toMatch(/Already remembered/);
    const list = structured(await client.callTool({ name: 'memory_list', arguments: { tags: ['api'] } }));
    expect(list).toMatchObject({ success: true, total: 1 });
    expect(list.memories.map((m: any) => m.id)).toEqual([s.id]);
    const recent = structured(await client.callTool({ name: 'memory_recent', arguments: { count: 1 } }));
    expect(recent.memories.map((m: any) => m.id)).toEqual([second.id]);

    // The CLI in another process sees what the server wrote: it is on the branch, not in server memory.
    expect((await runCli(repo, ['get', s.id, '--json'])).json.memory.content).toBe('API rate limit is 100 requests/minute');

    const del = await client.callTool({ name: 'memory_delete', arguments: { id: s.id } });
    expect(structured(del)).toEqual({ success: true, deleted: s.id });
    expect(errorCode(await client.callTool({ name: 'memory_get', arguments: { id: s.id } }))).toBe('NOT_FOUND');
    expect(git(repo, 'log', '--format=%s', 'memory')).toMatch(/^memory: delete /);
    expect(git(repo, 'status', '--porcelain')).toBe('');
  });

  it('returns tool errors with stable codes and keeps serving', async () => {
    const { client } = await connect(makeRepo());
    expect(errorCode(await client.callTool({ name: 'memory_get', arguments: { id: 'mem_0000000000000000' } }))).toBe('NOT_FOUND');
    expect(errorCode(await client.callTool({ name: 'memory_get', arguments: { id: '../../etc/passwd' } }))).toBe('INVALID_ID');
    expect(errorCode(await client.callTool({ name: 'memory_delete', arguments: { id: 'mem_0000000000000000' } }))).toBe('NOT_FOUND');
    const empty = await client.callTool({ name: 'memory_store', arguments: { content: '   ' } });
    expect(errorCode(empty)).toBe('EMPTY_CONTENT');
    // The next step (data.next) in an agent's words: the tool's argument, not the CLI's stdin.
    expect(JSON.parse(text(empty)).error).toMatchObject({ data: { next: 'content' } });
    expect(JSON.parse(text(empty)).error.message).toContain('give the text to remember in content');
    expect(text(empty)).not.toContain('stdin');
    expect(errorCode(await client.callTool({ name: 'memory_store', arguments: { content: 'x'.repeat(70_000) } }))).toBe('CONTENT_TOO_LARGE');
    // Bad arguments: validation errors naming the fields, as tool errors a model can correct.
    const bad = await client.callTool({ name: 'memory_store', arguments: { content: 42, priority: 'urgent' } });
    expect(errorCode(bad)).toBe('INVALID_INPUT');
    expect(text(bad)).toMatch(/content/);
    expect(text(bad)).toMatch(/priority/);
    expect(errorCode(await client.callTool({ name: 'memory_store', arguments: {} }))).toBe('INVALID_INPUT');
    expect(errorCode(await client.callTool({ name: 'memory_list', arguments: { limit: -3 } }))).toBe('INVALID_INPUT');
    expect(errorCode(await client.callTool({ name: 'memory_recent', arguments: { count: 2.5 } }))).toBe('INVALID_INPUT');
    expect(errorCode(await client.callTool({ name: 'memory_search', arguments: { after: 'last tuesday' } }))).toBe('INVALID_INPUT');
    // An unknown tool is a protocol error (JSON-RPC invalid params), per the MCP spec.
    await expect(client.callTool({ name: 'memory_nope', arguments: {} })).rejects.toMatchObject({ code: -32602 });
    // Still alive and correct afterwards.
    const ok = await client.callTool({ name: 'memory_store', arguments: { content: 'still here' } });
    expect(ok.isError).toBeFalsy();
  });

  it('serves concurrent tool calls without losing writes', async () => {
    const repo = makeRepo();
    const { client } = await connect(repo);
    const n = 12;
    const stores = await Promise.all(Array.from({ length: n }, (_, i) => client.callTool({ name: 'memory_store', arguments: { content: `fact number ${i}`, tags: ['batch'] } })));
    expect(stores.every((r) => !r.isError)).toBe(true);
    const ids = new Set(stores.map((r) => structured(r).id));
    expect(ids.size).toBe(n);
    const [list, ...gets] = await Promise.all([
      client.callTool({ name: 'memory_list', arguments: { tags: ['batch'] } }),
      ...[...ids].map((id) => client.callTool({ name: 'memory_get', arguments: { id } })),
    ]);
    expect(structured(list).total).toBe(n);
    expect(gets.map((g) => structured(g).memory.id).sort()).toEqual([...ids].sort());
    expect(Number(git(repo, 'rev-list', '--count', 'memory'))).toBe(n);
  });

  it('bounds results: limit caps and long contents are cut with a marker; memory_get has the full text', async () => {
    const repo = makeRepo();
    const long = 'word '.repeat(1000); // 5,000 characters
    await runCli(repo, ['store', long, '--tags', 'long']);
    for (let i = 0; i < 3; i++) await runCli(repo, ['store', `short ${i}`]);
    const { client } = await connect(repo, { previewChars: 200 });
    const list = structured(await client.callTool({ name: 'memory_list', arguments: { tags: ['long'] } }));
    const m = list.memories[0];
    expect(m.truncated).toBe(true);
    expect(m.content.length).toBeLessThan(400);
    expect(m.content).toMatch(/truncated: 4800 more characters; call memory_get/);
    expect(structured(await client.callTool({ name: 'memory_get', arguments: { id: m.id } })).memory.content).toBe(long);
    const limited = structured(await client.callTool({ name: 'memory_list', arguments: { limit: 2 } }));
    expect(limited.memories).toHaveLength(2);
    expect(limited.total).toBe(4);
    const shorts = structured(await client.callTool({ name: 'memory_recent', arguments: { count: 3 } }));
    expect(shorts.memories.every((x: any) => x.truncated === undefined)).toBe(true);
  });
});

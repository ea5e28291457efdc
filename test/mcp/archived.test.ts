import { describe, expect, it } from 'vitest';
import { makeRepo } from '../helpers.js';
import { runCli } from '../run-cli.js';
import { MemoryStore } from '../../src/store/store.js';
import { structured } from './client.js';
import { connectIn as connect } from './in-process.js';

describe('memory mcp: archived memories', () => {
  it('lists, searches and gets memories archived by retention only when asked', async () => {
    const repo = makeRepo();
    const old = await new MemoryStore({ repo, warn: () => {} }).store({ content: 'The staging database moved to eu-west-1', timestamp: '2020-01-01T00:00:00Z' });
    const fresh = (await runCli(repo, ['store', 'The staging database password rotates monthly', '--json'])).json.id;
    expect((await runCli(repo, ['config', 'set', 'retention.deleteAfterDays', '100000', '--json'])).code).toBe(0);
    const pruned = (await runCli(repo, ['prune', '--retention', '--json'])).json;
    expect(pruned.archived.map((i: { id: string }) => i.id)).toEqual([old.id]);

    const { client } = await connect(repo);
    const list = structured(await client.callTool({ name: 'memory_list', arguments: {} }));
    expect(list.memories.map((m: any) => m.id)).toEqual([fresh]);
    const all = structured(await client.callTool({ name: 'memory_list', arguments: { archived: true } }));
    expect(all.memories.map((m: any) => [m.id, m.archived])).toEqual([
      [fresh, undefined],
      [old.id, true],
    ]);
    const search = structured(await client.callTool({ name: 'memory_search', arguments: { query: 'staging database', archived: true, mode: 'fulltext' } }));
    expect(search.results.find((m: any) => m.id === old.id)?.archived).toBe(true);
    expect(structured(await client.callTool({ name: 'memory_search', arguments: { query: 'eu-west-1', mode: 'fulltext', relax: false } })).total).toBe(0);
    const got = await client.callTool({ name: 'memory_get', arguments: { id: old.id } });
    expect(got.isError).toBeFalsy();
    expect(structured(got).memory).toMatchObject({ id: old.id, archived: true, content: 'The staging database moved to eu-west-1' });
  });
});

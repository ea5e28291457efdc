// Smaller MCP contracts, through the real SDK client: memory_delete is idempotent as
// annotated, schemas carry their bounds, memory_search honours priority, and error advice names tools.
import { describe, expect, it } from 'vitest';
import { makeRepo } from '../helpers.js';
import { runCli } from '../run-cli.js';
import { errorCode, structured, text } from './client.js';
import { connectIn as connect } from './in-process.js';

describe('MCP contract', { timeout: 120_000 }, () => {
  it('memory_delete twice: the second call succeeds (idempotent), saying it was already deleted', async () => {
    const repo = makeRepo();
    const { client } = await connect(repo);
    const { id } = structured(await client.callTool({ name: 'memory_store', arguments: { content: 'to be forgotten' } }));
    const first = await client.callTool({ name: 'memory_delete', arguments: { id } });
    expect(first.isError).toBeFalsy();
    const second = await client.callTool({ name: 'memory_delete', arguments: { id } });
    expect(second.isError, text(second)).toBeFalsy();
    expect(structured(second)).toEqual({ success: true, deleted: id, alreadyDeleted: true });
    // A memory that never existed is still NOT_FOUND, and the advice names the tool, not the CLI.
    const none = await client.callTool({ name: 'memory_delete', arguments: { id: 'mem_0k2x9d1ab7q4ce3m' } });
    expect(errorCode(none)).toBe('NOT_FOUND');
    expect(text(none)).toContain('memory_list');
    expect(text(none)).not.toContain('memory list');
    // get of the deleted one says it is in the trash and how to restore it, with the tool.
    const got = await client.callTool({ name: 'memory_get', arguments: { id } });
    expect(errorCode(got)).toBe('NOT_FOUND');
    expect(text(got)).toMatch(/in the trash/);
    expect(text(got)).toContain('memory_trash');
    expect(JSON.parse(text(got)).error.data).toMatchObject({ id, trashed: true, next: 'trash.restore' });
  });

  it('a stale core version: CONFLICT with data.next core.view, the advice naming memory_core_view and no CLI command', async () => {
    const repo = makeRepo();
    const { client } = await connect(repo);
    const { version } = structured(await client.callTool({ name: 'memory_core_update', arguments: { action: 'insert_after', anchor_text: '', content: 'first' } }));
    await client.callTool({ name: 'memory_core_update', arguments: { action: 'insert_after', anchor_text: 'first', content: ' second' } });
    const stale = await client.callTool({ name: 'memory_core_update', arguments: { action: 'insert_after', anchor_text: 'first', content: ' third', expect_version: version } });
    expect(errorCode(stale)).toBe('CONFLICT');
    expect(JSON.parse(text(stale)).error.data).toMatchObject({ expected_version: version, next: 'core.view' });
    expect(text(stale)).toContain('memory_core_view');
    expect(text(stale)).not.toContain('memory core');
  });

  it('schemas carry the bounds: memory_search limit 500 is INVALID_INPUT; the cap is in the JSON schema', async () => {
    const repo = makeRepo();
    const { client } = await connect(repo);
    const tools = (await client.listTools()).tools;
    const search = tools.find((t) => t.name === 'memory_search')!;
    expect((search.inputSchema.properties as any).limit.maximum).toBe(50);
    const r = await client.callTool({ name: 'memory_search', arguments: { query: 'x', limit: 500 } });
    expect(errorCode(r)).toBe('INVALID_INPUT');
    expect(text(r)).toMatch(/limit/);
  });

  it('memory_search honours priority, as the CLI does', async () => {
    const repo = makeRepo();
    await runCli(repo, ['store', 'deploy checklist, high', '--priority', 'high']);
    await runCli(repo, ['store', 'deploy checklist, low', '--priority', 'low']);
    const { client } = await connect(repo);
    const r = structured(await client.callTool({ name: 'memory_search', arguments: { query: 'deploy checklist', priority: 'high', relax: false } }));
    expect(r.results.map((m: any) => m.priority)).toEqual(['high']);
  });
});

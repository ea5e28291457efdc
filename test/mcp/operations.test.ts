import { describe, expect, it } from 'vitest';
import { makeRepo } from '../helpers.js';
import { runCli } from '../run-cli.js';
import { errorCode, structured, text } from './client.js';
import { connectIn as connect } from './in-process.js';

describe('memory mcp: update, history, core, trash, stats', () => {
  it('updates a memory and shows its history', async () => {
    const repo = makeRepo();
    const { client } = await connect(repo);
    const { id } = structured(await client.callTool({ name: 'memory_store', arguments: { content: 'The API rate limit is 100 requests/minute', tags: ['api'] } }));
    const up = await client.callTool({ name: 'memory_update', arguments: { id, content: 'The API rate limit is 500 requests/minute', priority: 'high' } });
    expect(structured(up)).toMatchObject({ success: true, id, version: 2, changed: expect.arrayContaining(['content', 'priority']) });
    expect(Object.keys(structured(up)).sort()).toEqual(['changed', 'id', 'success', 'updated', 'version']);
    expect(structured(await client.callTool({ name: 'memory_get', arguments: { id } })).memory).toMatchObject({ content: 'The API rate limit is 500 requests/minute', priority: 'high', tags: ['api'] });
    const same = structured(await client.callTool({ name: 'memory_update', arguments: { id, priority: 'high' } }));
    expect(same.changed).toEqual([]);

    const h = structured(await client.callTool({ name: 'memory_history', arguments: { id } }));
    expect(h.total).toBe(2);
    expect(h.versions.map((v: any) => [v.event, v.version, v.content])).toEqual([
      ['updated', 2, 'The API rate limit is 500 requests/minute'],
      ['stored', 1, 'The API rate limit is 100 requests/minute'],
    ]);
    expect(structured(await client.callTool({ name: 'memory_history', arguments: { id, limit: 1 } })).versions).toHaveLength(1);
    expect(errorCode(await client.callTool({ name: 'memory_update', arguments: { id: 'mem_0000000000000000', content: 'x' } }))).toBe('NOT_FOUND');
    expect(errorCode(await client.callTool({ name: 'memory_update', arguments: { id } }))).toBe('INVALID_INPUT');
  });

  it('a misspelled argument is INVALID_INPUT naming the right one, never a filter silently dropped', async () => {
    const { client } = await connect(makeRepo());
    await client.callTool({ name: 'memory_store', arguments: { content: 'deploys need the VPN', tags: ['ops'] } });
    await client.callTool({ name: 'memory_store', arguments: { content: 'lunch is at noon', tags: ['team'] } });
    for (const [name, args, wanted] of [
      ['memory_list', { tag: ['ops'] }, 'tags'],
      ['memory_search', { query: 'vpn', catgory: 'ops' }, 'category'],
      ['memory_search', { query: 'vpn', limt: 1 }, 'limit'],
      ['memory_recent', { cout: 1 }, 'count'],
    ] as const) {
      const r = await client.callTool({ name, arguments: args });
      expect(errorCode(r), name).toBe('INVALID_INPUT');
      expect(JSON.parse(text(r)).error.message).toContain(`did you mean "${wanted}"`);
    }
    const huge = await client.callTool({ name: 'memory_list', arguments: { ['k'.repeat(1_000_000)]: 1 } });
    expect(errorCode(huge)).toBe('INVALID_INPUT');
    expect(text(huge).length).toBeLessThan(2000);
    expect(structured(await client.callTool({ name: 'memory_list', arguments: { tags: ['ops'] } })).total).toBe(1);
    // The listed schemas say so: every tool's input is closed.
    for (const t of (await client.listTools()).tools) expect(t.inputSchema, t.name).toMatchObject({ type: 'object', additionalProperties: false });
  });

  it('history cuts a long version at the preview length without splitting a surrogate pair', async () => {
    const { client } = await connect(makeRepo(), { previewChars: 100 });
    const { id } = structured(await client.callTool({ name: 'memory_store', arguments: { content: `${'a'.repeat(99)}😀 and more after the emoji` } }));
    const v = structured(await client.callTool({ name: 'memory_history', arguments: { id } })).versions[0];
    expect(v.truncated).toBe(true);
    expect(v.content).toMatch(/^a{99}… \[truncated: 27 more characters\]$/);
    expect(v.content).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it('views and patches the core document, refusing ambiguous or stale edits', async () => {
    const { client } = await connect(makeRepo());
    const empty = structured(await client.callTool({ name: 'memory_core_view', arguments: {} }));
    expect(empty).toMatchObject({ success: true, name: 'default', content: '', version: null });
    const first = await client.callTool({ name: 'memory_core_update', arguments: { action: 'insert_after', anchor_text: '', content: '# User\nPrefers TypeScript.' } });
    expect(first.isError).toBeFalsy();
    expect(structured(first)).toMatchObject({ success: true, changed: true, applied: 1 });
    const v1 = structured(await client.callTool({ name: 'memory_core_view', arguments: {} }));
    expect(v1.content).toContain('Prefers TypeScript.');
    const batch = await client.callTool({
      name: 'memory_core_update',
      arguments: {
        action: 'batch',
        expect_version: v1.version,
        operations: [
          { action: 'edit', old_text: 'Prefers TypeScript.', new_text: 'Prefers TypeScript with strict mode.' },
          { action: 'insert_after', anchor_text: 'strict mode.', content: 'Works in UTC.' },
        ],
      },
    });
    expect(structured(batch)).toMatchObject({ changed: true, applied: 2 });
    const v2 = structured(await client.callTool({ name: 'memory_core_view', arguments: {} }));
    expect(v2.content).toMatch(/strict mode\.[\s\S]*Works in UTC\./);
    // Stale version: CONFLICT, nothing written.
    expect(errorCode(await client.callTool({ name: 'memory_core_update', arguments: { action: 'delete', old_text: 'Works in UTC.', expect_version: v1.version } }))).toBe('CONFLICT');
    // Text that is not in the document: refused.
    expect(errorCode(await client.callTool({ name: 'memory_core_update', arguments: { action: 'edit', old_text: 'Prefers Python', new_text: 'x' } }))).toBe('INVALID_INPUT');
    expect(errorCode(await client.callTool({ name: 'memory_core_update', arguments: { action: 'rewrite' } }))).toBe('INVALID_INPUT');
    expect(structured(await client.callTool({ name: 'memory_core_view', arguments: {} })).content).toBe(v2.content);
  });

  it('lists the trash and restores from it; stats counts', async () => {
    const repo = makeRepo();
    const keep = (await runCli(repo, ['store', 'keep me', '--tags', 'a', '--category', 'infra', '--json'])).json.id;
    const gone = (await runCli(repo, ['store', 'forget me', '--tags', 'a', '--json'])).json.id;
    const { client } = await connect(repo);
    await client.callTool({ name: 'memory_delete', arguments: { id: gone } });
    const t = structured(await client.callTool({ name: 'memory_trash', arguments: {} }));
    expect(t).toMatchObject({ success: true, action: 'list', total: 1 });
    expect(t.items[0]).toMatchObject({ id: gone, content: 'forget me' });
    expect(typeof t.items[0].deleted_at).toBe('string');
    const st = structured(await client.callTool({ name: 'memory_stats', arguments: {} }));
    expect(st).toMatchObject({ success: true, total: 1, trash: 1, categories: { infra: 1 } });
    const r = structured(await client.callTool({ name: 'memory_trash', arguments: { action: 'restore', id: gone } }));
    expect(r).toMatchObject({ success: true, action: 'restore', restored: gone, from: 'trash' });
    expect(structured(await client.callTool({ name: 'memory_get', arguments: { id: gone } })).memory.content).toBe('forget me');
    expect(errorCode(await client.callTool({ name: 'memory_trash', arguments: { action: 'restore' } }))).toBe('INVALID_INPUT');
    expect(structured(await client.callTool({ name: 'memory_stats', arguments: {} })).total).toBe(2);
    expect(text(await client.callTool({ name: 'memory_stats', arguments: {} }))).toMatch(/2 memories/);
    expect(keep).toMatch(/^mem_/);
  });
});

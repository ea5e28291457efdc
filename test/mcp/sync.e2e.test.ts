import { describe, expect, it } from 'vitest';
import { cli, git, makeRepo, tempDir } from '../helpers.js';
import { connect, structured, text } from './client.js';

function withRemote(bare: string): string {
  const repo = makeRepo({ commit: true });
  git(repo, 'remote', 'add', 'origin', bare);
  return repo;
}

describe('memory mcp --sync', () => {
  it('pushes its writes and pulls what others pushed before reading', async () => {
    const bare = makeRepo({ bare: true });
    const a = withRemote(bare);
    const b = withRemote(bare);
    const { client } = await connect(a, ['--sync', '--pull-interval', '0']);

    const st = structured(await client.callTool({ name: 'memory_store', arguments: { content: 'stored by the agent on A', tags: ['shared'] } }));
    expect(git(bare, 'rev-parse', 'memory')).toBe(git(a, 'rev-parse', 'memory'));

    // Another machine stores and shares; the server sees it on its next read.
    const fromB = cli(b, ['store', 'stored by a job on B', '--tags', 'shared', '--sync', '--json']);
    expect(fromB.code).toBe(0);
    const list = structured(await client.callTool({ name: 'memory_list', arguments: { tags: ['shared'] } }));
    expect(list.memories.map((m: any) => m.id).sort()).toEqual([st.id, fromB.json.id].sort());
    expect(structured(await client.callTool({ name: 'memory_get', arguments: { id: fromB.json.id } })).memory.content).toBe('stored by a job on B');
  });

  it('follows MEMORY_AUTO_SYNC like the other commands; --no-sync wins', async () => {
    const bare = makeRepo({ bare: true });
    const a = withRemote(bare);
    const { client } = await connect(a, [], { MEMORY_AUTO_SYNC: 'write' });
    await client.callTool({ name: 'memory_store', arguments: { content: 'shared by env' } });
    expect(git(bare, 'rev-parse', 'memory')).toBe(git(a, 'rev-parse', 'memory'));
    await client.close();
    const { client: quiet } = await connect(a, ['--no-sync'], { MEMORY_AUTO_SYNC: '1' });
    await quiet.callTool({ name: 'memory_store', arguments: { content: 'kept local' } });
    expect(git(bare, 'rev-parse', 'memory')).not.toBe(git(a, 'rev-parse', 'memory'));
  });

  it('keeps answering from local memories when the remote is unreachable, and says so', async () => {
    const repo = makeRepo({ commit: true });
    git(repo, 'remote', 'add', 'origin', `${tempDir('gm-gone-')}/missing.git`);
    const { client, stderr } = await connect(repo, ['--sync', '--pull-interval', '0']);
    const st = await client.callTool({ name: 'memory_store', arguments: { content: 'written while offline' } });
    expect(st.isError).toBeFalsy();
    expect(text(st)).toMatch(/Saved locally, but sharing it through the remote failed: \[[A-Z_]+\]/);
    const list = await client.callTool({ name: 'memory_list', arguments: {} });
    expect(list.isError).toBeFalsy();
    expect(structured(list).total).toBe(1);
    expect(text(list)).toMatch(/Could not pull from the remote/);
    expect(stderr()).toMatch(/pull failed/);
  });
});

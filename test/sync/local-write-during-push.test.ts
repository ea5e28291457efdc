import { describe, expect, it } from 'vitest';
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { git } from '../helpers.js';
import { MemoryStore } from '../../src/store/store.js';
import { pull, sync } from '../../src/sync/index.js';
import { idsUnder, pendingName, pendingRefs, setup } from './fixtures.js';

// The one-push path: a second process of the same clone writes while a sync's push is in
// flight (an MCP server answering two tool calls at once). Library calls in-process; the remote's
// pre-receive hook holds the push until the test has made the concurrent write.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('sync safety: a local write during a one-push sync', { timeout: 120_000 }, () => {
  it('a delete of a memory pulled from a pending ref, made while a burst writer pushes, stays deleted', async () => {
    const { remote, clones } = setup(3);
    const [a, b, c] = clones;
    const sa = new MemoryStore({ repo: a });
    await sa.store({ content: 'seed memory' });
    await sync(sa);
    // Another writer's memory y, parked in a pending ref made just now (a burst is in progress).
    const sb = new MemoryStore({ repo: b });
    await pull(sb);
    const y = await sb.store({ content: 'y: parked, then deleted' });
    sb.close();
    git(b, 'push', '-q', 'origin', `memory:${pendingName('bbbbbbbbbb')}`);
    await pull(sa);
    expect((await sa.list({})).memories.map((m) => m.id)).toContain(y.id);

    await sa.store({ content: 'z: published by the one push' });
    writeFileSync(join(remote, 'hooks', 'pre-receive'), '#!/bin/sh\ntouch waiting\ni=0\nwhile [ ! -f go ] && [ $i -lt 600 ]; do sleep 0.05; i=$((i+1)); done\nexit 0\n');
    chmodSync(join(remote, 'hooks', 'pre-receive'), 0o755);
    const running = sync(sa);
    while (!existsSync(join(remote, 'waiting'))) await sleep(20);
    // The second process deletes y while the push is held.
    const other = new MemoryStore({ repo: a });
    await other.delete(y.id);
    other.close();
    writeFileSync(join(remote, 'go'), '');
    const first = await running;
    expect(first.pending).toBe(1); // the delete was re-applied on what was pushed, to publish next
    const second = await sync(sa);
    expect(second).toMatchObject({ folded: 2, pendingRemote: 0 });
    sa.close();

    // A reader folds (not b: its hand push left its own mark behind, so it would publish y again).
    const folder = new MemoryStore({ repo: c });
    await sync(folder, { fold: true });
    folder.close();
    expect(pendingRefs(remote)).toEqual([]);
    expect(idsUnder(remote, 'memory', 'trash')).toContain(y.id);
    expect(idsUnder(remote, 'memory', 'memories')).not.toContain(y.id);
  });
});

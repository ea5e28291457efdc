import { describe, expect, it } from 'vitest';
import { git } from '../helpers.js';
import { runCli } from '../run-cli.js';
import { idsUnder, ok, setup } from './fixtures.js';

// docs/sync.md: `--sync` on any command: reads pull first, writes sync after their commit. A command
// takes part only if src/cli/context.ts knows whether it reads or writes (SYNC_MODES by its first
// word, or the `sync` option of `run`); one that is not known takes `--sync` (and MEMORY_AUTO_SYNC)
// and silently does not sync: its write stays local, and `--json` has no `sync` field.
describe('--sync on the subcommand groups', { timeout: 300_000 }, () => {
  it('trash restore --sync shares the restore; trash list --sync pulls first', async () => {
    const { remote, clones } = setup(2);
    const [a, b] = clones;
    const m = ok(await runCli(a, ['store', 'a memory to delete and restore', '--sync', '--json'])).json;
    ok(await runCli(a, ['delete', m.id, '--sync', '--json']));
    expect(idsUnder(remote, 'memory', 'trash')).toContain(m.id);
    // Another clone sees the trash item with a pull first.
    const list = ok(await runCli(b, ['trash', '--sync', '--json'])).json;
    expect(list.items.map((i: { id: string }) => i.id)).toContain(m.id);
    const r = ok(await runCli(a, ['trash', 'restore', m.id, '--sync', '--json'])).json;
    expect(r.sync).toMatchObject({ pushed: true });
    expect(idsUnder(remote, 'memory', 'memories')).toContain(m.id);
    expect(idsUnder(remote, 'memory', 'trash')).not.toContain(m.id);
  });

  // FOUND, NOT FIXED (review12): `memory core <command>` is not in SYNC_MODES either, so `core set
  // --sync` (and every core write) commits locally and never syncs. Fix: pass `{ sync: 'write' }` to
  // the run() of set, edit, delete, insert-after, batch and restore in src/cli/commands/core.ts, and
  // `{ sync: 'read' }` to view and history (as trash.ts does now).
  it.fails('core set --sync shares the document', async () => {
    const { remote, clones } = setup(1);
    const [a] = clones;
    ok(await runCli(a, ['store', 'seed', '--sync', '--json']));
    const r = ok(await runCli(a, ['core', 'set', 'The team prefers tabs.', '--sync', '--json'])).json;
    expect(r.sync).toMatchObject({ pushed: true });
    expect(git(remote, 'rev-parse', 'memory')).toBe(git(a, 'rev-parse', 'memory'));
  });
});

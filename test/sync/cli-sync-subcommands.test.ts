import { describe, expect, it } from 'vitest';
import { git } from '../helpers.js';
import { runCli } from '../run-cli.js';
import { idsUnder, ok, setup } from './fixtures.js';

// docs/sync.md: `--sync` on any command: reads pull first, writes sync after their commit. A command
// takes part by its operation's flag in src/sync-around.ts (its first word, or the `op` a subcommand
// passes to `run`); the subcommand groups (trash, core, config) read or write by subcommand.
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

  it('core set --sync shares the document; core view --sync in another clone pulls it first', async () => {
    const { remote, clones } = setup(2);
    const [a, b] = clones;
    ok(await runCli(a, ['store', 'seed', '--sync', '--json']));
    const r = ok(await runCli(a, ['core', 'set', 'The team prefers tabs.', '--sync', '--json'])).json;
    expect(r.sync).toMatchObject({ pushed: true });
    expect(git(remote, 'rev-parse', 'memory')).toBe(git(a, 'rev-parse', 'memory'));
    expect(ok(await runCli(b, ['core', 'view', '--sync', '--json'])).json.content).toContain('The team prefers tabs.');
  });

  // Same hole in `config set|unset` (they commit .memory/config.json to the branch). And a command
  // that has nothing to share now says so when given --sync, instead of ignoring it silently.
  it('config set --sync shares the setting; config get --sync pulls first; --sync on a local command warns', async () => {
    const { remote, clones } = setup(2);
    const [a, b] = clones;
    ok(await runCli(a, ['store', 'seed', '--sync', '--json']));
    const r = ok(await runCli(a, ['config', 'set', 'retention.enabled', 'true', '--sync', '--json'])).json;
    expect(r.sync).toMatchObject({ pushed: true });
    expect(git(remote, 'rev-parse', 'memory')).toBe(git(a, 'rev-parse', 'memory'));
    expect(ok(await runCli(b, ['config', 'get', 'retention.enabled', '--sync', '--json'])).json.value).toBe(true);
    const local = await runCli(a, ['rebuild-index', '--sync', '--json']);
    expect(local.code).toBe(0);
    expect(local.stderr).toMatch(/--sync does nothing for "memory rebuild-index"/);
    expect((await runCli(a, ['rebuild-index', '--json'])).stderr).not.toMatch(/--sync/);
  });
});

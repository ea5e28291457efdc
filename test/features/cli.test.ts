import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, git, makeRepo, tempDir } from '../helpers.js';
import { runCli } from '../run-cli.js';

describe('CLI: core, update, history, trash, stats', () => {
  it('core view/set/edit/insert-after/batch/history/restore with codes and exit codes', async () => {
    const repo = makeRepo();
    expect((await runCli(repo, ['core', 'view', '--json'])).json).toMatchObject({ success: true, content: '', version: null });
    const set = await runCli(repo, ['core', 'set', '-', '--json'], { input: '# User\nName: Ada\nLikes: tea\nLikes: tea\n' });
    expect(set.code).toBe(0);
    const v1 = (await runCli(repo, ['core', 'view', '--json'])).json;
    expect(v1.version).toBe(set.json.version);
    expect(v1.content).toBe('# User\nName: Ada\nLikes: tea\nLikes: tea\n');

    const amb = await runCli(repo, ['core', 'edit', '--old', 'Likes: tea', '--new', 'x', '--json']);
    expect(amb.code).toBe(2);
    expect(amb.json.error).toMatchObject({ code: 'INVALID_INPUT', data: { matches: 2, lines: [3, 4] } });
    expect((await runCli(repo, ['core', 'edit', '--old', 'nope', '--new', 'x'])).stderr).toContain('INVALID_INPUT');

    const ed = await runCli(repo, ['core', 'edit', '--old', 'Name: Ada', '--new', 'Name: Ada L.', '--expect-version', v1.version, '--json']);
    expect(ed.code).toBe(0);
    expect(ed.json).toMatchObject({ success: true, changed: true });
    const stale = await runCli(repo, ['core', 'delete', '--old', 'Name: Ada L.', '--expect-version', v1.version, '--json']);
    expect(stale.code).toBe(4);
    expect(stale.json.error.code).toBe('CONFLICT');

    const ops = join(tempDir(), 'ops.json');
    writeFileSync(ops, JSON.stringify([{ action: 'delete', old_text: 'Likes: tea\nLikes: tea\n' }, { action: 'insert_after', anchor_text: 'Name: Ada L.', content: 'Likes: tea' }]));
    expect((await runCli(repo, ['core', 'batch', '--file', ops, '--json'])).json.applied).toBe(2);
    expect((await runCli(repo, ['core', 'insert-after', '--anchor', '# User', '--content', 'Lang: en'])).code).toBe(0);
    expect((await runCli(repo, ['core', 'view', '--json'])).json.content).toBe('# User\nLang: en\nName: Ada L.\nLikes: tea\n');
    writeFileSync(ops, '{ not json');
    expect((await runCli(repo, ['core', 'batch', '--file', ops, '--json'])).json.error.code).toBe('INVALID_INPUT');

    const h = (await runCli(repo, ['core', 'history', '--json'])).json;
    expect(h.snapshots).toHaveLength(4);
    expect(Object.keys(h.snapshots[0]).sort()).toEqual(['message', 'timestamp', 'version']);
    expect((await runCli(repo, ['core', 'restore', h.snapshots[3].version.slice(0, 9), '--json'])).code).toBe(0);
    expect((await runCli(repo, ['core', 'view', '--json'])).json.content).toBe('# User\nName: Ada\nLikes: tea\nLikes: tea\n');
    expect((await runCli(repo, ['core', 'view'])).stdout).toContain('Name: Ada');
    expect((await runCli(repo, ['core', '--help'])).stdout).toContain('insert-after');
  });

  it('update, history, get --at, delete → trash → restore, trash empty, stats', async () => {
    const repo = makeRepo();
    const id = (await runCli(repo, ['store', 'first', '--tags', 'a', '--json'])).json.id;
    const up = await runCli(repo, ['update', id, '--content', 'second', '--tags', 'b', '--json']);
    expect(up.json).toMatchObject({ success: true, id, version: 2, changed: ['content', 'tags'] });
    expect((await runCli(repo, ['get', id, '--json'])).json.memory).toMatchObject({ content: 'second', tags: ['b'], metadata: { version: 2 } });
    expect((await runCli(repo, ['update', id, '--json'])).json.error.code).toBe('INVALID_INPUT');

    expect((await runCli(repo, ['delete', id, '--json'])).json).toMatchObject({ success: true, deleted: id });
    expect((await runCli(repo, ['list', '--json'])).json.total).toBe(0);
    expect((await runCli(repo, ['get', id, '--json'])).code).toBe(3);
    const items = (await runCli(repo, ['trash', 'list', '--json'])).json.items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id, content: 'second' });
    expect(items[0].deleted_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    const hist = (await runCli(repo, ['history', id, '--json'])).json;
    expect(hist.versions.map((v: { version: number }) => v.version)).toEqual([2, 2, 1]);
    expect(Object.keys(hist.versions[0])).toEqual(expect.arrayContaining(['version', 'commit', 'timestamp', 'content']));
    expect((await runCli(repo, ['get', id, '--at', '1', '--json'])).json.memory.content).toBe('first');
    expect((await runCli(repo, ['get', id, '--at', hist.versions[1].commit.slice(0, 8), '--json'])).json.memory.content).toBe('second');
    expect((await runCli(repo, ['history', id])).stdout).toContain('deleted');

    expect((await runCli(repo, ['trash', 'restore', id, '--json'])).json).toMatchObject({ success: true, restored: id, from: 'trash' });
    expect((await runCli(repo, ['get', id, '--json'])).json.memory.content).toBe('second');
    await runCli(repo, ['delete', id]);
    // nothing is 30 days old yet
    expect((await runCli(repo, ['trash', 'empty', '--older-than', '30d', '--json'])).json.purged).toEqual([]);
    expect((await runCli(repo, ['trash', 'empty', '--older-than', 'soon', '--json'])).json.error.code).toBe('INVALID_INPUT');
    const unconfirmed = await runCli(repo, ['trash', 'empty', '--json']);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.json.error.code).toBe('CONFIRMATION_REQUIRED');
    expect((await runCli(repo, ['trash', 'empty', '--confirm', '--json'])).json.purged).toEqual([id]);
    expect((await runCli(repo, ['trash', '--json'])).json.items).toEqual([]);
    expect(git(repo, 'log', '-1', '--format=%s', 'memory')).toMatch(/^memory: empty the trash/);
    // still in git history after the purge
    expect((await runCli(repo, ['history', id, '--json'])).json.versions[0]).toMatchObject({ event: 'purged', content: null });

    await runCli(repo, ['store', 'x', '--tags', 'api']);
    const st = (await runCli(repo, ['stats', '--json'])).json;
    expect(st).toMatchObject({ success: true, total: 1, trash: 0, tags: { top: [{ tag: 'api', count: 1 }] } });
    expect(Object.keys(st)).toEqual(expect.arrayContaining(['categories', 'priorities', 'core', 'commits', 'oldest', 'newest', 'branch_size_bytes']));
    const human = await runCli(repo, ['stats']);
    expect(human.code).toBe(0);
    // One month: labelled once, with its count (not the month twice).
    expect(human.stdout).toMatch(/^per month\s+\d{4}-\d\d █ \d+$/m);
  });

  it('clear --confirm moves everything to the trash in one commit', async () => {
    const repo = makeRepo();
    await runCli(repo, ['store', 'one']);
    await runCli(repo, ['store', 'two']);
    const before = Number(git(repo, 'rev-list', '--count', 'memory'));
    expect((await runCli(repo, ['clear', '--confirm', '--json'])).json).toMatchObject({ success: true, deleted: 2 });
    expect(Number(git(repo, 'rev-list', '--count', 'memory'))).toBe(before + 1);
    expect((await runCli(repo, ['trash', '--json'])).json.items.map((i: { content: string }) => i.content).sort()).toEqual(['one', 'two']);
  });
});

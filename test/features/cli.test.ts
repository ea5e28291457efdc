import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, git, makeRepo, tempDir } from '../helpers.js';

describe('CLI: core, update, history, trash, stats', () => {
  it('core view/set/edit/insert-after/batch/history/restore with codes and exit codes', () => {
    const repo = makeRepo();
    expect(cli(repo, ['core', 'view', '--json']).json).toMatchObject({ success: true, content: '', version: null });
    const set = cli(repo, ['core', 'set', '-', '--json'], { input: '# User\nName: Ada\nLikes: tea\nLikes: tea\n' });
    expect(set.code).toBe(0);
    const v1 = cli(repo, ['core', 'view', '--json']).json;
    expect(v1.version).toBe(set.json.version);
    expect(v1.content).toBe('# User\nName: Ada\nLikes: tea\nLikes: tea\n');

    const amb = cli(repo, ['core', 'edit', '--old', 'Likes: tea', '--new', 'x', '--json']);
    expect(amb.code).toBe(2);
    expect(amb.json.error).toMatchObject({ code: 'INVALID_INPUT', data: { matches: 2, lines: [3, 4] } });
    expect(cli(repo, ['core', 'edit', '--old', 'nope', '--new', 'x']).stderr).toContain('INVALID_INPUT');

    const ed = cli(repo, ['core', 'edit', '--old', 'Name: Ada', '--new', 'Name: Ada L.', '--expect-version', v1.version, '--json']);
    expect(ed.code).toBe(0);
    expect(ed.json).toMatchObject({ success: true, changed: true });
    const stale = cli(repo, ['core', 'delete', '--old', 'Name: Ada L.', '--expect-version', v1.version, '--json']);
    expect(stale.code).toBe(4);
    expect(stale.json.error.code).toBe('CONFLICT');

    const ops = join(tempDir(), 'ops.json');
    writeFileSync(ops, JSON.stringify([{ action: 'delete', old_text: 'Likes: tea\nLikes: tea\n' }, { action: 'insert_after', anchor_text: 'Name: Ada L.', content: 'Likes: tea' }]));
    expect(cli(repo, ['core', 'batch', '--file', ops, '--json']).json.applied).toBe(2);
    expect(cli(repo, ['core', 'insert-after', '--anchor', '# User', '--content', 'Lang: en']).code).toBe(0);
    expect(cli(repo, ['core', 'view', '--json']).json.content).toBe('# User\nLang: en\nName: Ada L.\nLikes: tea\n');
    writeFileSync(ops, '{ not json');
    expect(cli(repo, ['core', 'batch', '--file', ops, '--json']).json.error.code).toBe('INVALID_INPUT');

    const h = cli(repo, ['core', 'history', '--json']).json;
    expect(h.snapshots).toHaveLength(4);
    expect(Object.keys(h.snapshots[0]).sort()).toEqual(['message', 'timestamp', 'version']);
    expect(cli(repo, ['core', 'restore', h.snapshots[3].version.slice(0, 9), '--json']).code).toBe(0);
    expect(cli(repo, ['core', 'view', '--json']).json.content).toBe('# User\nName: Ada\nLikes: tea\nLikes: tea\n');
    expect(cli(repo, ['core', 'view']).stdout).toContain('Name: Ada');
    expect(cli(repo, ['core', '--help']).stdout).toContain('insert-after');
  });

  it('update, history, get --at, delete → trash → restore, trash empty, stats', () => {
    const repo = makeRepo();
    const id = cli(repo, ['store', 'first', '--tags', 'a', '--json']).json.id;
    const up = cli(repo, ['update', id, '--content', 'second', '--tags', 'b', '--json']);
    expect(up.json).toMatchObject({ success: true, id, version: 2, changed: ['content', 'tags'] });
    expect(cli(repo, ['get', id, '--json']).json.memory).toMatchObject({ content: 'second', tags: ['b'], metadata: { version: 2 } });
    expect(cli(repo, ['update', id, '--json']).json.error.code).toBe('INVALID_INPUT');

    expect(cli(repo, ['delete', id, '--json']).json).toMatchObject({ success: true, deleted: id });
    expect(cli(repo, ['list', '--json']).json.total).toBe(0);
    expect(cli(repo, ['get', id, '--json']).code).toBe(3);
    const items = cli(repo, ['trash', 'list', '--json']).json.items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id, content: 'second' });
    expect(items[0].deleted_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    const hist = cli(repo, ['history', id, '--json']).json;
    expect(hist.versions.map((v: { version: number }) => v.version)).toEqual([2, 2, 1]);
    expect(Object.keys(hist.versions[0])).toEqual(expect.arrayContaining(['version', 'commit', 'timestamp', 'content']));
    expect(cli(repo, ['get', id, '--at', '1', '--json']).json.memory.content).toBe('first');
    expect(cli(repo, ['get', id, '--at', hist.versions[1].commit.slice(0, 8), '--json']).json.memory.content).toBe('second');
    expect(cli(repo, ['history', id]).stdout).toContain('deleted');

    expect(cli(repo, ['trash', 'restore', id, '--json']).json).toMatchObject({ success: true, restored: id, from: 'trash' });
    expect(cli(repo, ['get', id, '--json']).json.memory.content).toBe('second');
    cli(repo, ['delete', id]);
    // nothing is 30 days old yet
    expect(cli(repo, ['trash', 'empty', '--older-than', '30d', '--json']).json.purged).toEqual([]);
    expect(cli(repo, ['trash', 'empty', '--older-than', 'soon', '--json']).json.error.code).toBe('INVALID_INPUT');
    const unconfirmed = cli(repo, ['trash', 'empty', '--json']);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.json.error.code).toBe('CONFIRMATION_REQUIRED');
    expect(cli(repo, ['trash', 'empty', '--confirm', '--json']).json.purged).toEqual([id]);
    expect(cli(repo, ['trash', '--json']).json.items).toEqual([]);
    expect(git(repo, 'log', '-1', '--format=%s', 'memory')).toMatch(/^memory: empty the trash/);
    // still in git history after the purge
    expect(cli(repo, ['history', id, '--json']).json.versions[0]).toMatchObject({ event: 'purged', content: null });

    cli(repo, ['store', 'x', '--tags', 'api']);
    const st = cli(repo, ['stats', '--json']).json;
    expect(st).toMatchObject({ success: true, total: 1, trash: 0, tags: { top: [{ tag: 'api', count: 1 }] } });
    expect(Object.keys(st)).toEqual(expect.arrayContaining(['categories', 'priorities', 'core', 'commits', 'oldest', 'newest', 'branch_size_bytes']));
    const human = cli(repo, ['stats']);
    expect(human.code).toBe(0);
    // One month: labelled once, with its count (#15: it used to print the month twice).
    expect(human.stdout).toMatch(/^per month\s+\d{4}-\d\d █ \d+$/m);
  });

  it('clear --confirm moves everything to the trash in one commit', () => {
    const repo = makeRepo();
    cli(repo, ['store', 'one']);
    cli(repo, ['store', 'two']);
    const before = Number(git(repo, 'rev-list', '--count', 'memory'));
    expect(cli(repo, ['clear', '--confirm', '--json']).json).toMatchObject({ success: true, deleted: 2 });
    expect(Number(git(repo, 'rev-list', '--count', 'memory'))).toBe(before + 1);
    expect(cli(repo, ['trash', '--json']).json.items.map((i: { content: string }) => i.content).sort()).toEqual(['one', 'two']);
  });
});

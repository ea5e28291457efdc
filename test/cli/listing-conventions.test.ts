// Every listing command keeps list's conventions: a page (--limit, default 50), `N of M` on
// stderr, `total` in JSON, and whole rows when piped (`memory history <id> | cat` and `memory trash |
// cat` ended rows with "…"). A history entry for a tags-only change says what changed.
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/store.js';
import { makeRepo } from '../helpers.js';
import { runCli } from '../run-cli.js';

const long = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ') + ' the end of a long memory';

describe('listing conventions', { timeout: 120_000 }, () => {
  it('tagged: --limit (default 50), N of M on stderr, total in JSON', async () => {
    const repo = makeRepo();
    const store = new MemoryStore({ repo, warn: () => {} });
    for (let i = 0; i < 55; i++) await store.store({ content: `ci note ${i}`, tags: i % 11 === 0 ? ['ci', 'slow'] : ['ci'] });
    store.close();
    const r = await runCli(repo, ['tagged', 'ci']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(50);
    expect(r.stderr).toContain('50 of 55');
    const few = await runCli(repo, ['tagged', 'ci,slow', '--limit', '2']);
    expect(few.stdout.trim().split('\n')).toHaveLength(2);
    expect(few.stderr).toContain('2 of 5');
    const j = (await runCli(repo, ['tagged', 'ci', '--limit', '3', '--json'])).json;
    expect(j).toMatchObject({ success: true, total: 55 });
    expect(j.memories).toHaveLength(3);
    expect((await runCli(repo, ['tagged', 'ci', '--limit', '0', '--json'])).json.error.code).toBe('INVALID_INPUT');
    // trash list shares the one limit check (core/bounds.ts): same code, same field.
    const bad = (await runCli(repo, ['trash', 'list', '--limit', '0', '--json'])).json.error;
    expect(bad).toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('recent: N of M on stderr, total in JSON', async () => {
    const repo = makeRepo();
    const store = new MemoryStore({ repo, warn: () => {} });
    for (let i = 0; i < 12; i++) await store.store({ content: `recent note ${i}` });
    store.close();
    const r = await runCli(repo, ['recent']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(10);
    expect(r.stderr).toContain('10 of 12');
    expect((await runCli(repo, ['recent', '-n', '3', '--json'])).json).toMatchObject({ success: true, total: 12 });
  });

  it('trash: whole rows when piped, N of M on stderr, --limit, total in JSON', async () => {
    const repo = makeRepo();
    const ids: string[] = [];
    for (const i of [0, 1, 2]) ids.push((await runCli(repo, ['store', `${long} ${i}`, '--json'])).json.id);
    for (const id of ids) expect((await runCli(repo, ['delete', id])).code).toBe(0);
    const r = await runCli(repo, ['trash'], { env: { COLUMNS: '60' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(3);
    expect(r.stdout).toContain(`${long} 2`);
    expect(r.stdout).not.toContain('…');
    expect(r.stderr).toContain('3 of 3');
    const one = (await runCli(repo, ['trash', '--limit', '1', '--json'])).json;
    expect(one).toMatchObject({ success: true, total: 3 });
    expect(one.items).toHaveLength(1);
  });

  it('history: whole content when piped; a tags-only change shows the tags that changed', async () => {
    const repo = makeRepo();
    const id = (await runCli(repo, ['store', long, '--tags', 'alpha', '--json'])).json.id;
    expect((await runCli(repo, ['update', id, '--tags', 'beta'], {})).code).toBe(0);
    const r = await runCli(repo, ['history', id], { env: { COLUMNS: '60' } });
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout.trim().split('\n');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('tags: alpha → beta');
    expect(rows[0]).not.toContain(long);
    expect(rows[1]).toContain(long);
    expect(r.stdout).not.toContain('…');
    const j = (await runCli(repo, ['history', id, '--json'])).json;
    expect(j.versions[0]).toMatchObject({ changed: ['tags'], tags: ['beta'] });
  });
});

import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { CLI, cli, cliAsync, checkoutState, git, gitEnv, makeRepo, tempDir } from '../helpers.js';
import { runCli } from '../run-cli.js';

describe('memory CLI', () => {
  it('prints help with examples from any directory, even outside a repository', async () => {
    const r = await runCli(tempDir(), ['--help']);
    expect(r.code).toBe(0);
    for (const c of ['store', 'get', 'recent', 'tagged', 'list', 'delete', 'clear']) expect(r.stdout).toContain(`memory ${c}`);
    expect(r.stdout).toContain('Examples:');
    const s = await runCli(tempDir(), ['store', '--help']);
    expect(s.stdout).toContain('--tags');
    expect(s.stdout).toContain('Examples:');
  });

  it('stores and reads back with the seed JSON shapes', async () => {
    const repo = makeRepo({ commit: true });
    const st = await runCli(repo, ['store', 'Database connection uses SSL on production', '--category', 'infrastructure', '--priority', 'high', '--tags', 'db,ssl', '--meta', 'ticket=OPS-1', '--json']);
    expect(st.code).toBe(0);
    expect(Object.keys(st.json).sort()).toEqual(['id', 'success', 'timestamp']);
    const got = await runCli(repo, ['get', st.json.id, '--json']);
    expect(got.json).toEqual({
      success: true,
      memory: {
        id: st.json.id,
        content: 'Database connection uses SSL on production',
        tags: ['db', 'ssl'],
        category: 'infrastructure',
        priority: 'high',
        timestamp: st.json.timestamp,
        metadata: { source: 'cli', version: 1, ticket: 'OPS-1' },
      },
    });
    const list = await runCli(repo, ['list', '--tag', 'db', '--json']);
    expect(list.json).toMatchObject({ success: true, total: 1 });
    expect((await runCli(repo, ['recent', '--count', '1', '--json'])).json.memories).toHaveLength(1);
    expect((await runCli(repo, ['tagged', 'db,ssl', '--json'])).json.memories[0].id).toBe(st.json.id);
    const human = await runCli(repo, ['get', st.json.id]);
    expect(human.stdout).toContain('Database connection uses SSL');
    expect(human.stdout).not.toContain('\x1b['); // no colour on a pipe
  });

  it('reads content from stdin with "-", byte-exact but for the trailing newlines a pipe adds', async () => {
    const repo = makeRepo();
    const content = '  ---\nline\n---\n  中文 🎉  ';
    const st = await runCli(repo, ['store', '-', '--json'], { input: `${content}\n\n` });
    expect(st.code).toBe(0);
    expect((await runCli(repo, ['get', st.json.id, '--json'])).json.memory.content).toBe(content);
  });

  it('reports errors with stable codes, exit codes and JSON on stdout', async () => {
    const repo = makeRepo();
    const nf = await runCli(repo, ['get', 'mem_doesnotexist', '--json']);
    expect(nf.code).toBe(3);
    expect(nf.json).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    const bad = await runCli(repo, ['get', '../../etc/passwd']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('INVALID_ID');
    expect(bad.stdout).toBe('');
    expect((await runCli(repo, ['store', '', '--json'])).json.error.code).toBe('EMPTY_CONTENT');
    expect((await runCli(repo, ['store', '-', '--json'], { input: 'x'.repeat(70000) })).json.error.code).toBe('CONTENT_TOO_LARGE');
    expect((await runCli(repo, ['store', '-', '--json'], { input: 'a\0b' })).json.error.code).toBe('BINARY_CONTENT');
    expect((await runCli(repo, ['clear'])).code).toBe(2);
    const usage = await runCli(repo, ['frobnicate', '--json']);
    expect(usage.code).toBe(2);
    expect(usage.json.error.code).toBe('INVALID_INPUT');
    const outside = await runCli(tempDir(), ['list', '--json']);
    expect(outside.code).toBe(5);
    expect(outside.json.error.code).toBe('NOT_A_REPOSITORY');
    // Nothing was written by any failed command.
    expect(() => git(repo, 'rev-parse', '--verify', '-q', 'memory')).toThrow();
  });

  it('works on another repository with --repo and another branch with --branch / MEMORY_BRANCH', async () => {
    const repo = makeRepo();
    const elsewhere = tempDir();
    const a = await runCli(elsewhere, ['store', 'on team branch', '--repo', repo, '--branch', 'team/notes', '--json']);
    expect(a.code).toBe(0);
    expect(git(repo, 'branch', '--list', 'team/notes')).toContain('team/notes');
    expect((await runCli(repo, ['list', '--json'], { env: { MEMORY_BRANCH: 'team/notes' } })).json.total).toBe(1);
    expect((await runCli(repo, ['list', '--json'])).json.total).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { checkoutState, git, tempDir } from '../helpers.js';
import { openMemory } from '../../src/api.js';
import { actionEntry, actionNode, checkout, declaredInputs, declaredOutputs, makeRemote, runAction, runs } from './run-action.js';

const local = { sync: 'false' };

describe('action.yml', () => {
  it('declares its inputs and outputs, each with a description', () => {
    expect(Object.keys(declaredInputs).sort()).toEqual(
      ['after', 'before', 'branch', 'category', 'cite', 'command', 'content', 'days', 'id', 'limit', 'mode', 'path', 'priority', 'query', 'ref', 'remote', 'since', 'strict', 'sync', 'tags', 'token', 'view-export'].sort(),
    );
    expect(Object.keys(declaredOutputs).sort()).toEqual(['count', 'id', 'json', 'results']);
    for (const spec of Object.values(declaredInputs)) expect(spec).toHaveProperty('default');
    expect(declaredInputs.branch.default).toBe('memory');
    expect(declaredInputs.remote.default).toBe('origin');
    expect(declaredInputs.sync.default).toBe('true');
    expect(runs).toEqual({ using: 'node24', main: 'dist/action/index.js' });
  });

  it('runs under the Node major that runs.using names (.ci/run installs it; elsewhere this Node)', (ctx) => {
    const want = Number(runs.using.replace(/^node/, ''));
    if (!process.env.GIT_MEMORY_ACTION_NODE) {
      if (process.env.CI) throw new Error(`CI runs the action on node${want}: set GIT_MEMORY_ACTION_NODE to that Node (.ci/run installs it)`);
      ctx.skip();
    }
    const version = execFileSync(actionNode(), ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
    expect(Number(version.split('.')[0])).toBe(want);
  });

  it('bundles every dependency: the bundle imports only node built-ins and its own chunks', () => {
    const dir = dirname(actionEntry());
    const files = ['index.js', ...readdirSync(join(dir, 'chunks')).map((f) => `chunks/${f}`)];
    const imported = new Set<string>();
    for (const f of files) {
      const text = readFileSync(join(dir, f), 'utf8');
      for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|\b(?:import|require)\(\s*["']([^"']+)["']\s*\)/g)) imported.add(m[1] ?? m[2]);
    }
    const external = [...imported].filter((s) => !s.startsWith('./') && !s.startsWith('../') && !s.startsWith('node:') && !builtinModules.includes(s));
    expect(external).toEqual([]);
    expect(imported.size).toBeGreaterThan(3);
  });
});

describe('action: local commands (sync: false)', () => {
  it('stores in a default shallow checkout as github-actions[bot], with the run details, leaving the checkout alone', async () => {
    const ws = checkout(makeRemote());
    const before = checkoutState(ws);
    const r = await runAction(ws, { ...local, content: 'The API rate limit is 100 requests/minute', tags: 'api, Limits', category: 'infrastructure', priority: 'high' });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.outputs.id).toMatch(/^mem_[a-z0-9]+$/);
    expect(r.outputs.count).toBe('1');
    expect(JSON.parse(r.outputs.results)).toEqual([]);
    expect(r.json).toEqual({ success: true, id: r.outputs.id, timestamp: expect.any(String) });
    expect(r.summary.trim().split('\n')).toHaveLength(1);
    expect(r.summary).toContain(r.outputs.id);
    expect(checkoutState(ws)).toEqual(before);

    expect(git(ws, 'log', '-1', '--format=%an <%ae>|%cn', 'memory')).toBe('github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>|github-actions[bot]');
    const got = await runAction(ws, { ...local, command: 'get', id: r.outputs.id });
    expect(got.code).toBe(0);
    const m = got.json.memory;
    expect(m).toMatchObject({ id: r.outputs.id, content: 'The API rate limit is 100 requests/minute', tags: ['api', 'limits'], category: 'infrastructure', priority: 'high' });
    expect(m.metadata).toMatchObject({ source: 'github-action', run_id: '4242', job_id: 'learn', workflow: 'memory-ci', sha: '0123456789abcdef0123456789abcdef01234567', repository: 'octo/widgets', actor: 'octocat' });
    expect(JSON.parse(got.outputs.results)).toEqual([m]);
    expect(got.outputs.id).toBe(r.outputs.id);
  });

  it('commits as the identity the job configured, when it did', async () => {
    const ws = checkout(makeRemote());
    git(ws, 'config', 'user.name', 'Release Bot');
    git(ws, 'config', 'user.email', 'release@example.com');
    const r = await runAction(ws, { ...local, content: 'x' });
    expect(r.code).toBe(0);
    expect(git(ws, 'log', '-1', '--format=%an <%ae>', 'memory')).toBe('Release Bot <release@example.com>');
  });

  it('keeps multi-line content and its indentation; takes newline-separated tags', async () => {
    const ws = checkout(makeRemote());
    const content = '    indented code\nsecond line\n\n- a list';
    const r = await runAction(ws, { ...local, content: content + '\n', tags: 'one\ntwo\n' });
    expect(r.code).toBe(0);
    const got = await runAction(ws, { ...local, command: 'get', id: r.outputs.id });
    expect(got.json.memory.content).toBe(content);
    expect(got.json.memory.tags).toEqual(['one', 'two']);
  });

  it('lists, shows recent ones and deletes by id and by tag', async () => {
    const ws = checkout(makeRemote());
    const ids: string[] = [];
    for (const [content, tags] of [['first', 'a'], ['second', 'a,b'], ['third', 'b']]) ids.push((await runAction(ws, { ...local, content, tags })).outputs.id);

    const list = await runAction(ws, { ...local, command: 'list', tags: 'b' });
    expect(list.code).toBe(0);
    expect(list.json.total).toBe(2);
    expect(JSON.parse(list.outputs.results).map((m: any) => m.content)).toEqual(['third', 'second']);
    expect(list.outputs.count).toBe('2');

    const recent = await runAction(ws, { ...local, command: 'recent', limit: '2' });
    expect(recent.json.memories.map((m: any) => m.id)).toEqual([ids[2], ids[1]]);
    expect(recent.outputs.count).toBe('2');

    const del = await runAction(ws, { ...local, command: 'delete', id: ids[0] });
    expect(del.code).toBe(0);
    expect(del.json).toEqual({ success: true, deleted: ids[0] });
    const byTag = await runAction(ws, { ...local, command: 'delete', tags: 'b' });
    expect(byTag.json.deleted.sort()).toEqual([ids[1], ids[2]].sort());
    expect(byTag.outputs.count).toBe('2');
    const empty = await runAction(ws, { ...local, command: 'list' });
    expect(empty.json).toEqual({ success: true, memories: [], total: 0 });
    expect(empty.outputs.results).toBe('[]');
  });

  it('finds the repository from `path`, relative to the workspace', async () => {
    const ws = tempDir('gm-ws-');
    const repo = checkout(makeRemote());
    git(ws, 'clone', '-q', repo, join(ws, 'sub'));
    const r = await runAction(ws, { ...local, path: 'sub', content: 'in a subfolder checkout' });
    expect(r.code, r.stdout).toBe(0);
    expect(git(join(ws, 'sub'), 'rev-parse', '--verify', '-q', 'memory')).toMatch(/^[0-9a-f]{40}$/);
  });

  it('reads an empty store when the memory branch does not exist yet', async () => {
    const ws = checkout(makeRemote());
    const r = await runAction(ws, { ...local, command: 'recent' });
    expect(r.code).toBe(0);
    expect(r.json).toEqual({ success: true, memories: [] });
    expect(r.outputs.count).toBe('0');
  });

  it('does not fail a step that stored its memory when the job summary cannot be written', async () => {
    const ws = checkout(makeRemote());
    const r = await runAction(ws, { ...local, content: 'x' }, { env: { GITHUB_STEP_SUMMARY: join(ws, 'no', 'such', 'dir', 'summary.md') } });
    expect(r.code).toBe(0);
    expect(r.outputs.id).toMatch(/^mem_/);
    expect(r.warnings.join('\n')).toMatch(/summary/);
  });

  it('warns when an output would exceed the 1 MB GitHub keeps, and says to lower limit', async () => {
    const ws = checkout(makeRemote());
    const m = openMemory({ repo: ws });
    for (let i = 0; i < 18; i++) await m.store({ content: `note ${i} ` + 'the quick brown fox jumps over the lazy dog '.repeat(1400), autoTag: false });
    m.close();
    const r = await runAction(ws, { ...local, command: 'list', limit: '18' });
    expect(r.code, r.stdout).toBe(0);
    expect(Buffer.byteLength(r.outputs.results)).toBeGreaterThan(1024 * 1024);
    expect(r.warnings.join('\n')).toMatch(/results.*lower `limit`/);
  });

  it('warns about inputs the command does not use', async () => {
    const ws = checkout(makeRemote());
    const r = await runAction(ws, { ...local, command: 'recent', content: 'oops', query: 'x' });
    expect(r.code).toBe(0);
    expect(r.warnings.join('\n')).toMatch(/content/);
    expect(r.warnings.join('\n')).toMatch(/query/);
  });
});

describe('action: failures', () => {
  const cases: Array<[string, Record<string, string>, string]> = [
    ['an unknown command', { command: 'remember', content: 'x' }, 'INVALID_INPUT'],
    ['store without content', { command: 'store' }, 'INVALID_INPUT'],
    ['whitespace-only content', { content: '  \n ' }, 'INVALID_INPUT'],
    ['a bad priority', { content: 'x', priority: 'urgent' }, 'INVALID_INPUT'],
    ['a bad limit', { command: 'list', limit: '-3' }, 'INVALID_INPUT'],
    ['a bad date', { command: 'search', after: 'last week' }, 'INVALID_INPUT'],
    ['a bad sync flag', { command: 'list', sync: 'yes please' }, 'INVALID_INPUT'],
    ['a bad search mode', { command: 'search', query: 'x', mode: 'semantic' }, 'INVALID_INPUT'],
    ['get without id', { command: 'get' }, 'INVALID_INPUT'],
    ['a malformed id', { command: 'get', id: '../../etc/passwd' }, 'INVALID_ID'],
    ['an unknown id', { command: 'get', id: 'mem_0000000000000000' }, 'NOT_FOUND'],
    ['a bad branch name', { command: 'list', branch: 'a..b' }, 'INVALID_INPUT'],
    ['a credential in the content', { content: 'deploy key AKIAIOSFODNN7EXAMPLQ for the bucket' }, 'SECRET_DETECTED'],
  ];
  // None of these writes anything (asserted), so they share one checkout.
  let shared: string | undefined;
  it.each(cases)('fails the step with a code and a fix for %s', async (_what, inputs, code) => {
    const ws = (shared ??= checkout(makeRemote()));
    const r = await runAction(ws, { sync: 'false', ...inputs });
    expect(r.code).toBe(1);
    expect(r.json).toMatchObject({ success: false, error: { code } });
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toContain(`[${code}]`);
    expect(r.errors[0]).toMatch(/To fix: /);
    expect(git(ws, 'for-each-ref', 'refs/heads/memory')).toBe('');
  });

  it('says to add actions/checkout when the workspace is not a repository', async () => {
    const r = await runAction(tempDir('gm-empty-'), { ...local, content: 'x' });
    expect(r.code).toBe(1);
    expect(r.json.error.code).toBe('NOT_A_REPOSITORY');
    expect(r.errors[0]).toContain('actions/checkout');
  });

  it("names the `branch` input, not a CLI flag, when the branch is the workspace's checked-out one", async () => {
    const ws = checkout(makeRemote());
    const r = await runAction(ws, { ...local, content: 'x', branch: 'main' });
    expect(r.code).toBe(1);
    expect(r.json.error).toMatchObject({ code: 'INVALID_INPUT', data: { reason: 'checked-out', next: 'branch' } });
    expect(r.errors[0]).toContain('To fix: set the `branch` input to a branch of its own');
    expect(r.errors[0]).not.toContain('--branch');
    expect(git(ws, 'for-each-ref', 'refs/heads/memory')).toBe('');
  });

  it('skips a broken memory file with a warning, and the rest still reads', async () => {
    const ws = checkout(makeRemote());
    const ok = await runAction(ws, { ...local, content: 'good one' });
    // A hand-edited file with broken front matter, committed to the branch by someone else.
    const wt = tempDir('gm-wt-');
    git(ws, 'worktree', 'add', '-q', join(wt, 'm'), 'memory');
    writeFileSync(join(wt, 'm', 'memories', 'broken.md'), '---\ntags: [unclosed\n---\nbody\n');
    git(join(wt, 'm'), 'add', '.');
    git(join(wt, 'm'), 'commit', '-q', '-m', 'hand edit');
    const r = await runAction(ws, { ...local, command: 'list' });
    expect(r.code).toBe(0);
    expect(r.json.memories.map((m: any) => m.id)).toEqual([ok.outputs.id]);
    expect(r.warnings.join('\n')).toContain('broken.md');
    expect(readFileSync(join(wt, 'm', 'memories', 'broken.md'), 'utf8')).toContain('unclosed');
  });
});

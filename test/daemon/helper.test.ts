import { mkdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/store.js';
import { SearchHelper } from '../../src/daemon/server.js';
import { send } from '../../src/daemon/client.js';
import { PROTOCOL, buildId, daemonPaths, envFingerprint, requestTimeoutMs } from '../../src/daemon/common.js';
import { makeRepo } from '../helpers.js';
import { runSearchHelper } from '../../src/api.js';
import type { OpenHelperBranch } from '../../src/model/branch-view.js';

// What the door gives the helper to open a branch with (src/api.ts runSearchHelper).
const open: OpenHelperBranch = (repo, branch, warn) => new MemoryStore({ repo, branch, source: 'cli', warn });
import { describeDaemon } from '../../src/cli/commands/daemon.js';

// The helper's request handling in-process (the socket, the lock and the client are
// test/daemon/daemon.e2e.test.ts): answers come from its own stores, nothing process-wide changes.
describe('search helper (in-process)', () => {
  it('answers a search as the store does, refuses a stale client, and changes no environment', async () => {
    const repo = makeRepo();
    const writer = new MemoryStore({ repo, warn: () => {} });
    await writer.store({ content: 'The deploy runs on Tuesdays after the cache warm-up', tags: ['ops'] });
    await writer.store({ content: 'Lunch is at noon', tags: ['team'] });
    const expected = await writer.search({ query: 'deploy cache', mode: 'fulltext' });
    const commonDir = writer.git.location.commonDir;
    writer.close();

    const paths = daemonPaths(join(commonDir, 'helper-test'));
    mkdirSync(paths.dir, { recursive: true });
    const envBefore = { ...process.env };
    const lines: string[] = [];
    const helper = new SearchHelper({ paths, commonDir: realpathSync(commonDir), build: 'b1', env: 'e1', idleMs: 60_000, log: (l) => lines.push(l), open });
    const ask = (r: object) => helper.handle({ v: PROTOCOL, build: 'b1', env: 'e1', repo, ...r } as never);

    const { res } = await ask({ op: 'search', query: { query: 'deploy cache', mode: 'fulltext' } });
    expect(res.ok).toBe(true);
    expect((res as { result: unknown }).result).toEqual(expected);
    expect(helper.status().stores.map((s) => s.repo)).toEqual([repo]);

    const bad = await ask({ op: 'search', query: 'not an object' });
    expect(bad.res).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });

    const stale = await ask({ op: 'search', build: 'other', query: {} });
    expect(stale.res).toEqual({ ok: false, stale: 'version' });
    stale.after?.();
    expect(await helper.exited).toBe(0);
    expect(lines.join('\n')).toMatch(/exiting: stale for a client \(version\)/);
    // Shut down: every store it had open is closed (their index files with them).
    expect(helper.status().stores).toEqual([]);
    expect(process.env).toEqual(envBefore);
  });

  it('runs, answers and stops without setting process.env (options, not the environment, change its behaviour)', async () => {
    const repo = makeRepo();
    const writer = new MemoryStore({ repo, warn: () => {} });
    await writer.store({ content: 'The deploy runs on Tuesdays', tags: ['ops'] });
    const paths = daemonPaths(writer.git.location.commonDir);
    writer.close();
    const envBefore = { ...process.env };
    const running = runSearchHelper({ repo });
    const base = { v: PROTOCOL, build: buildId(), env: envFingerprint(), repo };
    let answer = await send(paths.socket, { ...base, op: 'search', query: { query: 'deploy', mode: 'fulltext' } } as never, 30_000);
    for (let i = 0; i < 50 && answer.kind === 'absent'; i++) {
      await new Promise((r) => setTimeout(r, 100)); // listening happens after the lock is taken
      answer = await send(paths.socket, { ...base, op: 'search', query: { query: 'deploy', mode: 'fulltext' } } as never, 30_000);
    }
    expect(answer).toMatchObject({ kind: 'answer', res: { ok: true } });
    expect(process.env).toEqual(envBefore);
    await send(paths.socket, { ...base, op: 'stop' } as never, 10_000);
    expect(await running).toBe(0);
    expect(process.env).toEqual(envBefore);
  });
});

describe('MEMORY_DAEMON_TIMEOUT', () => {
  it('is read in milliseconds; nothing, junk, zero or more than a timer can hold gives the 30 s default', () => {
    expect(requestTimeoutMs({ MEMORY_DAEMON_TIMEOUT: '400' })).toBe(400);
    expect(requestTimeoutMs({ MEMORY_DAEMON_TIMEOUT: String(2 ** 31 - 1) })).toBe(2 ** 31 - 1);
    for (const v of [undefined, 'abc', '0', '-5', '3e9', 'Infinity']) expect(requestTimeoutMs({ MEMORY_DAEMON_TIMEOUT: v })).toBe(30_000);
  });

  it('status of a repository with no memory branch says so, not "at (empty)"', async () => {
    const repo = makeRepo();
    const commonDir = join(repo, '.git');
    const paths = daemonPaths(join(commonDir, 'helper-empty'));
    mkdirSync(paths.dir, { recursive: true });
    const helper = new SearchHelper({ paths, commonDir: realpathSync(commonDir), build: 'b1', env: 'e1', idleMs: 60_000, log: () => {}, open });
    const state = () => ({ success: true as const, running: true, mode: 'auto', reason: 'test', socket: paths.socket, status: helper.status() });
    await helper.warm(repo, undefined);
    expect(helper.status().stores).toMatchObject([{ tip: null, ready: true }]);
    const text = describeDaemon(state());
    expect(text).not.toMatch(/\(empty\)/);
    expect(text).toMatch(/has no memory branch yet/);
    // Once the branch exists, the line names its tip.
    const writer = new MemoryStore({ repo, warn: () => {} });
    await writer.store({ content: 'the first memory' });
    const tip = writer.tip() as string;
    writer.close();
    await helper.warm(repo, undefined);
    expect(describeDaemon(state())).toContain(`warm: memory at ${tip.slice(0, 12)}`);
    await helper.handle({ v: PROTOCOL, build: 'other', env: 'e1', repo, op: 'search', query: {} } as never).then((r) => r.after?.());
    await helper.exited;
  });
});

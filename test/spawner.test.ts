import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { gitEnv, tempDir } from './helpers.js';
import { execSyncVia, spawnSyncVia, spawnerPid } from './spawner.js';

// The helpers' git calls go through the worker's spawner (test/spawner.ts): it must answer exactly as
// node's spawnSync does, or every test built on `git()` would check something else than it says.
describe('test spawner', () => {
  const cwd = tempDir();
  const same = (file: string, args: string[], input?: string | Buffer) => {
    const via = spawnSyncVia(file, args, { cwd, env: gitEnv, input });
    const direct = spawnSync(file, args, { cwd, env: gitEnv, input: input ?? '' });
    expect({ status: via.status, signal: via.signal, stdout: via.stdout, stderr: via.stderr }).toEqual({ status: direct.status, signal: direct.signal, stdout: direct.stdout, stderr: direct.stderr });
    return via;
  };

  it('runs commands in a process of its own (python3 present) and gives the same status, stdout and stderr as spawnSync', () => {
    same('git', ['--version']);
    if (process.env.GIT_MEMORY_TEST_SPAWNER !== 'off') expect(spawnerPid()).toBeGreaterThan(0);
    expect(same('git', ['rev-parse', '--verify', 'no-such-ref']).status).not.toBe(0);
    // stdin in, binary bytes out (every byte value, not only text).
    const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    expect(same('sh', ['-c', 'cat; printf "\\377" >&2'], all).stdout).toEqual(all);
    expect(same('sh', ['-c', 'kill -TERM $$']).signal).toBe('SIGTERM');
    expect(same('sh', ['-c', 'pwd']).stdout.toString().trim()).toBe(spawnSync('pwd', { cwd, encoding: 'utf8' }).stdout.trim());
    expect(same('sh', ['-c', 'printf %s "$GIT_AUTHOR_NAME"']).stdout.toString()).toBe('Test');
  });

  it('reports a missing program as ENOENT and a failed command as execFileSync does', () => {
    expect(spawnSyncVia('no-such-program-gm', [], { cwd, env: gitEnv }).error?.code).toBe('ENOENT');
    let err: any;
    try {
      execSyncVia('git', ['rev-parse', '--verify', 'no-such-ref'], { cwd, env: gitEnv });
    } catch (e) {
      err = e;
    }
    expect(err.message).toMatch(/^Command failed: git rev-parse --verify no-such-ref\n/);
    expect(err.status).toBe(128);
    expect(execSyncVia('git', ['--version'], { cwd, env: gitEnv }).toString()).toMatch(/^git version /);
  });

  // The spawner must survive every way a request's subprocess is refused, not only OSError: another
  // way (a NUL byte in an argument: ValueError) would end it, and every later command of the worker fail
  // on a dead pipe (with isolate:false, every later file it runs).
  it('a command it cannot run fails alone; the next one still runs', () => {
    const cwd = tempDir();
    const r = spawnSyncVia('git', ['commit', '-m', 'a\0b'], { cwd, env: gitEnv });
    expect(r.status === 0).toBe(false);
    expect(execSyncVia('git', ['--version'], { cwd, env: gitEnv }).toString()).toMatch(/^git version/);
  });
});

import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { CLI, cli, cliAsync, checkoutState, git, gitEnv, makeRepo, tempDir } from '../helpers.js';

// Several real processes at once and kill -9: minutes on a loaded 2-core machine.
describe('memory CLI', { timeout: 240_000 }, () => {

  it('lands every store when several processes write to one clone at once', async () => {
    const repo = makeRepo({ commit: true });
    const before = checkoutState(repo);
    const procs = 6;
    const each = 5;
    const runs = await Promise.all(
      Array.from({ length: procs }, async (_, p) => {
        const ids: string[] = [];
        for (let i = 0; i < each; i++) {
          const r = await cliAsync(repo, ['store', `process ${p} memory ${i}`, '--json']);
          expect(r.code).toBe(0);
          ids.push(r.json.id);
        }
        return ids;
      }),
    );
    const list = cli(repo, ['list', '--limit', '1000', '--json']).json;
    expect(list.total).toBe(procs * each);
    expect(new Set(list.memories.map((m: any) => m.id))).toEqual(new Set(runs.flat()));
    expect(git(repo, 'rev-list', '--count', 'memory')).toBe(String(procs * each));
    expect(git(repo, 'fsck', '--strict', '--no-dangling')).toBe('');
    expect(checkoutState(repo)).toEqual(before);
  });

  it('leaves the branch on a valid commit when a writer is killed with SIGKILL mid-store', async () => {
    const repo = makeRepo();
    const lib = join(dirname(CLI()), 'index.js');
    const script = `import(${JSON.stringify(lib)}).then(async ({ openMemory }) => {
      const m = openMemory({ repo: ${JSON.stringify(repo)} });
      for (let i = 0; ; i++) await m.store({ content: 'crash test ' + i + ' ' + 'x'.repeat(i % 500) });
    });`;
    for (const delay of [5, 40, 90]) {
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], { env: gitEnv, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      const closed = new Promise((r) => child.on('close', r));
      // Wait until the writer is storing (start-up takes long on a loaded machine), then kill it mid-stream.
      const refFile = join(repo, '.git', 'refs', 'heads', 'memory');
      const tipNow = () => (existsSync(refFile) ? readFileSync(refFile, 'utf8') : '');
      const before = tipNow();
      const start = Date.now();
      while (tipNow() === before && Date.now() - start < 30_000) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, delay));
      expect(child.exitCode).toBeNull(); // still storing when killed
      child.kill('SIGKILL');
      await closed;
      expect(stderr).toBe('');
      const tip = git(repo, 'rev-parse', '--verify', 'memory');
      expect(git(repo, 'cat-file', '-t', tip)).toBe('commit');
      expect(git(repo, 'fsck', '--strict', '--no-dangling', 'memory')).toBe('');
    }
    const list = cli(repo, ['list', '--limit', '100000', '--json']);
    expect(list.json.total).toBeGreaterThan(0);
    expect(list.stderr).toBe('');
    // A lock left behind (if the kill hit that microsecond) is taken over; writing still works.
    const after = cli(repo, ['store', 'after the crashes', '--json']);
    expect(after.code).toBe(0);
  });

  it('bin/memory.js (CommonJS) runs the built CLI, and says how to build it when dist/ is missing', () => {
    const repo = makeRepo();
    const pkg = tempDir();
    cpSync(join(__dirname, '..', '..', 'bin'), join(pkg, 'bin'), { recursive: true });
    writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'git-memory', type: 'module' })); // as the real package
    const run = (args: string[]) => spawnSync(process.execPath, [join(pkg, 'bin', 'memory.js'), ...args], { cwd: repo, env: gitEnv, encoding: 'utf8' });
    const missing = run(['--version']);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('git-memory is not built');
    symlinkSync(dirname(CLI()), join(pkg, 'dist'));
    const st = run(['store', 'through the bin', '--tags', 'bin', '--json']);
    expect(st.status).toBe(0);
    const got = run(['get', JSON.parse(st.stdout).id]);
    expect(got.stdout).toContain('through the bin');
    expect(run(['get', 'mem_nosuchid']).status).toBe(3);
  });

  it('runs as a git subcommand when on PATH', () => {
    const repo = makeRepo();
    const binDir = tempDir();
    mkdirSync(binDir, { recursive: true });
    const shim = join(binDir, 'git-memory');
    writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${CLI()}" "$@"\n`, { mode: 0o755 });
    const r = spawnSync('git', ['memory', 'store', 'via git', '--json'], { cwd: repo, env: { ...gitEnv, PATH: `${binDir}:${process.env.PATH}` }, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).success).toBe(true);
  });
});

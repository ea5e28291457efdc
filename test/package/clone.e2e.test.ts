// The README's first command in a fresh clone: `npm install && node bin/memory.js store ...`. The
// package has no install-time script (no `prepare`: a tarball's consumers got a warning about it), so
// the first run of bin/memory.js in a clone builds dist/ itself, once, saying so on stderr.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { gitEnv, makeRepo, tempDir } from '../helpers.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('a fresh clone', { timeout: 240_000 }, () => {
  it('runs the README\'s first command: the first bin/memory.js builds dist/, later ones do not', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    for (const hook of ['preinstall', 'install', 'postinstall', 'prepare']) expect(pkg.scripts).not.toHaveProperty(hook);
    // What `git clone` gives (tracked files; dist/ holds only the committed action bundle), plus what
    // `npm install` adds (node_modules: linked, not reinstalled).
    const clone = join(tempDir('gm-clone-'), 'git-memory');
    mkdirSync(clone);
    for (const f of execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean)) {
      if (f.startsWith('dist/') || !existsSync(join(root, f))) continue;
      mkdirSync(dirname(join(clone, f)), { recursive: true });
      cpSync(join(root, f), join(clone, f));
    }
    symlinkSync(join(root, 'node_modules'), join(clone, 'node_modules'), 'dir');
    expect(existsSync(join(clone, 'dist', 'cli.cjs'))).toBe(false);
    const repo = makeRepo();
    const memory = (...args: string[]) => spawnSync(process.execPath, [join(clone, 'bin', 'memory.js'), '--repo', repo, ...args], { cwd: clone, env: gitEnv, encoding: 'utf8' });
    const first = memory('store', 'The API rate limit is 100 requests/minute', '--tags', 'api,limits');
    expect(first.status, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/first run in this clone: building dist\//);
    expect(existsSync(join(clone, 'dist', 'cli.cjs'))).toBe(true);
    const search = memory('search', 'rate limit');
    expect(search.status, search.stderr).toBe(0);
    expect(search.stdout).toContain('100 requests/minute');
    expect(search.stderr).not.toMatch(/building/);
  });
});

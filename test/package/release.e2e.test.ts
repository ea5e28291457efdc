// scripts/release.mjs against a temporary repository and a bare remote on disk: tags vX.Y.Z, moves vX
// forward only, commits the built dist/action with the version and the changelog, and refuses what
// would make a bad release.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { git, gitEnv, makeRepo } from '../helpers.js';

const script = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'scripts', 'release.mjs');
// Stands in for `node scripts/build.mjs`: writes a dist/action bundle that names the version built.
const BUILD = `node -e "const fs=require('fs');fs.mkdirSync('dist/action',{recursive:true});fs.writeFileSync('dist/action/index.js','// built '+require('./package.json').version+' '+Date.now()+'\\n')"`;

function project(): { dir: string; remote: string } {
  const remote = makeRepo({ bare: true });
  const dir = makeRepo();
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'git-memory', version: '0.1.0' }, null, 2) + '\n');
  writeFileSync(join(dir, 'CHANGELOG.md'), '# Changelog\n\n## [Unreleased]\n\n### Added\n- things\n\n## [0.1.0]\n');
  writeFileSync(join(dir, '.gitignore'), 'dist/*\n!dist/action/\n');
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'src', 'a.ts'), 'export {};\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'init');
  git(dir, 'remote', 'add', 'origin', remote);
  git(dir, 'push', '-q', 'origin', 'main');
  return { dir, remote };
}

const release = (dir: string, ...args: string[]) => spawnSync(process.execPath, [script, ...args, '--build', BUILD], { cwd: dir, env: gitEnv, encoding: 'utf8' });
const at = (repo: string, ref: string) => git(repo, 'rev-parse', `${ref}^{commit}`);

describe('scripts/release.mjs', { timeout: 180_000 }, () => {
  it('commits the build with the version and changelog, tags vX.Y.Z, moves vX, pushes both', () => {
    const { dir, remote } = project();
    const r = release(dir, '1.0.0', '--push');
    expect(r.status, r.stderr).toBe(0);
    const sha = at(dir, 'HEAD');
    expect(r.stdout).toContain(`@${sha} # v1.0.0`);
    expect(git(dir, 'log', '-1', '--format=%s')).toBe('Release v1.0.0');
    expect(git(dir, 'show', 'HEAD:dist/action/index.js')).toContain('built 1.0.0');
    expect(JSON.parse(git(dir, 'show', 'HEAD:package.json')).version).toBe('1.0.0');
    const changelog = git(dir, 'show', 'HEAD:CHANGELOG.md');
    expect(changelog).toMatch(/## \[Unreleased\]\n\n## \[1\.0\.0\] - \d{4}-\d\d-\d\d\n\n### Added\n- things/);
    expect(at(remote, 'v1.0.0')).toBe(sha);
    expect(at(remote, 'v1')).toBe(sha);
    expect(at(remote, 'main')).toBe(sha);
    expect(git(dir, 'status', '--porcelain')).toBe('');
    // The tarball users install from until the package is on the registry (README, scheduled-prune.yml).
    const tgz = join(dir, 'dist', 'release', 'git-memory-1.0.0.tgz');
    expect(r.stdout).toContain(`tarball: ${tgz}`);
    expect(spawnSync('tar', ['xzf', tgz, '-O', 'package/package.json'], { encoding: 'utf8' }).stdout).toContain('"version": "1.0.0"');

    // A minor release moves v1; v1.0.0 stays.
    writeFileSync(join(dir, 'src', 'a.ts'), 'export const x = 1;\n');
    git(dir, 'commit', '-qam', 'feature');
    expect(release(dir, 'v1.1.0', '--push').status).toBe(0);
    const sha2 = at(dir, 'HEAD');
    expect(at(remote, 'v1')).toBe(sha2);
    expect(at(remote, 'v1.1.0')).toBe(sha2);
    expect(at(remote, 'v1.0.0')).toBe(sha);

    // A patch of the older minor does not drag v1 backwards.
    git(dir, 'checkout', '-q', '-b', 'release-1.0', 'v1.0.0');
    writeFileSync(join(dir, 'src', 'a.ts'), 'export const fix = 1;\n');
    git(dir, 'commit', '-qam', 'fix');
    const p = release(dir, '1.0.1', '--push');
    expect(p.status, p.stderr).toBe(0);
    expect(p.stdout).toContain('v1 unchanged');
    expect(at(remote, 'v1.0.1')).toBe(at(dir, 'HEAD'));
    expect(at(remote, 'v1')).toBe(sha2);
  });

  it('refuses a bad version, a dirty tree or an existing tag, and changes nothing', () => {
    const { dir } = project();
    const head = at(dir, 'HEAD');
    expect(release(dir, '1.0').status).not.toBe(0);
    writeFileSync(join(dir, 'src', 'a.ts'), 'dirty\n');
    const dirty = release(dir, '1.0.0');
    expect(dirty.status).not.toBe(0);
    expect(dirty.stderr).toContain('uncommitted');
    git(dir, 'checkout', '-q', '--', 'src/a.ts');
    git(dir, 'tag', 'v2.0.0');
    expect(release(dir, '2.0.0').status).not.toBe(0);
    expect(at(dir, 'HEAD')).toBe(head);
    expect(git(dir, 'tag', '--list')).toBe('v2.0.0');
    expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version).toBe('0.1.0');
  });

  it('--dry-run prints the plan and changes nothing', () => {
    const { dir } = project();
    const head = at(dir, 'HEAD');
    const r = release(dir, '3.0.0', '--dry-run', '--push');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('move v3 to v3.0.0');
    expect(at(dir, 'HEAD')).toBe(head);
    expect(git(dir, 'tag', '--list')).toBe('');
  });
});

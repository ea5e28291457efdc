import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findRepository, globMatch, readEffectiveConfig } from '../../src/git/location.js';
import { tempDir } from '../helpers.js';

/**
 * The identity a memory commit carries comes from git config read without spawning git. Real git is
 * the oracle: for each repository and key, our reading must equal `git config --get`.
 */
const saved = { ...process.env };
afterEach(() => {
  for (const k of ['HOME', 'GIT_CONFIG_GLOBAL', 'GIT_CONFIG_NOSYSTEM', 'XDG_CONFIG_HOME']) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

function write(file: string, text: string) {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
}

describe('git config includes (user identity)', () => {
  it('follows include.path and includeIf gitdir, gitdir/i and onbranch as git does', () => {
    const home = tempDir('gm-home-');
    const env = { PATH: process.env.PATH ?? '', HOME: home, GIT_CONFIG_NOSYSTEM: '1', XDG_CONFIG_HOME: join(home, '.config') };
    const sh = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const repos = {
      work: join(home, 'work', 'proj'),
      work2: join(home, 'Work2', 'x'),
      oss: join(home, 'oss', 'lib'),
      feature: join(home, 'oss', 'feat'),
    };
    for (const d of Object.values(repos)) {
      mkdirSync(d, { recursive: true });
      sh(d, 'init', '-q', '-b', 'main');
    }
    sh(repos.feature, 'checkout', '-q', '-b', 'feature/login');
    write(join(home, '.gitconfig'), [
      '[user]',
      '\tname = Global Name',
      '\temail = global@example.com',
      '[include]',
      '\tpath = .gitconfig-extra',
      '[includeIf "gitdir:~/work/"]',
      '\tpath = ~/.gitconfig-work',
      '[includeIf "gitdir/i:~/WORK2/"]',
      '\tpath = conf/work2.inc',
      '[includeIf "onbranch:feature/**"]',
      '\tpath = ~/.gitconfig-feature',
      '[includeIf "gitdir:~/nowhere/"]',
      '\tpath = ~/.gitconfig-never',
      '',
    ].join('\n'));
    write(join(home, '.gitconfig-extra'), '[core]\n\teditor = vim\n');
    write(join(home, '.gitconfig-work'), '[user]\n\temail = me@work.example\n[include]\n\tpath = nested.inc\n');
    write(join(home, 'nested.inc'), '[user]\n\tname = "Nested \\"Work\\" Name"\n');
    write(join(home, 'conf', 'work2.inc'), '[user]\n\tname = Work Two\n');
    write(join(home, '.gitconfig-feature'), '[user]\n\tname = Feature Name\n');
    write(join(home, '.gitconfig-never'), '[user]\n\tname = Never\n');
    // A repository's own config comes after the global one and wins.
    sh(repos.oss, 'config', 'user.email', 'oss@example.org');

    process.env.HOME = home;
    process.env.GIT_CONFIG_NOSYSTEM = '1';
    process.env.XDG_CONFIG_HOME = join(home, '.config');
    delete process.env.GIT_CONFIG_GLOBAL;
    const seen: Record<string, Record<string, string | undefined>> = {};
    for (const [name, dir] of Object.entries(repos)) {
      const cfg = readEffectiveConfig(findRepository(dir));
      seen[name] = {};
      for (const key of ['user.name', 'user.email', 'core.editor']) {
        let expected: string | undefined;
        try {
          expected = sh(dir, 'config', '--get', key);
        } catch {
          expected = undefined;
        }
        expect(cfg.get(key), `${name} ${key}`).toBe(expected);
        seen[name][key] = cfg.get(key);
      }
    }
    // The oracle agreed; and the cases are the interesting ones, not all the same.
    expect(seen.work).toEqual({ 'user.name': 'Nested "Work" Name', 'user.email': 'me@work.example', 'core.editor': 'vim' });
    expect(seen.work2['user.name']).toBe('Work Two');
    expect(seen.oss).toEqual({ 'user.name': 'Global Name', 'user.email': 'oss@example.org', 'core.editor': 'vim' });
    expect(seen.feature['user.name']).toBe('Feature Name');
  });

  it('matches globs the way git wildmatch does for paths', () => {
    expect(globMatch('**/work/**', '/home/u/work/a/.git')).toBe(true);
    expect(globMatch('/home/*/work/**', '/home/u/work/.git')).toBe(true);
    expect(globMatch('/home/*/work/**', '/home/u/v/work/.git')).toBe(false);
    expect(globMatch('/a/**/b', '/a/b')).toBe(true);
    expect(globMatch('/a/**/b', '/a/x/y/b')).toBe(true);
    expect(globMatch('/a/?/b', '/a/x/b')).toBe(true);
    expect(globMatch('/a/?/b', '/a/xy/b')).toBe(false);
    expect(globMatch('/a/[xy]/b', '/a/y/b')).toBe(true);
    expect(globMatch('/a/[!xy]/b', '/a/y/b')).toBe(false);
    expect(globMatch('/a.b/(c)+', '/a.b/(c)+')).toBe(true);
    expect(globMatch('/a.b/**', '/aXb/c')).toBe(false);
    expect(globMatch('/A/**', '/a/b', true)).toBe(true);
    expect(globMatch('/A/**', '/a/b')).toBe(false);
  });
});

describe('git config sources for identity and remotes (one file list)', () => {
  it('honours GIT_CONFIG_SYSTEM and `git -c` (GIT_CONFIG_PARAMETERS, GIT_CONFIG_COUNT) as git does', () => {
    const home = tempDir('gm-home-');
    const repo = join(home, 'proj');
    mkdirSync(repo, { recursive: true });
    const system = join(home, 'etc', 'gitconfig');
    write(system, '[user]\n\tname = System Person\n\temail = system@example.com\n[remote "Origin"]\n\turl = /srv/system.git\n');
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '', HOME: home, XDG_CONFIG_HOME: join(home, '.config'), GIT_CONFIG_SYSTEM: system };
    const sh = (...args: string[]) => execFileSync('git', args, { cwd: repo, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    sh('init', '-q', '-b', 'main');
    // What git hands a child process for `git -c …`: read it from a real git, not written by hand.
    const childEnv = sh('-c', 'user.name=Cli Person', '-c', 'alias.envdump=!env', 'envdump');
    const params = /^GIT_CONFIG_PARAMETERS=(.*)$/m.exec(childEnv)?.[1];
    expect(params).toBeTruthy();
    const keys = ['HOME', 'XDG_CONFIG_HOME', 'GIT_CONFIG_SYSTEM', 'GIT_CONFIG_NOSYSTEM', 'GIT_CONFIG_GLOBAL', 'GIT_CONFIG_PARAMETERS', 'GIT_CONFIG_COUNT', 'GIT_CONFIG_KEY_0', 'GIT_CONFIG_VALUE_0'];
    const before = Object.fromEntries(keys.map((k) => [k, process.env[k]]));
    try {
      for (const k of keys) delete process.env[k];
      Object.assign(process.env, { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), GIT_CONFIG_SYSTEM: system });
      const loc = findRepository(repo);
      let cfg = readEffectiveConfig(loc);
      expect(cfg.get('user.name')).toBe(sh('config', '--get', 'user.name').trim());
      expect(cfg.get('user.name')).toBe('System Person');
      expect(cfg.get('remote.Origin.url')).toBe('/srv/system.git');
      process.env.GIT_CONFIG_PARAMETERS = params;
      cfg = readEffectiveConfig(loc);
      expect(cfg.get('user.name')).toBe('Cli Person');
      expect(cfg.get('user.email')).toBe('system@example.com');
      delete process.env.GIT_CONFIG_PARAMETERS;
      Object.assign(process.env, { GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'User.Email', GIT_CONFIG_VALUE_0: 'count@example.com' });
      expect(readEffectiveConfig(loc).get('user.email')).toBe(sh('-c', 'user.email=count@example.com', 'config', '--get', 'user.email').trim());
      process.env.GIT_CONFIG_NOSYSTEM = '1';
      expect(readEffectiveConfig(loc).get('user.name')).toBeUndefined();
    } finally {
      for (const k of keys) {
        if (before[k] === undefined) delete process.env[k];
        else process.env[k] = before[k];
      }
    }
  });
});

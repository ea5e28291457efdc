import { existsSync, lstatSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { homedir } from 'node:os';
import { NotARepositoryError, UnsafeRepositoryError, UnsupportedRepositoryError } from '../errors.js';

// Where a repository is and what git's config files say about it, without spawning git: the
// discovery (GIT_DIR, .git files, worktrees' commondir, safe.directory) and the config reader.
// What is done with a found repository (objects, refs, commits) is GitRepository (repository.ts).

export interface RepoLocation {
  /** The directory the repository was found from (work tree root, or the git dir for a bare repo). */
  root: string;
  /** The per-worktree git dir (HEAD, index live here). */
  gitDir: string;
  /** Shared between worktrees: objects, refs, config. */
  commonDir: string;
  bare: boolean;
}

function isGitDir(dir: string): boolean {
  return existsSync(join(dir, 'HEAD')) && existsSync(join(dir, 'objects')) && existsSync(join(dir, 'refs'));
}

function readGitFile(file: string): string | null {
  try {
    const text = readFileSync(file, 'utf8');
    const m = /^gitdir:\s*(.+?)\s*$/m.exec(text);
    if (!m) return null;
    return isAbsolute(m[1]) ? m[1] : resolve(dirname(file), m[1]);
  } catch {
    return null;
  }
}

function commonDirOf(gitDir: string): string {
  const f = join(gitDir, 'commondir');
  if (existsSync(f)) {
    const rel = readFileSync(f, 'utf8').trim();
    return isAbsolute(rel) ? rel : resolve(gitDir, rel);
  }
  return gitDir;
}

/**
 * Finds the repository without spawning git (a spawn costs more than the rest of a `memory get`).
 * Without an explicit directory, honours GIT_DIR / GIT_COMMON_DIR like git does; an explicit
 * directory (`--repo`, `openMemory({ repo })`) wins over them. A discovered repository owned by
 * another user is refused unless git's `safe.directory` trusts it, as git itself does.
 */
export function findRepository(explicit?: string): RepoLocation {
  const start = explicit ?? process.cwd();
  const envGitDir = explicit === undefined ? process.env.GIT_DIR : undefined;
  if (envGitDir) {
    const gitDir = resolve(start, envGitDir);
    if (!isGitDir(gitDir)) throw new NotARepositoryError(gitDir);
    const commonDir = process.env.GIT_COMMON_DIR ? resolve(start, process.env.GIT_COMMON_DIR) : commonDirOf(gitDir);
    return checkFormat({ root: process.env.GIT_WORK_TREE ?? start, gitDir, commonDir, bare: false });
  }
  let dir = resolve(start);
  if (!existsSync(dir)) throw new NotARepositoryError(dir);
  for (;;) {
    const dotGit = join(dir, '.git');
    let st;
    try {
      st = statSync(dotGit);
    } catch {
      st = null;
    }
    if (st?.isDirectory() && isGitDir(dotGit)) {
      checkOwnership(dir, [dir, dotGit]);
      return checkFormat({ root: dir, gitDir: dotGit, commonDir: commonDirOf(dotGit), bare: false });
    }
    if (st?.isFile()) {
      // A linked worktree or submodule: HEAD is in its own git dir, objects and refs in the common dir.
      const gitDir = readGitFile(dotGit);
      if (gitDir && existsSync(join(gitDir, 'HEAD'))) {
        const commonDir = commonDirOf(gitDir);
        if (isGitDir(commonDir)) {
          checkOwnership(dir, [dotGit, dir, gitDir]);
          return checkFormat({ root: dir, gitDir, commonDir, bare: false });
        }
      }
    }
    if (isGitDir(dir) && !existsSync(join(dir, '.git'))) {
      checkOwnership(dir, [dir]);
      return checkFormat({ root: dir, gitDir: dir, commonDir: commonDirOf(dir), bare: true });
    }
    const parent = dirname(dir);
    if (parent === dir) throw new NotARepositoryError(resolve(start));
    dir = parent;
  }
}

/** The uid git compares owners with: the effective uid, or SUDO_UID when running as root under sudo. */
function currentUid(): number | null {
  if (typeof process.geteuid !== 'function') return null; // Windows: git checks SIDs; not done here
  const euid = process.geteuid();
  if (euid === 0 && process.env.SUDO_UID && /^\d+$/.test(process.env.SUDO_UID)) return Number(process.env.SUDO_UID);
  return euid;
}

/**
 * git's `safe.directory` rule (CVE-2022-24765): a repository whose work tree, .git file or git dir
 * is owned by another user is used only when `safe.directory` in the system or global config (or
 * `git -c`, via GIT_CONFIG_PARAMETERS / GIT_CONFIG_COUNT) names it or is `*`; an empty value resets
 * the list. Repository config is not consulted: it is what the other user controls.
 */
function checkOwnership(dir: string, paths: string[]): void {
  const uid = currentUid();
  if (uid === null) return;
  let foreign: number | null = null;
  for (const p of paths) {
    try {
      const owner = lstatSync(p).uid;
      if (owner !== uid) {
        foreign = owner;
        break;
      }
    } catch {
      /* vanished: the format checks report it */
    }
  }
  if (foreign === null && process.env.GIT_TEST_ASSUME_DIFFERENT_OWNER !== 'true' && process.env.GIT_TEST_ASSUME_DIFFERENT_OWNER !== '1') return;
  const candidates = new Set([resolve(dir)]);
  try {
    candidates.add(realpathSync(dir));
  } catch {
    /* as found */
  }
  let safe = false;
  for (const value of protectedConfigValues('safe.directory')) {
    if (value === '') safe = false;
    else if (value === '*') safe = true;
    else {
      const v = expandHome(value).replace(/\/+$/, '') || '/';
      for (const c of candidates) {
        // `/path/*` trusts everything below /path (git 2.46); an exact path trusts that repository.
        if (v.endsWith('/*') ? (c + '/').startsWith(v.slice(0, -1)) : c === v) safe = true;
      }
    }
  }
  if (!safe) throw new UnsafeRepositoryError(resolve(dir), foreign ?? -1, uid);
}

/**
 * The system and global config files git reads, lowest first: the one list (safe.directory and the
 * effective config both use it). GIT_CONFIG_NOSYSTEM skips the system file, GIT_CONFIG_SYSTEM and
 * GIT_CONFIG_GLOBAL replace the default paths, as in git.
 */
function userConfigFiles(): string[] {
  const env = process.env;
  const files: string[] = [];
  const home = homeDir();
  if (env.GIT_CONFIG_NOSYSTEM !== '1' && env.GIT_CONFIG_NOSYSTEM !== 'true') files.push(env.GIT_CONFIG_SYSTEM ?? '/etc/gitconfig');
  if (env.GIT_CONFIG_GLOBAL) files.push(env.GIT_CONFIG_GLOBAL);
  else files.push(join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'git', 'config'), join(home, '.gitconfig'));
  return files;
}

/** `section[.sub].name` with section and name lowercased (the subsection keeps its case), as git compares keys. */
function canonicalKey(key: string): string {
  const first = key.indexOf('.');
  const last = key.lastIndexOf('.');
  if (first < 0) return key.toLowerCase();
  return key.slice(0, first).toLowerCase() + key.slice(first, last) + key.slice(last).toLowerCase();
}

/**
 * Config given on git's command line (`git -c key=value`), which reaches child processes as
 * GIT_CONFIG_PARAMETERS, and the GIT_CONFIG_COUNT/KEY_n/VALUE_n form; in order, highest precedence.
 */
function commandLineConfig(): ConfigEntry[] {
  const out: ConfigEntry[] = [];
  const params = process.env.GIT_CONFIG_PARAMETERS;
  if (params) {
    for (const m of params.matchAll(/'([^']*)'(?:=(?:'([^']*)')?)?/g)) {
      const [k, v] = m[2] !== undefined ? [m[1], m[2]] : m[1].split(/=(.*)/s);
      if (k) out.push([canonicalKey(k), v ?? '']);
    }
  }
  const count = Number(process.env.GIT_CONFIG_COUNT ?? 0);
  for (let i = 0; i < count && i < 1000; i++) {
    const k = process.env[`GIT_CONFIG_KEY_${i}`];
    if (k) out.push([canonicalKey(k), process.env[`GIT_CONFIG_VALUE_${i}`] ?? '']);
  }
  return out;
}

/** Every value of `key` in the system and global config files and on git's command line, in order. */
function protectedConfigValues(key: string): string[] {
  const files = userConfigFiles();
  const out: string[] = [];
  const visit = (file: string, depth: number) => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return;
    }
    for (const [k, v] of parseConfigText(text)) {
      if (k === key) out.push(v);
      else if (k === 'include.path' && v && depth < 10) {
        const t = expandHome(v);
        visit(isAbsolute(t) ? t : join(dirname(file), t), depth + 1);
      }
    }
  };
  for (const f of files) visit(f, 0);
  // `git -c safe.directory=…` reaches children as GIT_CONFIG_PARAMETERS; GIT_CONFIG_COUNT is the other form.
  for (const [k, v] of commandLineConfig()) if (k === key) out.push(v);
  return out;
}

function checkFormat(loc: RepoLocation): RepoLocation {
  const cfg = readConfigFile(join(loc.commonDir, 'config'));
  const fmt = cfg.get('extensions.objectformat');
  if (fmt && fmt.toLowerCase() !== 'sha1') throw new UnsupportedRepositoryError(`object format ${fmt} (only sha1 repositories are supported)`);
  const refs = cfg.get('extensions.refstorage');
  if (refs && refs.toLowerCase() !== 'files') throw new UnsupportedRepositoryError(`ref storage ${refs} (only the files ref backend is supported)`);
  return loc;
}

/** One `key = value` of a config file, in file order (includes are resolved in place). */
type ConfigEntry = [key: string, value: string];

function parseConfigText(text: string): ConfigEntry[] {
  const out: ConfigEntry[] = [];
  let section = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const sec = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]/.exec(line);
    if (sec) {
      section = sec[1].toLowerCase() + (sec[2] !== undefined ? '.' + sec[2].replace(/\\(.)/g, '$1') : '');
      continue;
    }
    const kv = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*))?$/.exec(line);
    if (!kv || !section) continue;
    let value = kv[2] ?? 'true';
    value = value.replace(/\s[#;].*$/, '').trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1).replace(/\\(.)/g, '$1');
    out.push([`${section}.${kv[1].toLowerCase()}`, value]);
  }
  return out;
}

/**
 * A small reader for git's config format: enough for `[section] key = value` and
 * `[section "sub"]`, without includes (readEffectiveConfig follows them).
 */
export function readConfigFile(file: string): Map<string, string> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return new Map();
  }
  return new Map(parseConfigText(text));
}

const homeDir = () => process.env.HOME ?? homedir();

/** git's path expansion for include paths and gitdir patterns: `~/` is $HOME. */
function expandHome(p: string): string {
  return p === '~' ? homeDir() : p.startsWith('~/') ? join(homeDir(), p.slice(2)) : p;
}

/**
 * git's wildmatch with WM_PATHNAME, as `includeIf` uses it: `*` and `?` stop at `/`, `**` spans
 * directories (a `**` before a slash also matches no directory at all), `[...]` is a character class.
 */
export function globMatch(pattern: string, text: string, ignoreCase = false): boolean {
  const literal = (c: string) => c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*') {
      if (pattern[i + 1] === '*') {
        const slash = pattern[i + 2] === '/';
        re += slash ? '(?:.*/)?' : '.*';
        i += slash ? 2 : 1;
      } else re += '[^/]*';
    } else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const close = pattern.indexOf(']', i + 2);
      if (close < 0) re += '\\[';
      else {
        let body = pattern.slice(i + 1, close);
        if (body.startsWith('!')) body = '^' + body.slice(1);
        re += '[' + body.replace(/\\/g, '\\\\') + ']';
        i = close;
      }
    } else if (c === '\\' && i + 1 < pattern.length) re += literal(pattern[++i]);
    else re += literal(c);
  }
  return new RegExp('^' + re + '$', ignoreCase ? 'i' : '').test(text);
}

/** Does an `includeIf` condition hold for this repository? Unknown conditions do not (as in git). */
function includeIfHolds(cond: string, configFile: string, loc: RepoLocation): boolean {
  const m = /^(gitdir|gitdir\/i|onbranch):(.*)$/.exec(cond);
  if (!m) return false;
  let pat = m[2];
  if (m[1] === 'onbranch') {
    let head = '';
    try {
      head = readFileSync(join(loc.gitDir, 'HEAD'), 'utf8').trim();
    } catch {
      return false;
    }
    const b = /^ref:\s*refs\/heads\/(.+)$/.exec(head);
    if (!b) return false;
    if (pat.endsWith('/')) pat += '**';
    return globMatch(pat, b[1]);
  }
  if (pat.startsWith('./')) pat = join(dirname(configFile), pat.slice(2));
  else pat = expandHome(pat);
  if (!pat.startsWith('/')) pat = '**/' + pat;
  if (pat.endsWith('/')) pat += '**';
  const ci = m[1] === 'gitdir/i';
  // git tests the git dir as found and its real path.
  const dirs = new Set([resolve(loc.gitDir)]);
  try {
    dirs.add(realpathSync(loc.gitDir));
  } catch {
    /* as found only */
  }
  return [...dirs].some((d) => globMatch(pat, d, ci));
}

/** Entries of a config file with `include.path` and matching `includeIf.<cond>.path` expanded in place. */
function readWithIncludes(file: string, loc: RepoLocation, depth: number, out: Map<string, string>): void {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return;
  }
  for (const [key, value] of parseConfigText(text)) {
    out.set(key, value);
    // git stops at 10 levels of includes (with an error); deeper ones are ignored here.
    if (depth >= 10) continue;
    const inc = key === 'include.path' || (/^includeif\..+\.path$/.test(key) && includeIfHolds(key.slice('includeif.'.length, -'.path'.length), file, loc));
    if (!inc || !value) continue;
    const target = expandHome(value);
    readWithIncludes(isAbsolute(target) ? target : join(dirname(file), target), loc, depth + 1, out);
  }
}

/**
 * Git config as git would see it (user identity, remotes): system < global < repo < `git -c`
 * (later wins), includes followed; the same file list as safe.directory.
 */
export function readEffectiveConfig(loc: RepoLocation): Map<string, string> {
  const files = [...userConfigFiles(), join(loc.commonDir, 'config')];
  const merged = new Map<string, string>();
  for (const f of files) readWithIncludes(f, loc, 0, merged);
  for (const [k, v] of commandLineConfig()) merged.set(k, v);
  return merged;
}

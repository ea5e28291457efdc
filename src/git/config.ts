import { closeSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { runGit, type GitTarget } from './cli.js';

/**
 * Sets `key = value` in the `[section "subsection"]` of the repository's config (`commonDir/config`),
 * the one writer of .git/config. In process when it can, under git's own lock (config.lock, created
 * exclusively, renamed over), since a `git config` is one more process per CI writer: when the
 * section is there once and has no such key. Anything else (the section missing or repeated, the key
 * already there, the lock held, a read or write error) is left to `git config`. False when that
 * failed too (the config is then as it was).
 */
export async function setConfigValue(target: GitTarget, commonDir: string, section: string, subsection: string, key: string, value: string): Promise<boolean> {
  if (addConfigLine(commonDir, section, subsection, key, value)) return true;
  return (await runGit(target, ['config', `${section}.${subsection}.${key}`, value], { allowFailure: true })).status === 0;
}

/** Adds the line in process; false when the file is not as expected (the caller then runs git). */
function addConfigLine(commonDir: string, section: string, subsection: string, key: string, value: string): boolean {
  const file = join(commonDir, 'config');
  const lock = `${file}.lock`;
  let fd: number;
  try {
    fd = openSync(lock, 'wx', 0o644);
  } catch {
    return false;
  }
  let renamed = false;
  try {
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n');
    const header = `[${section} "${subsection}"]`;
    const keyLine = new RegExp(`^\\s*${key.replace(/[^\w]/g, '\\$&')}\\s*(=|$)`, 'i');
    let inSection = false;
    const heads: number[] = [];
    let already = false;
    lines.forEach((l, i) => {
      const t = l.trim();
      if (t.startsWith('[')) {
        inSection = t === header;
        if (inSection) heads.push(i);
      } else if (inSection && keyLine.test(l)) already = true;
    });
    if (heads.length !== 1 || already) return false;
    lines.splice(heads[0] + 1, 0, `\t${key} = ${value}`);
    writeSync(fd, lines.join('\n'));
    closeSync(fd);
    fd = -1;
    renameSync(lock, file);
    renamed = true;
    return true;
  } catch {
    return false;
  } finally {
    if (fd >= 0) closeSync(fd);
    // Once renamed the lock is ours no more: a git started meanwhile may hold a new config.lock.
    if (!renamed) rmSync(lock, { force: true });
  }
}

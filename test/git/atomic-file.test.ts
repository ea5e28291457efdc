import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AtomicFile, writeCacheFile, writeFileAtomic } from '../../src/git/atomic-file.js';
import { MemoryError } from '../../src/errors.js';
import { tempDir } from '../helpers.js';
import { rootOnly } from '../root-only.js';

/** The one atomic writer (src/git/atomic-file.ts): whole files or none, no temp left behind, coded errors. */

const mounted: string[] = [];
afterAll(() => {
  for (const d of mounted) spawnSync('umount', ['-l', d]);
});

function mountTmpfs(sizeKb: number): string | null {
  if (!(typeof process.getuid === 'function' && process.getuid() === 0)) return null;
  const dir = tempDir('gm-mnt-');
  if (spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKb}k`, 'tmpfs', dir]).status !== 0) return null;
  mounted.push(dir);
  return dir;
}

const codeOf = (fn: () => unknown): string | null => {
  try {
    fn();
    return null;
  } catch (e) {
    return e instanceof MemoryError ? e.code : `not coded: ${(e as Error).message}`;
  }
};

describe('writeFileAtomic', () => {
  it('writes text, bytes or pieces, creates the folder, replaces an existing file, leaves no temp file', () => {
    const dir = join(tempDir(), 'a', 'b');
    const file = join(dir, 'cache.json');
    expect(writeFileAtomic(file, '{"v":1}')).toBe(7);
    expect(readFileSync(file, 'utf8')).toBe('{"v":1}');
    expect(writeFileAtomic(file, Buffer.from('two'))).toBe(3);
    expect(readFileSync(file, 'utf8')).toBe('two');
    expect(
      writeFileAtomic(file, (put) => {
        put(Buffer.from('pie'));
        put(Buffer.from('ces'));
      }),
    ).toBe(6);
    expect(readFileSync(file, 'utf8')).toBe('pieces');
    expect(readdirSync(dir)).toEqual(['cache.json']);
  });

  it('keeps the old file and removes the temp file when writing fails midway', () => {
    const dir = tempDir();
    const file = join(dir, 'seg');
    writeFileSync(file, 'old');
    expect(() =>
      writeFileAtomic(file, (put) => {
        put(Buffer.from('half'));
        throw new Error('encoder failed');
      }),
    ).toThrow('encoder failed');
    expect(readFileSync(file, 'utf8')).toBe('old');
    expect(readdirSync(dir)).toEqual(['seg']);
    // The cache variant never throws: 0 bytes written, the old file untouched.
    expect(
      writeCacheFile(file, () => {
        throw new Error('boom');
      }),
    ).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe('old');
    expect(readdirSync(dir)).toEqual(['seg']);
  });

  it('gives the mode and the temp name asked for (git objects are 0444 under tmp_obj_<pid>_ names)', () => {
    const dir = tempDir();
    const file = join(dir, 'obj');
    writeFileAtomic(file, 'x', { mode: 0o444, tmpName: `tmp_obj_${process.pid}_abc` });
    expect(statSync(file).mode & 0o777).toBe(0o444);
    // A file named only once written (a pack is named by its checksum).
    const f = new AtomicFile(dir, `tmp_pack_${process.pid}_xyz`, { fsync: true });
    f.write('PACK');
    expect(readdirSync(dir).sort()).toEqual(['obj', `tmp_pack_${process.pid}_xyz`]);
    f.commit(join(dir, 'pack-1.pack'));
    expect(readdirSync(dir).sort()).toEqual(['obj', 'pack-1.pack']);
    const g = new AtomicFile(dir, 'tmp_gone');
    g.write('x');
    g.abort();
    expect(readdirSync(dir).sort()).toEqual(['obj', 'pack-1.pack']);
  });

  const canMount = mountTmpfs(64) !== null;

  rootOnly('root and a tmpfs mount', canMount)('a full disk is DISK_FULL and a read-only one READ_ONLY_REPOSITORY, with no temp file left; the cache variant returns 0', () => {
    const full = mountTmpfs(64)!;
    spawnSync('dd', ['if=/dev/zero', `of=${join(full, 'filler')}`, 'bs=4k'], { stdio: 'ignore' });
    const big = Buffer.alloc(256 * 1024, 7);
    expect(codeOf(() => writeFileAtomic(join(full, 'cache', 'x.bin'), big))).toBe('DISK_FULL');
    expect(writeCacheFile(join(full, 'x.bin'), big)).toBe(0);
    expect(readdirSync(full).filter((n) => n !== 'filler' && n !== 'cache')).toEqual([]);

    const ro = mountTmpfs(64)!;
    writeFileSync(join(ro, 'old'), 'old');
    expect(spawnSync('mount', ['-o', 'remount,ro', ro]).status).toBe(0);
    expect(codeOf(() => writeFileAtomic(join(ro, 'old'), 'new'))).toBe('READ_ONLY_REPOSITORY');
    expect(codeOf(() => writeFileAtomic(join(ro, 'sub', 'new'), 'new'))).toBe('READ_ONLY_REPOSITORY');
    expect(writeCacheFile(join(ro, 'old'), 'new')).toBe(0);
    expect(readFileSync(join(ro, 'old'), 'utf8')).toBe('old');
  });
});

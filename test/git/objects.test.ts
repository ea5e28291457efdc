import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { MemoryError } from '../../src/errors.js';
import { join } from 'node:path';
import { ObjectStore, hashObject } from '../../src/git/objects.js';
import { RefStore } from '../../src/git/refs.js';
import { findRepository } from '../../src/git/location.js';
import { GitRepository } from '../../src/git/repository.js';
import { catFileBatch, commitFiles, git, makeRepo } from '../helpers.js';

/** What git reads for each id (one `git cat-file --batch` for all of them). */
function gitReads(repo: string, oids: string[]): (oid: string) => { type: string; data: Buffer } {
  const objects = catFileBatch(repo, [...new Set(oids)]);
  return (oid) => objects.get(oid)!;
}

describe('ObjectStore', () => {
  it('reads every object of a packed repository with delta chains exactly as git does', () => {
    const repo = makeRepo({ commit: true });
    // Many similar versions of files → OFS_DELTA chains after an aggressive gc.
    let text = 'line\n'.repeat(200);
    commitFiles(
      repo,
      Array.from({ length: 40 }, (_, i) => {
        text = text.replace('line\n', `changed ${i}\n`) + `tail ${i}\n`;
        return { files: { 'doc.txt': text, [`f${i % 5}.txt`]: `file ${i}\n`.repeat(50) } };
      }),
    );
    git(repo, 'gc', '-q', '--aggressive', '--prune=now');
    const oids = git(repo, 'rev-list', '--objects', '--all').split('\n').map((l) => l.slice(0, 40));
    expect(oids.length).toBeGreaterThan(100);
    const verify = git(repo, 'verify-pack', '-v', ...execFileSync('sh', ['-c', 'ls .git/objects/pack/*.idx'], { cwd: repo, encoding: 'utf8' }).trim().split('\n'));
    expect(verify).toMatch(/chain length = [2-9]/); // the test really exercises deltas
    const store = new ObjectStore(join(repo, '.git', 'objects'));
    const catFile = gitReads(repo, oids);
    for (const oid of oids) {
      const ours = store.read(oid);
      const theirs = catFile(oid);
      expect(ours.type).toBe(theirs.type);
      expect(Buffer.compare(ours.data, theirs.data)).toBe(0);
      expect(hashObject(ours.type, ours.data)).toBe(oid);
    }
  });

  it('writes loose objects git can read, and reads them back', () => {
    const repo = makeRepo();
    const store = new ObjectStore(join(repo, '.git', 'objects'));
    const oid = store.write('blob', Buffer.from('hello\n'));
    expect(oid).toBe(execFileSync('git', ['hash-object', '--stdin'], { cwd: repo, input: 'hello\n', encoding: 'utf8' }).trim());
    expect(git(repo, 'cat-file', '-p', oid)).toBe('hello');
    expect(store.read(oid).data.toString()).toBe('hello\n');
    expect(store.has(oid)).toBe(true);
    expect(store.tryRead('0'.repeat(40))).toBeNull();
  });

  it('reads objects through alternates', () => {
    const origin = makeRepo({ commit: true });
    const borrower = makeRepo();
    writeFileSync(join(borrower, '.git', 'objects', 'info', 'alternates'), join(origin, '.git', 'objects') + '\n');
    const head = git(origin, 'rev-parse', 'HEAD');
    expect(new ObjectStore(join(borrower, '.git', 'objects')).read(head).type).toBe('commit');
  });
});

describe('ObjectStore.readEach (bulk reads in pack order)', () => {
  it('visits every object once with its position in the input, across several packs, loose objects and deltas, as git reads them', () => {
    const repo = makeRepo({ commit: true });
    let text = 'line\n'.repeat(100);
    const batch = (from: number) =>
      Array.from({ length: 10 }, (_, k) => {
        const i = from + k;
        text = text.replace('line\n', `changed ${i}\n`);
        return { files: { 'doc.txt': text, [`f${i}.txt`]: `file ${i}\n` } };
      });
    // A pack for each of the first two batches of ten commits (deltas inside each); the last ten
    // commits' objects stay loose.
    commitFiles(repo, batch(0));
    commitFiles(repo, batch(10));
    commitFiles(repo, batch(20), undefined, { loose: true });
    const packDir = join(repo, '.git', 'objects', 'pack');
    expect(readdirSync(packDir).filter((n) => n.endsWith('.idx')).length).toBeGreaterThanOrEqual(2);
    expect(readdirSync(join(repo, '.git', 'objects')).filter((n) => /^[0-9a-f]{2}$/.test(n)).length).toBeGreaterThan(0);
    const all = git(repo, 'rev-list', '--objects', '--all').split('\n').map((l) => l.slice(0, 40));
    // Shuffled, with one id twice: positions, not ids, are what the visitor gets.
    const oids = [...all].sort((a, b) => (a.slice(7) < b.slice(7) ? -1 : 1));
    oids.push(oids[3]);
    const store = new ObjectStore(join(repo, '.git', 'objects'));
    const visits = new Array<number>(oids.length).fill(0);
    const catFile = gitReads(repo, oids);
    store.readEach(oids, (i, obj) => {
      visits[i]++;
      const theirs = catFile(oids[i]);
      expect(obj.type).toBe(theirs.type);
      expect(Buffer.compare(obj.data, theirs.data)).toBe(0);
    });
    expect(visits.every((v) => v === 1)).toBe(true);
  });

  it('fails on an id that is nowhere (OBJECT_MISSING) or not an id (CORRUPT_OBJECT), as read does', () => {
    const repo = makeRepo({ commit: true });
    git(repo, 'repack', '-a', '-d', '-q');
    const head = git(repo, 'rev-parse', 'HEAD');
    const store = new ObjectStore(join(repo, '.git', 'objects'));
    const codeOf = (f: () => void) => {
      try {
        f();
      } catch (err) {
        return (err as MemoryError).code;
      }
      return 'none';
    };
    expect(codeOf(() => store.readEach([head, 'f'.repeat(40)], () => {}))).toBe('OBJECT_MISSING');
    expect(codeOf(() => store.readEach([head, 'not-an-id'], () => {}))).toBe('CORRUPT_OBJECT');
    const got: string[] = [];
    store.readEach([head], (_, obj) => got.push(obj.type));
    expect(got).toEqual(['commit']);
    // A commit where a blob is expected: CORRUPT_OBJECT from the plan's reader as from read, packed or loose.
    expect(codeOf(() => store.readEach([head], () => {}, 'blob'))).toBe('CORRUPT_OBJECT');
    expect(codeOf(() => new GitRepository(findRepository(repo)).readBlobs([head], () => {}))).toBe('CORRUPT_OBJECT');
    const loose = store.write('tree', Buffer.alloc(0));
    expect(codeOf(() => store.readPlanned(store.plan([loose]), 0, loose, 'blob'))).toBe('CORRUPT_OBJECT');
  });
});

describe('pack index reads for loose objects', () => {
  /** A repository whose objects are in `packs` packs (one per commit), and `loose` new loose blobs. */
  function repoWith(packs: number, loose: number): { repo: string; packed: string[]; blobs: Array<{ oid: string; text: string }> } {
    const repo = makeRepo({ commit: true });
    for (let i = 0; i < packs; i++) {
      commitFiles(repo, [{ files: { [`p${i}.txt`]: `pack ${i}\n` } }]);
      git(repo, 'repack', '-d', '-q');
    }
    expect(readdirSync(join(repo, '.git', 'objects', 'pack')).filter((n) => n.endsWith('.idx')).length).toBeGreaterThanOrEqual(packs);
    const packed = git(repo, 'rev-list', '--objects', '--all').split('\n').map((l) => l.slice(0, 40));
    const writer = new ObjectStore(join(repo, '.git', 'objects'));
    const blobs = Array.from({ length: loose }, (_, i) => ({ text: `loose ${i}`, oid: writer.write('blob', Buffer.from(`loose ${i}`)) }));
    return { repo, packed, blobs };
  }

  it('objects not in a pack never make a reader load that pack\'s whole index', () => {
    const { repo, packed, blobs } = repoWith(2, 100);
    const s = new ObjectStore(join(repo, '.git', 'objects'));
    for (const b of blobs) expect(s.read(b.oid, 'blob').data.toString()).toBe(b.text);
    expect(s.indexReads().whole).toBe(0);
    const git1 = gitReads(repo, packed);
    for (const oid of packed) expect(s.read(oid).data.equals(git1(oid).data)).toBe(true);
  });

  it('with many packs, a loose object is read without searching every pack, and packed ones read as git reads them', () => {
    const { repo, packed, blobs } = repoWith(6, 30);
    const s = new ObjectStore(join(repo, '.git', 'objects'));
    for (const b of blobs) expect(s.read(b.oid, 'blob').data.toString()).toBe(b.text);
    expect(s.indexReads().bytes).toBe(0);
    const git1 = gitReads(repo, packed);
    for (const oid of packed) expect(s.read(oid).data.equals(git1(oid).data)).toBe(true);
    for (const b of blobs) expect(s.read(b.oid, 'blob').data.toString()).toBe(b.text);
  });
});

describe('RefStore', () => {
  it('moves a ref only from the expected value, and honours git\'s lock', async () => {
    const repo = makeRepo({ commit: true });
    const refs = new RefStore(join(repo, '.git'));
    const head = git(repo, 'rev-parse', 'HEAD');
    const who = { who: { name: 't', email: 't@e' }, message: 'm' };
    await refs.compareAndSwap('refs/heads/x', null, head, who);
    expect(git(repo, 'rev-parse', 'refs/heads/x')).toBe(head);
    await expect(refs.compareAndSwap('refs/heads/x', null, head, who)).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(refs.compareAndSwap('refs/heads/x', '1'.repeat(40), head, who)).rejects.toMatchObject({ code: 'CONFLICT' });
    // Packed refs are read too, and a loose update overrides them like git's own.
    git(repo, 'pack-refs', '--all');
    expect(refs.read('refs/heads/x')).toBe(head);
    // git's update-ref and ours agree on the lock file protocol.
    writeFileSync(join(repo, '.git', 'refs', 'heads', 'x.lock'), '');
    const blocked = refs.compareAndSwap('refs/heads/x', head, head, who);
    let settled = false;
    blocked.then(() => (settled = true), () => (settled = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(settled).toBe(false);
    execFileSync('rm', [join(repo, '.git', 'refs', 'heads', 'x.lock')]);
    await blocked;
    expect(git(repo, 'reflog', 'show', '--format=%gs', 'refs/heads/x').split('\n')[0]).toBe('m');
  });
});

describe('pack index versions', () => {
  function packedRepo(): { repo: string; idx: string; pack: string; oids: string[] } {
    const repo = makeRepo({ commit: true });
    commitFiles(repo, Array.from({ length: 12 }, (_, i) => ({ files: { 'doc.txt': `version ${i}\n`.repeat(30 + i) } })));
    git(repo, 'repack', '-a', '-d', '-q');
    const packDir = join(repo, '.git', 'objects', 'pack');
    const idx = join(packDir, readdirSync(packDir).find((n) => n.endsWith('.idx'))!);
    const oids = git(repo, 'rev-list', '--objects', '--all').split('\n').map((l) => l.slice(0, 40));
    return { repo, idx, pack: idx.replace(/\.idx$/, '.pack'), oids };
  }

  it('reads a pack with a version-1 index exactly as git does, without falling back', () => {
    const { repo, idx, pack, oids } = packedRepo();
    unlinkSync(idx);
    git(repo, 'index-pack', '--index-version=1', '-o', idx, pack);
    expect(readFileSync(idx).readUInt32BE(0)).not.toBe(0xff744f63); // really v1: no magic
    const store = new ObjectStore(join(repo, '.git', 'objects'));
    store.fallback = (oid) => {
      throw new Error(`fallback used for ${oid}`);
    };
    const catFile = gitReads(repo, oids);
    for (const oid of oids) {
      const ours = store.read(oid);
      const theirs = catFile(oid);
      expect(ours.type).toBe(theirs.type);
      expect(Buffer.compare(ours.data, theirs.data)).toBe(0);
    }
    // The bulk reader merges the ids with the v1 index too.
    const seen = new Array<number>(oids.length).fill(0);
    new ObjectStore(join(repo, '.git', 'objects')).readEach(oids, (i, obj) => {
      seen[i]++;
      expect(Buffer.compare(obj.data, catFile(oids[i]).data)).toBe(0);
    });
    expect(seen.every((c) => c === 1)).toBe(true);
  });

  it('an index it cannot read fails loudly with OBJECT_MISSING naming the index, never "not found"', () => {
    const { repo, idx, oids } = packedRepo();
    const bytes = readFileSync(idx);
    bytes.writeUInt32BE(3, 4); // a version this reader (and git) does not know
    chmodSync(idx, 0o644);
    writeFileSync(idx, bytes);
    const store = new ObjectStore(join(repo, '.git', 'objects'));
    let err: unknown;
    try {
      store.read(oids[0]);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(MemoryError);
    expect((err as MemoryError).code).toBe('OBJECT_MISSING');
    expect(String((err as MemoryError).data.detail)).toMatch(/index version 3/);
  });
});

describe('falling back to git', () => {
  it('reads through git an object only git can find (GIT_ALTERNATE_OBJECT_DIRECTORIES), and spawns nothing for a truly missing one', () => {
    const a = makeRepo({ commit: true });
    const b = makeRepo({ commit: true });
    git(b, 'commit', '-q', '--allow-empty', '-m', 'only in b');
    const bHead = git(b, 'rev-parse', 'HEAD');
    const repo = new GitRepository(findRepository(a));
    expect(() => repo.readCommit('e'.repeat(40))).toThrow(/not in the repository/);
    expect(repo.fallbackStats.catFile).toBe(0); // a plain repository: nothing git could add
    const saved = process.env.GIT_ALTERNATE_OBJECT_DIRECTORIES;
    process.env.GIT_ALTERNATE_OBJECT_DIRECTORIES = join(b, '.git', 'objects');
    try {
      expect(repo.readCommit(bHead).oid).toBe(bHead);
      expect(repo.fallbackStats.catFile).toBe(1);
    } finally {
      if (saved === undefined) delete process.env.GIT_ALTERNATE_OBJECT_DIRECTORIES;
      else process.env.GIT_ALTERNATE_OBJECT_DIRECTORIES = saved;
    }
  });
});

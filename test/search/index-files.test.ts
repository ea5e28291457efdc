import { existsSync, readFileSync, readdirSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeRepo } from '../helpers.js';
import { MemoryStore } from '../../src/store/store.js';
import { SEGMENT_FORMAT } from '../../src/search/segment.js';
import { adopt, dropOtherFormats, hasUsableIndex, indexFiles, markRestored, readSegment, trusted, unmarkRestored, writeAtomic } from '../../src/search/index-files.js';
import { segment } from './segments.js';

/**
 * The index files on disk on their own inputs (src/search/index-files.ts): a segment written here is
 * read back by another store object and its version marked verified; a file damaged, truncated or of
 * another format is refused (the caller rebuilds it); a file an index cache restored is read but not
 * trusted until checked and adopted; files of other formats are removed.
 */
const stores: MemoryStore[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
});

/** A new store object on `repo`: its own index state, nothing read yet. */
function open(repo: string): MemoryStore {
  const s = new MemoryStore({ repo, warn: () => {} });
  stores.push(s);
  return s;
}

function written() {
  const repo = makeRepo();
  const writer = open(repo);
  const seg = segment([
    { id: 'rotate-key', content: 'rotate the signing key every quarter' },
    { id: 'nightly', content: 'the nightly build moved to two in the morning' },
  ]);
  const { base } = indexFiles(writer);
  const bytes = writeAtomic(writer, base, seg);
  return { repo, base, bytes };
}

/** Changes the file in place and gives it another mtime (a new version to every reader). */
function rewrite(file: string, edit: (b: Buffer) => Buffer): void {
  writeFileSync(file, edit(readFileSync(file)));
  const later = new Date(Date.now() + 5_000);
  utimesSync(file, later, later);
}

describe('index files on disk', () => {
  it('a written segment is read back by another store, its version marked verified', () => {
    const { repo, base, bytes } = written();
    expect(bytes).toBe(readFileSync(base).length);
    expect(existsSync(join(base, '..', `verified-${basename(base)}`))).toBe(true);
    const reader = open(repo);
    const seg = readSegment(reader, base);
    expect(seg?.n).toBe(2);
    expect(seg?.ids.get(0)).toBe('rotate-key');
    expect(trusted(seg)).toBe(true);
    expect(readSegment(reader, base)).toBe(seg); // the same version is not read again
    expect(hasUsableIndex(open(repo))).toBe(true);
  });

  it('refuses a file damaged in place (one byte of its data changed)', () => {
    const { repo, base } = written();
    rewrite(base, (b) => {
      b[b.length - 9] ^= 0xff;
      return b;
    });
    expect(readSegment(open(repo), base)).toBeNull();
    expect(hasUsableIndex(open(repo))).toBe(false);
  });

  it('refuses a truncated file', () => {
    const { repo, base } = written();
    truncateSync(base, readFileSync(base).length - 8);
    expect(readSegment(open(repo), base)).toBeNull();
  });

  it('refuses a file of another format, and removes the files of other formats', () => {
    const { repo, base } = written();
    const other = SEGMENT_FORMAT + 1;
    rewrite(base, (b) => {
      const s = b.toString('latin1');
      const at = s.indexOf(`"format":${SEGMENT_FORMAT},`);
      expect(at).toBeGreaterThan(0);
      return Buffer.from(s.slice(0, at) + `"format":${other},` + s.slice(at + `"format":${SEGMENT_FORMAT},`.length), 'latin1');
    });
    const reader = open(repo);
    expect(readSegment(reader, base)).toBeNull();
    const dir = join(base, '..');
    const foreign = [`search-v${other}.base`, `verified-search-v${other}.base`, `restored-search-v${other}.delta`];
    for (const f of foreign) writeFileSync(join(dir, f), 'x');
    dropOtherFormats(reader);
    const left = readdirSync(dir);
    for (const f of foreign) expect(left).not.toContain(f);
    expect(left).toContain(basename(base));
  });

  it('a restored file is read but not trusted until adopted; a file written here is not restored', () => {
    const { repo, base } = written();
    expect(markRestored(base)).toBe(true);
    const mark = join(base, '..', `restored-${basename(base)}`);
    expect(existsSync(mark)).toBe(true);
    const seg = readSegment(open(repo), base);
    expect(seg?.n).toBe(2);
    expect(trusted(seg)).toBe(false);
    adopt(seg!, base);
    expect(trusted(seg)).toBe(true);
    expect(existsSync(mark)).toBe(false);

    markRestored(base);
    unmarkRestored(base);
    expect(existsSync(mark)).toBe(false);
    markRestored(base);
    const writer = open(repo);
    writeAtomic(writer, base, segment([{ id: 'only', content: 'one memory' }]));
    expect(existsSync(mark)).toBe(false);
    expect(trusted(readSegment(open(repo), base))).toBe(true);
  });
});

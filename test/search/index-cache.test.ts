import { readFileSync, readdirSync, symlinkSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { git, makeRepo, tempDir } from '../helpers.js';
import { runCli } from '../run-cli.js';
import { SEGMENT_FORMAT } from '../../src/search/segment.js';
import { useEmbedServer } from '../hybrid/embed-server.js';

/**
 * `--index-cache DIR`: CI jobs in fresh clones carry the search index between them.
 * Real repositories, a real bare remote, fresh clones one commit apart, the built CLI.
 */

async function store(repo: string, content: string, ...args: string[]): Promise<string> {
  const r = await runCli(repo, ['store', content, '--json', ...args]);
  expect(r.code, r.stderr).toBe(0);
  return r.json.id as string;
}

async function setup() {
  const remote = makeRepo({ bare: true });
  const writer = makeRepo();
  git(writer, 'remote', 'add', 'origin', remote);
  const notes: string[] = [];
  for (let i = 0; i < 5; i++) notes.push(await store(writer, `Deployment note ${i}: the staging cluster restarts nightly`, '--tags', 'ops'));
  await store(writer, 'The API rate limit is 100 requests per minute', '--tags', 'api');
  git(writer, 'push', '-q', 'origin', 'memory');
  const cache = join(tempDir('gm-icache-'), 'index-cache');
  return { remote, writer, cache, notes };
}

/** A CI job's checkout: a fresh clone of the memory branch (shallow by default, as CI does). */
function job(remote: string, shallow = true): string {
  const d = join(tempDir('gm-job-'), 'clone');
  git(process.cwd(), 'clone', '-q', ...(shallow ? ['--depth', '1'] : []), '--branch', 'memory', `file://${remote}`, d);
  return d;
}

const refs = (repo: string) => git(repo, 'for-each-ref', '--format=%(refname) %(objectname)');
const ids = (r: { json: { results: Array<{ id: string }> } }) => r.json.results.map((m) => m.id);

describe('search index cache between CI jobs', () => {
  it('restores the previous job index and brings it up to date without a full build', async () => {
    const { remote, writer, cache, notes } = await setup();
    // Job 1: nothing cached yet: a full build, saved to the cache.
    const j1 = job(remote);
    const first = await runCli(j1, ['search', 'staging', 'restarts', '--limit', '50', '--json', '--index-cache', cache]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.json.indexCache).toMatchObject({ restored: false, bytesRead: 0, index: 'full' });
    expect(first.json.indexCache.bytesWritten).toBeGreaterThan(0);
    expect(readdirSync(join(cache, 'memory'))).toContain(`search-v${SEGMENT_FORMAT}.base`);

    // The branch moves one commit; job 2 is a fresh shallow clone that never had job 1's tree.
    // The branch moves: one memory added, one deleted, one rewritten so it no longer matches.
    const fresh = await store(writer, 'Staging restarts moved to 03:00 UTC after the outage', '--tags', 'ops');
    expect((await runCli(writer, ['delete', notes[0], '--json'])).code).toBe(0);
    expect((await runCli(writer, ['update', notes[1], '--content', 'Deployment note 1: retired', '--json'])).code).toBe(0);
    git(writer, 'push', '-q', 'origin', 'memory');
    const j2 = job(remote);
    const refsBefore = refs(j2);
    const second = await runCli(j2, ['search', 'staging', 'restarts', '--limit', '50', '--json', '--index-cache', cache]);
    expect(second.code, second.stderr).toBe(0);
    expect(second.json.indexCache.restored).toBe(true);
    expect(second.json.indexCache.bytesRead).toBeGreaterThan(0);
    // Only the one new memory was analysed: a delta from the restored base's own table.
    expect(second.json.indexCache.index).toBe('delta-from-table');
    expect(ids(second)).toContain(fresh);
    expect(ids(second)).not.toContain(notes[0]);
    expect(ids(second)).not.toContain(notes[1]);
    expect(second.json.total).toBe(4);
    // The same answer as a job without a cache, and the clone's refs untouched.
    const plain = await runCli(job(remote), ['search', 'staging', 'restarts', '--limit', '50', '--json']);
    expect(ids(second)).toEqual(ids(plain));
    expect(second.json.total).toBe(plain.json.total);
    expect(refs(j2)).toBe(refsBefore);
    // Only the delta went back to the cache (the base did not change).
    expect(second.json.indexCache.bytesWritten).toBeGreaterThan(0);
    expect(second.json.indexCache.bytesWritten).toBeLessThan(first.json.indexCache.bytesWritten);

    // Job 3, a full clone, through the environment variable: base + delta restored, nothing to build.
    const j3 = job(remote, false);
    const third = await runCli(j3, ['search', 'staging', '--json'], { env: { MEMORY_INDEX_CACHE: cache } });
    expect(third.code, third.stderr).toBe(0);
    expect(third.json.indexCache).toMatchObject({ restored: true, index: 'cached', bytesWritten: 0 });
    expect(ids(third)).toContain(fresh);
  });

  it('a full clone brings a restored index up to date from its table (a restored tree is only a claim)', async () => {
    const { remote, writer, cache } = await setup();
    expect((await runCli(job(remote), ['search', 'api', '--json', '--index-cache', cache])).json.indexCache.index).toBe('full');
    const fresh = await store(writer, 'The API rate limit rises to 500 requests per minute in March', '--tags', 'api');
    git(writer, 'push', '-q', 'origin', 'memory');
    const r = await runCli(job(remote, false), ['search', 'api', 'rate', '--json', '--index-cache', cache]);
    // Not the tree diff from the base's tree, although this clone has it: nothing ties a restored
    // base's table to the tree its header names (test/search/index-cache-hostile.test.ts).
    expect(r.json.indexCache).toMatchObject({ restored: true, index: 'delta-from-table' });
    expect(ids(r)).toContain(fresh);
  });

  it('a damaged, foreign or linked cache file is ignored: a full build, a warning, the right answer', async () => {
    const { remote, cache } = await setup();
    expect((await runCli(job(remote), ['search', 'api', '--json', '--index-cache', cache])).code).toBe(0);
    const base = join(cache, 'memory', `search-v${SEGMENT_FORMAT}.base`);
    const good = readFileSync(base);
    const bad = Buffer.from(good);
    bad[bad.length >> 1] ^= 0xff; // one flipped byte: the CRC no longer matches
    writeFileSync(base, bad);
    const r = await runCli(job(remote), ['search', 'rate', 'limit', '--json', '--index-cache', cache]);
    expect(r.code, r.stderr).toBe(0);
    // The checksum is checked as the file is copied: a damaged file is not restored at all.
    expect(r.json.indexCache).toMatchObject({ restored: false, index: 'full' });
    expect(r.stderr).toMatch(/index cache: not restored \(search-v\d+\.base failed its checksum\)/);
    expect(r.json.total).toBe(1);
    // The full build replaced the damaged copy in the cache.
    expect(readFileSync(base).equals(bad)).toBe(false);

    // A link in the cache dir (to anything) is never followed.
    rmSync(base);
    const elsewhere = join(tempDir('gm-elsewhere-'), 'x');
    writeFileSync(elsewhere, good);
    symlinkSync(elsewhere, base);
    const l = await runCli(job(remote), ['search', 'rate', '--json', '--index-cache', cache]);
    expect(l.code).toBe(0);
    expect(l.json.indexCache).toMatchObject({ restored: false, bytesRead: 0, index: 'full' });
    expect(l.stderr).toMatch(/index cache: not restored \(search-v\d+\.base is not a regular file\)/);
  });

  it('a cache dir that cannot be written costs nothing but a warning', async () => {
    const { remote } = await setup();
    const file = join(tempDir('gm-notdir-'), 'file');
    writeFileSync(file, 'not a directory');
    const r = await runCli(job(remote), ['search', 'rate', '--json', '--index-cache', file]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json.total).toBe(1);
    expect(r.json.indexCache.bytesWritten).toBe(0);
    expect(r.stderr).toMatch(/index cache: not saved/);
  });
});

describe('index cache bounds (library)', () => {
  it('never reads a cache file over the bound: a warning, a full build, the right answer', async () => {
    const { openMemory } = await import('../../src/api.js');
    const { withIndexCache } = await import('../../src/search/index-cache.js');
    const { indexFiles } = await import('../../src/search/index-files.js');
    const repo = makeRepo();
    const dir = join(tempDir('gm-icache-lib-'), 'cache');
    const warnings: string[] = [];
    const m = openMemory({ repo, indexCache: dir, warn: (w) => warnings.push(w) });
    for (const c of ['Rotate the signing key every 90 days', 'The nightly build runs at 02:00']) await m.store({ content: c });
    const first = await m.search({ query: 'signing key' });
    expect(first.indexCache).toMatchObject({ restored: false, index: 'full' });
    expect(first.indexCache!.bytesWritten).toBeGreaterThan(100);
    m.close();
    // A new process of the same repository without its own index, and a 100-byte bound.
    const { MemoryStore } = await import('../../src/store/store.js');
    const probe = new MemoryStore({ repo });
    for (const f of Object.values(indexFiles(probe))) rmSync(f, { force: true });
    probe.close();
    const again = openMemory({ repo, warn: (w) => warnings.push(w) });
    const store = new MemoryStore({ repo, warn: (w) => warnings.push(w) });
    const { result, report } = await withIndexCache(store, dir, () => again.search({ query: 'signing key' }), { maxFileBytes: 100 });
    expect(report).toMatchObject({ restored: false, bytesRead: 0, index: 'full' });
    expect(result.total).toBe(1);
    expect(warnings.join('\n')).toMatch(/index cache: not restored \(search-v\d+\.base is \d+ bytes, over the 100-byte bound\)/);
    store.close();
    again.close();
  });
});

describe('the vector cache travels with the index cache', () => {
  // A real OpenAI-compatible embeddings server (a bag of words) counting every text it embeds.
  const { server, env: hybrid } = useEmbedServer();
  const vectorFile = (cache: string) => {
    const d = join(cache, 'memory', 'vectors');
    return join(d, readdirSync(d).find((f) => f.endsWith('.bin'))!);
  };
  const q = ['search', 'staging', 'restarts', 'nightly', '--limit', '50', '--json'];
  const ranked = (r: { json: { results: Array<{ id: string; relevance: number }> } }) => r.json.results.map((m) => `${m.id} ${m.relevance.toFixed(6)}`);

  it('a fresh clone one commit behind embeds only the new memory; a damaged vector file is rejected and rebuilt', async () => {
    const { remote, writer, cache } = await setup();
    // Job 1: every memory is embedded (none has a committed vector), then saved with the index.
    let texts = server().texts();
    const first = await runCli(job(remote), [...q, '--index-cache', cache], { env: hybrid() });
    expect(first.code, first.stderr).toBe(0);
    expect(first.json.mode).toBe('hybrid');
    expect(first.json.vectors).toMatchObject({ embedded: 6, missing: 0 });
    expect(server().texts() - texts).toBe(7); // the query and 6 memories
    expect(first.json.indexCache.vectorFiles).toBe(0);
    const saved = readFileSync(vectorFile(cache));

    // The branch moves one commit; job 2 is a fresh shallow clone: only the new memory is embedded.
    const fresh = await store(writer, 'Staging restarts nightly moved to 03:00 UTC', '--tags', 'ops');
    git(writer, 'push', '-q', 'origin', 'memory');
    texts = server().texts();
    const j2 = job(remote);
    const second = await runCli(j2, [...q, '--index-cache', cache], { env: hybrid() });
    expect(second.code, second.stderr).toBe(0);
    expect(second.json.indexCache).toMatchObject({ restored: true, vectorFiles: 1, index: 'delta-from-table' });
    expect(second.json.vectors).toMatchObject({ embedded: 1, reused: 6, missing: 0 });
    expect(server().texts() - texts).toBe(2); // the query and the new memory
    expect(ids(second)).toContain(fresh);
    // The restored rows served that search only: the cache dir is not trusted (anyone can pair a public
    // memory id with made-up numbers), so `memory embed` in that clone commits none of them.
    git(j2, 'checkout', '-q', '--detach'); // the job's clone has the branch checked out: embed writes to it
    const embedded = await runCli(j2, ['embed', '--json'], { env: hybrid() });
    expect(embedded.code, embedded.stderr + embedded.stdout).toBe(0);
    expect(embedded.json).toMatchObject({ embedded: 7, fromCache: 0 });
    // The same ranking, scores included, as a job without any cache (which embeds all 7 again).
    const plain = await runCli(job(remote), q, { env: hybrid() });
    expect(plain.json.vectors).toMatchObject({ embedded: 7 });
    expect(ranked(second)).toEqual(ranked(plain));
    // The new vector went back to the cache with the index's delta.
    expect(readFileSync(vectorFile(cache)).equals(saved)).toBe(false);

    // One flipped byte in the cached vectors: the restored file fails its checksum, is dropped with a
    // warning, every memory is embedded again, the answer is unchanged, and the cache is whole again.
    const bad = readFileSync(vectorFile(cache));
    bad[bad.length - 10] ^= 0x5a;
    writeFileSync(vectorFile(cache), bad);
    texts = server().texts();
    const third = await runCli(job(remote), [...q, '--index-cache', cache], { env: hybrid() });
    expect(third.code, third.stderr).toBe(0);
    expect(third.json.indexCache.vectorFiles).toBe(1);
    expect(third.stderr).toMatch(/vector cache .* failed its checksum/);
    expect(third.json.vectors).toMatchObject({ embedded: 7, reused: 0 });
    expect(server().texts() - texts).toBe(8);
    expect(ranked(third)).toEqual(ranked(plain));
    expect(readFileSync(vectorFile(cache)).equals(bad)).toBe(false);
    texts = server().texts();
    const fourth = await runCli(job(remote), [...q, '--index-cache', cache], { env: hybrid() });
    expect(fourth.json.vectors).toMatchObject({ embedded: 0, reused: 7 });
    expect(server().texts() - texts).toBe(1);
  });

  it('a full-text search restores no vector file (it never reads one) and leaves the cached ones as they were', async () => {
    const { remote, cache } = await setup();
    const first = await runCli(job(remote), [...q, '--index-cache', cache], { env: hybrid() });
    expect(first.json.vectors).toMatchObject({ embedded: 6 });
    const saved = readFileSync(vectorFile(cache));
    // The same search with a hybrid one's bytes as the baseline: the index files and the vector file.
    const withVectors = await runCli(job(remote), [...q, '--index-cache', cache], { env: hybrid() });
    expect(withVectors.json.indexCache).toMatchObject({ restored: true, vectorFiles: 1 });
    for (const [args, env] of [[['--mode', 'fulltext'], hybrid()], [[], {}]] as const) {
      const d = job(remote);
      const r = await runCli(d, [...q, '--index-cache', cache, ...args], { env });
      expect(r.code, r.stderr).toBe(0);
      expect(r.json.mode).toBe('fulltext');
      expect(r.json.indexCache).toMatchObject({ restored: true, vectorFiles: 0, index: 'cached', bytesWritten: 0 });
      expect(r.json.indexCache.bytesRead).toBe(withVectors.json.indexCache.bytesRead - saved.length);
      expect(readdirSync(join(d, '.git', 'git-memory', 'memory'))).not.toContain('vectors');
      expect(ids(r).sort()).toEqual(ids(withVectors).sort());
    }
    expect(readFileSync(vectorFile(cache)).equals(saved)).toBe(true);
    // A full-text search that may go on by meaning (--relax with an embedder) still restores them.
    const relax = await runCli(job(remote), ['search', 'nothing like this anywhere', '--mode', 'fulltext', '--relax', '--json', '--index-cache', cache], { env: hybrid() });
    expect(relax.code, relax.stderr).toBe(0);
    expect(relax.json.indexCache.vectorFiles).toBe(1);
  });

  it('a vector cache of another model or a linked vector file is never used', async () => {
    const { remote, cache } = await setup();
    expect((await runCli(job(remote), [...q, '--index-cache', cache], { env: hybrid() })).json.vectors.embedded).toBe(6);
    // Another model name: its file is restored but never read for this model (another file name).
    let texts = server().texts();
    const other = await runCli(job(remote), [...q, '--index-cache', cache], { env: { ...hybrid(), MEMORY_EMBEDDER_MODEL: 'bow2' } });
    expect(other.code, other.stderr).toBe(0);
    expect(other.json.vectors).toMatchObject({ model: 'openai:bow2', embedded: 6, reused: 0 });
    expect(server().texts() - texts).toBe(7);
    // A symlink in place of the vector file is refused (O_NOFOLLOW), with a warning; the search embeds.
    const f = vectorFile(cache);
    const target = join(tempDir('gm-vlink-'), 'v.bin');
    writeFileSync(target, readFileSync(f));
    rmSync(f);
    symlinkSync(target, f);
    texts = server().texts();
    const linked = await runCli(job(remote), [...q, '--index-cache', cache], { env: hybrid() });
    expect(linked.code, linked.stderr).toBe(0);
    expect(linked.stderr).toMatch(/index cache: vectors not restored \(.*\.bin is not a regular file\)/);
    expect(linked.json.vectors).toMatchObject({ embedded: 6 });
    expect(server().texts() - texts).toBe(7);
  });
});

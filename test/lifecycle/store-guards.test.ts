import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/store.js';
import { MemoryError } from '../../src/errors.js';
import { coreSet } from '../../src/lifecycle/core-doc.js';
import { autoTags } from '../../src/guards/autotag.js';
import { importMemories } from '../../src/lifecycle/importer.js';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { cli, git, makeRepo, errorCode as code } from '../helpers.js';
import { runCli } from '../run-cli.js';

const j = (...p: string[]) => p.join('');
const GH = j('gh', 'p_', 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8');

const commits = (repo: string) => Number(git(repo, 'rev-list', '--count', 'memory'));

describe('store(): de-duplication and upserts', () => {
  it('returns the existing id for content identical after whitespace normalisation, writing nothing', async () => {
    const repo = makeRepo();
    const s = new MemoryStore({ repo, warn: () => {} });
    const a = await s.store({ content: 'The API rate limit is 100 requests/minute', tags: ['api'] });
    const n = commits(repo);
    const b = await s.store({ content: '  The API rate   limit is\n100 requests/minute \n', tags: ['other'] });
    expect(b).toMatchObject({ id: a.id, timestamp: a.timestamp, duplicate: true });
    expect(commits(repo)).toBe(n);
    // A different scope is a different memory; so is different text.
    const c = await s.store({ content: 'The API rate limit is 100 requests/minute', scope: 'agent-b' });
    expect(c.id).not.toBe(a.id);
    expect(c.duplicate).toBeUndefined();
    // dedupe can be turned off per write.
    const d = await s.store({ content: 'The API rate limit is 100 requests/minute', dedupe: false });
    expect(d.id).not.toBe(a.id);
    // A fresh store instance (new process) sees the same thing through the on-disk fingerprint cache.
    const s2 = new MemoryStore({ repo, warn: () => {} });
    expect((await s2.store({ content: 'The API rate limit is 100 requests/minute' })).duplicate).toBe(true);
  });

  it('upsertKey updates the memory with that key instead of adding one', async () => {
    const repo = makeRepo();
    let t = Date.parse('2026-03-01T00:00:00Z');
    const s = new MemoryStore({ repo, warn: () => {}, now: () => new Date((t += 1000)) });
    const a = await s.store({ content: 'Build cache is in bucket ci-cache-1', tags: ['ci'], upsertKey: 'build-cache' });
    const b = await s.store({ content: 'Build cache is in bucket ci-cache-2', upsertKey: 'build-cache' });
    expect(b).toMatchObject({ id: a.id, upserted: true });
    const m = (await s.get(a.id)).memory;
    expect(m.content).toBe('Build cache is in bucket ci-cache-2');
    expect(m.tags).toEqual(['ci']); // kept: no tags given, no auto-tags on an update
    expect(m.metadata.version).toBe(2);
    // Stamped by the update, on the store's clock: after the first write.
    expect(Date.parse(m.updated!)).toBeGreaterThan(Date.parse(m.timestamp));
    expect((await s.list()).total).toBe(1);
    // Same content again under the key: nothing to write.
    const n = commits(repo);
    expect((await s.store({ content: 'Build cache is in bucket ci-cache-2', upsertKey: 'build-cache' })).duplicate).toBe(true);
    expect(commits(repo)).toBe(n);
    expect(git(repo, 'log', '-1', '--format=%s', 'memory')).toContain(`update ${a.id}`);
  });
});

describe('store(): de-duplication index', () => {
  it('is rebuilt from the branch when the cache is gone (a fresh clone), for every front-matter form', async () => {
    const repo = makeRepo();
    const s = new MemoryStore({ repo, warn: () => {} });
    const plain = await s.store({ content: 'plain memory', tags: ['t'] });
    const scoped = await s.store({ content: 'scoped memory', scope: 'p2p:ou_123', tags: ['t'] });
    const keyed = await s.store({ content: 'keyed v1', upsertKey: 'build cache: "main"', scope: 'agent #2', tags: ['t'] });
    const numeric = await s.store({ content: 'numeric scope', scope: '123', tags: ['t'] });
    // A hand-written file without an id, and one with odd YAML.
    const hand = '---\ntags: [x]\n---\nhand written memory\n';
    const odd = "---\nid: mem_oddyaml1\nscope: 'quoted scope'\n---\nodd yaml memory";
    await s.mutate(() => ({ change: { changes: new Map([['memories/notes/hand.md', Buffer.from(hand)], ['memories/notes/odd.md', Buffer.from(odd)]]), message: 'hand\n' }, result: {} }));
    const cache = join(s.cacheDir, 'fingerprints-v2.txt');
    for (const fresh of [true, false]) {
      if (fresh) rmSync(cache, { force: true });
      const t = new MemoryStore({ repo, warn: () => {} });
      expect((await t.store({ content: 'plain   memory' })).id).toBe(plain.id);
      expect((await t.store({ content: 'scoped memory', scope: 'p2p:ou_123' })).id).toBe(scoped.id);
      expect((await t.store({ content: 'numeric scope', scope: '123' })).id).toBe(numeric.id);
      expect((await t.store({ content: 'hand written memory' })).duplicate).toBe(true);
      expect((await t.store({ content: 'odd yaml memory', scope: 'quoted scope' })).id).toBe('mem_oddyaml1');
      const up = await t.store({ content: fresh ? 'keyed v2' : 'keyed v3', upsertKey: 'build cache: "main"', scope: 'agent #2' });
      expect(up).toMatchObject({ id: keyed.id, upserted: true });
      expect(existsSync(cache)).toBe(true);
    }
  });
});

describe('store(): de-duplication index, bulk build', () => {
  it('reads many files through one git cat-file process and finds the same memories', async () => {
    const repo = makeRepo();
    const s = new MemoryStore({ repo, warn: () => {} });
    const records = Array.from({ length: 600 }, (_, i) => ({ content: `bulk memory number ${i}`, scope: i % 2 ? 'p2p:ou_1' : undefined, upsert_key: i === 7 ? 'seven' : undefined }));
    expect((await importMemories(s, { records })).imported).toBe(600);
    rmSync(join(s.cacheDir, 'fingerprints-v2.txt'), { force: true });
    const t = new MemoryStore({ repo, warn: () => {} });
    const hit = await t.store({ content: 'bulk memory  number 42' });
    expect(hit.duplicate).toBe(true);
    expect((await t.get(hit.id)).memory.content).toBe('bulk memory number 42');
    expect((await t.store({ content: 'bulk memory number 43', scope: 'p2p:ou_1' })).duplicate).toBe(true);
    expect((await t.store({ content: 'seven, again', scope: 'p2p:ou_1', upsertKey: 'seven' })).upserted).toBe(true);
    expect((await t.store({ content: 'bulk memory number 600' })).duplicate).toBeUndefined();
  });
});

describe('store(): auto-tags and ttl', () => {
  it('derives 1-5 deterministic tags when none are given; off by option or config', async () => {
    const text = 'Deploys to production need the VPN. The deploy pipeline runs in GitHub Actions with Docker.';
    const tags = autoTags(text);
    expect(tags.length).toBeGreaterThanOrEqual(1);
    expect(tags.length).toBeLessThanOrEqual(5);
    expect(tags).toEqual(autoTags(text));
    expect(tags).toEqual(['deploy', 'production', 'vpn', 'ci', 'github']);
    expect(autoTags('The user prefers TypeScript over JavaScript for new projects')).toEqual(['typescript', 'javascript']);

    const repo = makeRepo();
    const s = new MemoryStore({ repo, warn: () => {} });
    const a = await s.store({ content: text });
    expect(a.autoTags).toEqual(tags);
    expect((await s.get(a.id)).memory.tags).toEqual(tags);
    const b = await s.store({ content: 'Kubernetes manifests live in deploy/k8s', autoTag: false });
    expect((await s.get(b.id)).memory.tags).toEqual([]);
    const off = new MemoryStore({ repo, warn: () => {}, config: { autoTag: false } });
    const c = await off.store({ content: 'Redis is the cache for sessions' });
    expect((await off.get(c.id)).memory.tags).toEqual([]);
    const given = await s.store({ content: 'Postgres runs version 16', tags: ['db'] });
    expect((await s.get(given.id)).memory.tags).toEqual(['db']);
  });

  it('ttl sets front matter expires relative to the injected clock', async () => {
    const repo = makeRepo();
    const s = new MemoryStore({ repo, warn: () => {}, now: () => new Date('2026-05-01T12:00:00Z') });
    const a = await s.store({ content: 'Release freeze this week', ttl: '7d' });
    const file = git(repo, 'show', `memory:${git(repo, 'ls-tree', '-r', '--name-only', 'memory', 'memories').split('\n')[0]}`);
    expect(file).toMatch(/^expires: "?2026-05-08T12:00:00.000Z"?$/m);
    expect(a.id).toMatch(/^mem_/);
    expect(await code(s.store({ content: 'x y z', ttl: 'soon' }))).toBe('INVALID_INPUT');
  });
});

describe('secret guard on writes', () => {
  it('refuses a store with a secret (nothing written), redacts or allows on request', async () => {
    const repo = makeRepo();
    const s = new MemoryStore({ repo, warn: () => {} });
    await s.store({ content: 'first memory' });
    const tip = git(repo, 'rev-parse', 'memory');
    const objects = () => git(repo, 'cat-file', '--batch-all-objects', '--batch-check');
    const objectsBefore = objects();
    expect(await code(s.store({ content: `token is ${GH}` }))).toBe('SECRET_DETECTED');
    expect(await code(s.store({ content: 'harmless', metadata: { note: GH } }))).toBe('SECRET_DETECTED');
    expect(await code(s.store({ content: 'harmless', tags: [GH] }))).toBe('SECRET_DETECTED');
    expect(git(repo, 'rev-parse', 'memory')).toBe(tip);
    // No object was written at all (refused before anything reaches the object store), so none holds the secret.
    expect(objects()).toBe(objectsBefore);
    const objs = git(repo, 'cat-file', '--batch-all-objects', '--batch-check').split('\n').filter((l) => l.includes(' blob '));
    for (const line of objs) expect(git(repo, 'cat-file', '-p', line.split(' ')[0])).not.toContain(GH);

    const r = await s.store({ content: `token is ${GH}`, redact: true });
    expect(r.redacted).toBe(1);
    expect((await s.get(r.id)).memory.content).toBe('token is [REDACTED:github-token]');
    const ok = await s.store({ content: `example token ${GH} from the docs`, allowSecret: true });
    expect((await s.get(ok.id)).memory.content).toContain(GH);
  });

  it('guards update() and core documents too', async () => {
    const repo = makeRepo();
    const s = new MemoryStore({ repo, warn: () => {} });
    const a = await s.store({ content: 'the deploy user is ci-bot' });
    expect(await code(s.update(a.id, { content: `the deploy token is ${GH}` }))).toBe('SECRET_DETECTED');
    expect((await s.update(a.id, { content: `the deploy token is ${GH}`, redact: true })).changed).toEqual(['content']);
    expect((await s.get(a.id)).memory.content).toBe('the deploy token is [REDACTED:github-token]');
    expect(await code(coreSet(s, { content: `# Me\nmy key: ${GH}` }))).toBe('SECRET_DETECTED');
  });

  it('CLI: exit 7 with kind and line, never the secret; --redact and --allow-secret', async () => {
    const repo = makeRepo();
    const r = await runCli(repo, ['store', `a\nb ${GH}`, '--json']);
    expect(r.code).toBe(7);
    expect(r.json.error.code).toBe('SECRET_DETECTED');
    expect(r.json.error.data.findings[0]).toMatchObject({ kind: 'github-token', line: 2, column: 3 });
    expect(r.stdout + r.stderr).not.toContain(GH);
    const h = await runCli(repo, ['store', `b ${GH}`]);
    expect(h.code).toBe(7);
    expect(h.stderr).toContain('github-token');
    expect(h.stderr).not.toContain(GH);
    const red = await runCli(repo, ['store', `c ${GH}`, '--redact', '--json']);
    expect(red.json).toMatchObject({ success: true, redacted: 1 });
    const all = await runCli(repo, ['store', `d ${GH}`, '--allow-secret', '--json', '--tags', 'x']);
    expect(all.code).toBe(0);
    const dup = await runCli(repo, ['store', `d  ${GH}`, '--allow-secret', '--json']);
    expect(dup.json).toMatchObject({ success: true, id: all.json.id, duplicate: true });
    const up1 = await runCli(repo, ['store', 'deploy window is Tuesday', '--upsert-key', 'window', '--json', '--no-auto-tag']);
    const up2 = await runCli(repo, ['store', 'deploy window is Thursday', '--upsert-key', 'window', '--json', '--ttl', '30d']);
    expect(up2.json).toMatchObject({ id: up1.json.id, upserted: true });
    expect((await runCli(repo, ['get', up1.json.id, '--json'])).json.memory).toMatchObject({ content: 'deploy window is Thursday', tags: [] });
  });
});

describe('secret guard: documented examples and placeholders', () => {
  // Assembled from pieces so that no scanner flags this file itself.
  const AWS_ID = ['AKIA', 'IOSFODNN7', 'EXAMPLE'].join('');
  const AWS_SECRET = ['wJalrXUtnFEMI/', 'K7MDENG/bPxRfiCY', 'EXAMPLEKEY'].join('');
  const GH_X = ['gh', 'p_', 'x'.repeat(36)].join('');
  const text = `aws_access_key_id = ${AWS_ID}\naws_secret_access_key = ${AWS_SECRET}\nGITHUB_TOKEN=${GH_X}`;

  it('stores them through the library (content, tags, metadata), update, the CLI and import', async () => {
    const repo = makeRepo();
    const s = new MemoryStore({ repo, warn: () => {} });
    const a = await s.store({ content: text, tags: [AWS_ID.toLowerCase()], metadata: { example: AWS_SECRET, token: GH_X } });
    expect((await s.get(a.id)).memory.content).toBe(text);
    expect((await s.update(a.id, { content: `${text}\nagain` })).changed).toEqual(['content']);
    const cli = await runCli(repo, ['store', `cli: ${text}`, '--json']);
    expect(cli.code).toBe(0);
    const imported = await importMemories(s, { records: [{ content: `import: ${text}`, metadata: { aws_secret_access_key: AWS_SECRET } }] });
    expect(imported.imported).toBe(1);
  });

  it('still refuses a key one character away from them', async () => {
    const repo = makeRepo();
    const s = new MemoryStore({ repo, warn: () => {} });
    expect(await code(s.store({ content: `id ${AWS_ID.slice(0, -1)}X` }))).toBe('SECRET_DETECTED');
    expect(await code(s.store({ content: `token ${GH_X.slice(0, -1)}Q` }))).toBe('SECRET_DETECTED');
  });
});

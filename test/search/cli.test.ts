import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { CLI, cli, cliAsync, git, gitEnv, makeRepo, tempDir } from '../helpers.js';
import { SEGMENT_FORMAT } from '../../src/search/segment.js';
import { runCli } from '../run-cli.js';

async function store(repo: string, content: string, ...args: string[]) {
  const r = await runCli(repo, ['store', content, '--json', ...args]);
  expect(r.code).toBe(0);
  return r.json.id as string;
}

describe('memory search (CLI)', async () => {
  const repo = makeRepo();
  const rate = await store(repo, 'The API rate limit is 100 requests per minute', '--tags', 'api,limits', '--category', 'infrastructure', '--priority', 'high');
  const mig = await store(repo, 'Database migrations are in /db/migrations, run with npm run migrate', '--tags', 'database,migrations', '--category', 'project-alpha');
  const zh = await store(repo, '用户喜欢简洁的回答，并且希望附带代码示例', '--tags', 'preferences');

  it('prints the seed JSON shape, best first', async () => {
    const r = await runCli(repo, ['search', 'rate', 'limit', '--json']);
    expect(r.code).toBe(0);
    expect(r.json.success).toBe(true);
    expect(r.json.total).toBe(1);
    const [m] = r.json.results;
    expect(m).toMatchObject({ id: rate, content: 'The API rate limit is 100 requests per minute', tags: ['api', 'limits'], category: 'infrastructure', priority: 'high' });
    expect(typeof m.relevance).toBe('number');
    expect(typeof m.timestamp).toBe('string');
    expect(r.stderr).toBe('');
  });

  it('takes repeatable filters and lists newest first without a query', async () => {
    expect((await runCli(repo, ['search', '--tag', 'database', '--tag', 'migrations', '--json'])).json.results.map((m: { id: string }) => m.id)).toEqual([mig]);
    expect((await runCli(repo, ['search', '--tag', 'database', '--tag', 'api', '--json'])).json.total).toBe(0);
    const all = (await runCli(repo, ['search', '--json'])).json;
    expect(all.results.map((m: { id: string }) => m.id)).toEqual([zh, mig, rate]);
    expect((await runCli(repo, ['search', 'npm', '--category', 'project-alpha', '--limit', '1', '--json'])).json.results[0].id).toBe(mig);
    expect((await runCli(repo, ['search', '--days', '1', '--after', '2020-01-01', '--before', '2999-01-01T00:00:00Z', '--json'])).json.total).toBe(3);
  });

  it('searches Chinese', async () => {
    expect((await runCli(repo, ['search', '代码示例', '--json'])).json.results.map((m: { id: string }) => m.id)).toEqual([zh]);
  });

  it('accepts any query text', async () => {
    for (const q of ['foo:bar', 'c++', 'a~', '^2', '*', '"', 'http://x.com', ':']) {
      const r = await runCli(repo, ['search', q, '--json']);
      expect(r.code, q).toBe(0);
      expect(r.json.success).toBe(true);
    }
    expect((await runCli(repo, ['search', '--', '-x', '--json'])).code).toBe(0);
  });

  it('says when the query has no searchable words instead of passing everything off as a match', async () => {
    for (const q of ['((((', '*', 'the of']) {
      const j = await runCli(repo, ['search', q, '--json']);
      expect(j.code, q).toBe(0);
      expect(j.json.ignoredQuery, q).toMatch(/no searchable words/);
      const h = await runCli(repo, ['search', q]);
      expect(h.stderr, q).toMatch(/no searchable words/);
    }
    const words = await runCli(repo, ['search', 'rate limit', '--json']);
    expect(words.json.ignoredQuery).toBeUndefined();
    // A query given in vector or hybrid mode is not sent to the model either: the response says why.
    const hybrid = await runCli(repo, ['search', '((((', '--mode', 'hybrid', '--json'], { env: { MEMORY_EMBEDDER: 'none' } });
    expect(hybrid.json.fallback.reason).toMatch(/no searchable words/);
  });

  it('rejects bad filter values with exit 2 and INVALID_INPUT', async () => {
    for (const args of [['--after', 'last week'], ['--days', '-3'], ['--limit', '0'], ['--before', '2026-02-30T99:00']]) {
      const r = await runCli(repo, ['search', 'x', '--json', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.json.error.code).toBe('INVALID_INPUT');
    }
  });

  it('renders a table for people and shows help with examples', async () => {
    const r = await runCli(repo, ['search', 'rate']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(rate);
    // The count and mode line are a note on stderr: stdout is the results only.
    expect(r.stderr).toContain('1 of 1');
    expect(r.stdout).not.toContain('1 of 1');
    const h = await runCli(repo, ['search', '--help']);
    expect(h.stdout).toContain('--tag');
    expect(h.stdout).toContain('Examples');
  });

  it('rebuild-index reports indexed and skipped files', async () => {
    const r = await runCli(repo, ['rebuild-index', '--json']);
    expect(r.code).toBe(0);
    expect(r.json).toMatchObject({ success: true, indexed: 3, skipped: 0 });
    expect(r.stderr).toBe('');
    expect((await runCli(repo, ['rebuild-index'])).stdout).toMatch(/indexed 3 memories/);
  });
});

describe('index cache across processes', () => {

  it('rebuilds a corrupt cache file', async () => {
    const repo = makeRepo();
    const id = await store(repo, 'corrupt cache test cherry');
    expect((await runCli(repo, ['search', 'cherry', '--json'])).json.total).toBe(1);
    const file = join(repo, '.git', 'git-memory', 'memory', `search-v${SEGMENT_FORMAT}.base`);
    const size = readFileSync(file).length;
    writeFileSync(file, readFileSync(file).subarray(0, 100));
    const r = await runCli(repo, ['search', 'cherry', '--json']);
    expect(r.json.results[0].id).toBe(id);
    expect(readFileSync(file).length).toBe(size);
  });

  it('sees memories brought by a fetch', async () => {
    const remote = makeRepo({ bare: true });
    const a = makeRepo();
    await store(a, 'first memory about oranges');
    git(a, 'push', '-q', remote, 'memory');
    const b = tempDir('gm-clone-');
    git(b, 'clone', '-q', remote, '.');
    git(b, 'fetch', '-q', 'origin', '+memory:memory');
    expect((await runCli(b, ['search', 'oranges', '--json'])).json.total).toBe(1);
    const second = await store(a, 'second memory about oranges and lemons');
    git(a, 'push', '-q', remote, 'memory');
    git(b, 'fetch', '-q', 'origin', '+memory:memory');
    const r = await runCli(b, ['search', 'lemons', '--json']);
    expect(r.json.results.map((m: { id: string }) => m.id)).toEqual([second]);
    expect((await runCli(b, ['search', 'oranges', '--json'])).json.total).toBe(2);
  });
});

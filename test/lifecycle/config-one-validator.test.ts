import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { makeRepo } from '../helpers.js';
import { validateLayer } from '../../src/model/config-validate.js';
import type { ConfigIssue } from '../../src/model/config-defaults.js';

// One validator for every settings layer (src/model/config-validate.ts). Before, a structural check and
// a zod schema were swapped by a module global: `config()` answered with one or the other depending
// on whether anything in the process had awaited `loadConfig()` first.

const HOSTILE = {
  maxMemories: 'lots',
  defaultCategory: '  ops  ',
  retention: 5,
  hybrid: { vectorWeight: 2, embedder: 'gpt', model: '  ' },
  autoTagg: 1,
  sync: { retries: 1.5 },
  coreMaxChars: -4,
};

type Answer = { config: unknown; issues: Array<[string, string, string]> };
const answer = (r: { config: unknown; issues: ConfigIssue[] }): Answer => ({ config: r.config, issues: r.issues.map((i) => [i.kind, i.key, i.message]) });

/** A fresh module graph (nothing loaded before), then `steps` in order; each step's answer. */
async function freshRun(repo: string, steps: Array<'sync' | 'async'>): Promise<Answer[]> {
  vi.resetModules();
  const { MemoryStore } = await import('../../src/store/store.js');
  const out: Answer[] = [];
  for (const step of steps) {
    const s = new MemoryStore({ repo, warn: () => {} });
    if (step === 'async') await s.loadConfig();
    out.push(answer(s.resolvedConfig()));
    s.close();
  }
  return out;
}

describe('settings are checked by one validator', () => {
  it('give the same values and messages whatever ran first in the process', async () => {
    const repo = makeRepo();
    writeFileSync(join(repo, '.git-memory.json'), JSON.stringify(HOSTILE));
    const [syncFirst, asyncAfter, syncAfter] = await freshRun(repo, ['sync', 'async', 'sync']);
    const [asyncFirst, syncLast] = await freshRun(repo, ['async', 'sync']);
    for (const other of [asyncAfter, syncAfter, asyncFirst, syncLast]) expect(other).toEqual(syncFirst);
    // And the answer itself: every bad value named, the lower layer's value kept, strings trimmed.
    const cfg = syncFirst.config as Record<string, any>;
    expect(cfg.maxMemories).toBe(10000);
    expect(cfg.defaultCategory).toBe('ops');
    expect(cfg.hybrid.vectorWeight).toBe(0.7);
    expect(cfg.hybrid.model).toBe('');
    expect(cfg.sync.retries).toBe(20);
    expect(cfg.coreMaxChars).toBe(8000);
    expect(syncFirst.issues.map(([kind, key]) => `${kind} ${key}`).sort()).toEqual(
      ['invalid-value coreMaxChars', 'invalid-value hybrid.embedder', 'invalid-value hybrid.vectorWeight', 'invalid-value maxMemories', 'invalid-value retention', 'invalid-value sync.retries', 'unknown-key autoTagg'].sort(),
    );
  });

  it('say what is wrong with each value, bounded', () => {
    const issues: ConfigIssue[] = [];
    const values = validateLayer({ name: 'repo', source: 'f', values: { ...HOSTILE, defaultPriority: 'x'.repeat(500), dedupe: 'yes', maxContentBytes: undefined } }, issues);
    expect(values).toEqual({ defaultCategory: 'ops', hybrid: { model: '' }, sync: {} });
    const problems = Object.fromEntries(issues.filter((i) => i.problem).map((i) => [i.key, i.problem]));
    expect(problems).toMatchObject({
      maxMemories: 'must be a whole number, got "lots"',
      retention: 'must be an object of settings, got 5',
      'hybrid.vectorWeight': 'must be at most 1, got 2',
      'hybrid.embedder': 'must be one of "use", "openai", "onnx", "none", got "gpt"',
      'sync.retries': 'must be a whole number, got 1.5',
      coreMaxChars: expect.stringMatching(/^must be at least \d+, got -4$/),
      dedupe: 'must be a boolean, got "yes"',
    });
    // A hostile value is never echoed whole.
    expect(problems.defaultPriority.length).toBeLessThan(200);
  });
});

// Every setting the code reads is listed, settable and validated (a key the code reads
// but `memory config set` refuses as "unknown setting" is a documented setting no one can set). One schema (src/model/config-defaults.ts) gives the keys, their rules, `memory config` and the
// table in docs/lifecycle.md.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { configKeys } from '../../src/model/config.js';
import { CONFIG_DESCRIPTIONS, configTable } from '../../src/model/config-defaults.js';
import { makeRepo } from '../helpers.js';
import { runCli } from '../run-cli.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const keys = () => configKeys().map((k) => k.key);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('settings', () => {
  it('every key the code reads from the configuration is a known setting', async () => {
    const read = new Set<string>();
    for (const file of sources(join(root, 'src'))) {
      const text = readFileSync(file, 'utf8');
      // store.config().a.b / config().a?.b / config().hybrid as ...)?.embedder
      for (const m of text.matchAll(/config\(\)\??\.(\w+)(?:\??\.(\w+))?/g)) read.add(m[2] && !['then'].includes(m[2]) ? `${m[1]}.${m[2]}` : m[1]);
      for (const m of text.matchAll(/config\(\)\.hybrid as [^)]*\)\??\.(\w+)/g)) read.add(`hybrid.${m[1]}`);
      // The embedder settings, read from the hybrid group (src/embed/index.ts).
      for (const m of text.matchAll(/\bhybrid\.(embedder|model|baseUrl|apiKeyEnv|batchSize|timeoutMs|retries|\w+)\b/g)) if (file.endsWith(join('embed', 'index.ts'))) read.add(`hybrid.${m[1]}`);
    }
    const known = keys();
    const groups = new Set(known.map((k) => k.split('.')[0]));
    const unknown = [...read].filter((k) => !known.includes(k) && !(groups.has(k) && !k.includes('.')));
    expect(unknown).toEqual([]);
    for (const k of ['hybrid.embedder', 'hybrid.model', 'hybrid.baseUrl', 'hybrid.apiKeyEnv', 'hybrid.minSimilarity']) expect(known).toContain(k);
  });

  it('every setting is described, and docs/lifecycle.md carries the generated table', async () => {
    expect(Object.keys(CONFIG_DESCRIPTIONS).sort()).toEqual(keys().sort());
    const file = join(root, 'docs', 'lifecycle.md');
    const text = readFileSync(file, 'utf8');
    const re = /(<!-- config table[^\n]*-->\n)[\s\S]*?(<!-- \/config table -->)/;
    const fresh = text.replace(re, (_, a, b) => `${a}${configTable()}\n${b}`);
    if (process.env.UPDATE_DOCS) writeFileSync(file, fresh);
    expect(re.test(text)).toBe(true);
    expect(text).toBe(fresh);
  });

  it('memory config set/get/show take the embedder settings and validate them', async () => {
    const repo = makeRepo();
    const set = await runCli(repo, ['config', 'set', 'hybrid.embedder', 'openai', '--json']);
    expect(set.code, set.stderr).toBe(0);
    expect((await runCli(repo, ['config', 'get', 'hybrid.embedder', '--json'])).json).toMatchObject({ value: 'openai', origin: 'branch' });
    expect((await runCli(repo, ['config', 'set', 'hybrid.model', 'text-embedding-3-small', '--json'])).code).toBe(0);
    expect((await runCli(repo, ['config', 'set', 'hybrid.baseUrl', 'http://127.0.0.1:9/v1', '--json'])).code).toBe(0);
    const show = await runCli(repo, ['config', 'show']);
    expect(show.stdout).toMatch(/hybrid\.embedder\s+"openai"/);
    expect(show.stdout).toMatch(/hybrid\.apiKeyEnv\s+"OPENAI_API_KEY"/);
    expect(show.stderr).not.toMatch(/unknown setting/);
    for (const [key, value] of [['hybrid.embedder', 'bert'], ['hybrid.batchSize', '0'], ['hybrid.timeoutMs', 'soon'], ['hybrid.retries', '99'], ['hybrid.apiKeyEnv', '']]) {
      const bad = await runCli(repo, ['config', 'set', key, value, '--json']);
      expect(bad.code, `${key}=${value}`).not.toBe(0);
      expect(bad.json.error.code).toBe('INVALID_INPUT');
    }
    // The branch's setting is used: a search asks the configured (unreachable) endpoint and says so.
    await runCli(repo, ['store', 'The deploy needs the VPN']);
    const s = await runCli(repo, ['search', 'VPN', '--mode', 'hybrid', '--json'], { env: { MEMORY_EMBEDDER: '', OPENAI_API_KEY: 'x' } });
    expect(s.json.fallback?.reason ?? '').toMatch(/127\.0\.0\.1:9/);
  });
});

// The Action keeps the promises its docs make: the inputs/outputs tables in README.md and
// docs/action.md are action.yml's, `json` is what `--json` prints (mode, fallback), a mode that falls
// back is a warning, the `token` input authenticates fetch and push without being persisted, and the
// bundle behaves the same whether or not a node_modules sits next to it.
import { cpSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { git, tempDir } from '../helpers.js';
import { serveReadOnly } from './git-http.js';
import { actionEntry, checkout, declaredInputs, declaredOutputs, makeRemote, runAction } from './run-action.js';
// @ts-expect-error a plain .mjs script without declarations
import { DOCS, stale } from '../../scripts/action-docs.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('the Action docs are action.yml', () => {
  it('README.md and docs/action.md carry action.yml\'s inputs and outputs, current', () => {
    expect(stale()).toEqual([]);
    for (const file of DOCS as string[]) {
      const text = readFileSync(join(root, file), 'utf8');
      const block = (kind: string) => new RegExp(`<!-- action\\.yml ${kind} -->\\n([\\s\\S]*?)<!-- /action\\.yml -->`).exec(text)![1];
      const rows = (kind: string) => [...block(kind).matchAll(/^\| `([\w-]+)` \| (?:(`[^|]*`|) \|)?/gm)].map((m) => [m[1], m[2]]);
      expect(rows('inputs').map(([n]) => n)).toEqual(Object.keys(declaredInputs));
      for (const [name, def] of rows('inputs')) expect(def.replace(/`/g, '')).toBe(declaredInputs[name].default ?? '');
      expect(rows('outputs').map(([n]) => n)).toEqual(Object.keys(declaredOutputs));
    }
    // The statements the issue found contradicting action.yml are gone.
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme).not.toMatch(/no retries/);
    expect(readme).not.toMatch(/mode: `fulltext`/);
    expect(declaredInputs.mode.default).toBe('auto');
  });
});

describe('the Action search contract', () => {
  it('json is the whole --json response (mode, fallback), and a mode that fell back is a ::warning::', async () => {
    const ws = checkout(makeRemote());
    expect((await runAction(ws, { content: 'The deploy needs the VPN', sync: 'false' })).code).toBe(0);
    const auto = await runAction(ws, { command: 'search', query: 'VPN', sync: 'false' });
    expect(auto.code, auto.stdout).toBe(0);
    expect(auto.json).toMatchObject({ success: true, total: 1, mode: 'fulltext' });
    expect(auto.warnings).toEqual([]);
    // mode auto on a runner's default configuration (the offline embedder, which the bundle does not
    // carry): full text, chosen and said so in `auto`, not a fallback with EMBEDDER_ERROR.
    for (const env of [{ MEMORY_EMBEDDER: '' }, {}]) {
      const chosen = await runAction(ws, { command: 'search', query: 'VPN', sync: 'false' }, { env });
      expect(chosen.code, chosen.stdout).toBe(0);
      expect(chosen.json).toMatchObject({ success: true, total: 1, mode: 'fulltext', auto: { mode: 'fulltext' } });
      expect(chosen.json.fallback).toBeUndefined();
      expect(chosen.stdout + chosen.stderr + chosen.outputs.json).not.toContain('EMBEDDER_ERROR');
      expect(chosen.warnings).toEqual([]);
      expect(chosen.stdout).toMatch(/\(fulltext: auto, /);
    }
    // Filters stay filters: a tag the memory lacks finds nothing, as on the CLI, MCP and library.
    const tagged = await runAction(ws, { command: 'search', query: 'VPN', tags: 'nosuchtag', sync: 'false' });
    expect(tagged.code, tagged.stdout).toBe(0);
    expect(tagged.json).toMatchObject({ success: true, total: 0, results: [] });
    expect(tagged.json.relaxed).toBeUndefined();
    const hybrid = await runAction(ws, { command: 'search', query: 'VPN', mode: 'hybrid', sync: 'false' }, { env: { MEMORY_EMBEDDER: '' } });
    expect(hybrid.code, hybrid.stdout).toBe(0);
    expect(hybrid.json).toMatchObject({ success: true, total: 1, mode: 'fulltext', fallback: { from: 'hybrid' } });
    expect(hybrid.warnings.join('\n')).toMatch(/mode hybrid fell back to fulltext/);
  });
});

describe('the token input', () => {
  it('authenticates the push for this step only: nothing persisted, nothing printed', async () => {
    const remote = makeRemote();
    const token = 'ghs_' + 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8';
    const http = await serveReadOnly(remote, `token:${token}`);
    try {
      const env = { GITHUB_SERVER_URL: new URL(http.url).origin };
      // Without the token: what a checkout with persist-credentials: false gets.
      const ws = checkout(http.url);
      const without = await runAction(ws, { content: 'needs a token to be shared' }, { env });
      expect(without.json.error.code).toBe('PERMISSION_DENIED');
      const r = await runAction(checkout(http.url), { content: 'shared with the token input', token }, { env });
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(git(remote, 'ls-tree', '-r', '--name-only', 'memory')).toContain(`${r.outputs.id}.md`);
      // Masked for the runner (::add-mask:: is how a runner learns a secret), printed nowhere else.
      expect(r.stdout).toContain(`::add-mask::${token}`);
      expect(r.stdout.replace(`::add-mask::${token}`, '') + r.stderr).not.toContain(token);
      // The checkout's git config never saw it.
      expect(readFileSync(join(ws, '.git', 'config'), 'utf8')).not.toMatch(/extraheader|x-access-token/i);
      // A wrong token is refused.
      const wrong = await runAction(checkout(http.url), { content: 'wrong token', token: 'ghs_wrong' }, { env });
      expect(wrong.json.error.code).toBe('PERMISSION_DENIED');
    } finally {
      await http.close();
    }
  });
});

describe('the bundle behaves the same wherever it runs', () => {
  it('does not load a local model from a node_modules next to it (no vectors/ committed)', async () => {
    // The action's repository checked out with its dependencies installed: dist/action beside node_modules.
    const repoDir = tempDir('gm-action-checkout-');
    mkdirSync(join(repoDir, 'dist'));
    cpSync(dirname(actionEntry()), join(repoDir, 'dist', 'action'), { recursive: true });
    symlinkSync(join(root, 'node_modules'), join(repoDir, 'node_modules'), 'dir');
    const entry = join(repoDir, 'dist', 'action', 'index.js');
    for (const where of [entry, actionEntry()]) {
      const remote = makeRemote();
      // The default embedder (the offline model), as on a runner: no MEMORY_EMBEDDER.
      const r = await runAction(checkout(remote), { content: 'The deploy needs the VPN' }, { env: { MEMORY_EMBEDDER: '' }, entry: where });
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(git(remote, 'ls-tree', '-r', '--name-only', 'memory').split('\n').filter((f) => f.startsWith('vectors/'))).toEqual([]);
    }
  }, 120_000);
});

// The Action's verify command, run as a runner runs it (the bundle as a process, INPUT_* env, the
// output and summary files) in the clones actions/checkout makes of a real bare remote: depth 1 (the
// pull request's base commit absent, fetched by the step) and fetch-depth: 0.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, git, makeRepo, tempDir } from '../helpers.js';
import { checkout, makeRemote, runAction } from './run-action.js';

const HOSTILE = '<img src=x onerror=alert(1)>.ts';
const lines = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag} line ${i + 1}`).join('\n') + '\n';

/** A bare remote: main at BASE (cited code), memories citing it, main at HEAD changing some cited lines. */
function project(): { bare: string; base: string; head: string; ids: Record<string, string> } {
  const work = makeRepo({ commit: true });
  mkdirSync(join(work, 'src'));
  writeFileSync(join(work, 'src', 'retry.ts'), lines(20, 'retry'));
  writeFileSync(join(work, 'src', 'stable.ts'), lines(10, 'stable'));
  writeFileSync(join(work, 'src', HOSTILE), lines(6, 'x'));
  git(work, 'add', '-A');
  git(work, 'commit', '-q', '-m', 'code');
  const base = git(work, 'rev-parse', 'HEAD');
  const store = (text: string, cite: string) => {
    const r = cli(work, ['store', text, '--cite', cite, '--json']);
    expect(r.code, r.stderr).toBe(0);
    return r.json.id as string;
  };
  const ids = {
    retry: store('The retry helper backs off 3 times <script>alert(1)</script>', 'src/retry.ts:3-5'),
    stable: store('Stable code', 'src/stable.ts:2-4'),
    hostile: store('A file with a hostile name', `src/${HOSTILE}:2-3`),
  };
  writeFileSync(join(work, 'src', 'retry.ts'), lines(20, 'retry').replace('retry line 4', 'retry line 4 now 5 times'));
  writeFileSync(join(work, 'src', HOSTILE), lines(6, 'x').replace('x line 2', '<img src=x onerror=alert(2)> [link](javascript:alert(3)) | pipe'));
  git(work, 'commit', '-q', '-am', 'change the retry');
  const head = git(work, 'rev-parse', 'HEAD');
  const bare = makeRepo({ bare: true });
  git(work, 'push', '-q', bare, 'main', 'memory');
  return { bare, base, head, ids };
}

function fullClone(bare: string): string {
  const dir = join(tempDir('gm-ws-'), 'repo');
  git(tempDir(), 'clone', '-q', '--branch', 'main', `file://${bare}`, dir);
  return dir;
}

describe('the Action verify command', () => {
  let p: ReturnType<typeof project>;
  beforeAll(() => {
    p = project();
  });

  for (const [name, clone] of [['a depth-1 checkout (the base is fetched)', checkout], ['a fetch-depth: 0 checkout', fullClone]] as const) {
    it(`reports the memories whose cited lines the pull request changes, in ${name}`, async () => {
      const ws = clone(p.bare);
      if (clone === checkout) expect(git(ws, 'rev-parse', '--is-shallow-repository')).toBe('true');
      const r = await runAction(ws, { command: 'verify', since: p.base });
      expect(r.code, r.stdout).toBe(0);
      expect(r.warnings).toEqual([]);
      expect(r.json).toMatchObject({ success: true, commit: p.head, since: { ref: p.base, commit: p.base } });
      const byId = Object.fromEntries(r.json.memories.map((m: any) => [m.id, m.citations]));
      expect(Object.keys(byId).sort()).toEqual([p.ids.retry, p.ids.hostile].sort());
      expect(byId[p.ids.retry]).toMatchObject([{ path: 'src/retry.ts', lines: [3, 5], state: 'changed' }]);
      expect(byId[p.ids.retry][0].hunk).toMatch(/now 5 times/);
      expect(r.outputs.count).toBe('2');
      // The summary: a table row per reported citation, the hunk collapsible, hostile text inert.
      expect(r.summary).toMatch(/\| Memory \| Citation \| State/);
      expect(r.summary).toContain(`\`${p.ids.retry}\` | src/retry.ts:3-5 | **changed**`);
      expect(r.summary).toMatch(/<details><summary>diff<\/summary><pre>[^\n]*now 5 times[^\n]*<\/pre><\/details>/);
      expect(r.summary).toContain('&#91;link&#93;&#40;javascript:alert&#40;3&#41;');
      expect(r.summary).not.toMatch(/<img|<script|\]\(javascript/);
      expect(r.summary).toContain('&lt;img src=x onerror=alert&#40;2&#41;&gt;');
      expect(r.summary).not.toContain(p.ids.stable);
      // Each row stays one table row: no raw newline or pipe from a hunk.
      for (const row of r.summary.split('\n').filter((l) => l.startsWith('| `mem'))) expect(row.split(/(?<!\\)\|/).length).toBe(7);
    });
  }

  it('store records citations from the cite input (checked against the checkout), and refuses an untracked path', async () => {
    const ws = checkout(p.bare);
    const r = await runAction(ws, { command: 'store', content: 'stable lines two to four are the contract', cite: 'src/stable.ts:2-4\nsrc/retry.ts', sync: 'false' });
    expect(r.code, r.stdout).toBe(0);
    expect(r.json).toMatchObject({ success: true, citations: 2 });
    const got = cli(ws, ['get', r.json.id, '--json']);
    expect(got.json.memory.citations).toMatchObject([
      { path: 'src/stable.ts', lines: [2, 4], state: 'valid' },
      { path: 'src/retry.ts', state: 'valid' },
    ]);
    const bad = await runAction(ws, { command: 'store', content: 'about a file that is not there', cite: 'src/nope.ts:1-2', sync: 'false' });
    expect(bad.code).toBe(1);
    expect(bad.json).toMatchObject({ success: false, error: { code: 'CITATION_INVALID' } });
    expect(cli(ws, ['list', '--json']).json.memories.some((m: { content: string }) => m.content.startsWith('about a file'))).toBe(false);
  });

  it('strict fails the step after writing the outputs and the summary', async () => {
    const ws = checkout(p.bare);
    const r = await runAction(ws, { command: 'verify', since: p.base, strict: 'true' });
    expect(r.code).toBe(1);
    expect(r.json).toMatchObject({ success: true, counts: { changed: 2 } });
    expect(r.summary).toContain('**changed**');
    expect(r.errors.join('\n')).toMatch(/changed, gone or invalid/);
    const ok = await runAction(ws, { command: 'verify', ref: p.base, strict: 'true' });
    expect(ok.code, ok.stdout).toBe(0);
    expect(ok.json.counts).toMatchObject({ valid: 3, changed: 0 });
  });

  it('without a way to the base (sync false in a depth-1 checkout), checks every citation and says why', async () => {
    const ws = checkout(p.bare);
    git(ws, 'fetch', '-q', 'origin', 'memory:memory');
    const r = await runAction(ws, { command: 'verify', since: p.base, sync: 'false' });
    expect(r.code, r.stdout).toBe(0);
    expect(r.json.since).toBeUndefined();
    expect(r.json.sinceUnavailable).toMatchObject({ ref: p.base });
    expect(r.json.counts).toMatchObject({ citations: 3, valid: 1, changed: 2 });
    expect(r.warnings.join('\n')).toMatch(/since: .*checking every citation/);
    expect(r.summary).toMatch(/Every citation checked/);
    // The step fetched nothing and left the checkout's refs as they were.
    expect(() => git(ws, 'cat-file', '-e', p.base)).toThrow();
  });

  it('a repository without a memory branch yet: nothing to verify, success', async () => {
    const r = await runAction(checkout(makeRemote()), { command: 'verify', strict: 'true' });
    expect(r.code, r.stdout).toBe(0);
    expect(r.json).toMatchObject({ success: true, memories: [], counts: { citations: 0 } });
    expect(r.summary).toMatch(/Every citation is valid/);
  });

  it('rejects a ref input that git would take as an option', async () => {
    const ws = checkout(p.bare);
    const r = await runAction(ws, { command: 'verify', since: '--upload-pack=touch pwned' });
    expect(r.code).toBe(1);
    expect(r.errors.join('\n')).toMatch(/`since`/);
    expect(r.json).toMatchObject({ success: false, error: { code: 'INVALID_INPUT' } });
  });
});

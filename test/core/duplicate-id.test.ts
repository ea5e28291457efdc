import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { git, gitEnv, makeRepo } from '../helpers.js';
import { runCli } from '../run-cli.js';

// Two files on the branch claiming one id (a hand copy, a merge of two branches).
// One resolution everywhere: the file at the id's own path wins, else the first in path order; every
// read names both files in a warning.

/** Adds `path` (a copy of `fromPath`'s file with its text replaced) to the memory branch by hand. */
function handCopy(repo: string, fromPath: string, path: string, text: string): void {
  const body = git(repo, 'show', `memory:${fromPath}`).replace(/\n---\n[\s\S]*$/, `\n---\n${text}\n`);
  const blob = execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: repo, env: gitEnv, input: body }).toString().trim();
  const idx = `${repo}/.git/gm-test-index`;
  const env = { ...gitEnv, GIT_INDEX_FILE: idx };
  execFileSync('git', ['read-tree', 'memory'], { cwd: repo, env });
  execFileSync('git', ['update-index', '--add', '--cacheinfo', `100644,${blob},${path}`], { cwd: repo, env });
  const tree = execFileSync('git', ['write-tree'], { cwd: repo, env }).toString().trim();
  const c = git(repo, 'commit-tree', tree, '-p', 'memory', '-m', 'hand copy');
  git(repo, 'update-ref', 'refs/heads/memory', c);
}

describe('two files with one id', { timeout: 120_000 }, () => {
  for (const where of ['before', 'after'] as const) {
    it(`get, list, search, export, update and history agree on one file, and warn naming both (copy sorted ${where} the id's own path)`, async () => {
      const repo = makeRepo({ commit: true });
      const s = await runCli(repo, ['store', 'original zebra text', '--json']);
      const id = s.json.id as string;
      await runCli(repo, ['store', 'another memory', '--json']);
      const own = git(repo, 'ls-tree', '-r', '--name-only', 'memory', 'memories').split('\n').find((p) => p.endsWith(`/${id}.md`)) as string;
      const copyPath = where === 'before' ? `memories/0000-00/0/copy-of-${id}.md` : `memories/9999-99/z/copy-of-${id}.md`;
      handCopy(repo, own, copyPath, 'hand copy zebra text');

      const content = (r: { json: any }) => r.json.memory?.content ?? r.json.memories?.find((m: any) => m.id === id)?.content;
      const got = await runCli(repo, ['get', id, '--json']);
      expect(got.code, got.stderr).toBe(0);
      const listed = await runCli(repo, ['list', '--json']);
      const found = await runCli(repo, ['search', 'zebra', '--json']);
      const exported = await runCli(repo, ['export']);
      const lines = exported.stdout.trim().split('\n').map((l) => JSON.parse(l));
      // The id's own path wins, wherever the copy sorts.
      expect(content(got)).toBe('original zebra text');
      expect(content(listed)).toBe('original zebra text');
      expect(listed.json.memories.filter((m: any) => m.id === id)).toHaveLength(1);
      expect(found.json.results.filter((m: any) => m.id === id).map((m: any) => m.content)).toEqual(['original zebra text']);
      expect(lines.filter((m) => m.id === id).map((m) => m.content)).toEqual(['original zebra text']);
      // Every reader that scans says so, naming the id and both files (JSON: warnings; text: stderr).
      // get reads the id's own path directly (no scan): it says nothing, and needs nothing, since
      // that file is the one the rule picks.
      for (const [what, r] of [['list', listed], ['search', found], ['export', exported]] as const) {
        const said = r.stderr + JSON.stringify(r.json?.warnings ?? []);
        expect(said, `${what} warns`).toContain(id);
        expect(said).toContain(own);
        expect(said).toContain(copyPath);
      }
      // An update changes what every reader sees.
      expect((await runCli(repo, ['update', id, '--content', 'updated zebra text', '--json'])).code).toBe(0);
      expect(content(await runCli(repo, ['get', id, '--json']))).toBe('updated zebra text');
      expect(content(await runCli(repo, ['list', '--json']))).toBe('updated zebra text');
      expect((await runCli(repo, ['search', 'zebra', '--json'])).json.results.filter((m: any) => m.id === id).map((m: any) => m.content)).toEqual(['updated zebra text']);
      expect((await runCli(repo, ['export'])).stdout).toContain('updated zebra text');
      const hist = await runCli(repo, ['history', id, '--json']);
      expect(hist.code, hist.stderr).toBe(0);
      expect(JSON.stringify(hist.json)).toContain('updated zebra text');
    });
  }
});

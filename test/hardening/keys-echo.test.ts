// A credential as a key name (at any depth, whatever its
// value), errors that quote input, bidi/control characters echoed in errors.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRepo, tempDir } from '../helpers.js';
import { openMemory } from '../../src/api.js';
import { safeText } from '../../src/model/error-format.js';
import { branchBytes, expectCoded, expectNoSecret, GH_TOKEN, runIn } from './boundary.js';

const j = (...p: string[]) => p.join('');
const line = (o: unknown) => JSON.stringify(o);

describe('a credential as a key name is refused at every depth, whatever its value', () => {
  it('import: metadata keys and top-level extra keys holding a token, with number/true/null/list/object values', async () => {
    const repo = makeRepo({ commit: true });
    const f = join(tempDir(), 'in.jsonl');
    const records = [
      { content: 'v1', metadata: { n: { [GH_TOKEN]: 2 } } },
      { content: 'v2', [GH_TOKEN]: 2 },
      { content: 'v3', [GH_TOKEN]: true },
      { content: 'v4', [GH_TOKEN]: null },
      { content: 'v5', [GH_TOKEN]: [1, 2] },
      { content: 'v6', ci: { deep: { [GH_TOKEN]: { x: 1 } } } },
      { content: 'v7', metadata: { list: [{ [GH_TOKEN]: false }] } },
      { content: 'clean', metadata: { n: { fine: 2 } } },
    ];
    writeFileSync(f, records.map(line).join('\n') + '\n');
    // --allow-partial: the invalid records are reported with exit 0 (without it the exit code is 2).
    const r = await runIn(repo, ['import', f, '--json', '--allow-partial']);
    expect(expectCoded(r)).toBe('OK');
    expect(r.json.imported).toBe(1);
    expect(r.json.errors.map((e: { line: number; code: string }) => [e.line, e.code])).toEqual([1, 2, 3, 4, 5, 6, 7].map((l) => [l, 'SECRET_DETECTED']));
    // Item 10: the errors name where the key was without quoting it.
    expectNoSecret(GH_TOKEN, branchBytes(repo), r.stdout, r.stderr);
    expect(r.json.errors[1].message).toContain('[REDACTED:github-token]');
    // The human form too.
    const h = await runIn(repo, ['import', f]);
    expectNoSecret(GH_TOKEN, h.stdout, h.stderr);
  });

  it('--redact renames such a key to its masked form instead', async () => {
    const repo = makeRepo();
    const f = join(tempDir(), 'in.jsonl');
    writeFileSync(f, line({ content: 'v', metadata: { n: { [GH_TOKEN]: 2 } }, [GH_TOKEN]: null }) + '\n');
    const r = await runIn(repo, ['import', f, '--redact', '--json']);
    expect(r.json.imported).toBe(1);
    const m = (await runIn(repo, ['list', '--json'])).json.memories[0];
    expect(m.metadata.n).toEqual({ '[REDACTED:github-token]': 2 });
    expectNoSecret(GH_TOKEN, branchBytes(repo));
  });

  it('store and update through the library refuse a token as a metadata key', async () => {
    const repo = makeRepo();
    const mem = openMemory({ repo, warn: () => {} });
    try {
      await expect(mem.store({ content: 'x', metadata: { n: { [GH_TOKEN]: 2 } } })).rejects.toMatchObject({ code: 'SECRET_DETECTED' });
      const s = await mem.store({ content: 'y' });
      await expect(mem.update(s.id, { metadata: { [GH_TOKEN]: [1] } })).rejects.toMatchObject({ code: 'SECRET_DETECTED' });
      expectNoSecret(GH_TOKEN, branchBytes(repo));
    } finally {
      mem.close();
    }
  });
});

describe('errors never echo a secret: one masker for every error path', () => {
  it('an import record whose priority or id is a token: the per-record error is masked', async () => {
    const repo = makeRepo();
    const f = join(tempDir(), 'in.jsonl');
    writeFileSync(f, [line({ content: 'a', priority: GH_TOKEN }), line({ content: 'b', timestamp: GH_TOKEN }), `{"content": "c", ${GH_TOKEN}}`].join('\n') + '\n');
    for (const args of [['import', f, '--json'], ['import', f], ['import', f, '--strict', '--json']]) {
      const r = await runIn(repo, args);
      expectNoSecret(GH_TOKEN, r.stdout, r.stderr);
    }
  });
});

describe('bidi and control characters are escaped wherever an error echoes input', () => {
  const RLO = '\u202e';
  it('the formatter escapes them; newlines and tabs stay', async () => {
    const s = safeText(`id mem_a${RLO}bc\u2066x\u0007y\u001b[31m\nnext\tline`);
    expect(s).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u0007\u001b]/);
    expect(s).toContain('\\u202e');
    expect(s).toContain('\nnext\tline');
  });

  it('memory get / delete / history with an RLO in the id: stderr and --json carry no raw control character', async () => {
    const repo = makeRepo({ commit: true });
    await runIn(repo, ['store', 'hello there']);
    for (const cmd of ['get', 'delete', 'history']) {
      const r = await runIn(repo, [cmd, `mem_abc${RLO}def`]);
      expect(r.code).not.toBe(0);
      expect(r.stderr + r.stdout, cmd).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u001b]/);
      expect(r.stderr).toContain('\\u202e');
      const rj = await runIn(repo, [cmd, `mem_${RLO}\u001b[2Jx`, '--json']);
      expect(rj.stderr + rj.stdout).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u001b]/);
    }
  });

  it('the guard-lowered warning reads "for this write"', async () => {
    const repo = makeRepo();
    const r = await runIn(repo, ['store', 'plain text', '--allow-secret']);
    expect(r.stderr).toContain('lowered for this write');
    expect(r.stderr).not.toContain('for b write');
  });
});

describe('auto-tags never come from a span the scanner flags', () => {
  const SSH2 = j('---- BEGIN SSH2 ', 'ENCRYPTED PRIVATE', ' KEY ----\nComment: "deploy key"\n', 'P2/56wAAAi4AAAA3aWYtbW9kbntzaWdue3JzYS1wa2NzMS1zaGExfSxlbmNyeXB0e3Jz\n', 'YS1wa2NzMXYyLW9hZXB9fQAAAARub25lAAAB3wAAAdsAAAARAQABAAAH/jmPqx1xkYbm\n', '---- END SSH2 ', 'ENCRYPTED PRIVATE', ' KEY ----');
  const PUTTY = j('PuTTY-User-Key-File-', '2: ssh-rsa\nEncryption: none\nComment: rsa-key-20240101\nPublic-Lines: 2\n', 'AAAAB3NzaC1yc2EAAAABJQAAAQEAhNWeUrlqwBTKnhQBpmXkZ8sgXl2qQ\nQwSJYHzUbGvXaPtcTnMdJfRkLe\n', 'Private-Lines: 2\nAAABAQCKTnW9bcLHtQfUfAs8QmX2YxZzRgHzK1mPq\nUvN7jLp2Kw5RtYcXa\n', 'Private-MAC: 8a3f2c9d1e7b4f6a0c5e9b7d2a4f8c1e3f9a7c2e');
  it.each([
    ['ssh2', SSH2],
    ['putty', PUTTY],
  ])('%s: refused by default; stored with --allow-secret, its tags hold no piece of the key', async (_name, key) => {
    const repo = makeRepo();
    const content = `Deploy notes for the kubernetes cluster.\n${key}\n`;
    const blocked = await runIn(repo, ['store', content, '--json']);
    expect(blocked.json?.error?.code).toBe('SECRET_DETECTED');
    const r = await runIn(repo, ['store', content, '--allow-secret', '--json']);
    expect(r.code).toBe(0);
    const tags: string[] = (await runIn(repo, ['list', '--json'])).json.memories[0].tags;
    const keyText = key.toLowerCase();
    const fromKey = tags.filter((t) => keyText.includes(t) && !'deploy notes for the kubernetes cluster'.includes(t));
    expect(fromKey).toEqual([]);
  });
});

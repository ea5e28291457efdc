import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { git, makeRepo, tempDir } from '../helpers.js';
import { AWS_KEY_ID, branchBytes, commitToBranch, expectCoded, expectNoSecret, GH_TOKEN, otherRefs, run } from './boundary.js';

const line = (o: Record<string, unknown>) => JSON.stringify(o);

describe('JSONL import: every field is guarded, bad records are refused one by one', () => {
  it('secrets in extra fields, the id, tags and the upsert key are refused per record; the rest imports', () => {
    const repo = makeRepo({ commit: true });
    const refs = otherRefs(repo);
    const f = join(tempDir(), 'in.jsonl');
    writeFileSync(
      f,
      [
        line({ content: 'good one', tags: ['ok'] }),
        line({ content: 'extra field', deploy_token: GH_TOKEN }),
        line({ content: 'nested extra', ci: { env: { TOKEN: GH_TOKEN } } }),
        line({ id: GH_TOKEN, content: 'token as id' }),
        line({ content: 'tag', tags: [AWS_KEY_ID] }),
        line({ content: 'upsert', upsert_key: GH_TOKEN }),
        line({ content: 'year -1', timestamp: '-000001-01-01T00:00:00Z' }),
        line({ content: 'year 9999', timestamp: '9999-01-01T00:00:00Z' }),
        line({ content: 'updated 9999', updated: '9999-01-01T00:00:00Z' }),
        line({ content: 'too many tags', tags: Array.from({ length: 1000 }, (_, i) => `t${i}`) }),
        line({ content: 'good two' }),
      ].join('\n') + '\n',
    );
    const r = run(repo, ['import', f, '--json', '--allow-partial']);
    expect(expectCoded(r)).toBe('OK');
    expect(r.json.imported).toBe(2);
    expect(r.json.errors.map((e: { line: number; code: string }) => [e.line, e.code])).toEqual([
      [2, 'SECRET_DETECTED'],
      [3, 'SECRET_DETECTED'],
      [4, 'SECRET_DETECTED'],
      [5, 'SECRET_DETECTED'],
      [6, 'SECRET_DETECTED'],
      [7, 'INVALID_INPUT'],
      [8, 'INVALID_INPUT'],
      [9, 'INVALID_INPUT'],
      [10, 'INVALID_INPUT'],
    ]);
    const bytes = branchBytes(repo);
    expectNoSecret(GH_TOKEN, bytes, r.stdout, r.stderr);
    expectNoSecret(AWS_KEY_ID, bytes, r.stdout, r.stderr);
    expect(git(repo, 'ls-tree', '-r', '--name-only', 'memory')).not.toMatch(/memories\/(-|9999|2195)/);
    expect(otherRefs(repo)).toBe(refs);
  });

  it('--redact masks them instead, and a masked id is not kept inside the new id', () => {
    const repo = makeRepo();
    const f = join(tempDir(), 'in.jsonl');
    writeFileSync(f, [line({ id: GH_TOKEN, content: 'token as id', deploy_token: GH_TOKEN, tags: [AWS_KEY_ID] })].join('\n'));
    const r = run(repo, ['import', f, '--redact', '--json']);
    expect(r.json.imported).toBe(1);
    const m = run(repo, ['list', '--json']).json.memories[0];
    expect(m.metadata.original_id).toBe('[REDACTED:github-token]');
    expectNoSecret(GH_TOKEN, branchBytes(repo), JSON.stringify(m));
    expectNoSecret(AWS_KEY_ID, branchBytes(repo));
  });
});

describe('who may lower the secret guard', () => {
  it('.git-memory.json in the work tree saying secretGuard "off" is ignored, with a warning', () => {
    const repo = makeRepo({ commit: true });
    writeFileSync(join(repo, '.git-memory.json'), JSON.stringify({ secretGuard: 'off', defaultCategory: GH_TOKEN }));
    const r = run(repo, ['store', `deploy with ${GH_TOKEN}`, '--json']);
    expect(expectCoded(r)).toBe('SECRET_DETECTED');
    expect(r.stderr).toMatch(/secretGuard "off" is ignored/);
    // The token as defaultCategory is dropped too (and never echoed in the warning).
    const ok = run(repo, ['store', 'plain note', '--json']);
    expect(expectCoded(ok)).toBe('OK');
    expect(run(repo, ['get', ok.json.id, '--json']).json.memory.category).toBe('general');
    expectNoSecret(GH_TOKEN, r.stderr, ok.stderr, branchBytes(repo));
  });

  it('.memory/config.json on the branch saying secretGuard "off" is ignored; `config set secretGuard off` is refused', () => {
    const repo = makeRepo();
    expect(expectCoded(run(repo, ['store', 'first', '--json']))).toBe('OK');
    commitToBranch(repo, { '.memory/config.json': JSON.stringify({ secretGuard: 'off' }) });
    const r = run(repo, ['store', `deploy with ${GH_TOKEN}`, '--json']);
    expect(expectCoded(r)).toBe('SECRET_DETECTED');
    expect(r.stderr).toMatch(/secretGuard "off" is ignored/);
    expect(expectCoded(run(repo, ['config', 'set', 'secretGuard', 'off', '--json']))).toBe('INVALID_INPUT');
    expectNoSecret(GH_TOKEN, branchBytes(repo));
  });

  it('the person running the command may lower it (flag or env), and it always warns', () => {
    const repo = makeRepo();
    const flag = run(repo, ['store', `on purpose ${GH_TOKEN}`, '--allow-secret', '--json']);
    expect(expectCoded(flag)).toBe('OK');
    expect(flag.stderr).toMatch(/secret guard is lowered/);
    const env = run(repo, ['store', `by env ${GH_TOKEN}`, '--json'], { env: { MEMORY_SECRET_GUARD: 'off' } });
    expect(expectCoded(env)).toBe('OK');
    expect(env.stderr).toMatch(/secret guard is lowered/);
    // Even then, auto-tags are not made from the credential.
    const tags = run(repo, ['get', env.json.id, '--json']).json.memory.tags as string[];
    for (const t of tags) expect(GH_TOKEN.toLowerCase()).not.toContain(t);
  });
});

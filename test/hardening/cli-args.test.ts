import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { git, makeRepo, tempDir } from '../helpers.js';
import { AWS_KEY_ID, branchBytes, commitToBranch, expectCoded, expectNoSecret, GH_TOKEN, otherRefs, PEM, PEM_BODY_PIECE, runIn as run } from './boundary.js';

// What the command line answers to hostile or odd arguments, run in-process (runIn): codes, masking,
// what reaches the branch. Stdin from a pipe and the spawned CLI's heap and time cap stay in
// cli-boundary.e2e.test.ts.
// One repository per describe: each case checks its own outcome and that nothing but the memory
// branch moved and no secret reached the branch, a commit message, stdout or stderr.
describe('CLI arguments: secrets are never stored or echoed', () => {
  const repo = makeRepo({ commit: true });
  const refs = otherRefs(repo);
  const cases: Array<[string, string[], string]> = [
    ['a PEM key as content (starts with "-")', ['store', PEM], 'SECRET_DETECTED'],
    ['a token as an upsert key', ['store', 'deploy notes', '--upsert-key', GH_TOKEN], 'SECRET_DETECTED'],
    ['an AWS key id as a tag (before lowercasing)', ['store', 'deploy notes', '--tags', `ops,${AWS_KEY_ID}`], 'SECRET_DETECTED'],
    ['a token as category', ['store', 'deploy notes', '--category', GH_TOKEN], 'SECRET_DETECTED'],
    ['a token as scope', ['store', 'deploy notes', '--scope', GH_TOKEN], 'SECRET_DETECTED'],
    ['a token in metadata', ['store', 'deploy notes', '--meta', `note=${GH_TOKEN}`], 'SECRET_DETECTED'],
    ['a token as defaultCategory', ['config', 'set', 'defaultCategory', GH_TOKEN], 'SECRET_DETECTED'],
    ['a token as a config key', ['config', 'set', GH_TOKEN, '1'], 'INVALID_INPUT'],
    ['a token as an id', ['get', GH_TOKEN], 'INVALID_ID'],
    ['a token as an option name', [`--${GH_TOKEN}`, 'store', 'x'], 'INVALID_INPUT'],
    ['a token as an unknown option value', ['store', 'x', `--${GH_TOKEN}=1`], 'INVALID_INPUT'],
    ['a token as a command', [GH_TOKEN], 'INVALID_INPUT'],
    ['a PEM key as a command', [PEM], 'INVALID_INPUT'],
    ['a token as a ttl', ['store', 'x', '--ttl', GH_TOKEN], 'INVALID_INPUT'],
    ['a token as a search tag', ['search', 'x', '--tag', GH_TOKEN], 'OK'],
  ];
  it.each(cases)('%s', async (_name, args, want) => {
    const r = await run(repo, [...args, '--json']);
    expect(expectCoded(r)).toBe(want);
    expectNoSecret(GH_TOKEN, r.stdout, r.stderr, branchBytes(repo));
    expectNoSecret(AWS_KEY_ID, r.stdout, r.stderr, branchBytes(repo));
    expectNoSecret(PEM_BODY_PIECE, r.stdout, r.stderr, branchBytes(repo));
    expect(otherRefs(repo)).toBe(refs);
  });

  it('the same without --json: the stderr line carries the code, never the value', async () => {
    for (const args of [['get', GH_TOKEN], ['store', PEM], ['config', 'set', GH_TOKEN, '1'], [`--${GH_TOKEN}`]]) {
      const r = await run(repo, args);
      expect(r.code).not.toBe(0);
      expect(r.stderr).toMatch(/\[[A-Z_]+\]/);
      expectNoSecret(GH_TOKEN, r.stdout, r.stderr);
      expectNoSecret(PEM_BODY_PIECE, r.stdout, r.stderr);
    }
  });

  it('a 5,000-character id comes back cut, with the code', async () => {
    const id = 'mem_' + 'a'.repeat(5000);
    const r = await run(repo, ['get', id, '--json']);
    expect(expectCoded(r)).toBe('INVALID_ID');
    expect(r.stdout.length).toBeLessThan(1500);
    expect(r.stdout).not.toContain('a'.repeat(200));
  });
});

describe('CLI arguments: content that starts with "-"', () => {
  const repo = makeRepo();
  it('text with whitespace or a newline is content; "--" passes the rest as content', async () => {
    const list = await run(repo, ['store', '- item one\n- item two', '--json']);
    expect(expectCoded(list)).toBe('OK');
    const spaced = await run(repo, ['store', '-x is the flag that makes it verbose', '--json']);
    expect(expectCoded(spaced)).toBe('OK');
    const dashed = await run(repo, ['store', '--json', '--', '-x']);
    expect(expectCoded(dashed)).toBe('OK');
    const ids = [list, spaced, dashed].map((r) => r.json.id);
    expect((await run(repo, ['get', ids[0], '--json'])).json.memory.content).toBe('- item one\n- item two');
    expect((await run(repo, ['get', ids[2], '--json'])).json.memory.content).toBe('-x');
    // A known option with an inline value that has spaces is still that option.
    const meta = await run(repo, ['store', 'with meta', '--meta=note=two words', '--json']);
    expect((await run(repo, ['get', meta.json.id, '--json'])).json.memory.metadata.note).toBe('two words');
  });

  it('--redact of a PEM key without its END line masks the whole body, and auto-tags take nothing from it', async () => {
    const partial = PEM.split('\n').slice(0, 3).join('\n') + '\n\nRotate it on Fridays.';
    const r = await run(repo, ['store', partial, '--redact', '--json']);
    expect(expectCoded(r)).toBe('OK');
    const got = (await run(repo, ['get', r.json.id, '--json'])).json.memory;
    expect(got.content).toBe('[REDACTED:private-key]\n\nRotate it on Fridays.');
    expectNoSecret(PEM_BODY_PIECE, branchBytes(repo), JSON.stringify(got));
    for (const t of got.tags) expect(PEM.toLowerCase()).not.toContain(t);
  });
});

describe('CLI flags: empty values are not true', () => {
  const repo = makeRepo();
  let id = '';
  beforeAll(async () => {
    id = (await run(repo, ['store', 'keep me', '--json'])).json.id;
  });
  it.each([
    [['clear', '--confirm=', '--json']],
    [['clear', '--confirm=maybe', '--json']],
    [['store', GH_TOKEN, '--allow-secret=', '--json']],
    [['store', GH_TOKEN, '--redact=', '--json']],
  ])('%j', async (args) => {
    const r = await run(repo, args);
    expect(expectCoded(r)).toBe('INVALID_INPUT');
    expect((await run(repo, ['get', id, '--json'])).json.memory.content).toBe('keep me');
    expectNoSecret(GH_TOKEN, branchBytes(repo), r.stdout, r.stderr);
  });

  it('--ttl past the year 3000 is INVALID_INPUT', async () => {
    expect(expectCoded(await run(repo, ['store', 'x', '--ttl', '999999999999d', '--json']))).toBe('INVALID_INPUT');
  });
});

describe('files: bounded reads', () => {
  it('an import file over MEMORY_MAX_IMPORT_BYTES is refused before reading it', async () => {
    const repo = makeRepo();
    const f = join(tempDir(), 'big.jsonl');
    writeFileSync(f, '{"content":"x"}\n'.repeat(1000));
    const r = await run(repo, ['import', f, '--json'], { env: { MEMORY_MAX_IMPORT_BYTES: '1000' } });
    expect(expectCoded(r)).toBe('CONTENT_TOO_LARGE');
  });
});

describe('data: clear and delete', () => {
  it('clear --confirm leaves entries that are not memories alone', async () => {
    const repo = makeRepo({ commit: true });
    const head = git(repo, 'rev-parse', 'HEAD');
    expect(expectCoded(await run(repo, ['store', 'one', '--json']))).toBe('OK');
    commitToBranch(repo, { 'memories/notes.txt': 'hand notes\n', 'memories/link.md': { symlink: '../README.md' }, 'memories/sub': { gitlink: head } });
    const r = await run(repo, ['clear', '--confirm', '--json']);
    expect(expectCoded(r)).toBe('OK');
    expect(r.json.deleted).toBe(1);
    const tree = git(repo, 'ls-tree', '-r', 'memory').split('\n');
    expect(tree.some((l) => l.endsWith('\tmemories/notes.txt'))).toBe(true);
    expect(tree.some((l) => l.startsWith('120000') && l.endsWith('\tmemories/link.md'))).toBe(true);
    expect(tree.some((l) => l.startsWith('160000') && l.endsWith('\tmemories/sub'))).toBe(true);
    expect((await run(repo, ['list', '--json'])).json.memories).toEqual([]);
  });

  it('delete of an id two files claim removes both (and says so)', async () => {
    const repo = makeRepo();
    const id = (await run(repo, ['store', 'original text', '--json'])).json.id;
    const path = git(repo, 'ls-tree', '-r', '--name-only', 'memory').split('\n').find((p) => p.includes(id))!;
    commitToBranch(repo, { 'memories/copies/copy.md': git(repo, 'show', `memory:${path}`) + '\n' });
    const r = await run(repo, ['delete', id, '--json']);
    expect(expectCoded(r)).toBe('OK');
    expect(r.json.files).toBe(2);
    expect((await run(repo, ['list', '--json'])).json.memories).toEqual([]);
    expect(expectCoded(await run(repo, ['get', id, '--json']))).toBe('NOT_FOUND');
  });
});

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { git, makeRepo, tempDir } from '../helpers.js';
import { AWS_KEY_ID, branchBytes, commitToBranch, expectCoded, expectNoSecret, GH_TOKEN, otherRefs, PEM, PEM_BODY_PIECE, run, runStreaming } from './boundary.js';

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
  it.each(cases)('%s', (_name, args, want) => {
    const r = run(repo, [...args, '--json']);
    expect(expectCoded(r)).toBe(want);
    expectNoSecret(GH_TOKEN, r.stdout, r.stderr, branchBytes(repo));
    expectNoSecret(AWS_KEY_ID, r.stdout, r.stderr, branchBytes(repo));
    expectNoSecret(PEM_BODY_PIECE, r.stdout, r.stderr, branchBytes(repo));
    expect(otherRefs(repo)).toBe(refs);
  });

  it('the same without --json: the stderr line carries the code, never the value', () => {
    for (const args of [['get', GH_TOKEN], ['store', PEM], ['config', 'set', GH_TOKEN, '1'], [`--${GH_TOKEN}`]]) {
      const r = run(repo, args);
      expect(r.code).not.toBe(0);
      expect(r.stderr).toMatch(/\[[A-Z_]+\]/);
      expectNoSecret(GH_TOKEN, r.stdout, r.stderr);
      expectNoSecret(PEM_BODY_PIECE, r.stdout, r.stderr);
    }
  });

  it('a 5,000-character id comes back cut, with the code', () => {
    const id = 'mem_' + 'a'.repeat(5000);
    const r = run(repo, ['get', id, '--json']);
    expect(expectCoded(r)).toBe('INVALID_ID');
    expect(r.stdout.length).toBeLessThan(1500);
    expect(r.stdout).not.toContain('a'.repeat(200));
  });
});

describe('CLI arguments: content that starts with "-"', () => {
  const repo = makeRepo();
  it('text with whitespace or a newline is content; "--" passes the rest as content', () => {
    const list = run(repo, ['store', '- item one\n- item two', '--json']);
    expect(expectCoded(list)).toBe('OK');
    const spaced = run(repo, ['store', '-x is the flag that makes it verbose', '--json']);
    expect(expectCoded(spaced)).toBe('OK');
    const dashed = run(repo, ['store', '--json', '--', '-x']);
    expect(expectCoded(dashed)).toBe('OK');
    const ids = [list, spaced, dashed].map((r) => r.json.id);
    expect(run(repo, ['get', ids[0], '--json']).json.memory.content).toBe('- item one\n- item two');
    expect(run(repo, ['get', ids[2], '--json']).json.memory.content).toBe('-x');
    // A known option with an inline value that has spaces is still that option.
    const meta = run(repo, ['store', 'with meta', '--meta=note=two words', '--json']);
    expect(run(repo, ['get', meta.json.id, '--json']).json.memory.metadata.note).toBe('two words');
  });

  it('--redact of a PEM key without its END line masks the whole body, and auto-tags take nothing from it', () => {
    const partial = PEM.split('\n').slice(0, 3).join('\n') + '\n\nRotate it on Fridays.';
    const r = run(repo, ['store', partial, '--redact', '--json']);
    expect(expectCoded(r)).toBe('OK');
    const got = run(repo, ['get', r.json.id, '--json']).json.memory;
    expect(got.content).toBe('[REDACTED:private-key]\n\nRotate it on Fridays.');
    expectNoSecret(PEM_BODY_PIECE, branchBytes(repo), JSON.stringify(got));
    for (const t of got.tags) expect(PEM.toLowerCase()).not.toContain(t);
  });
});

describe('CLI flags: empty values are not true', () => {
  const repo = makeRepo();
  const id = run(repo, ['store', 'keep me', '--json']).json.id;
  it.each([
    [['clear', '--confirm=', '--json']],
    [['clear', '--confirm=maybe', '--json']],
    [['store', GH_TOKEN, '--allow-secret=', '--json']],
    [['store', GH_TOKEN, '--redact=', '--json']],
  ])('%j', (args) => {
    const r = run(repo, args);
    expect(expectCoded(r)).toBe('INVALID_INPUT');
    expect(run(repo, ['get', id, '--json']).json.memory.content).toBe('keep me');
    expectNoSecret(GH_TOKEN, branchBytes(repo), r.stdout, r.stderr);
  });

  it('--ttl past the year 3000 is INVALID_INPUT', () => {
    expect(expectCoded(run(repo, ['store', 'x', '--ttl', '999999999999d', '--json']))).toBe('INVALID_INPUT');
  });
});

describe('stdin and files: bounded reads', () => {
  const repo = makeRepo();
  it('`yes | memory store -` fails at the content limit, fast, inside the heap cap', async () => {
    const r = await runStreaming(repo, ['store', '-', '--json'], Buffer.from('y\n'.repeat(32 * 1024)));
    expect(expectCoded(r)).toBe('CONTENT_TOO_LARGE');
    expect(r.written).toBeLessThan(50 * 1024 * 1024);
  });

  it('300 MB on stdin fails with CONTENT_TOO_LARGE without holding it', async () => {
    const r = await runStreaming(repo, ['store', '--json'], Buffer.alloc(1024 * 1024, 'a'), 300 * 1024 * 1024);
    expect(expectCoded(r)).toBe('CONTENT_TOO_LARGE');
  });

  it('import from an endless stream (stdin) and from /dev/zero end with a code at once', async () => {
    const z = await runStreaming(repo, ['import', '-', '--json'], Buffer.alloc(1024 * 1024));
    expect(expectCoded(z)).toBe('BINARY_CONTENT');
    expect(expectCoded(run(repo, ['import', '/dev/zero', '--json']))).toBe('BINARY_CONTENT');
    expect(expectCoded(run(repo, ['core', 'batch', '--file', '/dev/zero', '--json']))).toBe('BINARY_CONTENT');
    expect(expectCoded(run(repo, ['core', 'set', '--file', '/dev/zero', '--json']))).toBe('BINARY_CONTENT');
  });

  it('an import file over MEMORY_MAX_IMPORT_BYTES is refused before reading it', () => {
    const f = join(tempDir(), 'big.jsonl');
    writeFileSync(f, '{"content":"x"}\n'.repeat(1000));
    const r = run(repo, ['import', f, '--json'], { env: { MEMORY_MAX_IMPORT_BYTES: '1000' } });
    expect(expectCoded(r)).toBe('CONTENT_TOO_LARGE');
  });

  it('invalid UTF-8 on stdin is refused with a code, not stored as U+FFFD', () => {
    const before = branchBytes(repo);
    for (const bytes of [Buffer.from([0x61, 0xff, 0xfe, 0x62]), Buffer.from([0xc3]), Buffer.from([0xed, 0xa0, 0x80])]) {
      const r = run(repo, ['store', '-', '--json'], { input: bytes });
      expect(expectCoded(r)).toBe('INVALID_INPUT');
      expect(r.json.error.data.reason).toBe('invalid-utf8');
    }
    expect(branchBytes(repo)).toBe(before);
    // Valid multi-byte text still goes through, byte for byte.
    const ok = run(repo, ['store', '-', '--json'], { input: Buffer.from('记忆 🧠 ok\n') });
    // The trailing newline of stdin is not content (#28).
    expect(run(repo, ['get', ok.json.id, '--json']).json.memory.content).toBe('记忆 🧠 ok');
  });
});

describe('data: clear and delete', () => {
  it('clear --confirm leaves entries that are not memories alone', () => {
    const repo = makeRepo({ commit: true });
    const head = git(repo, 'rev-parse', 'HEAD');
    expect(expectCoded(run(repo, ['store', 'one', '--json']))).toBe('OK');
    commitToBranch(repo, { 'memories/notes.txt': 'hand notes\n', 'memories/link.md': { symlink: '../README.md' }, 'memories/sub': { gitlink: head } });
    const r = run(repo, ['clear', '--confirm', '--json']);
    expect(expectCoded(r)).toBe('OK');
    expect(r.json.deleted).toBe(1);
    const tree = git(repo, 'ls-tree', '-r', 'memory').split('\n');
    expect(tree.some((l) => l.endsWith('\tmemories/notes.txt'))).toBe(true);
    expect(tree.some((l) => l.startsWith('120000') && l.endsWith('\tmemories/link.md'))).toBe(true);
    expect(tree.some((l) => l.startsWith('160000') && l.endsWith('\tmemories/sub'))).toBe(true);
    expect(run(repo, ['list', '--json']).json.memories).toEqual([]);
  });

  it('delete of an id two files claim removes both (and says so)', () => {
    const repo = makeRepo();
    const id = run(repo, ['store', 'original text', '--json']).json.id;
    const path = git(repo, 'ls-tree', '-r', '--name-only', 'memory').split('\n').find((p) => p.includes(id))!;
    commitToBranch(repo, { 'memories/copies/copy.md': git(repo, 'show', `memory:${path}`) + '\n' });
    const r = run(repo, ['delete', id, '--json']);
    expect(expectCoded(r)).toBe('OK');
    expect(r.json.files).toBe(2);
    expect(run(repo, ['list', '--json']).json.memories).toEqual([]);
    expect(expectCoded(run(repo, ['get', id, '--json']))).toBe('NOT_FOUND');
  });
});

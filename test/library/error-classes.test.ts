// One class per code, all in src/errors.ts: an error of a code that has a class is an instance of
// that class wherever it is thrown, so callers can `instanceof` as well as switch on `code`.
import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as errors from '../../src/errors.js';
import { BinaryContentError, ContentTooLargeError, DuplicateError, InputTooLargeError, InvalidTreeNameError, MemoryError, PermissionDeniedError, RemoteUnreachableError, SyncFailedError, TooManyDeletesError } from '../../src/errors.js';
import { gitFailure } from '../../src/sync/git-cli.js';
import { readBoundedStream } from '../../src/model/bounds.js';
import { coreSet } from '../../src/lifecycle/core-doc.js';
import { restoreFromTrash } from '../../src/ops/restore.js';
import { MemoryStore } from '../../src/store/store.js';
import { git, makeRepo, tempDir } from '../helpers.js';
import { runCli } from '../run-cli.js';
import { cliAdvice } from '../../src/cli/advice.js';
import { agentAdvice } from '../../src/mcp/advice.js';
import { failureMessage } from '../../src/action/failure.js';
import { openMemory } from '../../src/api.js';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src');

/**
 * Error classes defined outside src/errors.ts under `root`: a class whose base is Error, MemoryError,
 * a class of src/errors.ts or any other `...Error`. The viewer's browser script (src/view/client/)
 * is exempt: it runs in the page, cannot import the library, and its one sentinel never leaves it.
 */
function errorClassesOutside(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      const rel = relative(root, p).split('\\').join('/');
      if (e.isDirectory()) {
        if (rel !== 'view/client') walk(p);
      } else if (e.name.endsWith('.ts') && rel !== 'errors.ts') {
        for (const m of readFileSync(p, 'utf8').matchAll(/\bclass\s+(\w+)\s+extends\s+([\w.]+)/g)) {
          if (m[2] === 'Error' || /Error$/.test(m[2])) found.push(`${rel}: ${m[1]} extends ${m[2]}`);
        }
      }
    }
  };
  walk(root);
  return found;
}

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
}

describe('error classes', () => {
  it('the classes that lived elsewhere are in src/errors.ts; IndexError, never thrown, is gone', () => {
    const classes = Object.values(errors).filter((v): v is new (...a: never[]) => MemoryError => typeof v === 'function' && v.prototype instanceof MemoryError);
    expect(classes.map((c) => c.name)).toEqual(expect.arrayContaining(['InvalidTreeNameError', 'TooManyDeletesError', 'InputTooLargeError']));
    expect(classes.map((c) => c.name)).not.toContain('IndexError');
  });

  it('every code has exactly one class, the one extending MemoryError directly, and no error class is defined outside src/errors.ts', () => {
    const direct = Object.values(errors).filter((v) => typeof v === 'function' && Object.getPrototypeOf(v) === MemoryError);
    const owners = errors.ERROR_CODES.map((code) => errors.errorOf(code, 'm').constructor);
    for (const [i, owner] of owners.entries()) expect(Object.getPrototypeOf(owner), errors.ERROR_CODES[i]).toBe(MemoryError);
    expect(new Set(owners).size).toBe(errors.ERROR_CODES.length);
    expect(new Set(direct)).toEqual(new Set(owners));
    // The parser's, the codec's and the index's errors are classes of their codes.
    expect(new errors.UsageError('m', 'tags')).toMatchObject({ code: 'INVALID_INPUT', field: 'tags', data: { field: 'tags' } });
    expect(new errors.FrontMatterError('m')).toBeInstanceOf(errors.InvalidInputError);
    expect(new errors.SegmentClosedError()).toMatchObject({ code: 'INTERNAL' });
    expect(new errors.CorruptIndexError('truncated')).toMatchObject({ code: 'CORRUPT_INDEX', data: { reason: 'truncated' } });
    expect(errorClassesOutside(SRC)).toEqual([]);
    // The scan sees a class planted outside errors.ts, whatever its base.
    const planted = tempDir();
    mkdirSync(join(planted, 'search'));
    writeFileSync(join(planted, 'search', 'x.ts'), 'export class A extends MemoryError {}\nclass B extends Error {}\nclass C extends errors.NotFoundError {}\n');
    writeFileSync(join(planted, 'errors.ts'), 'export class D extends Error {}\n');
    expect(errorClassesOutside(planted)).toEqual(['search/x.ts: A extends MemoryError', 'search/x.ts: B extends Error', 'search/x.ts: C extends errors.NotFoundError']);
  });

  it('sync guard errors are the classes of src/errors.ts', () => {
    expect(new InvalidTreeNameError('m', {})).toMatchObject({ code: 'INVALID_TREE_NAME' });
    expect(new TooManyDeletesError('m', {})).toMatchObject({ code: 'TOO_MANY_DELETES' });
  });

  it('a bounded read over its limit is CONTENT_TOO_LARGE, an instance of ContentTooLargeError', async () => {
    const err = await rejection(readBoundedStream(Readable.from([Buffer.alloc(64)]), { limit: 10, what: 'stdin' }));
    expect(err).toBeInstanceOf(InputTooLargeError);
    expect(err).toBeInstanceOf(ContentTooLargeError);
    expect(err).toMatchObject({ code: 'CONTENT_TOO_LARGE', data: { limit: 10, what: 'stdin' } });
  });

  it('a core document over its budget or with a NUL byte throws the class of its code', async () => {
    const store = new MemoryStore({ repo: makeRepo(), warn: () => {} });
    const big = await rejection(coreSet(store, { content: 'x'.repeat(store.config().coreMaxChars + 1) }));
    expect(big).toBeInstanceOf(ContentTooLargeError);
    expect(big).toMatchObject({ code: 'CONTENT_TOO_LARGE', data: { limit: store.config().coreMaxChars } });
    const nul = await rejection(coreSet(store, { content: 'a\0b' }));
    expect(nul).toBeInstanceOf(BinaryContentError);
    expect(nul).toMatchObject({ code: 'BINARY_CONTENT', data: { offset: 1 } });
  });

  it('restoring a memory that is not deleted is DUPLICATE, an instance of DuplicateError', async () => {
    const store = new MemoryStore({ repo: makeRepo(), warn: () => {} });
    const m = await store.store({ content: 'kept' });
    await store.delete(m.id);
    await restoreFromTrash(store, m.id);
    const err = await rejection(restoreFromTrash(store, m.id));
    expect(err).toBeInstanceOf(DuplicateError);
    expect(err).toMatchObject({ code: 'DUPLICATE', data: { id: m.id } });
  });

  it("a failed git network command is the class of the code it is classified into", () => {
    const run = (stderr: string, timedOut = false) => ({ code: 128, stdout: '', stderr, timedOut });
    expect(gitFailure('fetch', run('fatal: unable to access: Could not resolve host: example.invalid'))).toBeInstanceOf(RemoteUnreachableError);
    expect(gitFailure('fetch', run('', true))).toBeInstanceOf(RemoteUnreachableError);
    expect(gitFailure('push', run('remote: Permission to o/r.git denied to bot.'))).toBeInstanceOf(PermissionDeniedError);
    expect(gitFailure('push', run('fatal: something else'))).toMatchObject({ code: 'SYNC_FAILED' });
    expect(gitFailure('push', run('fatal: something else'))).toBeInstanceOf(SyncFailedError);
  });
  it('every class extending MemoryError is in src/errors.ts: the secret and config errors too', async () => {
    const { SecretDetectedError: FromSecrets, scanText, secretDetected } = await import('../../src/model/secrets.js');
    expect(FromSecrets).toBe(errors.SecretDetectedError);
    const findings = scanText(`token ghp_${'Zx9Qw3Er7Ty1Ui5Op2As6Df8Gh4Jk0Lm3Nb7V'.slice(0, 36)} here`, 'content');
    const err = secretDetected(findings, 'the memory');
    expect(err).toBeInstanceOf(errors.SecretDetectedError);
    expect(err).toMatchObject({ code: 'SECRET_DETECTED', data: { findings: [{ kind: findings[0].kind, field: 'content', line: 1 }] } });
    // A bad flag-layer setting is a plain INVALID_INPUT with its key.
    const cfg = rejection(Promise.resolve().then(() => new MemoryStore({ repo: makeRepo(), warn: () => {}, config: { maxContentBytes: -1 } as never }).config()));
    const bad = await cfg;
    expect(bad?.constructor).toBe(errors.InvalidInputError);
    expect(bad).toMatchObject({ code: 'INVALID_INPUT', data: { field: 'maxContentBytes' } });
  });

  it('one class per code: errorOf gives the class of the code (a copy, the helper\'s answer), subclasses share their code\'s class', () => {
    const codes = ['NOT_FOUND', 'CONFLICT', 'INVALID_INPUT', 'SECRET_DETECTED', 'PUSH_REJECTED', 'GIT_FAILED', 'INTERNAL'] as const;
    for (const code of codes) {
      const e = errors.errorOf(code, 'm', { x: 1 });
      expect(e).toMatchObject({ code, message: 'm', data: { x: 1 } });
      expect(e.constructor).not.toBe(MemoryError);
    }
    expect(errors.errorOf('NOT_FOUND', 'm')).toBeInstanceOf(errors.NotFoundError);
    expect(errors.errorOf('NOT_FOUND', 'm').name).toBe('NotFoundError');
    expect(errors.errorOf('NO_SUCH_CODE', 'm')).toMatchObject({ code: 'INTERNAL' });
    expect(new errors.RefMovedError('refs/heads/memory', null, 'a')).toBeInstanceOf(errors.ConflictError);
    expect(new errors.BranchCheckedOutError('main', '/w')).toBeInstanceOf(errors.InvalidInputError);
  });

  it('core errors carry no CLI advice: the next operation is data (data.next), phrased by each surface', async () => {
    const store = new MemoryStore({ repo: makeRepo(), warn: () => {} });
    const m = await store.store({ content: 'short-lived' });
    await store.delete(m.id);
    const trashed = await rejection(store.get(m.id));
    expect(trashed).toMatchObject({ code: 'NOT_FOUND', data: { id: m.id, trashed: true, next: 'trash.restore' } });
    const never = await rejection(store.get('mem_0k2x9d1ab7q4ce3m'));
    expect(never).toMatchObject({ code: 'NOT_FOUND', data: { next: 'list' } });
    const { coreSet: set, coreUpdate } = await import('../../src/lifecycle/core-doc.js');
    const v1 = await set(store, { content: 'first text' });
    await set(store, { content: 'second text' });
    const stale = await rejection(set(store, { content: 'third', expect_version: v1.version! }));
    expect(stale).toMatchObject({ code: 'CONFLICT', data: { expected_version: v1.version, next: 'core.view' } });
    const miss = await rejection(coreUpdate(store, { action: 'edit', old_text: 'absent', new_text: 'x' }));
    expect(miss).toMatchObject({ code: 'INVALID_INPUT', data: { reason: 'no_match', next: 'core.view' } });
    for (const e of [trashed, never, stale, miss]) expect((e as Error).message).not.toMatch(/"memory |memory_\w+/);
  });

  it('repository, confirmation, content, object and checked-out branch errors say what is wrong; the step is data.next', async () => {
    const outside = await rejection(Promise.resolve().then(() => openMemory({ repo: tempDir(), warn: () => {} }).list()));
    expect(outside).toMatchObject({ code: 'NOT_A_REPOSITORY', data: { next: 'repository' } });
    const repo = makeRepo({ commit: true });
    const memory = openMemory({ repo, warn: () => {} });
    const unconfirmed = await rejection(memory.clear({}));
    expect(unconfirmed).toMatchObject({ code: 'CONFIRMATION_REQUIRED', data: { next: 'confirm' } });
    const empty = await rejection(memory.store({ content: ' ' }));
    expect(empty).toMatchObject({ code: 'EMPTY_CONTENT', data: { next: 'content' } });
    const missing = await rejection(Promise.resolve().then(() => new MemoryStore({ repo, warn: () => {} }).git.readBlob('1'.repeat(40))));
    expect(missing).toMatchObject({ code: 'OBJECT_MISSING', data: { oid: '1'.repeat(40), next: 'git.fetch' } });
    const checkedOut = await rejection(openMemory({ repo, branch: 'main', warn: () => {} }).store({ content: 'x' }));
    expect(checkedOut).toMatchObject({ code: 'INVALID_INPUT', data: { reason: 'checked-out', next: 'branch' } });
    for (const e of [outside, unconfirmed, empty, missing, checkedOut]) {
      // No surface's words in the core's message: no command line, flag or tool name.
      expect((e as Error).message).not.toMatch(/--|"memory |memory_\w+|git (init|fetch)/);
      // Each surface phrases the step: the CLI its flags and commands, the Action its inputs.
      expect(cliAdvice(e as MemoryError)).toBeTruthy();
      // The Action has no command that asks for a confirmation.
      if (e !== unconfirmed) expect(failureMessage(e as MemoryError)).not.toContain("check the step's `with:` inputs");
    }
    expect(cliAdvice(unconfirmed as MemoryError)).toContain('--confirm');
    expect(cliAdvice(checkedOut as MemoryError)).toContain('--branch');
    expect(agentAdvice(empty as MemoryError)).toContain('content');
    expect(agentAdvice(unconfirmed as MemoryError)).toBeNull();
    expect(failureMessage(checkedOut as MemoryError, { branch: 'main' })).toContain('`branch` input');
    expect(failureMessage(empty as MemoryError)).toContain('`content` input');
    expect(failureMessage(missing as MemoryError)).toContain('fetch-depth: 0');
  });

  it('the Action\'s failure text quotes the remote and branch inputs masked, escaped and bounded', () => {
    const token = 'ghp_' + 'A1b2C3d4E5'.repeat(4).slice(0, 36);
    const remote = `https://x-access-token:${token}@github.com/o/r\u001b[2J` + 'x'.repeat(100_000);
    const text = failureMessage(errors.errorOf('INVALID_INPUT', 'no such remote', { next: 'remote' }), { remote, branch: 'b\u001b[31m' + 'y'.repeat(100_000) });
    expect(text).not.toContain(token);
    expect(text).not.toContain('\u001b');
    expect(text.length).toBeLessThan(2_000);
  });

  it('an unknown remote and a missing embedding model name their next step as data; each surface phrases it', async () => {
    const repo = makeRepo({ commit: true });
    const memory = openMemory({ repo, warn: () => {} });
    await memory.store({ content: 'kept locally' });
    const noRemote = await rejection(memory.sync({ remote: 'nowhere' }));
    expect(noRemote).toMatchObject({ code: 'REMOTE_UNREACHABLE', data: { remote: 'nowhere', next: 'remote' } });
    expect((noRemote as Error).message).not.toMatch(/--|git remote/);
    expect(cliAdvice(noRemote as MemoryError)).toContain('--remote');
    expect(failureMessage(noRemote as MemoryError, { remote: 'nowhere' })).toContain('the `remote` input (now nowhere)');
    const cli = await runCli(repo, ['sync', '--remote', 'nowhere', '--json']);
    expect(cli.json.error.message).toContain('pass a URL with --remote');
    // A citation in a repository with no commit yet: the commit to cite at is the step.
    const unborn = makeRepo();
    const cite = await rejection(openMemory({ repo: unborn, warn: () => {} }).store({ content: 'cites', cite: ['README.md'] }));
    expect(cite).toMatchObject({ code: 'CITATION_INVALID', data: { reason: 'bad-ref', next: 'cite.ref' } });
    expect((cite as Error).message).not.toContain('--');
    expect(cliAdvice(cite as MemoryError)).toContain('--cite-ref');
    expect(agentAdvice(cite as MemoryError)).toContain('citeRef');
    expect(failureMessage(cite as MemoryError)).toContain('`ref` input');
    // The embedder's refusal when the model is not installed (thrown deep in src/embed): phrased by data alone.
    const model = new errors.EmbedderError('the offline embedding model is not installed', { reason: 'not-installed', next: 'search.fulltext' });
    expect(cliAdvice(model)).toContain('--mode fulltext');
    expect(agentAdvice(model)).toContain('mode "fulltext"');
    expect(failureMessage(model)).toContain('`mode: fulltext`');
  });

  it('the CLI phrases the next step after the message with its own commands and flags', async () => {
    const repo = makeRepo({ commit: true });
    expect((await runCli(tempDir(), ['list'])).stderr).toContain('not a git repository: ');
    expect((await runCli(tempDir(), ['list'])).stderr).toContain('pass --repo DIR');
    expect((await runCli(repo, ['clear'])).stderr).toMatch(/needs confirmation \(add --confirm\)/);
    expect((await runCli(repo, ['trash', 'empty'])).stderr).toMatch(/needs confirmation \(add --confirm\)/);
    const empty = await runCli(repo, ['store', '', '--json']);
    expect(empty.json.error).toMatchObject({ code: 'EMPTY_CONTENT', data: { next: 'content' } });
    expect(empty.json.error.message).toContain('on stdin with "-"');
    const main = await runCli(repo, ['store', 'x', '--branch', 'main', '--json']);
    expect(main.json.error.data).toMatchObject({ next: 'branch', reason: 'checked-out' });
    expect(main.json.error.message).toContain('e.g. --branch memory');
    expect(git(repo, 'for-each-ref', 'refs/heads/memory')).toBe('');
  });
});

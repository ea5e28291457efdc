// File names on the branch are bytes, not text: a hand-committed `memories/x\xff.md` beside
// `memories/x\xfe.md` must survive every rewrite of the tree (a store, an update, a delete, a sync's
// replay and fold) byte for byte, and readers list neither (they warn) instead of crashing.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { git, gitEnv, tempDir } from '../helpers.js';
import { runCli } from '../run-cli.js';
import { ok, setup } from '../sync/fixtures.js';
import { decodeName, encodeName, hasRawBytes, serializeTree, parseTree } from '../../src/git/tree.js';

const FF = Buffer.from('memories/x\xff.md', 'latin1');
const FE = Buffer.from('memories/x\xfe.md', 'latin1');

/** Commits the two files with names that are not UTF-8 on `memory`, through git fast-import (raw path bytes). */
function addRawNames(repo: string): void {
  const tip = git(repo, 'rev-parse', 'memory');
  const body = (text: string) => Buffer.from(`data ${Buffer.byteLength(text)}\n${text}\n`);
  const input = Buffer.concat([
    Buffer.from(`commit refs/heads/memory\ncommitter Hand <hand@example.com> 1700000000 +0000\n`),
    body('hand-made files'),
    Buffer.from(`from ${tip}\n`),
    Buffer.from('M 100644 inline '),
    FF,
    Buffer.from('\n'),
    body('walrus notes in a latin-1 file name\n'),
    Buffer.from('M 100644 inline '),
    FE,
    Buffer.from('\n'),
    body('heron notes in another latin-1 file name\n'),
    Buffer.from('\ndone\n'),
  ]);
  execFileSync('git', ['fast-import', '--quiet', '--done'], { cwd: repo, env: gitEnv, input });
}

/** path bytes (hex) → blob id of every file under memories/ at `ref`, names exactly as the tree holds them. */
function rawFiles(repo: string, ref: string): Map<string, string> {
  const out = execFileSync('git', ['ls-tree', '-r', '-z', ref, '--', 'memories'], { cwd: repo, env: gitEnv });
  const files = new Map<string, string>();
  let p = 0;
  while (p < out.length) {
    const tab = out.indexOf(0x09, p);
    const nul = out.indexOf(0, tab);
    files.set(out.subarray(tab + 1, nul).toString('hex'), out.toString('latin1', p, tab).split(' ')[2]);
    p = nul + 1;
  }
  return files;
}

const rawOnes = (files: Map<string, string>) => [FF, FE].map((b) => files.get(b.toString('hex')));

describe('tree entry names are bytes', () => {
  it('a name read from a tree gives back its exact bytes, and two non-UTF-8 names stay two names', () => {
    for (const hex of ['78ff2e6d64', '78fe2e6d64', 'eda080', 'c3', 'e282', 'f09f9880ff', 'f0908280', '41c3a9']) {
      const name = decodeName(Buffer.from(hex, 'hex'));
      expect(encodeName(name).toString('hex')).toBe(hex);
    }
    expect(decodeName(Buffer.from('78ff', 'hex'))).not.toBe(decodeName(Buffer.from('78fe', 'hex')));
    // Valid UTF-8 (an astral character whose low surrogate falls in the escape range) is plain text.
    expect(hasRawBytes(decodeName(Buffer.from('f0908280', 'hex')))).toBe(false);
    const oid = 'ab'.repeat(20);
    const tree = Buffer.concat([Buffer.from('100644 x\xfe.md\0', 'latin1'), Buffer.from(oid, 'hex'), Buffer.from('100644 x\xff.md\0', 'latin1'), Buffer.from(oid, 'hex')]);
    expect(serializeTree(parseTree(tree)).equals(tree)).toBe(true);
  });

  it('a store, an update and a delete keep both hand-committed files byte for byte; reads skip them and still answer', async () => {
    const { clones } = setup(1);
    const [a] = clones;
    ok(await runCli(a, ['store', 'the first memory about pelicans']));
    addRawNames(a);
    const before = rawOnes(rawFiles(a, 'memory'));
    expect(before.every(Boolean)).toBe(true);

    const stored = ok(await runCli(a, ['store', 'the second memory about pelicans', '--json'])).json as { id: string };
    expect(rawOnes(rawFiles(a, 'memory'))).toEqual(before);
    ok(await runCli(a, ['update', stored.id, '--content', 'the second memory about pelicans, updated']));
    expect(rawOnes(rawFiles(a, 'memory'))).toEqual(before);
    ok(await runCli(a, ['delete', stored.id]));
    expect(rawOnes(rawFiles(a, 'memory'))).toEqual(before);
    // No file with U+FFFD in its name appeared in their place.
    expect([...rawFiles(a, 'memory').keys()].some((hex) => hex.includes('efbfbd'))).toBe(false);

    const list = ok(await runCli(a, ['list', '--json'])).json as { memories: Array<{ id: string; path?: string }>; total: number };
    expect(list.total).toBe(1);
    expect(JSON.stringify(list)).not.toMatch(/\\ud[c-f]|\ufffd/i);
    const found = ok(await runCli(a, ['search', 'walrus', '--json'])).json as { results: unknown[] };
    expect(found.results).toEqual([]);
    ok(await runCli(a, ['rebuild-index']));
    ok(await runCli(a, ['search', 'pelicans', '--json']));
    // Whole-branch reads skip them too, and say so; an export (a backup) names them and fails.
    const exported = await runCli(a, ['export']);
    expect(exported.code).not.toBe(0);
    expect(exported.stdout).toContain('pelicans');
    expect(exported.stdout).not.toMatch(/walrus|heron/);
    expect(exported.stderr).toMatch(/EXPORT_INCOMPLETE.*x\\xfe\.md.*x\\xff\.md/);
    ok(await runCli(a, ['stats', '--json']));
    ok(await runCli(a, ['recent', '--json']));
    ok(await runCli(a, ['history', list.memories[0].id, '--json']));
    ok(await runCli(a, ['prune', '--dry-run', '--json']));
    // A bulk import writes its trees in one step: the same names survive it.
    const jsonl = join(tempDir('gm-import-'), 'in.jsonl');
    writeFileSync(jsonl, JSON.stringify({ content: 'an imported memory about grebes' }) + '\n');
    ok(await runCli(a, ['import', jsonl, '--json']));
    expect(rawOnes(rawFiles(a, 'memory'))).toEqual(before);
  });

  it('a sync that replays and a fold keep them on the remote and in both clones; the folding clone lists neither', async () => {
    const { remote, clones } = setup(2);
    const [a, b] = clones;
    ok(await runCli(a, ['store', 'the first memory about pelicans']));
    addRawNames(a);
    ok(await runCli(a, ['sync', '--fold']));
    const before = rawOnes(rawFiles(remote, 'memory'));
    expect(before.every(Boolean)).toBe(true);

    ok(await runCli(b, ['sync']));
    expect(rawOnes(rawFiles(b, 'memory'))).toEqual(before);
    // a and b both write on the same tip: the later sync replays its commit on the other's tree.
    ok(await runCli(a, ['store', 'a memory from a about cormorants']));
    ok(await runCli(b, ['store', 'a memory from b about gannets']));
    ok(await runCli(a, ['sync']));
    ok(await runCli(b, ['sync']));
    ok(await runCli(a, ['sync', '--fold']));
    ok(await runCli(b, ['sync', '--fold']));
    for (const repo of [remote, a, b]) expect(rawOnes(rawFiles(repo, 'memory'))).toEqual(before);
    expect([...rawFiles(remote, 'memory').keys()].some((hex) => hex.includes('efbfbd'))).toBe(false);
    expect(git(remote, 'for-each-ref', 'refs/memory-pending/')).toBe('');

    const list = ok(await runCli(b, ['list', '--json'])).json as { total: number };
    expect(list.total).toBe(3);
    const found = ok(await runCli(b, ['search', 'walrus', '--json'])).json as { results: unknown[] };
    expect(found.results).toEqual([]);
  });
});

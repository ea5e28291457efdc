import { describe, expect, it } from 'vitest';
import { git } from '../helpers.js';
import { runCli } from '../run-cli.js';
import { ok, setup } from './fixtures.js';
import { countMemoryFiles, parseMemoryCount } from '../../src/sync/combine.js';
import { MemoryStore } from '../../src/store/store.js';

// A size claim that lies big (a hand commit, a fork, a bug) is carried on by every writer sharing
// history with the branch (count = the remote's claim + its own change); only a first write with no
// common history counts. Left alone, a claim of 5,000,000 on a small branch would send every default
// CI first write down the tree-less path for good, so a writer that holds the trees checks a claim
// that large, counting at most 100,000 files.
describe('size claim', { timeout: 120_000 }, () => {
  it('a writer that holds the trees corrects a claim that lies big', async () => {
    const { remote, clones } = setup(2);
    const [a, b] = clones;
    ok(await runCli(a, ['store', 'first memory', '--sync', '--json']));
    ok(await runCli(b, ['pull', '--json']));
    const hand = git(a, 'commit-tree', '-m', 'hand edit\n\nMemory-Count: 5000000', '-p', git(a, 'rev-parse', 'memory'), git(a, 'rev-parse', 'memory^{tree}'));
    git(a, 'push', '-q', 'origin', `${hand}:refs/heads/memory`);
    ok(await runCli(b, ['store', 'second memory', '--sync', '--json']));
    const files = git(remote, 'ls-tree', '-r', '--name-only', 'memory', 'memories/').split('\n').filter(Boolean).length;
    expect(files).toBe(2);
    expect(parseMemoryCount(git(remote, 'log', '-1', '--format=%B', 'memory'))).toBe(2);
    // The check's count stops at its cap.
    const s = new MemoryStore({ repo: b });
    try {
      const tree = s.git.readCommit(s.git.resolve('refs/heads/memory') as string).tree;
      expect([countMemoryFiles(s.git, tree), countMemoryFiles(s.git, tree, 1), countMemoryFiles(s.git, tree, 2)]).toEqual([2, 1, 2]);
    } finally {
      s.close();
    }
  });
});

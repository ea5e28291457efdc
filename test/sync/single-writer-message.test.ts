import { describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.js';
import { ok, pendingRefs, setup } from './fixtures.js';
import { describeSync } from '../../src/sync/format.js';

// A writer alone on the remote has nothing to fold and nothing to do: its sync says what it sent and
// nothing about pending refs, though a one-push writer leaves a copy of its commits in one (the next
// sync deletes it without replaying it).
describe('sync report of a single writer', { timeout: 120_000 }, () => {
  it('mentions no pending ref when the only one on the remote copies what the branch holds', async () => {
    const { remote, clones } = setup(1);
    const [a] = clones;
    for (const text of ['the first memory of a lone writer', 'the second memory of a lone writer']) {
      const r = ok(await runCli(a, ['store', text, '--sync']));
      expect(r.stdout + r.stderr).not.toMatch(/pending ref/);
      // The next sync deletes the copy: the JSON counts it (folded, and foldedCopies says it was a copy).
      const j = ok(await runCli(a, ['sync', '--json'])).json;
      expect(j).toMatchObject({ pendingRef: null, pendingRemote: 0, folded: 1, foldedCopies: 1 });
      expect(ok(await runCli(a, ['store', `${text}, again`, '--sync'])).stdout).not.toMatch(/pending ref/);
      const plain = ok(await runCli(a, ['sync']));
      expect(plain.stdout + plain.stderr).not.toMatch(/pending ref/);
    }
    expect(pendingRefs(remote).length).toBeLessThanOrEqual(1);
  });

  it('still mentions pending refs that hold commits the branch does not', () => {
    const base = { success: true, remote: 'origin', branch: 'memory', mode: 'pending', tip: null, remoteTip: null, pulled: false, pushed: false, created: false, received: 0, sent: 0, replayed: 0, conflicts: [], retries: 0, pending: 0, folded: 0, pendingRef: null, refused: [] } as const;
    expect(describeSync({ ...base, pendingRemote: 2, pendingCopies: 1 })).toMatch(/1 pending ref left on the remote/);
    expect(describeSync({ ...base, pendingRemote: 1, pendingCopies: 1 })).not.toMatch(/pending ref/);
  });
});

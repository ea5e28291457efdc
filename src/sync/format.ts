import type { SyncResult } from './sync.js';

const plural = (n: number, one: string, many = one + 's') => `${n} ${n === 1 ? one : many}`;

/** One human summary for `memory sync|pull|push` and for `--sync` on other commands. */
export function describeSync(r: SyncResult, verb = 'synced'): string {
  const parts: string[] = [];
  if (r.received) parts.push(`received ${plural(r.received, 'changed memory', 'changed memories')}`);
  else if (r.pulled) parts.push('pulled');
  if (r.pushed && r.pendingRef) parts.push(`sent ${plural(r.sent, 'commit')} to the pending ref ${r.pendingRef} (another writer moved the branch first; the next sync folds it in)`);
  else if (r.pushed) parts.push(`${r.created ? 'created the remote branch with' : 'sent'} ${plural(r.sent, 'commit')}`);
  // Deleting a copy of what the branch holds (a one-push writer's own) is housekeeping, not news.
  const folded = r.folded - (r.foldedCopies ?? 0);
  if (folded > 0) parts.push(`folded ${plural(folded, 'pending ref')} into the branch`);
  if (r.retries) parts.push(`after ${plural(r.retries, 'retry', 'retries')}`);
  const prep = verb === 'pulled' ? 'from' : verb === 'pushed' ? 'to' : 'with';
  let out = `${verb} ${r.branch} ${prep} ${r.remote}: ${parts.length ? parts.join(', ') : 'already up to date'}`;
  for (const c of r.conflicts) out += `\n  conflict ${c.id ?? c.path}: kept the ${c.kept} version (${c.kind}; ${c.reason}); the other stays in history`;
  // Refs that only copy what the branch holds need nothing from anyone: not mentioned.
  const waiting = (r.pendingRemote ?? 0) - (r.pendingCopies ?? 0);
  if (waiting > 0 && !r.pendingRef) out += `\n  ${plural(waiting, 'pending ref')} left on the remote (the next sync folds them; "memory sync --fold" now)`;
  else if (waiting > 1) out += `\n  ${plural(waiting, 'pending ref')} on the remote, this one included`;
  for (const x of r.refused ?? []) out += `\n  refused to fold ${x.ref}: ${x.code} (${x.reason} at "${x.path}"); it is left on the remote for a person to remove`;
  if (r.pending) out += `\n  ${plural(r.pending, 'commit')} stored during the sync stay local until the next sync`;
  return out;
}

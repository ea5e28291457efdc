import type { SyncResult } from './sync.js';

const plural = (n: number, one: string, many = one + 's') => `${n} ${n === 1 ? one : many}`;

/** One human summary for `memory sync|pull|push` and for `--sync` on other commands. */
export function describeSync(r: SyncResult, verb = 'synced'): string {
  const parts: string[] = [];
  if (r.received) parts.push(`received ${plural(r.received, 'changed memory', 'changed memories')}`);
  else if (r.pulled) parts.push('pulled');
  if (r.pushed) parts.push(`${r.created ? 'created the remote branch with' : 'sent'} ${plural(r.sent, 'commit')}`);
  if (r.retries) parts.push(`after ${plural(r.retries, 'retry', 'retries')}`);
  const prep = verb === 'pulled' ? 'from' : verb === 'pushed' ? 'to' : 'with';
  let out = `${verb} ${r.branch} ${prep} ${r.remote}: ${parts.length ? parts.join(', ') : 'already up to date'}`;
  for (const c of r.conflicts) out += `\n  conflict ${c.id ?? c.path}: kept the ${c.kept} version (${c.kind}; ${c.reason}); the other stays in history`;
  if (r.pending) out += `\n  ${plural(r.pending, 'commit')} stored during the sync stay local until the next sync`;
  return out;
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GitRepository } from '../git/repository.js';

/**
 * History questions answered in-process for the common case — linear first-parent chains, which is
 * all git-memory itself ever writes — saving a git spawn (tens of ms on a busy runner) inside the
 * window between fetch and push, where every millisecond widens the race with other writers.
 * `undefined` means "not sure" (a merge commit, a missing object, or a very long walk): the caller
 * then asks git. A shallow clone's boundary commits are roots here, as they are for git.
 */
const LIMIT = 20_000;

/**
 * The commits a shallow clone lists in `.git/shallow`: git treats them as roots (their parents were
 * not fetched), and so do these walks, so that a fresh CI clone's merge base (usually "unrelated": its
 * first store starts a new history) is answered here instead of by a `git merge-base` spawn, which
 * was a third process per writer in a burst.
 */
function shallowRoots(git: GitRepository): Set<string> {
  try {
    return new Set(readFileSync(join(git.location.commonDir, 'shallow'), 'utf8').split('\n').filter((l) => /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(l)));
  } catch {
    return new Set();
  }
}

function parents(git: GitRepository, oid: string, shallow: Set<string>): string[] | undefined {
  if (shallow.has(oid)) return [];
  try {
    return git.readCommit(oid).parents;
  } catch {
    return undefined;
  }
}

/** The merge base of two linear histories, null if they are unrelated, undefined if unsure. */
export function linearMergeBase(git: GitRepository, a: string, b: string): string | null | undefined {
  const shallow = shallowRoots(git);
  const seenA = new Set<string>();
  const seenB = new Set<string>();
  let x: string | null = a;
  let y: string | null = b;
  for (let i = 0; i < LIMIT && (x || y); i++) {
    if (x) {
      if (seenB.has(x)) return x;
      seenA.add(x);
      const p = parents(git, x, shallow);
      if (!p || p.length > 1) return undefined;
      x = p[0] ?? null;
    }
    if (y) {
      if (seenA.has(y)) return y;
      seenB.add(y);
      const p = parents(git, y, shallow);
      if (!p || p.length > 1) return undefined;
      y = p[0] ?? null;
    }
  }
  return x || y ? undefined : null;
}

/** Commits after `base` up to `tip`, oldest first, if the first-parent chain from `tip` reaches `base` (or the root, for a null base). */
export function linearChain(git: GitRepository, base: string | null, tip: string): string[] | undefined {
  const shallow = shallowRoots(git);
  const out: string[] = [];
  let cur: string | null = tip;
  while (cur && cur !== base) {
    if (out.length >= LIMIT) return undefined;
    out.push(cur);
    const p = parents(git, cur, shallow);
    if (!p || p.length > 1) return undefined;
    cur = p[0] ?? null;
  }
  if (base && cur !== base) return undefined;
  return out.reverse();
}

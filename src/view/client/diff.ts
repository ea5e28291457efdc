import { diffArrays } from 'diff';

/**
 * The line diff of the viewer's memory and core pages, bounded: Myers' algorithm costs about
 * (lines) x (changed lines), so two unrelated versions of 16,000 lines held the page's main thread for
 * a minute. The common first and last lines are taken off first (one edit in a long memory costs
 * nothing more), then jsdiff runs with `maxEditLength`: past {@link MAX_DIFF_EDITS} added plus removed
 * lines it gives up, and the page shows the start of both versions instead. The work up to that bound
 * still grows with the length (lines x bound: a change on every tenth line of 16,000), so
 * {@link DIFF_TIMEOUT_MS} caps it too; the count decides for two unrelated texts, whatever the machine.
 */
export const MAX_DIFF_EDITS = 1000;
/** At most this long on the page's main thread, then "too large" as well. */
export const DIFF_TIMEOUT_MS = 1000;
/** Lines of each version the page shows when the diff is too large. */
export const FALLBACK_LINES = 200;

export interface DiffPart {
  kind: 'add' | 'del' | 'same';
  lines: string[];
}
export type LineDiff = { parts: DiffPart[] } | { tooLarge: true };

/** Lines of `text` (a final newline ends the last line, it does not start an empty one). */
export function linesOf(text: string): string[] {
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export function lineDiff(a: string, b: string, maxEdits = MAX_DIFF_EDITS): LineDiff {
  const A = linesOf(a);
  const B = linesOf(b);
  let head = 0;
  while (head < A.length && head < B.length && A[head] === B[head]) head++;
  let tail = 0;
  while (tail < A.length - head && tail < B.length - head && A[A.length - 1 - tail] === B[B.length - 1 - tail]) tail++;
  const midA = A.slice(head, A.length - tail);
  const midB = B.slice(head, B.length - tail);
  const parts: DiffPart[] = [];
  if (head) parts.push({ kind: 'same', lines: A.slice(0, head) });
  if (midA.length && midB.length) {
    // Every line of one side differs from every line of the other at worst: edits <= midA + midB.
    const changes = midA.length + midB.length <= maxEdits ? diffArrays(midA, midB) : diffArrays(midA, midB, { maxEditLength: maxEdits, timeout: DIFF_TIMEOUT_MS });
    if (!changes) return { tooLarge: true };
    for (const c of changes) parts.push({ kind: c.added ? 'add' : c.removed ? 'del' : 'same', lines: c.value });
  } else if (midA.length) parts.push({ kind: 'del', lines: midA });
  else if (midB.length) parts.push({ kind: 'add', lines: midB });
  if (tail) parts.push({ kind: 'same', lines: A.slice(A.length - tail) });
  return { parts };
}

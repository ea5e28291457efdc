/** Typo suggestions for the names a surface accepts (CLI commands and options, Action inputs). */

/** The closest of `names` to `word` when it is close enough to be a typo (at most 2 edits, less for short words). */
export function closest(word: string, names: Iterable<string>): string | null {
  let best: [string, number] | null = null;
  for (const n of names) {
    const d = levenshtein(word, n);
    if (!best || d < best[1]) best = [n, d];
  }
  if (!best) return null;
  const limit = word.length <= 3 ? 1 : 2;
  return best[1] <= limit || (best[0].startsWith(word) && word.length >= 3) ? best[0] : null;
}

function levenshtein(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
  return d[a.length][b.length];
}

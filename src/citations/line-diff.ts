/**
 * A line diff for the check of citations: which line of the old file is which line of the new one.
 * Myers' O((N+M)D) algorithm after trimming the common head and tail (an edit is usually local), with
 * the edit distance capped at MAX_EDITS: past it the files are "too different to map", and the check
 * falls back to searching the cited text. Lines are compared as interned numbers.
 */

/** Past this many inserted + deleted lines (after the common head and tail), no mapping is made. */
export const MAX_EDITS = 2_000;

/**
 * For each old line (0-based index), the new line it matches (0-based), or -1 (deleted or changed).
 * Null when the files differ by more than MAX_EDITS lines.
 */
export function lineMapping(a: readonly string[], b: readonly string[]): Int32Array | null {
  const map = new Int32Array(a.length).fill(-1);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) {
    map[head] = head;
    head++;
  }
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) {
    map[a.length - 1 - tail] = b.length - 1 - tail;
    tail++;
  }
  const n = a.length - head - tail;
  const m = b.length - head - tail;
  if (n === 0 || m === 0) return map;
  // Intern the middle lines.
  const ids = new Map<string, number>();
  const A = new Int32Array(n);
  const B = new Int32Array(m);
  for (let i = 0; i < n; i++) {
    const s = a[head + i];
    let id = ids.get(s);
    if (id === undefined) ids.set(s, (id = ids.size));
    A[i] = id;
  }
  for (let j = 0; j < m; j++) {
    const s = b[head + j];
    let id = ids.get(s);
    if (id === undefined) ids.set(s, (id = ids.size));
    B[j] = id;
  }
  const max = Math.min(n + m, MAX_EDITS);
  const off = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice(off - d - 1, off + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[off + k - 1] < v[off + k + 1]) ? v[off + k + 1] : v[off + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && A[x] === B[y]) {
        x++;
        y++;
      }
      v[off + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
    if (found >= 0) break;
  }
  if (found < 0) return null;
  // Walk back through the saved frontiers, recording the diagonal (matching) runs.
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const prev = trace[d]; // the frontier before step d, indices k in [-(d), d] shifted by d+1... see push
    const at = (k: number) => prev[k + d + 1];
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const pk = down ? k + 1 : k - 1;
    const px = at(pk);
    const py = px - pk;
    const sx = down ? px : px + 1;
    // The snake from (sx, sx - k) to (x, y) is matching lines.
    while (x > sx && y > sx - k) {
      x--;
      y--;
      map[head + x] = head + y;
    }
    x = px;
    y = py;
  }
  while (x > 0 && y > 0) {
    x--;
    y--;
    map[head + x] = head + y;
  }
  return map;
}

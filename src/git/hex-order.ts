/**
 * Positions of `hexes` (lowercase hex strings: object ids, content hashes) in ascending order, equal
 * strings by position. A comparator sort of a million strings (or of Buffers) was seconds of an
 * import and of a full index build; this sorts plain numbers instead: the first 8 hex digits packed
 * with the position into one float (exact below 2^21 positions), then each run sharing those digits
 * (about 1 in 4,000 at a million) sorted by the whole string.
 */
export function orderByHex(hexes: readonly string[]): number[] {
  const n = hexes.length;
  const byString = (a: number, b: number) => (hexes[a] < hexes[b] ? -1 : hexes[a] > hexes[b] ? 1 : a - b);
  const SHIFT = 2 ** 21;
  if (n >= SHIFT) return Array.from(hexes.keys()).sort(byString);
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const head = parseInt(hexes[i].slice(0, 8), 16);
    // Not hex (a caller's bug or a hand-edited cache): the plain sort is still correct.
    if (!Number.isFinite(head)) return Array.from(hexes.keys()).sort(byString);
    keys[i] = head * SHIFT + i;
  }
  keys.sort();
  const order = Array.from(keys, (k) => k % SHIFT);
  for (let s = 0; s < n; ) {
    const head = Math.floor(keys[s] / SHIFT);
    let e = s + 1;
    while (e < n && Math.floor(keys[e] / SHIFT) === head) e++;
    if (e - s > 1) {
      const run = order.slice(s, e).sort(byString);
      for (let k = s; k < e; k++) order[k] = run[k - s];
    }
    s = e;
  }
  return order;
}

import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);

// src/git/hex-order.ts
function orderByHex(hexes) {
  const n = hexes.length;
  const byString = (a, b) => hexes[a] < hexes[b] ? -1 : hexes[a] > hexes[b] ? 1 : a - b;
  const SHIFT = 2 ** 21;
  if (n >= SHIFT) return Array.from(hexes.keys()).sort(byString);
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const head = parseInt(hexes[i].slice(0, 8), 16);
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

export {
  orderByHex
};

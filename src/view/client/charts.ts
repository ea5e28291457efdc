/// <reference lib="dom" />
/**
 * The stats page's plots as plain SVG built with `s` (./dom.ts): bars (per day, or horizontal per
 * name), cumulative lines per category, and a gauge against a cap. No chart library: the page stays
 * one small offline bundle, and every label is a text node. Each plot carries `data-points` (how many
 * marks it drew), which the browser tests read.
 */
import { h, s } from './dom.js';

const COLORS = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7'];
export function barChart(id: string, data: Array<[string, number]>, opts: { horizontal?: boolean } = {}): HTMLElement {
  const W = 640;
  const max = Math.max(1, ...data.map((d) => d[1]));
  if (opts.horizontal) {
    const H = data.length * 22 + 10;
    const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, width: W, height: H, class: 'plot', id, 'data-points': data.length },
      data.map(([k, v], i) => [s('rect', { x: 200, y: i * 22 + 4, width: Math.max(1, ((W - 260) * v) / max), height: 16, fill: COLORS[0] }, s('title', {}, `${k}: ${v}`)), s('text', { x: 195, y: i * 22 + 16, 'text-anchor': 'end' }, k.slice(0, 30)), s('text', { x: 205 + ((W - 260) * v) / max, y: i * 22 + 16 }, v)]));
    return h('figure', {}, svg as unknown as HTMLElement);
  }
  const H = 180;
  const bw = (W - 40) / Math.max(1, data.length);
  const svg = s('svg', { viewBox: `0 0 ${W} ${H + 20}`, width: W, height: H + 20, class: 'plot', id, 'data-points': data.length },
    data.map(([k, v], i) => s('rect', { x: 30 + i * bw, y: H - (H * v) / max, width: Math.max(1, bw - 1), height: (H * v) / max, fill: COLORS[0] }, s('title', {}, `${k}: ${v}`))),
    s('text', { x: 30, y: H + 15 }, data[0]?.[0] ?? ''), s('text', { x: W - 10, y: H + 15, 'text-anchor': 'end' }, data[data.length - 1]?.[0] ?? ''), s('text', { x: 0, y: 12 }, max));
  return h('figure', {}, svg as unknown as HTMLElement);
}
export function lineChart(id: string, months: string[], series: Array<{ category: string; counts: number[] }>): HTMLElement {
  const W = 640;
  const H = 200;
  const cum = series.map((x) => ({ name: x.category, v: x.counts.reduce<number[]>((acc, n) => (acc.push((acc[acc.length - 1] ?? 0) + n), acc), []) }));
  const max = Math.max(1, ...cum.flatMap((c) => c.v));
  // One month is one point a category: a line of one point draws nothing, so points get a dot (centred).
  const X = (i: number) => (months.length > 1 ? 30 + ((W - 140) * i) / (months.length - 1) : (W - 110) / 2);
  const Y = (v: number) => H - (H - 10) * (v / max);
  const dots = months.length === 1;
  const svg = s('svg', { viewBox: `0 0 ${W} ${H + 20}`, width: W, height: H + 20, class: 'plot', id, 'data-points': months.length * cum.length },
    cum.map((c, k) => [
      dots ? c.v.map((v, i) => s('circle', { cx: X(i), cy: Y(v), r: 4, fill: COLORS[k % COLORS.length] }, s('title', {}, `${c.name}: ${v}`))) : s('polyline', { points: c.v.map((v, i) => `${X(i)},${Y(v)}`).join(' '), fill: 'none', stroke: COLORS[k % COLORS.length], 'stroke-width': 2 }),
      s('text', { x: W - 105, y: 14 + k * 14, fill: COLORS[k % COLORS.length] }, `${c.name.slice(0, 14)} ${c.v[c.v.length - 1] ?? 0}`),
    ]),
    s('text', { x: 30, y: H + 15 }, months[0] ?? ''), s('text', { x: W - 110, y: H + 15, 'text-anchor': 'end' }, months[months.length - 1] ?? ''), s('text', { x: 0, y: 12 }, max));
  return h('figure', {}, svg as unknown as HTMLElement);
}
export function gauge(id: string, label: string, value: number, cap: number): HTMLElement {
  const W = 640;
  const frac = cap > 0 ? Math.min(1, value / cap) : 0;
  return h('figure', {}, s('svg', { viewBox: `0 0 ${W} 30`, width: W, height: 30, class: 'plot gauge', id, 'data-points': 1 }, s('rect', { x: 0, y: 5, width: W - 200, height: 18, fill: '#ddd' }), s('rect', { x: 0, y: 5, width: (W - 200) * frac, height: 18, fill: frac > 0.9 ? COLORS[2] : COLORS[4] }), s('text', { x: W - 195, y: 19 }, `${label}: ${value} / ${cap}`)) as unknown as HTMLElement);
}

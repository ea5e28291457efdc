/// <reference lib="dom" />
/**
 * How the viewer's page makes its elements: `h` (HTML) and `s` (SVG) build an element from a tag,
 * attributes and children, and every string child becomes a text node, never markup. Memory text is
 * hostile input; these helpers are why a page can put any stored string on screen: nothing here sets
 * innerHTML, and a link the page makes itself is an in-page route (`#...`) or nothing.
 */
export type Child = Node | string | number | null | undefined | false | Child[];
export function h(tag: string, attrs: Record<string, unknown> = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v as EventListener);
    else if (k === 'href') el.setAttribute('href', safeHref(String(v)));
    else el.setAttribute(k, String(v));
  }
  append(el, children);
  return el;
}
export function append(el: Node, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.appendChild(typeof c === 'object' ? c : document.createTextNode(String(c)));
  }
}
/** Links the page makes itself: only in-page routes. */
function safeHref(v: string): string {
  return v.startsWith('#') ? v : '#';
}
const SVG = 'http://www.w3.org/2000/svg';
export function s(tag: string, attrs: Record<string, string | number> = {}, ...children: Child[]): SVGElement {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  append(el, children);
  return el;
}

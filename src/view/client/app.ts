/// <reference lib="dom" />
/**
 * The viewer's page (bundled by scripts/build-view.mjs into app.js; nothing is fetched from elsewhere).
 * This file is its shell and the bundle's entry: the header, the navigation, and the page for the
 * route in the URL's fragment. The pages are pages.ts, their data data.ts (the live server's API or
 * the export's files), elements dom.ts, Markdown markdown.ts, plots charts.ts.
 * Memory text is hostile input: every string goes into the page as a text node (the `h` helper never
 * sets innerHTML), except rendered Markdown, which markdown-it produces with raw HTML disabled and
 * images off, and DOMPurify then reduces to a short list of tags with only href/title attributes and
 * http(s)/mailto links. The Content-Security-Policy (server header, or the export's meta tag) is the
 * second wall: no inline script, no style attribute, nothing from another origin.
 */
import { h } from './dom.js';
import { api, STATIC, Superseded } from './data.js';
import { link, onRerender, pageCompare, pageCore, pageHealth, pageLog, pageMemories, pageMemory, pageStats, parseHash, short } from './pages.js';

const app = document.getElementById('app') as HTMLElement;

// ---------- shell ----------
const NAV: Array<[string, string]> = [['memories', 'Memories'], ['log', 'Time travel'], ['stats', 'Stats'], ['health', 'Health'], ['core', 'Core']];

let renderSeq = 0;
async function render(keepFocus = false): Promise<void> {
  const { route, params } = parseHash();
  const mine = ++renderSeq;
  document.body.dataset.busy = '1';
  // The header's branch in parallel with the page's data: one round trip less before the first row.
  const branchP = api('branch').catch(() => null);
  let page: HTMLElement;
  try {
    page =
      route === 'memory' ? await pageMemory(params)
      : route === 'log' ? await pageLog(params)
      : route === 'compare' ? await pageCompare(params)
      : route === 'stats' ? await pageStats()
      : route === 'health' ? await pageHealth()
      : route === 'core' ? await pageCore()
      : await pageMemories(params);
  } catch (err) {
    if (err instanceof Superseded) return;
    page = h('div', { class: 'error', id: 'error' }, `Could not load: ${(err as Error).message}`);
  }
  const branch = await branchP;
  // A newer render (the next keystroke, another click) owns the page now.
  if (mine !== renderSeq) return;
  const focused = keepFocus ? (document.activeElement as HTMLInputElement | null) : null;
  const caret = focused?.selectionStart ?? null;
  app.replaceChildren(
    h('header', {}, h('strong', {}, 'git-memory'), branch ? h('span', { class: 'branch' }, ` ${branch.branch} @ ${short(branch.tip)}`) : null, STATIC ? h('span', { class: 'badge' }, 'static export') : null,
      h('nav', {}, NAV.map(([r, name]) => h('a', { href: link(r), class: route === r || (r === 'log' && route === 'compare') ? 'current' : undefined }, name)))),
    h('main', { 'data-route': route }, page),
  );
  if (focused?.id) {
    const again = document.getElementById(focused.id) as HTMLInputElement | null;
    again?.focus();
    if (again && caret !== null) again.setSelectionRange(caret, caret);
  }
  document.body.dataset.ready = route;
  delete document.body.dataset.busy;
}

onRerender(render);
window.addEventListener('hashchange', () => void render());
void render();

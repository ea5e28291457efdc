import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cli, makeRepo } from '../helpers.js';
import { chromiumPath, NO_BROWSER, renderedAt, startViewer, type RunningViewer } from './browser.js';

/**
 * What a page shows, in chromium: a Markdown image is its text (no link, nothing loads); the versions
 * table keeps words whole in a narrow window; the plot of memories over time has visible points when
 * every memory is from one month; a diff shows the lines around a change, not every unchanged line.
 */
const CHROMIUM = chromiumPath();
if (!CHROMIUM) console.warn(NO_BROWSER);

describe.skipIf(!CHROMIUM)('viewer pages render what they promise', () => {
  let repo = '';
  let image = '';
  let long = '';
  let viewer: RunningViewer;
  let browser: Browser;
  let page: Page;
  const requests: string[] = [];

  beforeAll(async () => {
    repo = makeRepo({ commit: true });
    image = cli(repo, ['store', 'Look: ![tracking pixel](https://remote.example/pixel.png "t") end', '--category', 'facts', '--json']).json.id;
    const body = Array.from({ length: 40 }, (_, i) => `line ${i} of the deployment runbook`).join('\n');
    long = cli(repo, ['store', body, '--category', 'process', '--tags', 'runbook', '--json']).json.id;
    expect(cli(repo, ['update', long, '--content', body.replace('line 20 of', 'LINE 20 of')]).code).toBe(0);
    expect(cli(repo, ['update', long, '--tags', 'runbook,deployment-procedures,infrastructure-operations']).code).toBe(0);
    viewer = await startViewer(repo);
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM!, args: ['--no-sandbox'] });
    page = await (await browser.newContext({ viewport: { width: 760, height: 900 } })).newPage();
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(viewer.url);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await viewer?.stop();
  });

  const open = (hash: string, ready: string) => renderedAt(page, `${viewer.origin}/${hash}`, ready);

  it('a Markdown image shows as its text: no link, no image, nothing fetched', async () => {
    await open(`#/memory?id=${image}`, 'memory');
    const md = await page.$eval('.markdown', (el) => ({ text: el.textContent ?? '', links: el.querySelectorAll('a').length, imgs: el.querySelectorAll('img').length }));
    expect(md.text).toContain('![tracking pixel](https://remote.example/pixel.png "t")');
    expect(md.links).toBe(0);
    expect(md.imgs).toBe(0);
    expect(requests.filter((u) => u.includes('remote.example'))).toEqual([]);
  });

  it('the versions table breaks no word in a narrow window', async () => {
    await open(`#/memory?id=${long}`, 'memory');
    const split = await page.$$eval('#versions td, #versions th', (cells) => {
      const out: string[] = [];
      for (const cell of cells) {
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const t = n.textContent ?? '';
          for (const m of t.matchAll(/\S+/g)) {
            const r = document.createRange();
            r.setStart(n, m.index!);
            r.setEnd(n, m.index! + m[0].length);
            // One word on two lines has two boxes at different heights.
            const tops = new Set([...r.getClientRects()].map((b) => Math.round(b.top)));
            if (tops.size > 1) out.push(m[0]);
          }
        }
      }
      return out;
    });
    expect(split).toEqual([]);
  });

  it('a diff shows a few lines around the change and counts the others', async () => {
    await open('#/memories', 'memories');
    await open(`#/memory?id=${long}`, 'memory');
    expect(await page.textContent('#diff .del')).toContain('line 20 of');
    expect(await page.textContent('#diff .add')).toContain('LINE 20 of');
    expect(await page.$$eval('#diff .same', (l) => l.length)).toBe(6);
    // 20 lines before the change, 19 after: three of each shown next to it.
    expect(await page.textContent('#diff')).toContain('… 17 unchanged lines');
    expect(await page.textContent('#diff')).toContain('… 16 unchanged lines');
  });

  it('memories over time, all from one month: each category is a visible point', async () => {
    await open('#/stats', 'stats');
    const dots = await page.$$eval('#plot-months circle', (cs) => cs.map((c) => c.getBoundingClientRect().width));
    expect(dots.length).toBe(2);
    for (const w of dots) expect(w).toBeGreaterThan(0);
  });
});

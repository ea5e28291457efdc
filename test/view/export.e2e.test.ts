import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cli, makeRepo, tempDir } from '../helpers.js';
import { buildFixture, chromiumPath, NO_BROWSER, HOSTILE, refs, shotPath, type Fixture } from './browser.js';

/** `memory view --export DIR`: the same pages from file://, with the same checks as the served viewer. */
const CHROMIUM = chromiumPath();
if (!CHROMIUM) console.warn(NO_BROWSER);

describe('memory view --export', () => {
  it('refuses a directory holding other files (INVALID_INPUT), writing nothing', () => {
    const fx = { repo: makeRepo({ commit: true }) };
    const dir = tempDir('gm-export-');
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const r = cli(fx.repo, ['view', '--export', dir, '--json']);
    expect(r.code).toBe(2);
    expect(r.json.error.code).toBe('INVALID_INPUT');
    expect(readdirSync(dir)).toEqual(['notes.txt']);
  });
});

describe.skipIf(!CHROMIUM)('the static export in chromium from file://', () => {
  let fx: Fixture;
  let browser: Browser;
  let page: Page;
  let index = '';
  const foreign: string[] = [];
  const cspErrors: string[] = [];
  const dialogs: string[] = [];

  beforeAll(async () => {
    fx = await buildFixture();
    const before = refs(fx.repo);
    const dir = join(tempDir('gm-export-'), 'site');
    mkdirSync(dir);
    const r = cli(fx.repo, ['view', '--export', dir, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json.memories).toBe(3 + HOSTILE.length + 1);
    expect(refs(fx.repo)).toBe(before);
    index = pathToFileURL(join(dir, 'index.html')).href;
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM!, args: ['--no-sandbox'] });
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('request', (q) => {
      if (!q.url().startsWith('file://') && !q.url().startsWith('data:')) foreign.push(q.url());
    });
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) cspErrors.push(m.text());
    });
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  async function open(hash: string, ready: string): Promise<void> {
    // A change of the fragment alone re-renders in place: wait for this render, not the last one.
    await page.evaluate(() => delete document.body.dataset.ready).catch(() => {});
    await page.goto(`${index}${hash}`);
    await page.waitForSelector(`body[data-ready="${ready}"]`);
  }

  it('lists the memories with facets, and search narrows them', async () => {
    await open('#/memories', 'memories');
    const ids = await page.$$eval('#items li', (els) => els.map((e) => e.getAttribute('data-id')));
    expect(ids).toHaveLength(3 + HOSTILE.length);
    expect(ids).toContain(fx.ids[0]);
    expect(await page.textContent('[data-facet="state"]')).toMatch(/trash\s*1/);
    await page.fill('#q', 'staging');
    await page.waitForFunction(() => document.querySelectorAll('#items li').length === 1);
    expect(await page.getAttribute('#items li', 'data-id')).toBe(fx.ids[1]);
    await page.screenshot({ path: shotPath('export-memories') });
  });

  it('a memory shows its versions and a diff', async () => {
    await open(`#/memory?id=${fx.cacheId}`, 'memory');
    expect(await page.$$eval('#versions tr', (t) => t.length - 1)).toBe(3);
    expect(await page.textContent('#diff .del')).toContain('one hour');
    expect(await page.textContent('#diff .add')).toContain('two hours');
  });

  it('log, stats with plots, health and core pages load', async () => {
    await open('#/log', 'log');
    expect(await page.$$eval('#log tr[data-commit]', (r) => r.length)).toBeGreaterThan(10);
    await open('#/stats', 'stats');
    expect(await page.$$eval('#plot-tags rect', (r) => r.length)).toBeGreaterThanOrEqual(5);
    expect(Number(await page.getAttribute('#plot-days', 'data-points'))).toBeGreaterThan(0);
    await open('#/health', 'health');
    expect(await page.textContent('#dupids')).toContain('(0)');
    await open('#/core', 'core');
    expect(await page.textContent('.core-doc')).toContain('reviewed');
  });

  it('hostile memories never run and load nothing remote', async () => {
    for (const id of fx.hostileIds) {
      await open(`#/memory?id=${id}`, 'memory');
      const bad = await page.$eval('.markdown', (el) => el.querySelectorAll('script,img,svg,iframe,form,style,math,details').length + [...el.querySelectorAll('*')].filter((e) => [...e.attributes].some((a) => a.name.startsWith('on') || a.name === 'style')).length);
      expect(bad).toBe(0);
    }
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(foreign).toEqual([]);
    expect(cspErrors).toEqual([]);
  });
});

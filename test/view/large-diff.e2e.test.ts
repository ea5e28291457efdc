import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MemoryStore } from '../../src/store/store.js';
import { cli, git, makeRepo, tempDir } from '../helpers.js';
import { chromiumPath, NO_BROWSER, renderedAt, startViewer, type RunningViewer } from './browser.js';

/**
 * A memory updated from 16,000 lines to 16,000 other lines (hand-committed: past the content limit).
 * An unbounded line diff of the two held the page's main thread for about a minute; the page now
 * renders and says the diff is too large, showing the start of both versions, on the live viewer and in
 * the static export. A small change in the same long text is still a diff. The time is measured in
 * bench/view-diff.mjs, not here.
 */
const CHROMIUM = chromiumPath();
if (!CHROMIUM) console.warn(NO_BROWSER);

const LINES = 16_000;
const text = (word: string) => Array.from({ length: LINES }, (_, i) => `${word} line ${i} of a long hand-committed memory`).join('\n');

/** Rewrites memory `id`'s file with `content` (its front matter kept), as a hand edit on the branch. */
async function handEdit(repo: string, id: string, content: string): Promise<void> {
  const path = git(repo, 'ls-tree', '-r', '--name-only', 'memory').split('\n').find((p) => p.endsWith(`/${id}.md`))!;
  const front = git(repo, 'show', `memory:${path}`).split('\n---\n')[0];
  const m = new MemoryStore({ repo });
  try {
    await m.mutate(() => ({ change: { changes: new Map([[path, Buffer.from(`${front}\n---\n${content}\n`)]]), message: 'hand edit' }, result: {} }));
  } finally {
    m.close();
  }
}

describe.skipIf(!CHROMIUM)('a diff too large to compute', () => {
  let repo = '';
  let big = '';
  let near = '';
  let viewer: RunningViewer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    repo = makeRepo({ commit: true });
    big = cli(repo, ['store', 'big placeholder', '--json']).json.id;
    near = cli(repo, ['store', 'near placeholder', '--json']).json.id;
    await handEdit(repo, big, text('alpha'));
    await handEdit(repo, big, text('beta'));
    await handEdit(repo, near, text('gamma'));
    await handEdit(repo, near, text('gamma').replace('gamma line 8000 ', 'gamma LINE 8000 '));
    viewer = await startViewer(repo);
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM!, args: ['--no-sandbox'] });
    page = await browser.newPage();
    await page.goto(viewer.url);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await viewer?.stop();
  });

  const memoryPage = (url: string) => renderedAt(page, url, 'memory', 60_000);

  it('the live page renders and shows the start of both versions instead', async () => {
    await memoryPage(`${viewer.origin}/#/memory?id=${big}`);
    expect(await page.isVisible('#diff-too-large')).toBe(true);
    const shown = await page.textContent('.diff-too-large');
    expect(shown).toContain('alpha line 0 of');
    expect(shown).toContain('beta line 199 of');
    expect(shown).not.toContain('beta line 200 of');
    expect(shown).toContain(`${(LINES - 200).toLocaleString('en-US')} more lines`);
  }, 120_000);

  it('a one-line change in a long text is still a line diff', async () => {
    await memoryPage(`${viewer.origin}/#/memory?id=${near}`);
    expect(await page.isVisible('#diff-too-large')).toBe(false);
    expect(await page.textContent('#diff .del')).toContain('gamma line 8000 ');
    expect(await page.textContent('#diff .add')).toContain('gamma LINE 8000 ');
  }, 120_000);

  it('the static export renders the same fallback', async () => {
    const site = join(tempDir('gm-export-'), 'site');
    expect(cli(repo, ['view', '--export', site, '--json']).code).toBe(0);
    await memoryPage(`${pathToFileURL(join(site, 'index.html')).href}#/memory?id=${big}`);
    expect(await page.isVisible('#diff-too-large')).toBe(true);
  }, 120_000);
});

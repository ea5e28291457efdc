import { mkdirSync, rmSync, readdirSync, readFileSync, symlinkSync, writeFileSync, lstatSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDoor } from '../../src/api.js';
import { exportViewer } from '../../src/view/export.js';
import { makeRepo, tempDir } from '../helpers.js';
import { runCli } from '../run-cli.js';

/**
 * `memory view --export DIR` never writes through a link: DIR itself, a file in it, `data/` or a file
 * in `data/` being a symbolic link is refused (INVALID_INPUT) before anything is written, and the
 * link's target is left as it was.
 */
let repo = '';
let assets = '';
beforeAll(async () => {
  repo = makeRepo({ commit: true });
  expect((await runCli(repo, ['store', 'exported text', '--json'])).code).toBe(0);
  // The page files the export copies (their content does not matter here).
  assets = tempDir('gm-assets-');
  for (const f of ['index.html', 'app.js', 'app.css', 'worker.js']) writeFileSync(join(assets, f), f === 'index.html' ? '<html lang="en"><meta charset="utf-8"></html>' : `/* ${f} */`);
});

function victim(): { dir: string; file: string } {
  const dir = tempDir('gm-victim-');
  const file = join(dir, 'victim.txt');
  writeFileSync(file, 'precious\n');
  return { dir, file };
}

async function refused(dir: string) {
  const r = await runCli(repo, ['view', '--export', dir, '--json']);
  expect(r.code).toBe(2);
  expect(r.json.error.code).toBe('INVALID_INPUT');
}

describe('view --export refuses links in DIR and writes nothing', () => {
  it('a file link (DIR/index.html -> a file outside)', async () => {
    const v = victim();
    const dir = tempDir('gm-export-');
    symlinkSync(v.file, join(dir, 'index.html'));
    await refused(dir);
    expect(readFileSync(v.file, 'utf8')).toBe('precious\n');
    expect(readdirSync(dir)).toEqual(['index.html']);
    expect(lstatSync(join(dir, 'index.html')).isSymbolicLink()).toBe(true);
  });

  it('a directory link (DIR/data -> a directory outside)', async () => {
    const v = victim();
    const dir = tempDir('gm-export-');
    symlinkSync(v.dir, join(dir, 'data'));
    await refused(dir);
    expect(readdirSync(v.dir)).toEqual(['victim.txt']);
    expect(readdirSync(dir)).toEqual(['data']);
  });

  it('DIR itself a link (to an empty directory elsewhere)', async () => {
    const target = tempDir('gm-elsewhere-');
    const dir = join(tempDir('gm-export-'), 'site');
    symlinkSync(target, dir);
    await refused(dir);
    expect(readdirSync(target)).toEqual([]);
  });

  it('a link in a subfolder of an earlier export (DIR/data/mb-0.js -> a file outside)', async () => {
    const v = victim();
    const dir = tempDir('gm-export-');
    await exportViewer(openDoor({ repo }), dir, { assets });
    rmSync(join(dir, 'data', 'mb-0.js'));
    symlinkSync(v.file, join(dir, 'data', 'mb-0.js'));
    await refused(dir);
    expect(readFileSync(v.file, 'utf8')).toBe('precious\n');
  });

  it('a dangling link (DIR/app.js -> a path that does not exist yet)', async () => {
    const v = victim();
    const dir = tempDir('gm-export-');
    symlinkSync(join(v.dir, 'new.txt'), join(dir, 'app.js'));
    await refused(dir);
    expect(readdirSync(v.dir)).toEqual(['victim.txt']);
  });

  it('something that is not a directory where data/ goes, or a directory where a page file goes', async () => {
    const a = tempDir('gm-export-');
    writeFileSync(join(a, 'data'), 'x');
    await refused(a);
    const b = tempDir('gm-export-');
    mkdirSync(join(b, 'app.js'));
    await refused(b);
  });
});

describe('view --export writes into an empty, missing or earlier-export DIR', () => {
  it('exports into a missing directory, then again over that export', async () => {
    const dir = join(tempDir('gm-export-'), 'site');
    const first = await exportViewer(openDoor({ repo }), dir, { assets });
    expect(first.memories).toBe(1);
    const again = await exportViewer(openDoor({ repo }), dir, { assets });
    expect(again.memories).toBe(1);
    expect(readdirSync(dir).sort()).toEqual(['app.css', 'app.js', 'data', 'index.html', 'worker.js']);
    expect(readdirSync(join(dir, 'data')).every((f) => /^[a-z]+(-[0-9]+)?\.js$/.test(f))).toBe(true);
  });
});

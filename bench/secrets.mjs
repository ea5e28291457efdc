// The secret scan on 64 KiB of text: prose-like text (the common case: nothing found) and text dense
// with assignments and look-alikes (commit SHAs, UUIDs, "token =" prose). Goal: < 1 ms per 64 KiB.
// Baseline in the same run: one pass of a trivial regex (/\n/g) over the same text.
//
//   node bench/secrets.mjs
import { privateBuild } from './lib.mjs';

const lib = privateBuild().lib; // already a file: URL

{
  const { scanText } = await import(lib);
  const make = (words) => {
    let s = '';
    for (let i = 0; s.length < 65536; i++) s += words[(i * 7919) % words.length] + (i % 13 ? ' ' : '\n');
    return s.slice(0, 65536);
  };
  const prose = make('The deploy pipeline runs on every push to main and caches dependencies between jobs so that builds stay fast; the API rate limit is 100 requests per minute per token'.split(' '));
  const dense = make('password: token = api_key= secret: commit 3f2a9c1d4e5b6a7f8091a2b3c4d5e6f708192a3b uuid 123e4567-e89b-12d3-a456-426614174000 https://example.com/a?b=c eyJ AKIA ghp_ sk- xoxb- key: value'.split(' '));
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const time = (fn, n = 300) => {
    for (let i = 0; i < 50; i++) fn();
    const xs = [];
    for (let r = 0; r < 7; r++) {
      const t = performance.now();
      for (let i = 0; i < n; i++) fn();
      xs.push((performance.now() - t) / n);
    }
    return median(xs);
  };
  const nl = /\n/g;
  for (const [name, text] of [['prose', prose], ['dense look-alikes', dense]]) {
    const base = time(() => {
      nl.lastIndex = 0;
      while (nl.exec(text));
    });
    const scan = time(() => scanText(text));
    console.log(`${name} 64 KiB: scan ${(scan * 1000).toFixed(0)} µs (${(scan / base).toFixed(1)}x a /\\n/g pass of ${(base * 1000).toFixed(0)} µs), findings ${scanText(text).length}`);
  }
}

// The corpus figures (docs/security.md): credential shapes caught, look-alikes flagged.
{
  const { scanText } = await import(lib);
  const { SECRETS, LOOK_ALIKES } = await import('../test/hardening/secret-corpus.mjs');
  const caught = SECRETS.filter(([kind, s]) => scanText(`context: ${s} and after`).some((f) => f.kind === kind)).length;
  const flagged = LOOK_ALIKES.filter((s) => scanText(s).length > 0).length;
  const kinds = new Set(SECRETS.map(([k]) => k)).size;
  console.log(`corpus: ${caught} of ${SECRETS.length} credential shapes caught (${kinds} kinds); ${flagged} of ${LOOK_ALIKES.length} look-alikes flagged`);
}

// `--against REV`: the same scans with src/model/secrets.ts as it was at REV (bundled with esbuild from
// `git show`), interleaved with the current rules in this run, so the ratio is free of machine noise.
//
//   node bench/secrets.mjs --against 9d7da23
{
  const at = process.argv.indexOf('--against');
  if (at > 0) {
    const rev = process.argv[at + 1];
    const { execFileSync } = await import('node:child_process');
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const { pathToFileURL } = await import('node:url');
    const { root } = await import('./lib.mjs');
    const esbuild = await import('esbuild');
    const dir = mkdtempSync(join(tmpdir(), 'gm-bench-secrets-'));
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
    // The scanner has been in src/lifecycle/, src/core/ and src/model/: take it from where it is at each revision.
    const bundle = async ([contents, folder], name) => {
      const outfile = join(dir, `${name}.mjs`);
      await esbuild.build({ stdin: { contents, resolveDir: join(root, 'src', folder), loader: 'ts', sourcefile: 'secrets.ts' }, bundle: true, format: 'esm', platform: 'node', outfile, logLevel: 'error' });
      return import(pathToFileURL(outfile).href);
    };
    const show = (r) => {
      for (const folder of ['model', 'core', 'lifecycle']) {
        try {
          return [execFileSync('git', ['show', `${r}:src/${folder}/secrets.ts`], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }), folder];
        } catch {}
      }
      throw new Error(`no secrets.ts at ${r}`);
    };
    const { readFileSync } = await import('node:fs');
    const before = await bundle(show(rev), 'before');
    const now = await bundle([readFileSync(join(root, 'src', 'model', 'secrets.ts'), 'utf8'), 'model'], 'now');
    const make = (words) => {
      let s = '';
      for (let i = 0; s.length < 65536; i++) s += words[(i * 7919) % words.length] + (i % 13 ? ' ' : '\n');
      return s.slice(0, 65536);
    };
    const texts = [
      ['prose', make('The deploy pipeline runs on every push to main and caches dependencies between jobs so that builds stay fast; the API rate limit is 100 requests per minute per token'.split(' '))],
      ['dense look-alikes', make('password: token = api_key= secret: commit 3f2a9c1d4e5b6a7f8091a2b3c4d5e6f708192a3b uuid 123e4567-e89b-12d3-a456-426614174000 https://example.com/a?b=c eyJ AKIA ghp_ sk- xoxb- key: value curl -u a whsec_ sk_test_ ---- BEGIN PuTTY'.split(' '))],
    ];
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    for (const [name, text] of texts) {
      const a = [];
      const b = [];
      for (let r = 0; r < 15; r++) {
        let t = performance.now();
        for (let i = 0; i < 40; i++) before.scanText(text);
        a.push((performance.now() - t) / 40);
        t = performance.now();
        for (let i = 0; i < 40; i++) now.scanText(text);
        b.push((performance.now() - t) / 40);
      }
      console.log(`${name} 64 KiB vs ${rev}: ${(median(a) * 1000).toFixed(0)} µs -> ${(median(b) * 1000).toFixed(0)} µs (${(median(b) / median(a)).toFixed(2)}x)`);
    }
  }
}

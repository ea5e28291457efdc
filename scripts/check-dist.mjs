// Fails when the committed action bundle (dist/action/) is not what the sources build to. A runner
// executes dist/action/index.js as committed, so a stale bundle ships old behaviour silently.
//
//   node scripts/check-dist.mjs
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAction } from './build-action.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const committed = join(root, 'dist', 'action');

function files(dir) {
  const out = new Map();
  const walk = (d) => {
    let names;
    try {
      names = readdirSync(d).sort();
    } catch {
      return;
    }
    for (const n of names) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else out.set(relative(dir, p).split('\\').join('/'), readFileSync(p));
    }
  };
  walk(dir);
  return out;
}

const tmp = mkdtempSync(join(tmpdir(), 'gm-check-dist-'));
try {
  await buildAction(tmp);
  const want = files(tmp);
  const have = files(committed);
  const problems = [];
  for (const [name, bytes] of want) {
    const cur = have.get(name);
    if (!cur) problems.push(`missing   dist/action/${name}`);
    else if (!cur.equals(bytes)) problems.push(`differs   dist/action/${name}`);
  }
  for (const name of have.keys()) if (!want.has(name)) problems.push(`extra     dist/action/${name} (no longer built)`);
  if (problems.length) {
    process.stderr.write(
      `check-dist: the committed action bundle is stale — it does not match what the sources build to:\n  ${problems.join('\n  ')}\n\n` +
        `To fix: run "npm run build" (or "node scripts/build-action.mjs"), then commit dist/action/:\n` +
        `  git add dist/action && git commit -m "Rebuild the action bundle"\n` +
        `(The build is deterministic: same sources and package-lock.json give the same bytes; a difference after a rebuild\n` +
        ` on a clean checkout means a different esbuild or dependency version — run "npm ci" first.)\n`,
    );
    process.exitCode = 1;
  } else {
    process.stdout.write(`check-dist: dist/action is up to date (${want.size} files)\n`);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

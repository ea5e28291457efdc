import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Builds dist once per test run into a private folder (parallel runs never share one). It sits under
 * node_modules/ so the library bundle, which keeps its dependencies external, resolves them.
 */
export default function setup() {
  const base = join(process.cwd(), 'node_modules', '.cache', 'git-memory-test');
  mkdirSync(base, { recursive: true });
  const out = mkdtempSync(join(base, 'build-'));
  execFileSync(process.execPath, ['scripts/build.mjs', out], { stdio: 'inherit' });
  process.env.GIT_MEMORY_TEST_CLI = join(out, 'cli.cjs');
  return () => rmSync(out, { recursive: true, force: true });
}

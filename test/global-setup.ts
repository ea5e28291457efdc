import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Builds the CLI bundle once per test run into a private folder, so parallel runs never share one. */
export default function setup() {
  const out = mkdtempSync(join(tmpdir(), 'gm-build-'));
  execFileSync(process.execPath, ['scripts/build.mjs', out], { stdio: 'inherit' });
  process.env.GIT_MEMORY_TEST_CLI = join(out, 'cli.js');
  return () => rmSync(out, { recursive: true, force: true });
}

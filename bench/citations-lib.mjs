import { spawnSync } from 'node:child_process';
// Shared by the citation benchmarks: bundles the citations layer (creation and the check) with
// esbuild into node_modules/.cache (never dist/), so the scripts call the engine itself.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export async function loadEngine() {
  const out = join(root, 'node_modules', '.cache', 'git-memory-bench', `citations-engine-${process.pid}.mjs`);
  mkdirSync(dirname(out), { recursive: true });
  await build({
    stdin: {
      contents: `export { resolveCitations } from './src/citations/create.ts';
export { checkCitations } from './src/citations/verify.ts';
export { GitRepository } from './src/git/repository.ts';`,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: out,
    logLevel: 'error',
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  return import(pathToFileURL(out).href);
}

export { rng } from './search-lib.mjs';

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The environment the citation benches run the CLI and git in: no user or system config, no helper. */
export function cliEnv() {
  const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@b', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@b', MEMORY_BRANCH: '', MEMORY_DAEMON: 'off' };
  delete env.GITHUB_ACTIONS;
  return env;
}

/** One `node ARGS` in CWD, timed (ms, wall), its stdout; throws on a non-zero exit. */
export function timeNode(args, cwd, env) {
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { cwd, env, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed: ${r.stderr || r.stdout}`);
  return { ms, out: r.stdout };
}

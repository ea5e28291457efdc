#!/usr/bin/env node
// Releases git-memory (the npm package and the GitHub Action) as version X.Y.Z:
//
//   node scripts/release.mjs 1.2.3 [--push] [--remote origin] [--dry-run] [--repo DIR] [--build "CMD"]
//
// 1. checks: X.Y.Z is a version, the work tree is clean, tag vX.Y.Z does not exist yet;
// 2. sets package.json's version, turns CHANGELOG.md's "## [Unreleased]" into "## [X.Y.Z] - date"
//    (a fresh Unreleased section above it);
// 3. builds dist/ (`node scripts/build.mjs`: the CLI, the library and the committed action bundle
//    dist/action/, which runners execute as committed), and commits it all as "Release vX.Y.Z";
// 4. tags the commit vX.Y.Z (annotated, never moved) and moves the major tag vX to it — unless a
//    higher vX.* release exists already (a patch of an older minor never drags vX backwards);
// 5. with --push: pushes the branch, vX.Y.Z, and vX (forced: it is a moving tag);
// 6. packs the npm package of that commit (`npm pack`, whose prepack builds the declarations) as
//    dist/release/git-memory-X.Y.Z.tgz (--out DIR elsewhere): attach it to the GitHub release. Until
//    the package is on the npm registry, that tarball is how users install the CLI
//    (`npm install -g <its release URL>`, README.md); test/package/package.test.ts installs one.
//
// Then, once the package is published, `npm publish` publishes the same commit. Users pin the action by the commit
// SHA the script prints (docs/action.md).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

function fail(message) {
  process.stderr.write(`release: ${message}\n`);
  process.exit(1);
}

const argv = process.argv.slice(2);
const opt = (name) => {
  const i = argv.indexOf(name);
  if (i < 0) return undefined;
  const v = argv[i + 1];
  if (v === undefined || v.startsWith('--')) fail(`${name} needs a value`);
  argv.splice(i, 2);
  return v;
};
const flag = (name) => {
  const i = argv.indexOf(name);
  if (i >= 0) argv.splice(i, 1);
  return i >= 0;
};
const repo = resolve(opt('--repo') ?? process.cwd());
const remote = opt('--remote') ?? 'origin';
const buildCmd = opt('--build') ?? 'node scripts/build.mjs';
const outDir = resolve(repo, opt('--out') ?? join('dist', 'release'));
const push = flag('--push');
const dryRun = flag('--dry-run');
if (argv.length !== 1 || argv[0].startsWith('-')) fail('usage: node scripts/release.mjs X.Y.Z [--push] [--remote R] [--dry-run] [--repo DIR] [--build CMD] [--out DIR]');
const version = argv[0].replace(/^v/, '');
const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
if (!m) fail(`"${argv[0]}" is not a version X.Y.Z`);
const [major, minor, patch] = m.slice(1).map(Number);
const tag = `v${version}`;
const majorTag = `v${major}`;

const git = (...args) => execFileSync('git', args, { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
const tryGit = (...args) => {
  try {
    return git(...args);
  } catch {
    return null;
  }
};

if (tryGit('rev-parse', '--is-inside-work-tree') !== 'true') fail(`${repo} is not a git work tree`);
if (git('status', '--porcelain', '--untracked-files=normal')) fail('the work tree has uncommitted changes: commit or stash them first');
if (tryGit('rev-parse', '-q', '--verify', `refs/tags/${tag}`)) fail(`tag ${tag} exists already`);
const branch = tryGit('symbolic-ref', '--short', '-q', 'HEAD');
if (!branch) fail('HEAD is detached: release from a branch');

// Does a higher release of the same major exist? Then vX stays where it is.
const cmp = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
const higher = git('tag', '--list', `v${major}.*.*`)
  .split('\n')
  .map((t) => /^v(\d+)\.(\d+)\.(\d+)$/.exec(t))
  .filter(Boolean)
  .map((x) => x.slice(1).map(Number))
  .filter((v) => cmp(v, [major, minor, patch]) > 0);
const moveMajor = higher.length === 0;

const plan = [
  `package.json version → ${version}; CHANGELOG.md [Unreleased] → [${version}]`,
  `build: ${buildCmd}`,
  `commit "Release ${tag}" on ${branch} (with dist/action/)`,
  `tag ${tag}`,
  moveMajor ? `move ${majorTag} to ${tag}` : `leave ${majorTag} (v${higher.map((v) => v.join('.')).sort().pop()} is newer)`,
  push ? `push ${branch}, ${tag}${moveMajor ? ` and ${majorTag} (forced)` : ''} to ${remote}` : 'no push (add --push)',
  `pack the npm package as ${outDir}/git-memory-${version}.tgz`,
];
if (dryRun) {
  process.stdout.write(`release ${tag} (dry run, nothing changed):\n${plan.map((p) => `  - ${p}`).join('\n')}\n`);
  process.exit(0);
}

const pkgPath = join(repo, 'package.json');
const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'));
pkg.version = version;
writeFileSync(pkgPath, JSON.stringify(pkg, null, 2) + '\n');
const lockPath = join(repo, 'package-lock.json');
if (existsSync(lockPath)) {
  const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
  lock.version = version;
  if (lock.packages?.['']) lock.packages[''].version = version;
  writeFileSync(lockPath, JSON.stringify(lock, null, 2) + '\n');
}
const changelogPath = join(repo, 'CHANGELOG.md');
if (existsSync(changelogPath)) {
  const text = readFileSync(changelogPath, 'utf8');
  if (!text.includes('## [Unreleased]')) fail('CHANGELOG.md has no "## [Unreleased]" section to release');
  const date = new Date().toISOString().slice(0, 10);
  writeFileSync(changelogPath, text.replace('## [Unreleased]', `## [Unreleased]\n\n## [${version}] - ${date}`));
}

// The build after the version change: bundles embed package.json's version (`memory --version`).
try {
  execFileSync('sh', ['-c', buildCmd], { cwd: repo, stdio: ['ignore', 'inherit', 'inherit'] });
  if (!existsSync(join(repo, 'dist', 'action', 'index.js'))) throw new Error('the build made no dist/action/index.js');
} catch (err) {
  tryGit('checkout', '--', 'package.json', ...(existsSync(lockPath) ? ['package-lock.json'] : []), ...(existsSync(changelogPath) ? ['CHANGELOG.md'] : []));
  fail(`build failed (${err.message.split('\n')[0]}); package.json and CHANGELOG.md restored, nothing committed`);
}

git('add', '-f', 'dist/action', 'package.json', ...(existsSync(lockPath) ? ['package-lock.json'] : []), ...(existsSync(changelogPath) ? ['CHANGELOG.md'] : []));
git('commit', '-q', '-m', `Release ${tag}`);
const sha = git('rev-parse', 'HEAD');
git('tag', '-a', tag, '-m', `git-memory ${tag}`);
if (moveMajor) git('tag', '-f', '-a', majorTag, '-m', `git-memory ${majorTag} (${tag})`, sha);
if (push) {
  git('push', '-q', remote, `refs/heads/${branch}:refs/heads/${branch}`, `refs/tags/${tag}:refs/tags/${tag}`);
  if (moveMajor) git('push', '-q', '-f', remote, `refs/tags/${majorTag}:refs/tags/${majorTag}`);
}

// The tarball of the release commit: what users install until the package is on the registry.
let tarball;
try {
  mkdirSync(outDir, { recursive: true });
  const packed = execFileSync('npm', ['pack', '--json', '--pack-destination', outDir], { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  tarball = join(outDir, JSON.parse(packed.slice(packed.indexOf('[')))[0].filename);
} catch (err) {
  fail(`released ${tag} at ${sha}, but npm pack failed (${err.message.split('\n')[0]}): run "npm pack" from that commit`);
}

process.stdout.write(
  `released ${tag} at ${sha}${moveMajor ? `; ${majorTag} → ${tag}` : `; ${majorTag} unchanged`}${push ? `; pushed to ${remote}` : ' (not pushed: git push --follow-tags, and git push -f ' + remote + ' ' + majorTag + ')'}\n` +
    `pin it:  uses: <owner>/git-memory@${sha} # ${tag}\n` +
    `tarball: ${tarball}\n` +
    `attach it to the GitHub release ${tag} (users: npm install -g <its download URL>); once published: npm publish\n`,
);

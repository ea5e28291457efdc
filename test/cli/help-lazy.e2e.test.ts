import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, gitEnv, makeRepo, tempDir } from '../helpers.js';

// The help formatter (src/cli/help.ts) is loaded on use: only `--help` (or `memory` alone) needs it,
// every other start (a command, a usage error) never formats help. The built CLI is run with a
// preload that lists, at exit, the files Node loaded; the help text's own heading must be in none
// of them unless help was asked for.
describe('the CLI loads its help formatter only for help', () => {
  const preload = join(tempDir('gm-loaded-'), 'loaded.cjs');
  writeFileSync(preload, "process.on('exit', () => require('node:fs').writeSync(2, '\\nLOADED ' + JSON.stringify(Object.keys(require.cache)) + '\\n'));\n");
  const run = (args: string[]) => {
    const r = spawnSync(process.execPath, ['-r', preload, CLI(), ...args], { cwd: makeRepo({ commit: true }), env: gitEnv, encoding: 'utf8' });
    const loaded = JSON.parse(/\nLOADED (.*)\n$/.exec(r.stderr)![1]) as string[];
    const withHelp = loaded.filter((f) => f.endsWith('.cjs') && readFileSync(f, 'utf8').includes('Global options:'));
    return { status: r.status, stdout: r.stdout, withHelp };
  };

  it('a command and a usage error load no help code; --help does, and prints it', () => {
    const get = run(['get', 'mem_00000000000000000', '--json']);
    expect(get.status).not.toBe(0); // not found: an error, still no help
    expect(get.withHelp).toEqual([]);
    const usage = run(['store', 'x', '--bogus']);
    expect(usage.status).toBe(2);
    expect(usage.withHelp).toEqual([]);
    const help = run(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Global options:');
    expect(help.withHelp).toHaveLength(1);
    const sub = run(['store', '--help']);
    expect(sub.stdout).toContain('Examples:');
  });
});

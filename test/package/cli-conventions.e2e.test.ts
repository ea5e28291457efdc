// CLI conventions: help with no command, "did you mean" for options, --tag everywhere tags are,
// colour switches, script-friendly piped output, one JSON shape per command, completion and the man
// page generated from the command definitions.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandTree } from '../../src/cli/args.js';
import { program } from '../../src/cli/main.js';
import { useColor } from '../../src/cli/output.js';
import { CLI, cli, gitEnv, makeRepo, tempDir } from '../helpers.js';

const ESC = '\x1b[';

describe('output for people and for scripts', () => {

  it('on a terminal, rows still fit the window', () => {
    const repo = makeRepo();
    cli(repo, ['store', 'x'.repeat(400)]);
    const cmd = `COLUMNS=80 ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI())} list`;
    const r = spawnSync('script', ['-qec', cmd, '/dev/null'], { cwd: repo, env: { ...gitEnv, NO_COLOR: '1' }, encoding: 'utf8' });
    expect(r.status).toBe(0);
    const row = r.stdout.split(/\r?\n/).find((l) => l.includes('xxxx'))!;
    expect(row.length).toBeLessThanOrEqual(100);
    expect(row).toContain('…');
  });
});

describe('generated from the command definitions', () => {
  it('the man page documents every command and option', () => {
    const dist = dirname(CLI());
    expect(readdirSync(join(dist, 'man')).sort()).toEqual(['git-memory.1', 'memory.1']);
    const page = readFileSync(join(dist, 'man', 'git-memory.1'), 'utf8');
    expect(page).toMatch(/^\.TH GIT\\-MEMORY 1/);
    for (const c of commandTree(program)) {
      expect(page).toContain(`.SS git memory ${c.usage.replace(/-/g, '\\-')}`);
      for (const o of c.options) expect(page).toContain(`\\fB\\-\\-${o.name.replace(/-/g, '\\-')}\\fR`);
    }
    const r = spawnSync('man', ['-l', join(dist, 'man', 'git-memory.1')], { encoding: 'utf8', env: { ...process.env, MANPAGER: 'cat', PAGER: 'cat', MANWIDTH: '100' } });
    if (r.error) return; // no man(1) on this machine: the roff itself was checked above
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('git memory search');
  });
});

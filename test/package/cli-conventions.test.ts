// CLI conventions of #15: help with no command, "did you mean" for options, --tag everywhere tags are,
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

describe('help and mistakes', () => {
  it('memory with no command (or only global options) prints help and exits 0', () => {
    const repo = makeRepo();
    for (const args of [[], ['--json'], ['--repo', repo]]) {
      const r = cli(repo, args);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('Commands:');
      expect(r.stdout).toContain('memory completion <shell>');
    }
  });

  it('suggests the option a typo meant, like it does for commands, with code INVALID_INPUT and exit 2', () => {
    const repo = makeRepo();
    const cases: Array<[string[], string]> = [
      [['store', 'x', '--tagz', 'a'], '--tags'],
      [['list', '--limt', '3'], '--limit'],
      [['search', 'x', '--mdoe', 'fulltext'], '--mode'],
      [['prune', '--dry-rn'], '--dry-run'],
      [['store', 'x', '--no-auto-tg'], '--no-auto-tag'],
    ];
    for (const [args, meant] of cases) {
      const r = cli(repo, args);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`did you mean "${meant}"`);
      const j = cli(repo, [...args, '--json']);
      expect(j.json.error.code).toBe('INVALID_INPUT');
    }
    expect(cli(repo, ['list', '--zzzzzzzz']).stderr).not.toContain('did you mean');
    // Nothing was written by the failed stores.
    expect(cli(repo, ['list', '--json']).json.total).toBe(0);
  });

  it('accepts --tag and --tags wherever a command takes tags', () => {
    const repo = makeRepo();
    const a = cli(repo, ['store', 'tagged with --tag', '--tag', 'alpha', '--json']).json;
    const b = cli(repo, ['store', 'tagged with --tags', '--tags', 'beta,gamma', '--json']).json;
    expect(a.success && b.success).toBe(true);
    expect(cli(repo, ['get', a.id, '--json']).json.memory.tags).toEqual(['alpha']);
    expect(cli(repo, ['update', a.id, '--tag', 'delta', '--json']).json.success).toBe(true);
    expect(cli(repo, ['get', a.id, '--json']).json.memory.tags).toEqual(['delta']);
    expect(cli(repo, ['list', '--tags', 'beta', '--json']).json.total).toBe(1);
    expect(cli(repo, ['search', '--tag', 'gamma', '--json']).json.total).toBe(1);
    expect(cli(repo, ['delete', '--tags', 'delta', '--json']).json).toMatchObject({ success: true, ids: [a.id], count: 1 });
  });
});

describe('output for people and for scripts', () => {
  it('colours by NO_COLOR / FORCE_COLOR / terminal', () => {
    const tty = { isTTY: true } as NodeJS.WriteStream;
    const pipe = { isTTY: false } as NodeJS.WriteStream;
    expect(useColor(tty, {})).toBe(true);
    expect(useColor(pipe, {})).toBe(false);
    expect(useColor(tty, { NO_COLOR: '1' })).toBe(false);
    expect(useColor(pipe, { FORCE_COLOR: '1' })).toBe(true);
    expect(useColor(pipe, { FORCE_COLOR: '' })).toBe(true);
    expect(useColor(tty, { FORCE_COLOR: '0' })).toBe(false);
    expect(useColor(pipe, { FORCE_COLOR: '1', NO_COLOR: '1' })).toBe(false);
    expect(useColor(tty, { TERM: 'dumb' })).toBe(false);

    const repo = makeRepo();
    cli(repo, ['store', 'colour test', '--tag', 'c']);
    expect(cli(repo, ['list']).stdout).not.toContain(ESC);
    expect(cli(repo, ['list'], { env: { FORCE_COLOR: '1' } }).stdout).toContain(ESC);
    expect(cli(repo, ['list'], { env: { FORCE_COLOR: '1', NO_COLOR: '1' } }).stdout).not.toContain(ESC);
  });

  it('piped, list and search give whole rows on stdout only; counts and the mode go to stderr', () => {
    const repo = makeRepo();
    const long = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ') + ' deployment checklist end';
    cli(repo, ['store', long, '--tags', 'one,two,three,four,five,six']);
    for (const args of [['search', 'deployment'], ['list']]) {
      const r = cli(repo, args, { env: { COLUMNS: '60' } });
      expect(r.code).toBe(0);
      expect(r.stdout.trim().split('\n')).toHaveLength(1);
      expect(r.stdout).toContain(long);
      expect(r.stdout).toContain('one,two,three,four,five,six');
      expect(r.stdout).not.toContain('of 1');
      expect(r.stderr).toContain('1 of 1');
    }
    expect(cli(repo, ['search', 'deployment']).stderr).toMatch(/1 of 1 · fulltext search/);
    // No match: nothing on stdout, the count on stderr.
    const none = cli(repo, ['search', 'zzzqqq']);
    expect(none.stdout).toBe('');
    expect(none.stderr).toContain('0 of 0');
  });

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

describe('progress', () => {
  it('prune reports progress on stderr (lines on a pipe), never with --json, and stdout stays the result', () => {
    const repo = makeRepo();
    for (let i = 0; i < 3; i++) cli(repo, ['store', `memory ${i}`]);
    const env = { MEMORY_PROGRESS_INTERVAL_MS: '0' };
    const r = cli(repo, ['prune', '--dry-run'], { env });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/git-memory: checking 3\/3 memories/);
    expect(r.stdout).not.toContain('git-memory:');
    const w = cli(repo, ['prune'], { env });
    expect(w.stderr).toMatch(/git-memory: pruning 3\/3 memories/);
    const j = cli(repo, ['prune', '--json'], { env });
    expect(j.stderr).toBe('');
    expect(j.json).toMatchObject({ success: true, dryRun: false });
  });
});

describe('JSON shapes', () => {
  it('delete <id> and delete --tag have the same keys; export -o --json has no internal fields', () => {
    const repo = makeRepo();
    const a = cli(repo, ['store', 'first', '--tag', 'x', '--json']).json.id;
    const b = cli(repo, ['store', 'second', '--tag', 'y', '--json']).json.id;
    cli(repo, ['store', 'third', '--tag', 'y']);
    const one = cli(repo, ['delete', a, '--json']).json;
    const many = cli(repo, ['delete', '--tag', 'y', '--json']).json;
    expect(Object.keys(one).sort()).toEqual(Object.keys(many).sort());
    expect(one).toMatchObject({ success: true, deleted: a, ids: [a], count: 1 });
    expect(many).toMatchObject({ success: true, deleted: 2, count: 2 });
    expect(many.ids).toContain(b);
    expect(typeof one.commit).toBe('string');

    cli(repo, ['store', 'kept']);
    const file = join(tempDir(), 'out.json');
    const r = cli(repo, ['export', '-o', file, '--json']);
    expect(r.json).toEqual({ success: true, exported: 1, format: 'json', file });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toHaveLength(1);
    // To stdout the data is the whole output.
    expect(JSON.parse(cli(repo, ['export', '--json']).stdout)).toHaveLength(1);
  });

  it('says "1 memory", not "1 memories"', () => {
    const repo = makeRepo();
    cli(repo, ['store', 'only one']);
    expect(cli(repo, ['rebuild-index']).stdout).toMatch(/indexed 1 memory\b/);
    expect(cli(repo, ['clear', '--confirm']).stdout).toContain('moved 1 memory to the trash');
  });

  it('labels a one-month stats sparkline once', () => {
    const repo = makeRepo();
    cli(repo, ['store', 'a']);
    cli(repo, ['store', 'b']);
    const line = cli(repo, ['stats']).stdout.split('\n').find((l) => l.startsWith('per month'))!;
    const month = new Date().toISOString().slice(0, 7);
    expect(line.split(month)).toHaveLength(2);
    expect(line).toMatch(/ 2$/);
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

  it('bash completion knows every command and each command\'s options', () => {
    const repo = makeRepo();
    const script = cli(repo, ['completion', 'bash']).stdout;
    const dir = tempDir();
    const file = join(dir, 'c.bash');
    writeFileSync(file, script);
    const complete = (words: string[]) =>
      spawnSync('bash', ['-c', `source ${JSON.stringify(file)}; COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _memory; echo "\${COMPREPLY[*]}"`], { encoding: 'utf8' }).stdout.trim().split(/\s+/).filter(Boolean);
    const tree = commandTree(program);
    expect(complete(['memory', '']).filter((w) => !w.startsWith('-')).sort()).toEqual(tree.map((c) => c.name).sort());
    for (const c of tree.filter((x) => !x.commands.length)) expect(complete(['memory', c.name, '--'])).toEqual(expect.arrayContaining(c.options.map((o) => `--${o.name}`)));
    expect(complete(['memory', '--repo', '/tmp', 'exp'])).toEqual(['export']);
    expect(complete(['memory', 'export', '--format', ''])).toEqual(['jsonl', 'json', 'markdown']);
    expect(complete(['memory', 'tools', '--format', ''])).toEqual(['openai', 'anthropic', 'mcp']);
    expect(complete(['memory', 'completion', '']).filter((w) => !w.startsWith('-'))).toEqual(['bash', 'zsh', 'fish']);
    expect(complete(['memory', 'trash', 'r'])).toEqual(['restore']);
    const bad = cli(repo, ['completion', 'powershell', '--json']);
    expect(bad.code).toBe(2);
    expect(bad.json.error.code).toBe('INVALID_INPUT');
  });

  it('zsh and fish scripts parse in their shells when installed', () => {
    const repo = makeRepo();
    for (const [shell, args] of [['zsh', ['-n']], ['fish', ['--no-execute']]] as const) {
      const script = cli(repo, ['completion', shell]).stdout;
      expect(script).toContain('memory');
      const r = spawnSync(shell, [...args], { input: script, encoding: 'utf8' });
      if (r.error) continue; // shell not installed here
      expect(r.status, r.stderr).toBe(0);
    }
  });
});

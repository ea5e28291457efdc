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
import { runCli } from '../run-cli.js';

const ESC = '\x1b[';

describe('help and mistakes', () => {
  it('memory with no command (or only global options) prints help and exits 0', async () => {
    const repo = makeRepo();
    for (const args of [[], ['--json'], ['--repo', repo]]) {
      const r = await runCli(repo, args);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('Commands:');
      expect(r.stdout).toContain('memory completion <shell>');
    }
  });

  it('suggests the option a typo meant, like it does for commands, with code INVALID_INPUT and exit 2', async () => {
    const repo = makeRepo();
    const cases: Array<[string[], string]> = [
      [['store', 'x', '--tagz', 'a'], '--tags'],
      [['list', '--limt', '3'], '--limit'],
      [['search', 'x', '--mdoe', 'fulltext'], '--mode'],
      [['prune', '--dry-rn'], '--dry-run'],
      [['store', 'x', '--no-auto-tg'], '--no-auto-tag'],
    ];
    for (const [args, meant] of cases) {
      const r = await runCli(repo, args);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`did you mean "${meant}"`);
      const j = await runCli(repo, [...args, '--json']);
      expect(j.json.error.code).toBe('INVALID_INPUT');
    }
    expect((await runCli(repo, ['list', '--zzzzzzzz'])).stderr).not.toContain('did you mean');
    // Nothing was written by the failed stores.
    expect((await runCli(repo, ['list', '--json'])).json.total).toBe(0);
  });

  it('accepts --tag and --tags wherever a command takes tags', async () => {
    const repo = makeRepo();
    const a = (await runCli(repo, ['store', 'tagged with --tag', '--tag', 'alpha', '--json'])).json;
    const b = (await runCli(repo, ['store', 'tagged with --tags', '--tags', 'beta,gamma', '--json'])).json;
    expect(a.success && b.success).toBe(true);
    expect((await runCli(repo, ['get', a.id, '--json'])).json.memory.tags).toEqual(['alpha']);
    expect((await runCli(repo, ['update', a.id, '--tag', 'delta', '--json'])).json.success).toBe(true);
    expect((await runCli(repo, ['get', a.id, '--json'])).json.memory.tags).toEqual(['delta']);
    expect((await runCli(repo, ['list', '--tags', 'beta', '--json'])).json.total).toBe(1);
    expect((await runCli(repo, ['search', '--tag', 'gamma', '--json'])).json.total).toBe(1);
    expect((await runCli(repo, ['delete', '--tags', 'delta', '--json'])).json).toMatchObject({ success: true, ids: [a.id], count: 1 });
  });
});

describe('output for people and for scripts', () => {
  it('colours by NO_COLOR / FORCE_COLOR / terminal', async () => {
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
    await runCli(repo, ['store', 'colour test', '--tag', 'c']);
    expect((await runCli(repo, ['list'])).stdout).not.toContain(ESC);
    expect((await runCli(repo, ['list'], { env: { FORCE_COLOR: '1' } })).stdout).toContain(ESC);
    expect((await runCli(repo, ['list'], { env: { FORCE_COLOR: '1', NO_COLOR: '1' } })).stdout).not.toContain(ESC);
  });

  it('piped, list and search give whole rows on stdout only; counts and the mode go to stderr', async () => {
    const repo = makeRepo();
    const long = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ') + ' deployment checklist end';
    await runCli(repo, ['store', long, '--tags', 'one,two,three,four,five,six']);
    for (const args of [['search', 'deployment'], ['list']]) {
      const r = await runCli(repo, args, { env: { COLUMNS: '60' } });
      expect(r.code).toBe(0);
      expect(r.stdout.trim().split('\n')).toHaveLength(1);
      expect(r.stdout).toContain(long);
      expect(r.stdout).toContain('one,two,three,four,five,six');
      expect(r.stdout).not.toContain('of 1');
      expect(r.stderr).toContain('1 of 1');
    }
    expect((await runCli(repo, ['search', 'deployment'])).stderr).toMatch(/1 of 1 · fulltext search/);
    // No match: nothing on stdout, the count on stderr.
    const none = await runCli(repo, ['search', 'zzzqqq']);
    expect(none.stdout).toBe('');
    expect(none.stderr).toContain('0 of 0');
  });
});

describe('progress', () => {
  it('prune reports progress on stderr (lines on a pipe), never with --json, and stdout stays the result', async () => {
    const repo = makeRepo();
    for (let i = 0; i < 3; i++) await runCli(repo, ['store', `memory ${i}`]);
    const env = { MEMORY_PROGRESS_INTERVAL_MS: '0' };
    const r = await runCli(repo, ['prune', '--dry-run'], { env });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/git-memory: checking 3\/3 memories/);
    expect(r.stdout).not.toContain('git-memory:');
    const w = await runCli(repo, ['prune'], { env });
    expect(w.stderr).toMatch(/git-memory: pruning 3\/3 memories/);
    const j = await runCli(repo, ['prune', '--json'], { env });
    expect(j.stderr).toBe('');
    expect(j.json).toMatchObject({ success: true, dryRun: false });
  });
});

describe('JSON shapes', () => {
  it('delete <id> and delete --tag have the same keys; export -o --json has no internal fields', async () => {
    const repo = makeRepo();
    const a = (await runCli(repo, ['store', 'first', '--tag', 'x', '--json'])).json.id;
    const b = (await runCli(repo, ['store', 'second', '--tag', 'y', '--json'])).json.id;
    await runCli(repo, ['store', 'third', '--tag', 'y']);
    const one = (await runCli(repo, ['delete', a, '--json'])).json;
    const many = (await runCli(repo, ['delete', '--tag', 'y', '--json'])).json;
    expect(Object.keys(one).sort()).toEqual(Object.keys(many).sort());
    expect(one).toMatchObject({ success: true, deleted: a, ids: [a], count: 1 });
    expect(many).toMatchObject({ success: true, deleted: 2, count: 2 });
    expect(many.ids).toContain(b);
    expect(typeof one.commit).toBe('string');

    await runCli(repo, ['store', 'kept']);
    const file = join(tempDir(), 'out.json');
    const r = await runCli(repo, ['export', '-o', file, '--json']);
    expect(r.json).toEqual({ success: true, exported: 1, format: 'json', file });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toHaveLength(1);
    // To stdout the data is the whole output.
    expect(JSON.parse((await runCli(repo, ['export', '--json'])).stdout)).toHaveLength(1);
  });

  it('says "1 memory", not "1 memories"', async () => {
    const repo = makeRepo();
    await runCli(repo, ['store', 'only one']);
    expect((await runCli(repo, ['rebuild-index'])).stdout).toMatch(/indexed 1 memory\b/);
    expect((await runCli(repo, ['clear', '--confirm'])).stdout).toContain('moved 1 memory to the trash');
  });

  it('labels a one-month stats sparkline once', async () => {
    const repo = makeRepo();
    await runCli(repo, ['store', 'a']);
    await runCli(repo, ['store', 'b']);
    const line = (await runCli(repo, ['stats'])).stdout.split('\n').find((l) => l.startsWith('per month'))!;
    const month = new Date().toISOString().slice(0, 7);
    expect(line.split(month)).toHaveLength(2);
    expect(line).toMatch(/ 2$/);
  });
});

describe('generated from the command definitions', () => {

  it('bash completion knows every command and each command\'s options', async () => {
    const repo = makeRepo();
    const script = (await runCli(repo, ['completion', 'bash'])).stdout;
    const dir = tempDir();
    const file = join(dir, 'c.bash');
    writeFileSync(file, script);
    // Every case in one bash that sources the script once, as an interactive shell does before the
    // user presses TAB many times (a bash a case cost a second each on a loaded machine).
    const completeAll = (cases: string[][]): string[][] => {
      const body = cases.map((words) => `COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; COMPREPLY=(); _memory; echo "\${COMPREPLY[*]}"`).join('\n');
      const r = spawnSync('bash', ['-c', `source ${JSON.stringify(file)}\n${body}`], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      const lines = r.stdout.split('\n').slice(0, -1);
      expect(lines).toHaveLength(cases.length);
      return lines.map((l) => l.trim().split(/\s+/).filter(Boolean));
    };
    const tree = commandTree(program);
    const leaves = tree.filter((x) => !x.commands.length);
    const fixed: Array<[string[], string[]]> = [
      [['memory', '--repo', '/tmp', 'exp'], ['export']],
      [['memory', 'export', '--format', ''], ['jsonl', 'json', 'markdown']],
      [['memory', 'tools', '--format', ''], ['openai', 'anthropic', 'mcp']],
      [['memory', 'trash', 'r'], ['restore']],
    ];
    const [top, completionArgs, ...rest] = completeAll([['memory', ''], ['memory', 'completion', ''], ...leaves.map((c) => ['memory', c.name, '--']), ...fixed.map(([w]) => w)]);
    expect(top.filter((w) => !w.startsWith('-')).sort()).toEqual(tree.map((c) => c.name).sort());
    expect(completionArgs.filter((w) => !w.startsWith('-'))).toEqual(['bash', 'zsh', 'fish']);
    leaves.forEach((c, i) => expect(rest[i], c.name).toEqual(expect.arrayContaining(c.options.map((o) => `--${o.name}`))));
    fixed.forEach(([words, want], i) => expect(rest[leaves.length + i], words.join(' ')).toEqual(want));
    const bad = await runCli(repo, ['completion', 'powershell', '--json']);
    expect(bad.code).toBe(2);
    expect(bad.json.error.code).toBe('INVALID_INPUT');
  });

  it('zsh and fish scripts parse in their shells when installed', async () => {
    const repo = makeRepo();
    for (const [shell, args] of [['zsh', ['-n']], ['fish', ['--no-execute']]] as const) {
      const script = (await runCli(repo, ['completion', shell])).stdout;
      expect(script).toContain('memory');
      const r = spawnSync(shell, [...args], { input: script, encoding: 'utf8' });
      if (r.error) continue; // shell not installed here
      expect(r.status, r.stderr).toBe(0);
    }
  });
});

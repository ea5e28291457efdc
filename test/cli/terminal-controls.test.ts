import { beforeAll, describe, expect, it } from 'vitest';
import { commitFiles, git, makeRepo } from '../helpers.js';
import { runCli } from '../run-cli.js';
import { terminalSafe } from '../../src/cli/output.js';

/**
 * Memory text is untrusted: an escape sequence in it (OSC 52 writes the clipboard, CSI 2J clears the
 * screen, C1 CSI 0x9b, BEL, DEL, a carriage return that overwrites the line, a bidi override) must not
 * reach the terminal through any command, piped or with colours forced on. The CLI's own colours
 * still do. `--json` stays JSON with the exact text.
 */
const HOSTILE = [
  'zebra',
  '\x1b]52;c;ZXZpbA==\x07', // OSC 52: set the clipboard
  '\x1b[2J\x1b[H', // clear the screen, cursor home
  '\x1b[5m\x1b[38;5;196mblink', // styles the CLI never writes
  '\x9b2J', // C1 CSI
  '\x07bell\x7fdel',
  'safe\roverwritten',
  '\u202eevil\u202c',
  '\x1bPdcs\x1b\\',
].join(' ');
const TAG = 'ok\x1b[2Jtag';
const CATEGORY = 'cat\x1b]52;c;eA==\x07';

/** The CLI's own styles (src/cli/output.ts `color`, progress lines). */
const OWN = /\x1b\[(?:1|2|22|31|33|36|39|2K)m?|\x1b\[2K/g;
/** Any control character a terminal acts on (newline and tab are text), and the bidi controls. */
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

let repo = '';
let id = '';
let other = '';
beforeAll(async () => {
  repo = makeRepo({ commit: true });
  // Every input refuses a category or a tag with a control character (INVALID_INPUT); a hand edit on
  // the branch is how one gets there, so the stored file's labels are rewritten in a commit of its own.
  expect((await runCli(repo, ['store', 'x', '--category', CATEGORY, '--json'])).json.error.code).toBe('INVALID_INPUT');
  expect((await runCli(repo, ['store', 'x', '--tags', TAG, '--json'])).json.error.code).toBe('INVALID_INPUT');
  const r = await runCli(repo, ['store', HOSTILE, '--tags', 'placeholdertag,plain', '--category', 'placeholder', '--json']);
  expect(r.code, r.stderr).toBe(0);
  id = r.json.id;
  const path = git(repo, 'ls-tree', '-r', '--name-only', 'memory').split('\n').find((p) => p.endsWith(`${id}.md`))!;
  const file = git(repo, 'show', `memory:${path}`);
  const edited = file.replace('category: placeholder', `category: ${JSON.stringify(CATEGORY)}`).replace('- placeholdertag', `- ${JSON.stringify(TAG)}`);
  expect(edited).not.toContain('placeholder');
  commitFiles(repo, [{ files: { [path]: edited } }], 'memory');
  other = (await runCli(repo, ['store', `${HOSTILE} second`, '--tags', 'plain', '--json'])).json.id;
  expect((await runCli(repo, ['update', other, '--content', `${HOSTILE} changed`])).code).toBe(0);
  expect((await runCli(repo, ['delete', other])).code).toBe(0);
  expect((await runCli(repo, ['core', 'set', `# Core\n${HOSTILE}`])).code).toBe(0);
}, 120_000);

const COMMANDS: Array<[string, () => string[]]> = [
  ['list', () => ['list']],
  ['search', () => ['search', 'zebra']],
  ['get', () => ['get', id]],
  ['recent', () => ['recent']],
  ['tagged', () => ['tagged', 'plain']],
  ['history', () => ['history', other]],
  ['trash', () => ['trash']],
  ['core view', () => ['core', 'view']],
  ['core history', () => ['core', 'history']],
  ['export --format markdown (stdout)', () => ['export', '--format', 'markdown']],
  ['stats', () => ['stats']],
  ['update (its answer)', () => ['update', id, '--priority', 'high']],
  ['a warning or error quoting the text', () => ['get', `mem_${'\x1b]52;c;eA==\x07'}`]],
];

describe('no control character from memory text reaches stdout or stderr', { timeout: 120_000 }, () => {
  for (const [name, args] of COMMANDS) {
    for (const [mode, env] of [
      ['piped', {}],
      ['colours forced on', { FORCE_COLOR: '1' }],
    ] as const) {
      it(`${name}, ${mode}`, async () => {
        const r = await runCli(repo, args(), { env });
        for (const out of [r.stdout, r.stderr]) {
          const rest = mode === 'piped' ? out : out.replace(OWN, '');
          expect(rest).not.toMatch(CONTROL);
        }
        if (name === 'get') expect(r.stdout).toContain('\\u001b]52;c;ZXZpbA==\\u0007');
      });
    }
  }

  it('the CLI\'s own colours still reach a terminal', async () => {
    const r = await runCli(repo, ['list'], { env: { FORCE_COLOR: '1' } });
    expect(r.stdout).toMatch(/\x1b\[1m/);
  });

  it('--json stays exact JSON: the text parses back unchanged', async () => {
    const r = await runCli(repo, ['get', id, '--json']);
    expect(r.stdout).not.toMatch(CONTROL);
    const m = r.json.memory ?? r.json;
    expect(m.content).toBe(HOSTILE);
    expect(m.tags).toContain(TAG.toLowerCase());
    expect(m.category).toBe(CATEGORY);
    const l = await runCli(repo, ['list', '--json']);
    expect(l.json.memories.find((m: { id: string }) => m.id === id).content).toBe(HOSTILE);
    // Import refuses the hand-edited category, so export leaves that memory out and names it; a memory
    // with the hostile text and a plain category is exported with the exact text.
    const e = await runCli(repo, ['export']);
    expect(e.code).toBe(1);
    expect(e.stderr).toContain('EXPORT_INCOMPLETE');
    expect(e.stdout + e.stderr).not.toMatch(CONTROL);
    const plainRepo = makeRepo({ commit: true });
    expect((await runCli(plainRepo, ['store', HOSTILE])).code).toBe(0);
    const pe = await runCli(plainRepo, ['export']);
    expect(pe.stdout).not.toMatch(CONTROL);
    expect(pe.stdout.trim().split('\n').map((line) => JSON.parse(line).content)).toContain(HOSTILE);
  });
});

describe('terminalSafe', () => {
  it('shows each control visibly, keeps newline and tab, and lets no text forge the CLI\'s own styles', () => {
    expect(terminalSafe('a\x1b[2Jb\n\tc\x9b\x7f')).toBe('a\\u001b[2Jb\n\tc\\u009b\\u007f');
    // A NUL plus a guessed tag is text, not a style.
    expect(terminalSafe('\u0000gm000000000000[31m')).toBe('\\u0000gm000000000000[31m');
  });
});

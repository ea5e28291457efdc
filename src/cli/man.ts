/**
 * The man page (roff), generated at build time from the command definitions (scripts/build.mjs writes
 * dist/man/git-memory.1 and memory.1; package.json `man` installs them). `git memory --help` runs
 * `man git-memory`, so without it git answers "No manual entry".
 */
import { commandTree, type CommandInfo } from './command.js';
import { program } from './main.js';

/** Text safe in roff: backslashes escaped, no line starting with a control character, hyphens literal. */
function esc(s: string): string {
  return s
    .replace(/\\/g, '\\e')
    .replace(/-/g, '\\-')
    .split('\n')
    .map((l) => (/^[.']/.test(l) ? '\\&' + l : l))
    .join('\n');
}

function optionLine(o: CommandInfo['options'][number]): string[] {
  const names = [o.name, ...o.aliases].map((n) => `\\fB${esc(n.length === 1 ? '-' + n : '--' + n)}\\fR`).join(', ');
  const arg = o.type === 'boolean' ? '' : ` \\fI${o.choices?.length ? esc(o.choices.join('|')) : o.type === 'number' ? 'N' : 'VALUE'}\\fR`;
  const extra = [o.array && !/repeat/i.test(o.describe) ? 'repeatable' : '', o.default !== undefined ? `default: ${JSON.stringify(o.default)}` : ''].filter(Boolean).join('; ');
  return ['.TP', names + arg, esc(o.describe + (extra ? ` (${extra})` : ''))];
}

function commandSection(c: CommandInfo, parent: string[], name: string): string[] {
  const out = ['.SS ' + esc([name, ...parent, c.usage].join(' ')), esc(c.describe)];
  if (c.aliases.length) out.push('.br', esc(`Also: ${c.aliases.join(', ')}.`));
  for (const p of c.positionals) if (p.describe) out.push('.TP', `\\fI${esc(p.name)}\\fR`, esc(p.describe + (p.choices?.length ? ` (${p.choices.join(', ')})` : '')));
  for (const o of c.options) out.push(...optionLine(o));
  if (c.examples.length) {
    out.push('.PP', 'Examples:', '.RS 4', '.nf');
    for (const [cmd, d] of c.examples) out.push(esc(cmd.replace(/\$0/g, name)) + (d ? `    # ${esc(d)}` : ''));
    out.push('.fi', '.RE');
  }
  for (const e of c.epilogs) out.push('.PP', esc(e));
  for (const sub of c.commands) out.push(...commandSection(sub, [...parent, c.name], name));
  return out;
}

/** The man page for the command called `name` ("git-memory" or "memory"). */
export function manPage(name: string, version: string): string {
  const tree = commandTree(program);
  const invoke = name === 'git-memory' ? 'git memory' : 'memory';
  const out = [
    `.TH ${name.toUpperCase().replace(/-/g, '\\-')} 1 "" "git-memory ${esc(version)}" "git-memory manual"`,
    '.SH NAME',
    `${esc(name)} \\- long\\-term memory for agents and CI jobs, kept as Markdown files on a git branch`,
    '.SH SYNOPSIS',
    `.B ${esc(invoke)}`,
    '\\fICOMMAND\\fR [\\fIOPTIONS\\fR]',
    '.br',
    `.B ${esc(invoke)}`,
    '[\\fB\\-\\-help\\fR | \\fB\\-\\-version\\fR]',
    '.SH DESCRIPTION',
    esc(
      'Memories are Markdown files with YAML front matter, committed to a dedicated branch (memory by default) of the repository you are in, without touching your checkout: ' +
        'no work tree, index or HEAD change. git gives versioning, history (git log memory), review and sharing; a full-text index rebuilt from the branch makes them searchable. ' +
        'The same commands run as "memory", "git-memory" and "git memory". With no command, help is printed. Every command accepts --json for machine-readable output on stdout.',
    ),
    '.SH COMMANDS',
    ...tree.flatMap((c) => commandSection(c, [], invoke)),
    '.SH GLOBAL OPTIONS',
    ...Object.entries(program.globals).flatMap(([n, s]) => optionLine({ name: n, aliases: [], type: s.type ?? 'string', array: !!s.array, describe: s.describe ?? '', choices: s.choices, default: s.default })),
    '.TP',
    '\\fB\\-h\\fR, \\fB\\-\\-help\\fR',
    'Show help (for a command: memory COMMAND \\-\\-help).',
    '.TP',
    '\\fB\\-v\\fR, \\fB\\-\\-version\\fR',
    'Show the version.',
    '.SH OUTPUT',
    esc(
      'Results go to stdout and nothing else does: counts, the search mode line, notes, warnings and progress go to stderr. ' +
        'On a terminal, lists are one row per memory cut to the width of the window; piped or redirected, every row carries the whole content on one line. ' +
        'Colour is used on a terminal only; NO_COLOR turns it off, FORCE_COLOR turns it on (FORCE_COLOR=0 off).',
    ),
    '.SH ENVIRONMENT',
    ...[
      ['MEMORY_BRANCH', 'The branch holding the memories (default: memory).'],
      ['MEMORY_AUTO_SYNC', 'Share through the remote automatically: 1|all (pull before reads, sync after writes), write, read.'],
      ['MEMORY_REMOTE', 'The remote used by sync (default: origin).'],
      ['MEMORY_EMBEDDER', 'The embedder for hybrid search; "none" for full-text only.'],
      ['MEMORY_PROGRESS', '0 turns progress reports off.'],
      ['NO_COLOR', 'Set (to anything but an empty string) to turn colour off.'],
      ['FORCE_COLOR', 'Colour even when stdout is not a terminal; 0 or false turns colour off.'],
    ].flatMap(([k, v]) => ['.TP', `\\fB${esc(k)}\\fR`, esc(v)]),
    '.SH EXIT STATUS',
    esc('0 success, 1 internal error, 2 bad input, 3 not found, 4 conflict or locked, 5 not a repository, 6 sync failed, 7 secret detected. With --json, errors are {"success": false, "error": {"code", "message"}} on stdout.'),
    '.SH FILES',
    esc('On the branch: memories/YYYY-MM/<bucket>/<id>.md, trash/, archive/, core/, vectors/, .memory/config.json. Caches: .git/git-memory/<branch>/.'),
    '.SH SEE ALSO',
    esc('git(1), git-log(1). The README and docs/ in the package: https://www.npmjs.com/package/git-memory'),
    '',
  ];
  return out.join('\n');
}

import { command } from '../command.js';
import { run, type GlobalArgs } from '../context.js';
import { color } from '../output.js';
import { citationLabel, shown } from '../../citations/model.js';
import type { VerifyResult } from '../../lifecycle/verify.js';

interface Args extends GlobalArgs {
  ref?: string;
  since?: string;
  fix?: boolean;
  strict?: boolean;
  id?: string[];
}

const STATE_COLOR: Record<string, (s: string) => string> = {
  valid: color.cyan,
  moved: color.yellow,
  changed: color.red,
  gone: color.red,
  invalid: color.red,
  unknown: color.dim,
};

function table(r: VerifyResult): string {
  const out: string[] = [];
  const head = r.since ? `memories whose cited lines change between ${shown(r.since.ref, 80)} (${r.since.commit.slice(0, 12)}) and ${shown(r.ref, 80)} (${r.commit.slice(0, 12)})` : `citations at ${shown(r.ref, 80)} (${r.commit.slice(0, 12)})`;
  out.push(color.bold(head));
  if (!r.memories.length) out.push(color.dim(r.since ? '  none' : '  no memory cites code (memory store TEXT --cite PATH:START-END)'));
  for (const m of r.memories) {
    for (const c of m.citations) {
      const label = c.path ? citationLabel(c) : '(unreadable citation)';
      let line = `${m.id}  ${(STATE_COLOR[c.state] ?? String)(c.state.padEnd(7))}  ${shown(label, 120)}`;
      if (c.at) line += `  -> ${shown(citationLabel({ path: c.at.path, lines: c.at.lines, whole: c.whole }), 120)}`;
      if (c.renamed) line += `  (file now ${shown(c.renamed, 120)})`;
      if (c.reason) line += color.dim(`  ${shown(c.reason, 160)}`);
      out.push(line);
      if (c.hunk) for (const h of c.hunk.split('\n').slice(0, 24)) out.push(color.dim('      ' + shown(h, 160)));
    }
  }
  const k = r.counts;
  out.push(`${k.citations} citation${k.citations === 1 ? '' : 's'} in ${k.memories} memor${k.memories === 1 ? 'y' : 'ies'}: ${k.valid} valid, ${k.moved} moved, ${k.changed} changed, ${k.gone} gone` + (k.invalid ? `, ${k.invalid} invalid` : '') + (k.unknown ? `, ${k.unknown} unknown` : ''));
  if (r.fixed) out.push(r.fixed.commit ? `re-anchored ${r.fixed.citations} moved citation${r.fixed.citations === 1 ? '' : 's'} in ${r.fixed.memories.length} memor${r.fixed.memories.length === 1 ? 'y' : 'ies'} (commit ${r.fixed.commit.slice(0, 12)})` : 'nothing to re-anchor');
  else if (k.moved && !r.since) out.push(color.dim('memory verify --fix re-anchors the moved ones'));
  return out.join('\n');
}

export const verifyCommand = command<Args>({
  command: 'verify',
  describe: "Check memories' code citations against a ref: valid, moved, changed or gone",
  builder: (y) =>
    y
      .option('ref', { type: 'string', describe: 'Ref or commit to check against (default: the checkout\'s HEAD)' })
      .option('since', { type: 'string', describe: 'Only memories whose cited lines change between this ref and --ref (pull requests)' })
      .option('fix', { type: 'boolean', describe: 'Re-anchor moved citations in one commit (memory text is never changed)' })
      .option('strict', { type: 'boolean', describe: 'Exit 1 when a citation is changed, gone or invalid (CI)' })
      .option('id', { type: 'string', array: true, describe: 'Only these memories (repeatable)' })
      .example('$0 verify', 'Every citation at HEAD')
      .example('$0 verify --ref origin/main --json', 'Against another ref, as JSON')
      .example('$0 verify --fix', 'Re-anchor the moved citations (one commit)')
      .example('$0 verify --since origin/main --strict', 'In a pull request: fail when the change invalidates a memory')
      .epilog('States: valid (same lines, same place), moved (found elsewhere: "at"), changed (file there, lines not: the hunk), gone (file deleted, no rename known), invalid (the citation on the branch does not parse), unknown (cannot be checked here: a reason). Exit 0 unless --strict. See docs/citations.md.'),
  handler: (argv) =>
    run(
      argv,
      async (m) => {
        const r = await m.verify({ ref: argv.ref, since: argv.since, fix: argv.fix, ids: argv.id });
        if (argv.strict && r.counts.changed + r.counts.gone + r.counts.invalid > 0) process.exitCode = 1;
        return r;
      },
      table,
    ),
});

import { command } from '../command.js';
import { run, type GlobalArgs } from '../context.js';
import { color, rowText } from '../output.js';
import { formatCount } from '../progress.js';
import type { MemoryVersion } from '../../ops/history.js';
import { excerpt } from '../../model/excerpt.js';

/**
 * A version's text: its content (whole when piped), or, when the content did not change (a tags-only
 * update), what did: `tags: a,b → a,c` rather than the same text as the row below.
 */
function whatChanged(v: MemoryVersion, older: MemoryVersion | undefined): string {
  const changed = v.changed ?? [];
  if (!older || changed.includes('content') || !changed.length) return rowText(v.content ?? '', 70);
  const parts = changed.map((f) => (f === 'tags' ? `tags: ${older.tags?.join(',') || '-'} → ${v.tags?.join(',') || '-'}` : `${f} changed`));
  return color.dim(`(${parts.join('; ')}; content unchanged)`);
}

interface Args extends GlobalArgs {
  id: string;
}

export const historyCommand = command<Args>({
  command: 'history <id>',
  describe: "Every version of a memory from git history, newest first (also after it was deleted or purged)",
  builder: (y) =>
    y
      .positional('id', { type: 'string', describe: 'Memory id' })
      .example('$0 history mem_0k2x9d1ab7q4ce3m', 'Versions, with the commit of each')
      .example('$0 get mem_0k2x9d1ab7q4ce3m --at 2', 'Then read one of them'),
  handler: (argv) =>
    run(
      argv,
      (m) => m.history(argv.id),
      (r) =>
        r.versions
          .map((v, i) => {
            const ver = v.version === null ? '  -' : `v${v.version}`.padStart(3);
            // A text cut to the answer's budget says so, and how to read it whole.
            const cut = v.contentBytes !== undefined ? color.dim(` [cut: ${formatCount(v.contentBytes)} bytes; whole: memory get ${r.id} --at ${v.commit.slice(0, 10)}]`) : '';
            return `${color.bold(ver)}  ${color.dim(v.timestamp.slice(0, 19).replace('T', ' '))}  ${v.commit.slice(0, 10)}  ${v.event.padEnd(8)}  ${v.content === null ? color.dim(v.unreadable !== undefined ? `(unreadable: ${excerpt(v.unreadable, 60)})` : '(gone; still in git history)') : whatChanged(v, r.versions[i + 1])}${cut}`;
          })
          .join('\n'),
    ),
});

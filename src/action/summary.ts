import type { Memory } from '../model/memory.js';

/**
 * Markdown for the job summary. Memory text comes from the branch, which anyone with push access
 * (or a hand edit) can write: it is escaped so it renders as text, never as markup, links or HTML.
 */
export function escapeCell(text: string, max = 200): string {
  let one = text.replace(/\s+/g, ' ').trim();
  if (one.length > max) one = one.slice(0, max - 1) + '…';
  return neutraliseLinks(
    one
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/([\\`*_{}\[\]()#+!~|-])/g, '\\$1'),
  );
}

const ZWSP = '\u200b';

/**
 * GitHub's Markdown turns bare URLs (`https://…`, `www.…`) and e-mail addresses into links even when
 * every markup character is escaped. A zero-width space after the scheme's colon, inside `www.` and
 * before `@` breaks each autolink pattern; the text still reads the same.
 */
export function neutraliseLinks(text: string): string {
  return text
    .replace(/([A-Za-z][A-Za-z0-9+.\\-]{0,30}):(?=\/\/|\\?\/)/g, `$1:${ZWSP}`)
    .replace(/\b(www)\./gi, `$1${ZWSP}.`)
    .replace(/@/g, `${ZWSP}@`);
}

const code = (s: string) => '`' + s.replace(/`/g, "'") + '`';

export function searchSummary(q: { query?: string; tags: string[]; category?: string; branch: string }, results: Array<Memory & { relevance?: number }>, total: number, nothingConfident?: string): string {
  const what = [q.query ? `“${escapeCell(q.query, 80)}”` : '', ...q.tags.map((t) => `#${escapeCell(t, 40)}`), q.category ? `category ${escapeCell(q.category, 40)}` : '']
    .filter(Boolean)
    .join(' ');
  const head = `### Memory search${what ? ': ' + what : ''}\n\n${results.length} of ${total} match${total === 1 ? '' : 'es'} on branch ${code(q.branch)}.${nothingConfident ? ` Nothing confident: ${escapeCell(nothingConfident, 200)}.` : ''}\n`;
  if (!results.length) return head;
  const rows = results.map((m, i) => {
    const rel = typeof m.relevance === 'number' ? m.relevance.toFixed(2) : '';
    const tags = m.tags.map((t) => escapeCell(t, 40)).join(', ');
    return `| ${i + 1} | ${rel} | ${escapeCell(m.content)} | ${tags} | ${escapeCell(m.category, 40)} | ${m.timestamp.slice(0, 10)} | ${code(m.id)} |`;
  });
  return `${head}\n| # | Relevance | Memory | Tags | Category | Date | Id |\n|--:|--:|---|---|---|---|---|\n${rows.join('\n')}\n`;
}

export function storeSummary(id: string, tags: string[], branch: string, pushedTo: string | null, duplicate = false): string {
  const t = tags.length ? ` (tags: ${tags.map((x) => escapeCell(x, 40)).join(', ')})` : '';
  if (duplicate) return `Memory ${code(id)} on branch ${code(branch)} already had this content: nothing new stored.\n`;
  return `Stored memory ${code(id)} on branch ${code(branch)}${t}${pushedTo ? `, pushed to ${code(pushedTo)}` : ', not pushed (sync: false)'}.\n`;
}

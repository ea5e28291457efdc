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

/** At most this many rows in the verify summary (GitHub keeps 1 MiB of summary per step). */
export const VERIFY_SUMMARY_ROWS = 200;
/** At most this many characters of one diff hunk in the summary. */
export const VERIFY_HUNK_CHARS = 4000;

/** Escapes text for HTML (a `<pre>` inside `<details>`): nothing in it becomes markup. */
function html(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

interface VerifiedForSummary {
  ref: string;
  commit: string;
  since?: { ref: string; commit: string };
  memories: Array<{ id: string; citations: Array<{ path: string; lines: [number, number]; state: string; at?: { path: string; lines: [number, number] }; hunk?: string; reason?: string; renamed?: string }> }>;
  counts: Record<string, number>;
}

/**
 * The verify job summary: counts, then one row per citation that is not `valid` (memory, citation,
 * state, where it is now or why, and a `changed` citation's diff hunk in a collapsible block). Paths,
 * reasons and hunks come from the branch and the code under review: escaped, bounded, rows capped.
 */
export function verifySummary(r: VerifiedForSummary, branch: string, sinceUnavailable?: { ref: string; reason: string }): string {
  const c = r.counts;
  const scope = r.since ? ` changed between ${code(r.since.commit.slice(0, 12))} and ${code(r.commit.slice(0, 12))}` : ` at ${code(r.commit.slice(0, 12))}`;
  const lines = [`### Memory citations${scope}`, ''];
  if (sinceUnavailable) lines.push(`> **Every citation checked:** the base ${escapeCell(sinceUnavailable.ref, 80)} could not be used (${escapeCell(sinceUnavailable.reason, 300)}).`, '');
  lines.push(`${c.memories} memor${c.memories === 1 ? 'y' : 'ies'} on branch ${code(branch)}, ${c.citations} citation${c.citations === 1 ? '' : 's'}: ${c.valid} valid, ${c.moved} moved, ${c.changed} changed, ${c.gone} gone, ${c.invalid} invalid, ${c.unknown} unknown.`, '');
  const rows: string[] = [];
  let more = 0;
  for (const m of r.memories) {
    for (const x of m.citations) {
      if (x.state === 'valid') continue;
      if (rows.length >= VERIFY_SUMMARY_ROWS) {
        more++;
        continue;
      }
      const cite = `${escapeCell(x.path, 160)}:${x.lines[0]}-${x.lines[1]}`;
      const where = x.at ? `now ${escapeCell(x.at.path, 160)}:${x.at.lines[0]}-${x.at.lines[1]}` : x.renamed ? `renamed to ${escapeCell(x.renamed, 160)}` : x.reason ? escapeCell(x.reason, 200) : '';
      let hunk = '';
      if (x.hunk) {
        const h = x.hunk.length > VERIFY_HUNK_CHARS ? x.hunk.slice(0, VERIFY_HUNK_CHARS) + '\n…' : x.hunk;
        // One table cell holds no newline: the <pre> carries them as &#10;.
        // A table cell is inline Markdown even around inline HTML: its markup characters become
        // character references, so `[x](javascript:…)`, emphasis or a bare URL stay text.
        const inert = neutraliseLinks(html(h)).replace(/[\\`*_{}\[\]()#+!~|-]/g, (ch) => `&#${ch.charCodeAt(0)};`);
        hunk = `<details><summary>diff</summary><pre>${inert.replace(/\r?\n/g, '&#10;')}</pre></details>`;
      }
      rows.push(`| ${code(m.id)} | ${cite} | **${x.state}** | ${where} | ${hunk} |`);
    }
  }
  if (!rows.length) {
    lines.push(r.since ? 'No cited lines change.' : 'Every citation is valid.');
    return lines.join('\n') + '\n';
  }
  lines.push('| Memory | Citation | State | Where / why | Change |', '|---|---|---|---|---|', ...rows);
  if (more) lines.push('', `${more} more not shown: the \`json\` output has them all.`);
  return lines.join('\n') + '\n';
}

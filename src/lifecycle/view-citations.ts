import type { BranchReader } from '../model/branch-view.js';
import { citeCommit } from '../citations/create.js';
import { MAX_CITED_FILE_BYTES, parseCitations, splitLines } from '../citations/model.js';
import { checkCitations, type CitationCheck } from '../citations/verify.js';
import { isRegularFile } from '../git/diff.js';

/** At most this many lines, and characters, of cited code on a memory's page. */
export const VIEW_CODE_LINES = 60;
export const VIEW_CODE_CHARS = 8 * 1024;

/** A citation as the viewer shows it: its state at the verified commit and the code there. */
export interface ViewCitation extends CitationCheck {
  /** The cited lines at the verified commit (where they are now when `moved`; at their old place when `changed`), bounded. */
  code?: { path: string; start: number; text: string; truncated?: true };
}

/** A memory's citations checked at the checkout's HEAD, or why they could not be. */
export type ViewCitations = { commit: string; items: ViewCitation[] } | { error: string };

/**
 * The citations in a memory's front matter (`extra.citations`), checked at `commit` (default the
 * checkout's HEAD), with a bounded excerpt of the code there. Undefined for a memory without
 * citations. Reads git objects only (citation paths are looked up in trees, never on disk); the page
 * renders every string as text.
 */
export function viewCitations(store: BranchReader, extra: Record<string, unknown> | undefined, commit?: string, checks?: CitationCheck[]): ViewCitations | undefined {
  if (!extra || extra.citations === undefined) return undefined;
  let at: string;
  try {
    at = commit ?? citeCommit(store.git);
  } catch {
    return { error: 'the checkout has no commit to verify at (HEAD is unborn or not here)' };
  }
  const got = checks ?? checkCitations(store.git, at, [{ key: 'm', citations: parseCitations(extra.citations) }]).checks.get('m') ?? [];
  const tree = store.git.readCommit(at).tree;
  return { commit: at, items: got.map((c) => ({ ...c, ...excerptOf(store, tree, c) })) };
}

function excerptOf(store: BranchReader, tree: string, c: CitationCheck): Pick<ViewCitation, 'code'> {
  if (c.state !== 'valid' && c.state !== 'moved' && c.state !== 'changed') return {};
  const path = c.at?.path ?? c.renamed ?? c.path;
  const [start, end] = c.at?.lines ?? c.lines;
  try {
    const e = store.git.entryAt(tree, path);
    if (!e || !isRegularFile(e.mode)) return {};
    const data = store.git.readBlob(e.oid);
    if (data.length > MAX_CITED_FILE_BYTES) return {};
    const lines = splitLines(data.toString('utf8'));
    const last = Math.min(end, lines.length, start + VIEW_CODE_LINES - 1);
    if (start < 1 || start > lines.length) return {};
    let text = lines.slice(start - 1, last).join('\n');
    let truncated = last < end;
    if (text.length > VIEW_CODE_CHARS) {
      text = text.slice(0, VIEW_CODE_CHARS);
      truncated = true;
    }
    return { code: { path, start, text, ...(truncated ? { truncated: true as const } : {}) } };
  } catch {
    return {};
  }
}

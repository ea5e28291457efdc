import { isUtf8 } from 'node:buffer';
import { lstatSync, realpathSync } from 'node:fs';
import { readBoundedFile } from '../model/bounds.js';
import { join, sep } from 'node:path';
import { CitationInvalidError, InvalidInputError, type NextStep } from '../errors.js';
import { MODE_GITLINK, MODE_SYMLINK, isRegularFile } from '../git/diff.js';
import type { BranchRepository } from '../model/branch-view.js';
import { isTreeMode } from '../git/tree.js';
import { MAX_CITATIONS, MAX_CITED_FILE_BYTES, anchorOf, citationLabel, normalizeCitePath, parseCiteSpec, rangeHash, splitLines, type Citation, type CiteSpec } from './model.js';

/** What a write is asked to cite: the specs, and the commit they are made at (default: HEAD). */
export interface CiteRequest {
  cite: ReadonlyArray<CiteSpec | string>;
  /** A ref or commit id to cite at; default the checkout's HEAD. */
  citeRef?: string;
}

export interface ResolvedCitations {
  citations: Citation[];
  /** The commit they were made at. */
  commit: string;
  /** The working tree differs from the commit in cited lines (the commit's text is what is stored). */
  warnings: string[];
}

/**
 * Library, MCP and argv input: a list of `{ path, lines? }` or `PATH[:START[-END]]` strings. Checked
 * for shape only (the git checks are {@link resolveCitations}').
 */
export function citeSpecsOf(input: unknown, field = 'cite'): CiteSpec[] {
  if (!Array.isArray(input)) throw new InvalidInputError(`${field} must be a list of citations`, { field });
  if (input.length > MAX_CITATIONS) throw new CitationInvalidError(`${input.length} citations`, 'too-many', `at most ${MAX_CITATIONS} citations per memory, got ${input.length}`, { max: MAX_CITATIONS });
  return input.map((v) => {
    if (typeof v === 'string') {
      const s = parseCiteSpec(v);
      if ('reason' in s) throw new CitationInvalidError(v, 'bad-range', s.reason);
      return s;
    }
    if (!v || typeof v !== 'object' || Array.isArray(v)) throw new InvalidInputError(`${field}: each citation is "PATH[:START[-END]]" or { path, lines? }`, { field });
    const o = v as Record<string, unknown>;
    if (typeof o.path !== 'string') throw new InvalidInputError(`${field}: a citation's path must be a string`, { field });
    const spec: CiteSpec = { path: o.path };
    if (o.lines !== undefined && o.lines !== null) {
      const l = o.lines;
      const ok = Array.isArray(l) && (l.length === 1 || l.length === 2) && l.every((x) => Number.isSafeInteger(x));
      if (!ok) throw new CitationInvalidError(o.path, 'bad-range', 'lines must be [start, end] or [line]');
      const s = (l as number[])[0];
      const e = (l as number[])[l.length - 1];
      if (s < 1 || e < s) throw new CitationInvalidError(o.path, 'bad-range', `line range ${s}-${e} is not 1 <= start <= end`);
      spec.lines = [s, e];
    }
    return spec;
  });
}

/** The commit a write cites at: `ref` (a ref name or commit id), else the checkout's HEAD. */
export function citeCommit(repo: BranchRepository, ref?: string): string {
  const name = ref ?? 'HEAD';
  if (name.length > 256 || name.startsWith('-') || /[\0\s]/.test(name)) throw new CitationInvalidError(name, 'bad-ref', 'not a ref name or commit id');
  let oid: string | null = null;
  if (/^[0-9a-f]{40}$/.test(name)) oid = name;
  else {
    try {
      oid = repo.resolve(name) ?? repo.resolve(`refs/heads/${name}`) ?? repo.resolve(`refs/tags/${name}`) ?? repo.resolve(`refs/remotes/${name}`);
    } catch {
      oid = null;
    }
  }
  if (!oid) {
    const detail = ref === undefined ? 'the checkout has no commit to cite at (HEAD is unborn): commit first, or name a commit to cite at' : `${JSON.stringify(name.slice(0, 80))} names no commit here`;
    throw new CitationInvalidError(name, 'bad-ref', detail, { next: 'cite.ref' satisfies NextStep });
  }
  // Peel annotated tags.
  for (let i = 0; i < 8; i++) {
    let obj;
    try {
      obj = repo.objects.read(oid);
    } catch (err) {
      throw new CitationInvalidError(name, 'bad-ref', `commit ${oid.slice(0, 12)} cannot be read in this clone: ${(err as Error).message.split('\n')[0].slice(0, 200)}`);
    }
    if (obj.type === 'commit') return oid;
    if (obj.type !== 'tag') break;
    const m = /^object ([0-9a-f]{40})$/m.exec(obj.data.toString('latin1', 0, 200));
    if (!m) break;
    oid = m[1];
  }
  throw new CitationInvalidError(name, 'bad-ref', `${JSON.stringify(name.slice(0, 80))} is not a commit`);
}

/**
 * Turns specs into citations at a commit, reading only git objects: the path must be a regular file
 * tracked there (a symlink or submodule is refused, never followed), UTF-8 text, at most
 * MAX_CITED_FILE_BYTES, and the range inside it. Any failure throws CITATION_INVALID (nothing is
 * stored). Then compares each cited range with the working tree (when there is one) and warns when it
 * differs: the commit's text is what is cited.
 */
export function resolveCitations(repo: BranchRepository, req: CiteRequest): ResolvedCitations {
  const specs = citeSpecsOf(req.cite);
  const commit = citeCommit(repo, req.citeRef);
  const tree = repo.readCommit(commit).tree;
  const citations: Citation[] = [];
  const warnings: string[] = [];
  const seen = new Set<string>();
  for (const spec of specs) {
    const norm = normalizeCitePath(spec.path);
    if ('reason' in norm) throw new CitationInvalidError(spec.path, 'bad-path', norm.reason);
    const path = norm.path;
    const label = citationLabel({ path, lines: spec.lines, whole: !spec.lines });
    const e = repo.entryAt(tree, path);
    if (!e) throw new CitationInvalidError(label, 'not-tracked', `${path} is not a file tracked at commit ${commit.slice(0, 12)}`, { commit });
    if (e.mode === MODE_SYMLINK) throw new CitationInvalidError(label, 'symlink', `${path} is a symbolic link: cite the file it points to`, { commit });
    if (e.mode === MODE_GITLINK) throw new CitationInvalidError(label, 'submodule', `${path} is a submodule: cite files inside it from its own repository`, { commit });
    if (isTreeMode(e.mode) || !isRegularFile(e.mode)) throw new CitationInvalidError(label, 'not-a-file', `${path} is a folder, not a file`, { commit });
    const data = repo.readBlob(e.oid);
    if (data.length > MAX_CITED_FILE_BYTES) throw new CitationInvalidError(label, 'too-large', `${path} is over ${MAX_CITED_FILE_BYTES >> 20} MiB`, { commit, bytes: data.length });
    if (data.subarray(0, 8000).includes(0) || !isUtf8(data)) throw new CitationInvalidError(label, 'binary', `${path} is not a UTF-8 text file`, { commit });
    const lines = splitLines(data.toString('utf8'));
    if (!lines.length) throw new CitationInvalidError(label, 'empty', `${path} is empty at commit ${commit.slice(0, 12)}: nothing to cite`, { commit });
    const [s, e2] = spec.lines ?? [1, lines.length];
    if (e2 > lines.length) throw new CitationInvalidError(label, 'out-of-range', `${path} has ${lines.length} lines at commit ${commit.slice(0, 12)}`, { commit, fileLines: lines.length });
    const key = `${path}\0${s}\0${e2}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const c: Citation = { path, lines: [s, e2], commit, blob: e.oid, ...anchorOf(lines, s, e2) };
    if (!spec.lines) c.whole = true;
    // anchorOf puts keys in its own order; the stored order is citationToFront's.
    citations.push(c);
    const wt = workTreeLines(repo, path);
    if (wt === 'missing') warnings.push(`${label}: the file is not in the working tree; cited as committed at ${commit.slice(0, 12)}`);
    else if (wt && (e2 > wt.length || rangeHash(wt, s, e2) !== c.sha256 || (c.whole && wt.length !== lines.length))) warnings.push(`${label}: the working tree differs from commit ${commit.slice(0, 12)} in the cited lines; the committed text is cited`);
  }
  return { citations, commit, warnings };
}

/** The lines of the working tree's copy of `path` (regular files only, bounded), 'missing', or null (no work tree, unreadable). */
function workTreeLines(repo: BranchRepository, path: string): string[] | 'missing' | null {
  if (repo.location.bare) return null;
  const file = join(repo.location.root, ...path.split('/'));
  let st;
  try {
    st = lstatSync(file);
  } catch {
    return 'missing';
  }
  if (!st.isFile() || st.size > MAX_CITED_FILE_BYTES) return null;
  try {
    // A folder on the way may be a link out of the work tree: only files inside it are compared.
    const root = realpathSync(repo.location.root);
    if (!realpathSync(file).startsWith(root + sep)) return null;
    return splitLines(readBoundedFile(file, { limit: MAX_CITED_FILE_BYTES }));
  } catch {
    return null;
  }
}

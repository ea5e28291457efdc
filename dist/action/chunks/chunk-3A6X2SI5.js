import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  MAX_CITATIONS,
  MAX_CITED_FILE_BYTES,
  anchorOf,
  citationLabel,
  normalizeCitePath,
  parseCiteSpec,
  rangeHash,
  splitLines
} from "./chunk-6FGNS2U2.js";
import {
  MODE_GITLINK,
  MODE_SYMLINK,
  isRegularFile
} from "./chunk-OQDIJSBS.js";
import {
  isTreeMode
} from "./chunk-SSV3AZGT.js";
import {
  readBoundedFile
} from "./chunk-XRSA6KWW.js";
import {
  CitationInvalidError,
  InvalidInputError
} from "./chunk-FJGJKBHJ.js";

// src/citations/create.ts
import { isUtf8 } from "node:buffer";
import { lstatSync, realpathSync } from "node:fs";
import { join, sep } from "node:path";
function citeSpecsOf(input, field = "cite") {
  if (!Array.isArray(input)) throw new InvalidInputError(`${field} must be a list of citations`, { field });
  if (input.length > MAX_CITATIONS) throw new CitationInvalidError(`${input.length} citations`, "too-many", `at most ${MAX_CITATIONS} citations per memory, got ${input.length}`, { max: MAX_CITATIONS });
  return input.map((v) => {
    if (typeof v === "string") {
      const s = parseCiteSpec(v);
      if ("reason" in s) throw new CitationInvalidError(v, "bad-range", s.reason);
      return s;
    }
    if (!v || typeof v !== "object" || Array.isArray(v)) throw new InvalidInputError(`${field}: each citation is "PATH[:START[-END]]" or { path, lines? }`, { field });
    const o = v;
    if (typeof o.path !== "string") throw new InvalidInputError(`${field}: a citation's path must be a string`, { field });
    const spec = { path: o.path };
    if (o.lines !== void 0 && o.lines !== null) {
      const l = o.lines;
      const ok = Array.isArray(l) && (l.length === 1 || l.length === 2) && l.every((x) => Number.isSafeInteger(x));
      if (!ok) throw new CitationInvalidError(o.path, "bad-range", "lines must be [start, end] or [line]");
      const s = l[0];
      const e = l[l.length - 1];
      if (s < 1 || e < s) throw new CitationInvalidError(o.path, "bad-range", `line range ${s}-${e} is not 1 <= start <= end`);
      spec.lines = [s, e];
    }
    return spec;
  });
}
function citeCommit(repo, ref) {
  const name = ref ?? "HEAD";
  if (name.length > 256 || name.startsWith("-") || /[\0\s]/.test(name)) throw new CitationInvalidError(name, "bad-ref", "not a ref name or commit id");
  let oid = null;
  if (/^[0-9a-f]{40}$/.test(name)) oid = name;
  else {
    try {
      oid = repo.resolve(name) ?? repo.resolve(`refs/heads/${name}`) ?? repo.resolve(`refs/tags/${name}`) ?? repo.resolve(`refs/remotes/${name}`);
    } catch {
      oid = null;
    }
  }
  if (!oid) {
    const detail = ref === void 0 ? "the checkout has no commit to cite at (HEAD is unborn): commit first, or name a commit to cite at" : `${JSON.stringify(name.slice(0, 80))} names no commit here`;
    throw new CitationInvalidError(name, "bad-ref", detail, { next: "cite.ref" });
  }
  for (let i = 0; i < 8; i++) {
    let obj;
    try {
      obj = repo.objects.read(oid);
    } catch (err) {
      throw new CitationInvalidError(name, "bad-ref", `commit ${oid.slice(0, 12)} cannot be read in this clone: ${err.message.split("\n")[0].slice(0, 200)}`);
    }
    if (obj.type === "commit") return oid;
    if (obj.type !== "tag") break;
    const m = /^object ([0-9a-f]{40})$/m.exec(obj.data.toString("latin1", 0, 200));
    if (!m) break;
    oid = m[1];
  }
  throw new CitationInvalidError(name, "bad-ref", `${JSON.stringify(name.slice(0, 80))} is not a commit`);
}
function resolveCitations(repo, req) {
  const specs = citeSpecsOf(req.cite);
  const commit = citeCommit(repo, req.citeRef);
  const tree = repo.readCommit(commit).tree;
  const citations = [];
  const warnings = [];
  const seen = /* @__PURE__ */ new Set();
  for (const spec of specs) {
    const norm = normalizeCitePath(spec.path);
    if ("reason" in norm) throw new CitationInvalidError(spec.path, "bad-path", norm.reason);
    const path = norm.path;
    const label = citationLabel({ path, lines: spec.lines, whole: !spec.lines });
    const e = repo.entryAt(tree, path);
    if (!e) throw new CitationInvalidError(label, "not-tracked", `${path} is not a file tracked at commit ${commit.slice(0, 12)}`, { commit });
    if (e.mode === MODE_SYMLINK) throw new CitationInvalidError(label, "symlink", `${path} is a symbolic link: cite the file it points to`, { commit });
    if (e.mode === MODE_GITLINK) throw new CitationInvalidError(label, "submodule", `${path} is a submodule: cite files inside it from its own repository`, { commit });
    if (isTreeMode(e.mode) || !isRegularFile(e.mode)) throw new CitationInvalidError(label, "not-a-file", `${path} is a folder, not a file`, { commit });
    const data = repo.readBlob(e.oid);
    if (data.length > MAX_CITED_FILE_BYTES) throw new CitationInvalidError(label, "too-large", `${path} is over ${MAX_CITED_FILE_BYTES >> 20} MiB`, { commit, bytes: data.length });
    if (data.subarray(0, 8e3).includes(0) || !isUtf8(data)) throw new CitationInvalidError(label, "binary", `${path} is not a UTF-8 text file`, { commit });
    const lines = splitLines(data.toString("utf8"));
    if (!lines.length) throw new CitationInvalidError(label, "empty", `${path} is empty at commit ${commit.slice(0, 12)}: nothing to cite`, { commit });
    const [s, e2] = spec.lines ?? [1, lines.length];
    if (e2 > lines.length) throw new CitationInvalidError(label, "out-of-range", `${path} has ${lines.length} lines at commit ${commit.slice(0, 12)}`, { commit, fileLines: lines.length });
    const key = `${path}\0${s}\0${e2}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const c = { path, lines: [s, e2], commit, blob: e.oid, ...anchorOf(lines, s, e2) };
    if (!spec.lines) c.whole = true;
    citations.push(c);
    const wt = workTreeLines(repo, path);
    if (wt === "missing") warnings.push(`${label}: the file is not in the working tree; cited as committed at ${commit.slice(0, 12)}`);
    else if (wt && (e2 > wt.length || rangeHash(wt, s, e2) !== c.sha256 || c.whole && wt.length !== lines.length)) warnings.push(`${label}: the working tree differs from commit ${commit.slice(0, 12)} in the cited lines; the committed text is cited`);
  }
  return { citations, commit, warnings };
}
function workTreeLines(repo, path) {
  if (repo.location.bare) return null;
  const file = join(repo.location.root, ...path.split("/"));
  let st;
  try {
    st = lstatSync(file);
  } catch {
    return "missing";
  }
  if (!st.isFile() || st.size > MAX_CITED_FILE_BYTES) return null;
  try {
    const root = realpathSync(repo.location.root);
    if (!realpathSync(file).startsWith(root + sep)) return null;
    return splitLines(readBoundedFile(file, { limit: MAX_CITED_FILE_BYTES }));
  } catch {
    return null;
  }
}

export {
  citeSpecsOf,
  citeCommit,
  resolveCitations
};

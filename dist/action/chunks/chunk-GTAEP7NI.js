import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  runGit,
  runGitSync
} from "./chunk-2QD6CEEN.js";
import {
  writeError
} from "./chunk-5EVQ5UWQ.js";
import {
  BranchCheckedOutError,
  InvalidInputError,
  LockedError,
  NotARepositoryError,
  RefMovedError,
  UnsafeRepositoryError,
  UnsupportedRepositoryError
} from "./chunk-FJGJKBHJ.js";

// src/git/refs.ts
import { appendFileSync, closeSync, existsSync as existsSync2, mkdirSync, openSync, readdirSync, readFileSync as readFileSync2, renameSync, rmdirSync, rmSync, statSync as statSync2, unlinkSync, writeSync } from "node:fs";
import { basename, dirname as dirname2, join as join2, resolve as resolve2 } from "node:path";

// src/git/location.ts
import { existsSync, lstatSync, readFileSync, realpathSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { homedir } from "node:os";
function isGitDir(dir) {
  return existsSync(join(dir, "HEAD")) && existsSync(join(dir, "objects")) && existsSync(join(dir, "refs"));
}
function readGitFile(file) {
  try {
    const text = readFileSync(file, "utf8");
    const m = /^gitdir:\s*(.+?)\s*$/m.exec(text);
    if (!m) return null;
    return isAbsolute(m[1]) ? m[1] : resolve(dirname(file), m[1]);
  } catch {
    return null;
  }
}
function commonDirOf(gitDir) {
  const f = join(gitDir, "commondir");
  if (existsSync(f)) {
    const rel = readFileSync(f, "utf8").trim();
    return isAbsolute(rel) ? rel : resolve(gitDir, rel);
  }
  return gitDir;
}
function findRepository(explicit) {
  const start = explicit ?? process.cwd();
  const envGitDir = explicit === void 0 ? process.env.GIT_DIR : void 0;
  if (envGitDir) {
    const gitDir = resolve(start, envGitDir);
    if (!isGitDir(gitDir)) throw new NotARepositoryError(gitDir);
    const commonDir = process.env.GIT_COMMON_DIR ? resolve(start, process.env.GIT_COMMON_DIR) : commonDirOf(gitDir);
    return checkFormat({ root: process.env.GIT_WORK_TREE ?? start, gitDir, commonDir, bare: false });
  }
  let dir = resolve(start);
  if (!existsSync(dir)) throw new NotARepositoryError(dir);
  for (; ; ) {
    const dotGit = join(dir, ".git");
    let st;
    try {
      st = statSync(dotGit);
    } catch {
      st = null;
    }
    if (st?.isDirectory() && isGitDir(dotGit)) {
      checkOwnership(dir, [dir, dotGit]);
      return checkFormat({ root: dir, gitDir: dotGit, commonDir: commonDirOf(dotGit), bare: false });
    }
    if (st?.isFile()) {
      const gitDir = readGitFile(dotGit);
      if (gitDir && existsSync(join(gitDir, "HEAD"))) {
        const commonDir = commonDirOf(gitDir);
        if (isGitDir(commonDir)) {
          checkOwnership(dir, [dotGit, dir, gitDir]);
          return checkFormat({ root: dir, gitDir, commonDir, bare: false });
        }
      }
    }
    if (isGitDir(dir) && !existsSync(join(dir, ".git"))) {
      checkOwnership(dir, [dir]);
      return checkFormat({ root: dir, gitDir: dir, commonDir: commonDirOf(dir), bare: true });
    }
    const parent = dirname(dir);
    if (parent === dir) throw new NotARepositoryError(resolve(start));
    dir = parent;
  }
}
function currentUid() {
  if (typeof process.geteuid !== "function") return null;
  const euid = process.geteuid();
  if (euid === 0 && process.env.SUDO_UID && /^\d+$/.test(process.env.SUDO_UID)) return Number(process.env.SUDO_UID);
  return euid;
}
function checkOwnership(dir, paths) {
  const uid = currentUid();
  if (uid === null) return;
  let foreign = null;
  for (const p of paths) {
    try {
      const owner = lstatSync(p).uid;
      if (owner !== uid) {
        foreign = owner;
        break;
      }
    } catch {
    }
  }
  if (foreign === null && process.env.GIT_TEST_ASSUME_DIFFERENT_OWNER !== "true" && process.env.GIT_TEST_ASSUME_DIFFERENT_OWNER !== "1") return;
  const candidates = /* @__PURE__ */ new Set([resolve(dir)]);
  try {
    candidates.add(realpathSync(dir));
  } catch {
  }
  let safe = false;
  for (const value of protectedConfigValues("safe.directory")) {
    if (value === "") safe = false;
    else if (value === "*") safe = true;
    else {
      const v = expandHome(value).replace(/\/+$/, "") || "/";
      for (const c of candidates) {
        if (v.endsWith("/*") ? (c + "/").startsWith(v.slice(0, -1)) : c === v) safe = true;
      }
    }
  }
  if (!safe) throw new UnsafeRepositoryError(resolve(dir), foreign ?? -1, uid);
}
function userConfigFiles() {
  const env = process.env;
  const files = [];
  const home = homeDir();
  if (env.GIT_CONFIG_NOSYSTEM !== "1" && env.GIT_CONFIG_NOSYSTEM !== "true") files.push(env.GIT_CONFIG_SYSTEM ?? "/etc/gitconfig");
  if (env.GIT_CONFIG_GLOBAL) files.push(env.GIT_CONFIG_GLOBAL);
  else files.push(join(env.XDG_CONFIG_HOME ?? join(home, ".config"), "git", "config"), join(home, ".gitconfig"));
  return files;
}
function canonicalKey(key) {
  const first = key.indexOf(".");
  const last = key.lastIndexOf(".");
  if (first < 0) return key.toLowerCase();
  return key.slice(0, first).toLowerCase() + key.slice(first, last) + key.slice(last).toLowerCase();
}
function commandLineConfig() {
  const out = [];
  const params = process.env.GIT_CONFIG_PARAMETERS;
  if (params) {
    for (const m of params.matchAll(/'([^']*)'(?:=(?:'([^']*)')?)?/g)) {
      const [k, v] = m[2] !== void 0 ? [m[1], m[2]] : m[1].split(/=(.*)/s);
      if (k) out.push([canonicalKey(k), v ?? ""]);
    }
  }
  const count = Number(process.env.GIT_CONFIG_COUNT ?? 0);
  for (let i = 0; i < count && i < 1e3; i++) {
    const k = process.env[`GIT_CONFIG_KEY_${i}`];
    if (k) out.push([canonicalKey(k), process.env[`GIT_CONFIG_VALUE_${i}`] ?? ""]);
  }
  return out;
}
function protectedConfigValues(key) {
  const files = userConfigFiles();
  const out = [];
  const visit = (file, depth) => {
    let text;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      return;
    }
    for (const [k, v] of parseConfigText(text)) {
      if (k === key) out.push(v);
      else if (k === "include.path" && v && depth < 10) {
        const t = expandHome(v);
        visit(isAbsolute(t) ? t : join(dirname(file), t), depth + 1);
      }
    }
  };
  for (const f of files) visit(f, 0);
  for (const [k, v] of commandLineConfig()) if (k === key) out.push(v);
  return out;
}
function checkFormat(loc) {
  const cfg = readConfigFile(join(loc.commonDir, "config"));
  const fmt = cfg.get("extensions.objectformat");
  if (fmt && fmt.toLowerCase() !== "sha1") throw new UnsupportedRepositoryError(`object format ${fmt} (only sha1 repositories are supported)`);
  const refs = cfg.get("extensions.refstorage");
  if (refs && refs.toLowerCase() !== "files") throw new UnsupportedRepositoryError(`ref storage ${refs} (only the files ref backend is supported)`);
  return loc;
}
function parseConfigText(text) {
  const out = [];
  let section = "";
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith("#") || line.startsWith(";")) continue;
    const sec = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]/.exec(line);
    if (sec) {
      section = sec[1].toLowerCase() + (sec[2] !== void 0 ? "." + sec[2].replace(/\\(.)/g, "$1") : "");
      continue;
    }
    const kv = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*))?$/.exec(line);
    if (!kv || !section) continue;
    let value = kv[2] ?? "true";
    value = value.replace(/\s[#;].*$/, "").trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1).replace(/\\(.)/g, "$1");
    out.push([`${section}.${kv[1].toLowerCase()}`, value]);
  }
  return out;
}
function readConfigFile(file) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return /* @__PURE__ */ new Map();
  }
  return new Map(parseConfigText(text));
}
var homeDir = () => process.env.HOME ?? homedir();
function expandHome(p) {
  return p === "~" ? homeDir() : p.startsWith("~/") ? join(homeDir(), p.slice(2)) : p;
}
function globMatch(pattern, text, ignoreCase = false) {
  const literal = (c) => c.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  let re = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "*") {
      if (pattern[i + 1] === "*") {
        const slash = pattern[i + 2] === "/";
        re += slash ? "(?:.*/)?" : ".*";
        i += slash ? 2 : 1;
      } else re += "[^/]*";
    } else if (c === "?") re += "[^/]";
    else if (c === "[") {
      const close = pattern.indexOf("]", i + 2);
      if (close < 0) re += "\\[";
      else {
        let body = pattern.slice(i + 1, close);
        if (body.startsWith("!")) body = "^" + body.slice(1);
        re += "[" + body.replace(/\\/g, "\\\\") + "]";
        i = close;
      }
    } else if (c === "\\" && i + 1 < pattern.length) re += literal(pattern[++i]);
    else re += literal(c);
  }
  return new RegExp("^" + re + "$", ignoreCase ? "i" : "").test(text);
}
function includeIfHolds(cond, configFile, loc) {
  const m = /^(gitdir|gitdir\/i|onbranch):(.*)$/.exec(cond);
  if (!m) return false;
  let pat = m[2];
  if (m[1] === "onbranch") {
    let head = "";
    try {
      head = readFileSync(join(loc.gitDir, "HEAD"), "utf8").trim();
    } catch {
      return false;
    }
    const b = /^ref:\s*refs\/heads\/(.+)$/.exec(head);
    if (!b) return false;
    if (pat.endsWith("/")) pat += "**";
    return globMatch(pat, b[1]);
  }
  if (pat.startsWith("./")) pat = join(dirname(configFile), pat.slice(2));
  else pat = expandHome(pat);
  if (!pat.startsWith("/")) pat = "**/" + pat;
  if (pat.endsWith("/")) pat += "**";
  const ci = m[1] === "gitdir/i";
  const dirs = /* @__PURE__ */ new Set([resolve(loc.gitDir)]);
  try {
    dirs.add(realpathSync(loc.gitDir));
  } catch {
  }
  return [...dirs].some((d) => globMatch(pat, d, ci));
}
function readWithIncludes(file, loc, depth, out) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return;
  }
  for (const [key, value] of parseConfigText(text)) {
    out.set(key, value);
    if (depth >= 10) continue;
    const inc = key === "include.path" || /^includeif\..+\.path$/.test(key) && includeIfHolds(key.slice("includeif.".length, -".path".length), file, loc);
    if (!inc || !value) continue;
    const target = expandHome(value);
    readWithIncludes(isAbsolute(target) ? target : join(dirname(file), target), loc, depth + 1, out);
  }
}
function readEffectiveConfig(loc) {
  const files = [...userConfigFiles(), join(loc.commonDir, "config")];
  const merged = /* @__PURE__ */ new Map();
  for (const f of files) readWithIncludes(f, loc, 0, merged);
  for (const [k, v] of commandLineConfig()) merged.set(k, v);
  return merged;
}

// src/git/refs.ts
function validateBranchName(name) {
  const bad = (why) => new InvalidInputError(`invalid branch name ${JSON.stringify(name.length > 200 ? name.slice(0, 200) + "\u2026" : name)}: ${why}`, { field: "branch", reason: why });
  if (typeof name !== "string" || name === "") throw bad("it is empty");
  if (name.length > 255) throw bad("it is longer than 255 characters");
  if (name === "HEAD") throw bad("HEAD is not a branch name");
  if (name.startsWith("-")) throw bad('it starts with "-"');
  if (name.startsWith("refs/")) throw bad(`give the short name (${JSON.stringify(name.replace(/^refs\/(heads\/)?/, ""))}), not a full ref`);
  if (name === "@") throw bad('"@" is not a branch name');
  if (/[\x00-\x20\x7f~^:?*[\\]/.test(name)) throw bad("it contains a space, a control character or one of ~ ^ : ? * [ \\");
  if (name.includes("..")) throw bad('it contains ".."');
  if (name.includes("@{")) throw bad('it contains "@{"');
  if (name.startsWith("/") || name.endsWith("/") || name.includes("//")) throw bad('it starts or ends with "/", or contains "//"');
  if (name.endsWith(".")) throw bad('it ends with "."');
  for (const part of name.split("/")) {
    if (part.startsWith(".")) throw bad('a path component starts with "."');
    if (part.endsWith(".lock")) throw bad('a path component ends with ".lock"');
  }
  return name;
}
function checkedOutIn(commonDir, ref) {
  const holds = (gitDir) => {
    const read = (f) => {
      try {
        return readFileSync2(join2(gitDir, f), "utf8").trim();
      } catch {
        return "";
      }
    };
    if (read("HEAD") === `ref: ${ref}`) return true;
    const short = ref.replace(/^refs\/heads\//, "");
    for (const f of ["rebase-merge/head-name", "rebase-apply/head-name"]) if (read(f) === ref) return true;
    const bisect = read("BISECT_START");
    return bisect !== "" && (bisect === short || bisect === ref);
  };
  const bareSetting = readConfigFile(join2(commonDir, "config")).get("core.bare")?.toLowerCase();
  const bare = bareSetting !== void 0 ? ["true", "yes", "on", "1"].includes(bareSetting) : basename(commonDir) !== ".git";
  if (!bare && holds(commonDir)) return basename(commonDir) === ".git" ? dirname2(resolve2(commonDir)) : resolve2(commonDir);
  let names = [];
  try {
    names = readdirSync(join2(commonDir, "worktrees"));
  } catch {
  }
  for (const n of names) {
    const wt = join2(commonDir, "worktrees", n);
    if (holds(wt)) {
      try {
        return dirname2(readFileSync2(join2(wt, "gitdir"), "utf8").trim());
      } catch {
        return wt;
      }
    }
  }
  return null;
}
var sleep = (ms) => new Promise((r) => setTimeout(r, ms));
var STALE_LOCK_MS = 1e4;
var LOCK_WAIT_MS = 15e3;
function packedRefs(commonDir) {
  const out = /* @__PURE__ */ new Map();
  let text;
  try {
    text = readFileSync2(join2(commonDir, "packed-refs"), "utf8");
  } catch {
    return out;
  }
  for (const line of text.split("\n")) {
    if (line.length > 41 && line[40] === " ") out.set(line.slice(41), line.slice(0, 40));
  }
  return out;
}
function listRefs(commonDir, prefix) {
  const out = /* @__PURE__ */ new Map();
  for (const [name, oid] of packedRefs(commonDir)) if (name.startsWith(prefix)) out.set(name, oid);
  const walk = (rel) => {
    let names;
    try {
      names = readdirSync(join2(commonDir, rel));
    } catch {
      return;
    }
    for (const n of names) {
      const r = `${rel}/${n}`;
      let st;
      try {
        st = statSync2(join2(commonDir, r));
      } catch {
        continue;
      }
      if (st.isDirectory()) walk(r);
      else if (!n.endsWith(".lock")) {
        try {
          const v = readFileSync2(join2(commonDir, r), "utf8").trim();
          if (/^[0-9a-f]{40}$/.test(v)) out.set(r, v);
        } catch {
        }
      }
    }
  };
  walk(prefix.replace(/\/$/, ""));
  return out;
}
var RefStore = class {
  /** `target`: the repository git runs in, for what only git does (deleting a packed ref). */
  constructor(commonDir, target = { gitDir: commonDir, root: commonDir }) {
    this.commonDir = commonDir;
    this.target = target;
  }
  commonDir;
  target;
  /**
   * Deletes `ref`, loose and packed, through git's `update-ref -d` (which takes the ref's lock), only
   * while it still points at `expect` when that is given. False when git refused (moved meanwhile,
   * a lock held): the ref is then as it was.
   */
  async delete(ref, expect) {
    return (await runGit(this.target, ["update-ref", "-d", ref, ...expect ? [expect] : []], { allowFailure: true })).status === 0;
  }
  /** {@link delete} for callers that cannot wait (a fallback inside a synchronous read). */
  deleteSync(ref) {
    return runGitSync(this.target, ["update-ref", "-d", ref], { allowFailure: true }).status === 0;
  }
  /**
   * Deletes every ref under `prefix` (a folder of scratch refs, 'refs/git-memory/fetch/<run>/'):
   * loose ones directly, packed ones (rare) through git, then the folder and the empty folders
   * above it up to refs/.
   */
  async deleteUnder(prefix) {
    const refs = listRefs(this.commonDir, prefix);
    const packed = packedRefs(this.commonDir);
    for (const ref of refs.keys()) {
      try {
        unlinkSync(join2(this.commonDir, ref));
        pruneEmptyDirs(join2(this.commonDir, ref, ".."), join2(this.commonDir, prefix));
      } catch {
      }
      if (packed.has(ref)) await this.delete(ref);
    }
    try {
      rmSync(join2(this.commonDir, prefix), { recursive: true, force: true });
    } catch {
    }
  }
  /** Deletes the folders and refs directly under `folder` last changed more than `maxAgeMs` ago (left by a killed run). */
  deleteStale(folder, maxAgeMs) {
    const dir = join2(this.commonDir, folder);
    let names;
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const n of names) {
      try {
        if (Date.now() - statSync2(join2(dir, n)).mtimeMs > maxAgeMs) rmSync(join2(dir, n), { recursive: true, force: true });
      } catch {
      }
    }
  }
  packed(ref) {
    return packedRefs(this.commonDir).get(ref) ?? null;
  }
  read(ref) {
    try {
      const v = readFileSync2(join2(this.commonDir, ref), "utf8").trim();
      if (v.startsWith("ref: ")) return this.read(v.slice(5).trim());
      if (/^[0-9a-f]{40}$/.test(v)) return v;
    } catch {
    }
    return this.packed(ref);
  }
  /** Every ref name in packed-refs. */
  packedNames() {
    return [...packedRefs(this.commonDir).keys()];
  }
  /**
   * git refuses `refs/heads/a/b` beside `refs/heads/a` (and the reverse): a ref is a file, so one name
   * cannot be both a file and a folder. Returns the existing ref in the way, or null.
   */
  nameConflict(ref) {
    const parts = ref.split("/");
    for (let i = 3; i < parts.length; i++) {
      const prefix = parts.slice(0, i).join("/");
      try {
        if (statSync2(join2(this.commonDir, prefix)).isFile()) return prefix;
      } catch {
      }
    }
    try {
      if (statSync2(join2(this.commonDir, ref)).isDirectory()) return `${ref}/\u2026`;
    } catch {
    }
    for (const name of this.packedNames()) {
      if (ref.startsWith(name + "/")) return name;
      if (name.startsWith(ref + "/")) return name;
    }
    return null;
  }
  async compareAndSwap(ref, expect, next, log) {
    if (ref.startsWith("refs/heads/")) {
      const wt = checkedOutIn(this.commonDir, ref);
      if (wt) throw new BranchCheckedOutError(ref.slice("refs/heads/".length), wt);
    }
    if (expect === null) {
      const other = this.nameConflict(ref);
      if (other) {
        throw new InvalidInputError(`cannot create ${ref}: ${other} exists, and git cannot hold both a ref and a folder of that name; choose another branch name`, {
          field: "branch",
          ref,
          conflict: other
        });
      }
    }
    const file = join2(this.commonDir, ref);
    const lock = file + ".lock";
    try {
      mkdirSync(dirname2(file), { recursive: true });
    } catch (err) {
      throw writeError(err, dirname2(file));
    }
    const fd = await acquire(lock);
    let renamed = false;
    try {
      const actual = this.read(ref);
      if (actual !== expect) throw new RefMovedError(ref, expect, actual);
      try {
        writeSync(fd, next + "\n");
        closeSync(fd);
        renameSync(lock, file);
      } catch (err) {
        throw writeError(err, file);
      }
      renamed = true;
    } finally {
      if (!renamed) {
        try {
          closeSync(fd);
        } catch {
        }
        try {
          unlinkSync(lock);
        } catch {
        }
      }
    }
    this.appendReflog(ref, expect, next, log);
  }
  appendReflog(ref, prev, next, log) {
    const logsDir = join2(this.commonDir, "logs");
    if (!existsSync2(logsDir)) return;
    try {
      const f = join2(logsDir, ref);
      mkdirSync(dirname2(f), { recursive: true });
      const who = `${log.who.name.replace(/[<>\n]/g, "")} <${log.who.email.replace(/[<>\n]/g, "")}>`;
      const line = `${prev ?? "0".repeat(40)} ${next} ${who} ${Math.floor(Date.now() / 1e3)} +0000	${log.message.split("\n")[0]}
`;
      appendFileSync(f, line);
    } catch {
    }
  }
};
async function acquire(lock) {
  const start = Date.now();
  let delay = 1;
  for (; ; ) {
    try {
      return openSync(lock, "wx");
    } catch (err) {
      if (err.code !== "EEXIST") throw writeError(err, dirname2(lock));
    }
    try {
      if (Date.now() - statSync2(lock).mtimeMs > STALE_LOCK_MS) {
        unlinkSync(lock);
        continue;
      }
    } catch {
      continue;
    }
    if (Date.now() - start > LOCK_WAIT_MS) throw new LockedError(lock);
    await sleep(delay + Math.random() * delay);
    delay = Math.min(delay * 2, 50);
  }
}
function pruneEmptyDirs(dir, stop) {
  let d = dir;
  while (d.length > stop.length && d.startsWith(stop)) {
    try {
      rmdirSync(d);
    } catch {
      return;
    }
    d = dirname2(d);
  }
}

export {
  findRepository,
  readConfigFile,
  readEffectiveConfig,
  validateBranchName,
  listRefs,
  RefStore
};

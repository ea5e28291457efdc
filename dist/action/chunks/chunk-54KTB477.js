import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  NotARepositoryError,
  UnsafeRepositoryError,
  UnsupportedRepositoryError
} from "./chunk-MDKNWCHG.js";

// src/git/repo.ts
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
function protectedConfigValues(key) {
  const files = [];
  const home = homeDir();
  if (process.env.GIT_CONFIG_NOSYSTEM !== "1" && process.env.GIT_CONFIG_NOSYSTEM !== "true") files.push(process.env.GIT_CONFIG_SYSTEM ?? "/etc/gitconfig");
  if (process.env.GIT_CONFIG_GLOBAL) files.push(process.env.GIT_CONFIG_GLOBAL);
  else files.push(join(process.env.XDG_CONFIG_HOME ?? join(home, ".config"), "git", "config"), join(home, ".gitconfig"));
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
  const params = process.env.GIT_CONFIG_PARAMETERS;
  if (params) {
    for (const m of params.matchAll(/'([^']*)'(?:=(?:'([^']*)')?)?/g)) {
      const [k, v] = m[2] !== void 0 ? [m[1], m[2]] : m[1].split(/=(.*)/s);
      if (k?.toLowerCase() === key) out.push(v ?? "");
    }
  }
  const count = Number(process.env.GIT_CONFIG_COUNT ?? 0);
  for (let i = 0; i < count && i < 1e3; i++) {
    if (process.env[`GIT_CONFIG_KEY_${i}`]?.toLowerCase() === key) out.push(process.env[`GIT_CONFIG_VALUE_${i}`] ?? "");
  }
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
  const files = [];
  const home = homeDir();
  const xdg = process.env.XDG_CONFIG_HOME ?? join(home, ".config");
  if (process.env.GIT_CONFIG_NOSYSTEM !== "1" && process.env.GIT_CONFIG_NOSYSTEM !== "true") files.push("/etc/gitconfig");
  if (process.env.GIT_CONFIG_GLOBAL) files.push(process.env.GIT_CONFIG_GLOBAL);
  else files.push(join(xdg, "git", "config"), join(home, ".gitconfig"));
  files.push(join(loc.commonDir, "config"));
  const merged = /* @__PURE__ */ new Map();
  for (const f of files) readWithIncludes(f, loc, 0, merged);
  return merged;
}

export {
  findRepository,
  readConfigFile,
  readEffectiveConfig
};

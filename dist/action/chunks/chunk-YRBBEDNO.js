import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  NotARepositoryError,
  UnsupportedRepositoryError
} from "./chunk-6IDCQH2Q.js";

// src/git/repo.ts
import { existsSync, readFileSync, statSync } from "node:fs";
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
function findRepository(start = process.cwd()) {
  const envGitDir = process.env.GIT_DIR;
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
      return checkFormat({ root: dir, gitDir: dotGit, commonDir: commonDirOf(dotGit), bare: false });
    }
    if (st?.isFile()) {
      const gitDir = readGitFile(dotGit);
      if (gitDir && existsSync(join(gitDir, "HEAD"))) {
        const commonDir = commonDirOf(gitDir);
        if (isGitDir(commonDir)) return checkFormat({ root: dir, gitDir, commonDir, bare: false });
      }
    }
    if (isGitDir(dir) && !existsSync(join(dir, ".git"))) {
      return checkFormat({ root: dir, gitDir: dir, commonDir: commonDirOf(dir), bare: true });
    }
    const parent = dirname(dir);
    if (parent === dir) throw new NotARepositoryError(resolve(start));
    dir = parent;
  }
}
function checkFormat(loc) {
  const cfg = readConfigFile(join(loc.commonDir, "config"));
  const fmt = cfg.get("extensions.objectformat");
  if (fmt && fmt.toLowerCase() !== "sha1") throw new UnsupportedRepositoryError(`object format ${fmt} (only sha1 repositories are supported)`);
  const refs = cfg.get("extensions.refstorage");
  if (refs && refs.toLowerCase() !== "files") throw new UnsupportedRepositoryError(`ref storage ${refs} (only the files ref backend is supported)`);
  return loc;
}
function readConfigFile(file) {
  const out = /* @__PURE__ */ new Map();
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return out;
  }
  let section = "";
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith("#") || line.startsWith(";")) continue;
    const sec = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]/.exec(line);
    if (sec) {
      section = sec[1].toLowerCase() + (sec[2] !== void 0 ? "." + sec[2] : "");
      continue;
    }
    const kv = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*))?$/.exec(line);
    if (!kv || !section) continue;
    let value = kv[2] ?? "true";
    value = value.replace(/\s[#;].*$/, "").trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1).replace(/\\(.)/g, "$1");
    out.set(`${section}.${kv[1].toLowerCase()}`, value);
  }
  return out;
}
function readEffectiveConfig(loc) {
  const files = [];
  const home = process.env.HOME ?? homedir();
  const xdg = process.env.XDG_CONFIG_HOME ?? join(home, ".config");
  if (process.env.GIT_CONFIG_NOSYSTEM !== "1" && process.env.GIT_CONFIG_NOSYSTEM !== "true") files.push("/etc/gitconfig");
  if (process.env.GIT_CONFIG_GLOBAL) files.push(process.env.GIT_CONFIG_GLOBAL);
  else files.push(join(xdg, "git", "config"), join(home, ".gitconfig"));
  files.push(join(loc.commonDir, "config"));
  const merged = /* @__PURE__ */ new Map();
  for (const f of files) for (const [k, v] of readConfigFile(f)) merged.set(k, v);
  return merged;
}

export {
  findRepository,
  readEffectiveConfig
};

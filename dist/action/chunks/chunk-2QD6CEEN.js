import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  GitCommandError
} from "./chunk-FJGJKBHJ.js";
import {
  __require
} from "./chunk-VBFOSH5Y.js";

// src/git/cli.ts
var cpLib;
var cp = () => cpLib ??= __require("node:child_process");
var REPO_VARS = ["GIT_DIR", "GIT_WORK_TREE", "GIT_COMMON_DIR", "GIT_INDEX_FILE", "GIT_NAMESPACE", "GIT_PREFIX", "GIT_CEILING_DIRECTORIES"];
function gitEnv(target, extra = {}) {
  const env = { ...process.env };
  for (const k of REPO_VARS) delete env[k];
  return { ...env, GIT_DIR: target.gitDir, LC_ALL: "C", LANGUAGE: "C", GIT_TERMINAL_PROMPT: "0", GCM_INTERACTIVE: "never", ...extra };
}
var DEFAULT_MAX = 64 << 20;
var DEFAULT_TIMEOUT = 12e4;
function fail(args, r) {
  const why = r.error ? `${r.error.code === "ENOENT" ? "git is not installed or not on PATH" : r.error.message}
${r.stderr}` : r.stderr;
  return new GitCommandError(args, r.status, why);
}
function runGitSync(target, args, opts = {}) {
  const r = cp().spawnSync("git", args, {
    cwd: target.root,
    env: gitEnv(target, opts.env),
    input: opts.input,
    maxBuffer: opts.maxBytes ?? DEFAULT_MAX,
    timeout: opts.timeoutMs ?? DEFAULT_TIMEOUT,
    stdio: ["pipe", "pipe", "pipe"]
  });
  const stderr = r.stderr ? r.stderr.toString("utf8") : "";
  const res = { status: r.status ?? -1, stdout: r.stdout ?? Buffer.alloc(0), stderr };
  if (r.error || r.status !== 0) {
    if (opts.allowFailure && !r.error) return res;
    throw fail(args, { status: r.status, stderr, error: r.error });
  }
  return res;
}
function runGit(target, args, opts = {}) {
  const max = opts.maxBytes ?? DEFAULT_MAX;
  return new Promise((resolve, reject) => {
    const child = cp().spawn("git", args, { cwd: target.root, env: gitEnv(target, opts.env), stdio: ["pipe", "pipe", "pipe"] });
    const out = [];
    let outBytes = 0;
    let err = "";
    let overflow = false;
    let spawnError;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, opts.timeoutMs ?? DEFAULT_TIMEOUT);
    child.stdout.on("data", (c) => {
      outBytes += c.length;
      if (outBytes > max) {
        overflow = true;
        child.kill("SIGKILL");
      } else out.push(c);
    });
    child.stderr.on("data", (c) => {
      if (err.length < 65536) err += c.toString("utf8");
    });
    child.on("error", (e) => spawnError = e);
    child.stdin.on("error", () => {
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      const res = { status: code ?? -1, stdout: Buffer.concat(out), stderr: err, ...timedOut ? { timedOut } : {} };
      if (overflow) return reject(fail(args, { status: code, stderr: `output over ${max} bytes
${err}` }));
      if (spawnError || code !== 0) {
        if (opts.allowFailure && !spawnError) return resolve(res);
        return reject(fail(args, { status: code, stderr: err, error: spawnError }));
      }
      resolve(res);
    });
    child.stdin.end(opts.input ?? "");
  });
}
function catFileBatch(target, oids, opts = {}) {
  const r = runGitSync(target, [...opts.config ?? [], "cat-file", "--batch"], { input: oids.join("\n") + "\n", allowFailure: true, maxBytes: opts.maxBytes });
  const objects = /* @__PURE__ */ new Map();
  const buf = r.stdout;
  let p = 0;
  while (p < buf.length) {
    const nl = buf.indexOf(10, p);
    if (nl < 0) break;
    const header = buf.toString("latin1", p, nl);
    const m = /^(\S+) (commit|tree|blob|tag) (\d+)$/.exec(header);
    if (!m) {
      objects.set(header.split(" ")[0], "missing");
      p = nl + 1;
      continue;
    }
    const n = Number(m[3]);
    objects.set(m[1], { type: m[2], data: buf.subarray(nl + 1, nl + 1 + n) });
    p = nl + 1 + n + 1;
  }
  return { objects, stderr: r.stderr };
}

export {
  gitEnv,
  runGitSync,
  runGit,
  catFileBatch
};

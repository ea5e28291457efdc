import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  isTreeMode
} from "./chunk-QHDPJDFF.js";
import {
  MEMORIES_DIR,
  memoryFromFile
} from "./chunk-CQ2UC2BE.js";
import {
  isValidId
} from "./chunk-AAUR7TRV.js";
import {
  InvalidInputError,
  MemoryError
} from "./chunk-6IDCQH2Q.js";

// src/lifecycle/fingerprints.ts
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
var enc = (key) => `k:${encodeURIComponent(key)}`;
var FingerprintIndex = class {
  constructor(tree, body = "\n") {
    this.tree = tree;
    this.body = body;
  }
  tree;
  body;
  lineAt(start) {
    const end = this.body.indexOf("\n", start);
    const [hash, id, key, ...rest] = this.body.slice(start, end).split("	");
    const f = { hash, id, path: rest.join("	") };
    if (key) f.key = decodeURIComponent(key.slice(2));
    return f;
  }
  byHash(hash) {
    const i = this.body.indexOf(`
${hash}	`);
    return i < 0 ? void 0 : this.lineAt(i + 1);
  }
  byKey(key) {
    const i = this.body.indexOf(`	${enc(key)}	`);
    return i < 0 ? void 0 : this.lineAt(this.body.lastIndexOf("\n", i) + 1);
  }
  remove(path) {
    const i = this.body.indexOf(`	${path}
`);
    if (i < 0) return false;
    const start = this.body.lastIndexOf("\n", i) + 1;
    this.body = this.body.slice(0, start) + this.body.slice(i + path.length + 2);
    return true;
  }
  add(f) {
    if (/[\t\n]/.test(f.path)) return;
    this.remove(f.path);
    this.body += `${f.hash}	${f.id}	${f.key ? enc(f.key) : ""}	${f.path}
`;
  }
  /** Applies many changes at once (a fetch, a clear): one pass instead of one string copy per change. */
  applyMany(changes) {
    const lines = /* @__PURE__ */ new Map();
    for (const line of this.body.split("\n")) if (line) lines.set(line.slice(nthTab(line, 3) + 1), line);
    for (const { path, f } of changes) {
      lines.delete(path);
      if (f && !/[\t\n]/.test(f.path)) lines.set(path, `${f.hash}	${f.id}	${f.key ? enc(f.key) : ""}	${f.path}`);
    }
    this.body = "\n" + [...lines.values()].map((l) => l + "\n").join("");
  }
  *entries() {
    for (let i = 1; i < this.body.length; ) {
      const end = this.body.indexOf("\n", i);
      if (end < 0) return;
      yield this.lineAt(i);
      i = end + 1;
    }
  }
  text() {
    return this.body;
  }
};
function nthTab(line, n) {
  let i = -1;
  for (let k = 0; k < n; k++) i = line.indexOf("	", i + 1);
  return i;
}
var UPSERT_KEY_FIELD = "upsert_key";
var FORMAT = 2;
function normalizeContent(content) {
  return content.replace(/\s+/g, " ").trim();
}
function contentHash(content, scope) {
  return createHash("sha1").update((scope ?? "") + "\0" + normalizeContent(content)).digest("hex").slice(0, 24);
}
function keyOf(key, scope) {
  return `${scope ?? ""}\0${key}`;
}
function quickFields(path, text) {
  if (!text.startsWith("---\n")) return null;
  const end = text.indexOf("\n---\n", 3);
  if (end < 0) return null;
  const front = text.slice(4, end + 1);
  const one = (name) => {
    const m = new RegExp(`^${name}:(.*)$`, "m").exec(front);
    if (!m) return void 0;
    const v = m[1].trim();
    if (/^(?:true|false|null|~)$/i.test(v) || /^[-+.]?\d/.test(v)) return null;
    if (/^[A-Za-z_][A-Za-z0-9_:.@/+-]*$/.test(v)) return v;
    if (/^"[^"\\]*"$/.test(v)) return v.slice(1, -1);
    return null;
  };
  const id = one("id");
  const scope = one("scope");
  const key = one(UPSERT_KEY_FIELD);
  if (!id || !isValidId(id) || scope === null || key === null) return null;
  return { id, content: text.slice(end + 5), scope: scope || void 0, key: key || void 0 };
}
function fingerprint(git, path, oid, data) {
  try {
    const text = (data ?? git.readBlob(oid)).toString("utf8");
    const q = quickFields(path, text);
    if (q) {
      const f2 = { path, id: q.id, hash: contentHash(q.content, q.scope) };
      if (q.key) f2.key = keyOf(q.key, q.scope);
      return f2;
    }
    const m = memoryFromFile(path, text);
    const rawKey = m.extra[UPSERT_KEY_FIELD];
    const f = { path, id: m.id, hash: contentHash(m.content, m.scope) };
    if (typeof rawKey === "string" && rawKey) f.key = keyOf(rawKey, m.scope);
    return f;
  } catch {
    return null;
  }
}
function readBlobsWithGit(git, oids) {
  const r = spawnSync("git", ["--git-dir", git.location.commonDir, "cat-file", "--batch"], {
    input: oids.join("\n") + "\n",
    maxBuffer: 2 ** 32,
    stdio: ["pipe", "pipe", "ignore"]
  });
  if (r.status !== 0 || !r.stdout) return null;
  const out = /* @__PURE__ */ new Map();
  const buf = r.stdout;
  let p = 0;
  while (p < buf.length) {
    const nl = buf.indexOf(10, p);
    if (nl < 0) break;
    const [oid, type, size] = buf.toString("latin1", p, nl).split(" ");
    if (type === "missing" || size === void 0) {
      p = nl + 1;
      continue;
    }
    const n = Number(size);
    if (type === "blob") out.set(oid, buf.subarray(nl + 1, nl + 1 + n));
    p = nl + 1 + n + 1;
  }
  return out;
}
function diffBlobs(git, a, b, prefix, visit) {
  const sub = (tree) => {
    if (!tree) return null;
    const e = git.entryAt(tree, prefix);
    return e && isTreeMode(e.mode) ? e.oid : null;
  };
  const walk = (x, y, base) => {
    if (x === y) return;
    const xs = new Map((x ? git.readTree(x) : []).map((e) => [e.name, e]));
    const ys = new Map((y ? git.readTree(y) : []).map((e) => [e.name, e]));
    for (const name of /* @__PURE__ */ new Set([...xs.keys(), ...ys.keys()])) {
      const ex = xs.get(name);
      const ey = ys.get(name);
      if (ex && ey && ex.oid === ey.oid && ex.mode === ey.mode) continue;
      const p = `${base}/${name}`;
      const xt = ex && isTreeMode(ex.mode) ? ex.oid : null;
      const yt = ey && isTreeMode(ey.mode) ? ey.oid : null;
      if (xt || yt) walk(xt, yt, p);
      const xb = ex && !isTreeMode(ex.mode) ? ex.oid : null;
      const yb = ey && !isTreeMode(ey.mode) ? ey.oid : null;
      if ((xb || yb) && xb !== yb) visit(p, xb, yb);
    }
  };
  walk(sub(a), sub(b), prefix);
}
var HEADER = `git-memory fingerprints v${FORMAT} `;
var fileOf = (cacheDir) => join(cacheDir, `fingerprints-v${FORMAT}.txt`);
var memo = /* @__PURE__ */ new WeakMap();
function save(idx, cacheDir) {
  const file = fileOf(cacheDir);
  try {
    mkdirSync(cacheDir, { recursive: true });
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(tmp, HEADER + (idx.tree ?? "-") + idx.text());
    renameSync(tmp, file);
  } catch {
  }
}
function primeFingerprints(git, cacheDir, base, next, added) {
  const idx = loadFingerprints(git, base, cacheDir);
  idx.applyMany(added.map((f) => ({ path: f.path, f })));
  idx.tree = next;
  save(idx, cacheDir);
}
function readCache(cacheDir) {
  try {
    const text = readFileSync(fileOf(cacheDir), "utf8");
    if (!text.startsWith(HEADER) || !text.endsWith("\n")) return null;
    const nl = text.indexOf("\n");
    const tree = text.slice(HEADER.length, nl);
    if (tree !== "-" && !/^[0-9a-f]{40}$/.test(tree)) return null;
    return new FingerprintIndex(tree === "-" ? null : tree, text.slice(nl));
  } catch {
    return null;
  }
}
function loadFingerprints(git, tree, cacheDir) {
  let perRepo = memo.get(git);
  if (!perRepo) memo.set(git, perRepo = /* @__PURE__ */ new Map());
  const cached = perRepo.get(cacheDir);
  if (cached && cached.tree === tree) return cached;
  let idx = cached ?? readCache(cacheDir) ?? new FingerprintIndex(null);
  if (idx.tree !== tree) {
    let from = idx.tree;
    try {
      if (from) git.readTree(from);
    } catch {
      from = null;
      idx = new FingerprintIndex(null);
    }
    const changes = [];
    const toRead = [];
    diffBlobs(git, from, tree, MEMORIES_DIR, (path, _old, oid) => {
      if (oid && path.endsWith(".md")) toRead.push({ path, oid });
      else changes.push({ path, f: null });
    });
    const bulk = toRead.length > 500 ? readBlobsWithGit(git, toRead.map((r) => r.oid)) : null;
    for (const r of toRead) changes.push({ path: r.path, f: fingerprint(git, r.path, r.oid, bulk?.get(r.oid)) });
    if (changes.length > 64) idx.applyMany(changes);
    else for (const c of changes) c.f ? idx.add(c.f) : idx.remove(c.path);
    idx.tree = tree;
    save(idx, cacheDir);
  }
  perRepo.set(cacheDir, idx);
  return idx;
}

// src/lifecycle/secrets.ts
var SECRET_LABELS = {
  "aws-access-key": "an AWS access key id",
  "github-token": "a GitHub token",
  "slack-token": "a Slack token",
  "slack-webhook": "a Slack webhook URL",
  "private-key": "a private key block",
  jwt: "a JSON Web Token",
  "stripe-key": "a Stripe secret key",
  "google-api-key": "a Google API key",
  "npm-token": "an npm token",
  "openai-key": "an OpenAI API key",
  "anthropic-key": "an Anthropic API key",
  "url-credentials": "a password inside a URL",
  "password-assignment": "a password/key/token assignment with a random-looking value"
};
var B = "(?<![A-Za-z0-9_])";
var E = "(?![A-Za-z0-9_])";
var RULES = [
  { kind: "aws-access-key", re: new RegExp(`${B}(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}${E}`, "g") },
  { kind: "github-token", re: new RegExp(`${B}gh[pousr]_[A-Za-z0-9]{36,255}${E}`, "g") },
  { kind: "github-token", re: new RegExp(`${B}github_pat_[A-Za-z0-9_]{22,255}${E}`, "g") },
  { kind: "slack-token", re: new RegExp(`${B}xox[abposr]-[A-Za-z0-9-]{10,250}`, "g") },
  { kind: "slack-webhook", re: /https:\/\/hooks\.slack\.com\/services\/T[A-Za-z0-9_]{6,}\/B[A-Za-z0-9_]{6,}\/[A-Za-z0-9_]{16,}/g },
  { kind: "private-key", re: /-----BEGIN (?:[A-Z0-9]+ ){0,3}PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]{0,16384}?-----END (?:[A-Z0-9]+ ){0,3}PRIVATE KEY(?: BLOCK)?-----)?/g },
  { kind: "jwt", re: new RegExp(`${B}eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{16,}`, "g") },
  { kind: "stripe-key", re: new RegExp(`${B}(?:sk|rk)_live_[A-Za-z0-9]{20,255}${E}`, "g") },
  { kind: "google-api-key", re: new RegExp(`${B}AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])`, "g") },
  { kind: "npm-token", re: new RegExp(`${B}npm_[A-Za-z0-9]{36}${E}`, "g") },
  { kind: "anthropic-key", re: new RegExp(`${B}sk-ant-[A-Za-z0-9_-]{20,255}`, "g") },
  { kind: "openai-key", re: new RegExp(`${B}sk-(?:proj-|svcacct-)?[A-Za-z0-9_-]{20,255}`, "g"), accept: (v) => !v.startsWith("sk-ant-") && randomLooking(v.slice(3), 3) },
  { kind: "url-credentials", re: /:\/\/[^\s:/@]{1,64}:([^\s/@]{6,128})@/g, group: 1, accept: (v) => !isPlaceholder(v) && randomLooking(v, 2.8) },
  {
    kind: "password-assignment",
    // The key may be quoted and prefixed (DB_PASSWORD, "apiKey"); the value runs to a quote, space or separator.
    re: /(?:pass(?:word|wd)?|pwd|secret|api[_-]?key|apikey|access[_-]?key|auth[_-]?token|access[_-]?token|refresh[_-]?token|token|client[_-]?secret|private[_-]?key|credentials?)["']?\s{0,3}(?::=|=>|[:=])\s{0,3}["'`]?([^\s"'`,;]{8,256})/gi,
    group: 1,
    accept: (v) => !isPlaceholder(v) && randomLooking(v, 3)
  }
];
var UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function isPlaceholder(v) {
  if (/^[$<{%[(]/.test(v) || /\$\{|\{\{|process\.env|os\.environ|getenv|secrets\./i.test(v)) return true;
  if (/^(.)\1+$/.test(v) || /^[x*.•-]+$/i.test(v)) return true;
  if (UUID.test(v)) return true;
  return /^(?:your|my|the|some|example|dummy|sample|changeme|placeholder|redacted)[_-]?/i.test(v) && !/\d{3}/.test(v);
}
function randomLooking(v, minBits) {
  let lower = 0;
  let upper = 0;
  let digit = 0;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c >= 97 && c <= 122) lower = 1;
    else if (c >= 65 && c <= 90) upper = 1;
    else if (c >= 48 && c <= 57) digit = 1;
  }
  if (lower + upper + digit < 2) return false;
  return entropy(v) >= minBits;
}
function entropy(s) {
  const counts = /* @__PURE__ */ new Map();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    h -= p * Math.log2(p);
  }
  return h;
}
function lineCol(text, offset) {
  let line = 1;
  let last = -1;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    last = i;
  }
  return { line, column: offset - last };
}
function scanText(text, field = "content") {
  const found = [];
  for (const rule of RULES) {
    rule.re.lastIndex = 0;
    for (let m = rule.re.exec(text); m; m = rule.re.exec(text)) {
      const value = rule.group ? m[rule.group] : m[0];
      if (rule.accept && !rule.accept(value)) continue;
      const offset = rule.group ? m.index + m[0].lastIndexOf(value) : m.index;
      found.push({ kind: rule.kind, offset, length: value.length, line: 0, column: 0, field });
    }
  }
  found.sort((a, b) => a.offset - b.offset || b.length - a.length);
  const out = [];
  let end = -1;
  for (const f of found) {
    if (f.offset < end) continue;
    const { line, column } = lineCol(text, f.offset);
    out.push({ ...f, line, column });
    end = f.offset + f.length;
  }
  return out;
}
function redactText(text, findings) {
  let out = "";
  let pos = 0;
  for (const f of findings) {
    out += text.slice(pos, f.offset) + `[REDACTED:${f.kind}]`;
    pos = f.offset + f.length;
  }
  return out + text.slice(pos);
}
function describeFinding(f) {
  return `${SECRET_LABELS[f.kind]} (${f.kind}) in ${f.field} at line ${f.line}, column ${f.column}`;
}
var SecretDetectedError = class extends MemoryError {
  constructor(findings, what = "the memory") {
    const first = findings[0];
    const more = findings.length > 1 ? ` and ${findings.length - 1} more` : "";
    super(
      "SECRET_DETECTED",
      `refusing to write ${what}: it contains ${describeFinding(first)}${more}. Remove it, use --redact to store it masked, or --allow-secret if it is not a secret`,
      { findings: findings.map(({ kind, field, line, column, offset, length }) => ({ kind, field, line, column, offset, length })) }
    );
  }
};
function assertNoSecrets(text, opts = {}) {
  if (opts.allowSecret) return text;
  const findings = scanText(text, opts.field ?? "content");
  if (!findings.length) return text;
  if (opts.redact) return redactText(text, findings);
  throw new SecretDetectedError(findings, opts.what);
}
function guardFields(fields, opts = {}) {
  if (opts.allowSecret) return fields;
  const out = {};
  const findings = [];
  const visit = (v, path) => {
    if (typeof v === "string") {
      const f = scanText(v, path);
      if (!f.length) return v;
      findings.push(...f);
      return redactText(v, f);
    }
    if (Array.isArray(v)) return v.map((x, i) => visit(x, `${path}[${i}]`));
    if (v && typeof v === "object") {
      const o = {};
      for (const [k, x] of Object.entries(v)) {
        if (typeof x === "string") {
          const f = scanText(`${k}=${x}`, `${path}.${k}`);
          if (f.length) {
            findings.push(...f);
            o[k] = redactText(`${k}=${x}`, f).slice(k.length + 1);
            continue;
          }
        }
        o[k] = visit(x, `${path}.${k}`);
      }
      return o;
    }
    return v;
  };
  for (const [k, v] of Object.entries(fields)) out[k] = visit(v, k);
  if (!findings.length) return fields;
  if (opts.redact) return out;
  throw new SecretDetectedError(findings, opts.what);
}

// src/lifecycle/autotag.ts
var STOP = new Set(
  "a about above after again against all also am an and any are aren as at be because been before being below between both but by can cannot could did do does doing don down during each else even ever every few for from further get gets got had has have having he her here hers him his how however i if in into is isn it its itself just let like make makes many may me might more most much must my need needs never new no nor not now of off often on once one only or other our ours out over own per please rather really same say says see seems shall she should since so some still such than that the their theirs them then there these they thing things this those though through thus to too two under until up upon us use used uses using very via was wasn way we well were what when where whether which while who whom whose why will with within without would yet you your yours always already another around back better first good great instead last less least next old put right set sets take takes time times user users want wants work works note notes remember prefers prefer preferred should know known keep kept able across based call called cause done each either enough etc everything fine given goes going gone however include includes including less look looks lot lots maybe mean means nothing okay part place run runs running seem sure tell told try tried went yes".split(" ")
);
var TECH = {};
var TECH_GROUPS = [
  "typescript ts",
  "javascript js ecmascript",
  "python py",
  "golang go-lang",
  "rust",
  "java",
  "kotlin",
  "swift",
  "ruby",
  "php",
  "csharp c# .net dotnet",
  "react reactjs",
  "vue vuejs",
  "angular",
  "svelte",
  "nextjs next.js",
  "node nodejs node.js",
  "deno",
  "bun",
  "npm",
  "pnpm",
  "yarn",
  "docker dockerfile container containers",
  "kubernetes k8s kubectl helm",
  "terraform",
  "ansible",
  "aws amazon",
  "gcp",
  "azure",
  "git",
  "github",
  "gitlab",
  "ci ci/cd cicd pipeline pipelines",
  "api apis rest graphql grpc endpoint endpoints",
  "database databases db",
  "postgres postgresql psql",
  "mysql",
  "sqlite",
  "mongodb mongo",
  "redis",
  "sql",
  "migration migrations",
  "ssl tls https",
  "auth authentication oauth login sso",
  "security vulnerability cve",
  "testing test tests unittest jest vitest pytest",
  "linux",
  "macos",
  "windows",
  "bash shell",
  "nginx",
  "cache caching",
  "performance latency",
  "logging logs",
  "monitoring metrics",
  "deploy deployment deployments deploys deploying",
  "production prod",
  "staging",
  "release releases",
  "config configuration",
  "pagination",
  "rate-limit rate-limiting ratelimit throttling",
  "webpack",
  "vite",
  "esbuild",
  "eslint",
  "json",
  "yaml yml",
  "markdown",
  "llm",
  "openai",
  "embedding embeddings",
  "vpn",
  "dns",
  "http",
  "websocket websockets",
  "cli",
  "css",
  "html",
  "tailwind"
];
for (const g of TECH_GROUPS) {
  const [canon, ...alts] = g.split(" ");
  TECH[canon] = canon;
  for (const a of alts) TECH[a] = canon;
}
function stem(w) {
  if (w.length > 5 && w.endsWith("ies")) return w.slice(0, -3) + "y";
  if (w.length > 5 && w.endsWith("ing")) return w.slice(0, -3);
  if (w.length > 4 && w.endsWith("ed")) return w.slice(0, -2);
  if (w.length > 4 && w.endsWith("es") && /(?:ss|sh|ch|x)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) return w.slice(0, -1);
  return w;
}
function autoTags(content, max = 5) {
  const text = content.toLowerCase();
  const words = text.match(/[a-z][a-z0-9+#]*(?:[./-][a-z0-9+#]+)*/g) ?? [];
  const cands = /* @__PURE__ */ new Map();
  words.forEach((raw, i) => {
    const parts = TECH[raw] ? [raw] : raw.split(/[./]/);
    for (const w of parts) {
      const tech2 = TECH[w];
      if (!tech2 && (w.length < 3 || STOP.has(w) || /^[a-z]?\d/.test(w) || w.length > 30)) continue;
      const key = tech2 ?? stem(w);
      let c = cands.get(key);
      if (!c) cands.set(key, c = { tag: tech2 ?? w, count: 0, first: i, tech: !!tech2, forms: /* @__PURE__ */ new Map() });
      c.count++;
      if (!tech2) c.forms.set(w, (c.forms.get(w) ?? 0) + 1);
    }
  });
  const all = [...cands.values()];
  for (const c of all) {
    if (c.tech) continue;
    let best = c.tag;
    let n = -1;
    for (const [f, k] of c.forms) if (k > n || k === n && (f.length < best.length || f.length === best.length && f < best)) [best, n] = [f, k];
    c.tag = best;
  }
  const tech = all.filter((c) => c.tech).sort((a, b) => b.count - a.count || a.first - b.first);
  const recurring = all.filter((c) => !c.tech && c.count >= 2 && c.tag.length >= 4).sort((a, b) => b.count - a.count || a.first - b.first);
  let out = [...tech, ...recurring].map((c) => c.tag);
  if (out.length < 2) {
    const longest = all.filter((c) => !c.tech && c.tag.length >= 5 && !out.includes(c.tag)).sort((a, b) => b.tag.length - a.tag.length || a.first - b.first).slice(0, 3 - out.length).map((c) => c.tag);
    out = [...out, ...longest];
  }
  return [...new Set(out)].slice(0, max);
}

// src/lifecycle/write.ts
function guardOptions(cfg, opts = {}) {
  if (opts.allowSecret || opts.redact) return opts;
  if (cfg.secretGuard === "off") return { allowSecret: true };
  if (cfg.secretGuard === "redact") return { redact: true };
  return {};
}
var UNITS = { s: 1, m: 60, h: 3600, d: 86400, w: 7 * 86400, y: 365 * 86400 };
function parseDuration(v, field = "ttl") {
  if (typeof v === "number") {
    if (Number.isFinite(v) && v > 0) return v * 1e3;
  } else {
    const m = /^\s*(\d+(?:\.\d+)?)\s*([smhdwy])\s*$/i.exec(v);
    if (m && Number(m[1]) > 0) return Number(m[1]) * UNITS[m[2].toLowerCase()] * 1e3;
  }
  throw new InvalidInputError(`${field} must be a positive duration like 30m, 12h, 7d, 2w or 1y, got ${JSON.stringify(v)}`, { field });
}
function expiryOf(input, now) {
  if (input.ttl !== void 0 && input.ttl !== null && input.ttl !== "") return new Date(now.getTime() + parseDuration(input.ttl)).toISOString();
  if (input.expires === void 0 || input.expires === null || input.expires === "") return void 0;
  const t = input.expires instanceof Date ? input.expires.getTime() : Date.parse(input.expires);
  if (!Number.isFinite(t)) throw new InvalidInputError(`expires must be a date, got ${JSON.stringify(input.expires)}`, { field: "expires" });
  return new Date(t).toISOString();
}
function guardWrite(input, opts) {
  const guard = { allowSecret: opts.allowSecret, redact: opts.redact };
  let redacted = 0;
  let content = input.content;
  let fields = { tags: input.tags, category: input.category, scope: input.scope, metadata: input.metadata };
  if (!guard.allowSecret) {
    const found = scanText(content, "content");
    const fieldErr = (() => {
      try {
        fields = guardFields(fields, { ...guard, what: "the memory" });
        return null;
      } catch (err) {
        return err;
      }
    })();
    if (found.length && !guard.redact) {
      const extra = fieldErr instanceof SecretDetectedError ? fieldErr.data.findings ?? [] : [];
      const err = new SecretDetectedError(found);
      err.data.findings.push(...extra);
      throw err;
    }
    if (fieldErr) throw fieldErr;
    if (found.length) {
      content = assertNoSecrets(content, { redact: true });
      redacted = found.length;
    }
  }
  let tags = fields.tags;
  if (!tags.length && opts.autoTag) tags = autoTags(content);
  return { content, tags, category: fields.category, scope: fields.scope, metadata: fields.metadata, redacted };
}
function assertNoNewSecrets(next, prev, opts = {}) {
  if (opts.allowSecret) return next;
  const found = scanText(next, opts.field ?? "content").filter((f) => !prev.includes(next.slice(f.offset, f.offset + f.length)));
  if (!found.length) return next;
  if (opts.redact) {
    let out = "";
    let pos = 0;
    for (const f of found) {
      out += next.slice(pos, f.offset) + `[REDACTED:${f.kind}]`;
      pos = f.offset + f.length;
    }
    return out + next.slice(pos);
  }
  throw new SecretDetectedError(found, opts.what);
}
function findExisting(store, tip, q) {
  const tree = store.treeOf(tip);
  if (!tree || !q.hash && !q.key) return null;
  const idx = loadFingerprints(store.git, tree, store.cacheDir);
  const read = (path) => {
    const e = store.git.entryAt(tree, path);
    if (!e) return null;
    try {
      return memoryFromFile(path, store.git.readBlob(e.oid).toString("utf8"), (w) => store.warn(w));
    } catch {
      return null;
    }
  };
  const byKey = q.key ? idx.byKey(q.key) : void 0;
  if (byKey) {
    const m = read(byKey.path);
    if (m) return { kind: "upsert", memory: m };
  }
  const byHash = q.hash ? idx.byHash(q.hash) : void 0;
  if (byHash) {
    const m = read(byHash.path);
    if (m) return { kind: "duplicate", memory: m };
  }
  return null;
}

export {
  UPSERT_KEY_FIELD,
  normalizeContent,
  contentHash,
  keyOf,
  primeFingerprints,
  loadFingerprints,
  guardFields,
  guardOptions,
  expiryOf,
  guardWrite,
  assertNoNewSecrets,
  findExisting
};

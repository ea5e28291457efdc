import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  setOwn
} from "./chunk-VIW2RCAO.js";
import {
  SecretDetectedError
} from "./chunk-FJGJKBHJ.js";

// src/model/secrets.ts
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
  "password-assignment": "a password/key/token assignment with a random-looking value",
  "gitlab-token": "a GitLab token",
  "azure-storage-key": "an Azure storage account key",
  "azure-sas-signature": "an Azure shared access signature",
  "sendgrid-key": "a SendGrid API key",
  "pypi-token": "a PyPI upload token",
  "docker-auth": 'a Docker registry credential ("auth" in a config.json)',
  "bearer-token": "a bearer token in an Authorization header",
  "aws-secret-key": "an AWS secret access key",
  "service-token": "an API token of a known service",
  "discord-webhook": "a Discord webhook URL",
  "command-credentials": "a user:password given to a command (curl -u)"
};
var B = "(?<![A-Za-z0-9_])";
var E = "(?![A-Za-z0-9_])";
var CURL_USER = /curl[^\n]{0,200}?\s(?:-u|--user)(?:\s{1,3}|=)["']?[^\s:"'$]{1,64}:([^\s"']{6,128})/y;
function* curlUsers(text) {
  for (let i = text.indexOf("curl"); i !== -1; i = text.indexOf("curl", i + 4)) {
    CURL_USER.lastIndex = i;
    const m = CURL_USER.exec(text);
    if (m) yield { offset: i + m[0].length - m[1].length, value: m[1] };
  }
}
var RULES = [
  { kind: "aws-access-key", re: new RegExp(`${B}(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}${E}`, "g") },
  { kind: "github-token", re: new RegExp(`${B}gh[pousr]_[A-Za-z0-9]{36,255}${E}`, "g") },
  { kind: "github-token", re: new RegExp(`${B}github_pat_[A-Za-z0-9_]{22,255}${E}`, "g") },
  { kind: "slack-token", re: new RegExp(`${B}xox[abposr]-[A-Za-z0-9-]{10,250}`, "g") },
  { kind: "slack-webhook", re: /https:\/\/hooks\.slack\.com\/services\/T[A-Za-z0-9_]{6,}\/B[A-Za-z0-9_]{6,}\/[A-Za-z0-9_]{16,}/g },
  // A key without its END line (pasted in part) still masks the whole body that follows: see keyBody.
  { kind: "private-key", re: /-----BEGIN (?:[A-Z0-9]+ ){0,3}PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]{0,16384}?-----END (?:[A-Z0-9]+ ){0,3}PRIVATE KEY(?: BLOCK)?-----)?/g, extend: keyBody },
  // RFC 4716 (SSH2, as ssh.com and some Windows tools write it): four dashes and spaces, `Comment:` headers.
  { kind: "private-key", re: /---- BEGIN SSH2 (?:ENCRYPTED )?PRIVATE KEY ----(?:[\s\S]{0,16384}?---- END SSH2 (?:ENCRYPTED )?PRIVATE KEY ----)?/g, extend: keyBody },
  // PuTTY .ppk (v2 and v3): a header line, then `Key: value` lines and base64 up to `Private-MAC:`.
  { kind: "private-key", re: /PuTTY-User-Key-File-[23]: [^\n]{1,64}/g, extend: keyBody },
  { kind: "jwt", re: new RegExp(`${B}eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{16,}`, "g") },
  { kind: "stripe-key", re: new RegExp(`${B}(?:sk|rk)_live_[A-Za-z0-9]{20,255}${E}`, "g") },
  // Test-mode keys are secrets too (they read and write a test account); a row of x's is a placeholder.
  { kind: "stripe-key", re: new RegExp(`${B}(?:sk|rk)_test_[A-Za-z0-9]{20,255}${E}`, "g"), accept: (v) => randomLooking(v.slice(8), 3) },
  { kind: "discord-webhook", re: /https:\/\/(?:(?:ptb|canary)\.)?discord(?:app)?\.com\/api\/(?:v\d{1,2}\/)?webhooks\/\d{17,20}\/[A-Za-z0-9_-]{60,100}/g },
  // `curl -u user:password` / `--user=user:password` (the password part; `-u user:` prompts, `$VAR` is a placeholder).
  {
    kind: "command-credentials",
    re: CURL_USER,
    // Found from each "curl" (indexOf), not by the regex over the whole text: its lazy gap cost 0.2 ms per 64 KiB.
    find: curlUsers,
    accept: (v) => !isPlaceholder(v) && !/^(?:pass(?:word)?|secret|token|passwd)\d*$/i.test(v) && randomLooking(v, 2.5)
  },
  { kind: "google-api-key", re: new RegExp(`${B}AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])`, "g") },
  { kind: "npm-token", re: new RegExp(`${B}npm_[A-Za-z0-9]{36}${E}`, "g") },
  { kind: "anthropic-key", re: new RegExp(`${B}sk-ant-[A-Za-z0-9_-]{20,255}`, "g") },
  { kind: "openai-key", re: new RegExp(`${B}sk-(?:proj-|svcacct-)?[A-Za-z0-9_-]{20,255}`, "g"), accept: (v) => !v.startsWith("sk-ant-") && randomLooking(v.slice(3), 3) },
  { kind: "url-credentials", re: /:\/\/[^\s:/@]{1,64}:([^\s/@]{6,128})@/g, group: 1, accept: (v) => !isPlaceholder(v) && randomLooking(v, 2.8) },
  { kind: "gitlab-token", re: new RegExp(`${B}gl(?:pat|dt|rt|ptt|ft|soat|cbt|imt)-[A-Za-z0-9_-]{20,255}`, "g"), accept: (v) => randomLooking(v.slice(v.indexOf("-") + 1), 3) },
  // Azure storage connection strings and SAS URLs: the key is base64 of 64 bytes; the signature of 32.
  { kind: "azure-storage-key", re: /AccountKey=([A-Za-z0-9+/]{40,100}={0,2})/g, group: 1, accept: (v) => randomLooking(v, 4) },
  { kind: "azure-sas-signature", re: /[?&;]sig=((?:[A-Za-z0-9+/_-]|%2[BbFf]|%3[Dd]){30,200})/g, group: 1, accept: (v) => randomLooking(v.replace(/%[0-9A-Fa-f]{2}/g, ""), 3.5) },
  { kind: "sendgrid-key", re: new RegExp(`${B}SG\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])`, "g") },
  // PyPI tokens are macaroons: "pypi-" + base64 of a binary header, always "AgE..." (pypi.org, test.pypi.org).
  { kind: "pypi-token", re: new RegExp(`${B}pypi-Ag[A-Za-z0-9_-]{50,}`, "g") },
  // ~/.docker/config.json: "auth": base64 of "user:password".
  { kind: "docker-auth", re: /"auth"\s{0,3}:\s{0,3}"([A-Za-z0-9+/]{8,1024}={0,2})"/g, group: 1, accept: isBasicCredential },
  {
    kind: "bearer-token",
    re: /authorization["']?\s{0,3}[:=]\s{0,3}["']?(?:bearer|token|basic)\s{1,3}([A-Za-z0-9._~+/-]{12,4096}=*)/gi,
    group: 1,
    accept: (v) => !isPlaceholder(v) && (randomLooking(v, 3) || isBasicCredential(v))
  },
  // Tokens with a registered prefix (GitHub's secret-scanning partner formats, abridged), one rule
  // each so that every one starts with a literal (one alternation without a common prefix cost 1.7 ms).
  ...[
    "xapp-\\d-[A-Z0-9]{8,}-\\d{6,}-[a-f0-9]{32,}",
    // Slack app-level
    "key-[0-9a-f]{32}",
    // Mailgun
    "dop_v1_[0-9a-f]{64}",
    // DigitalOcean
    "doo_v1_[0-9a-f]{64}",
    "shp(?:at|ss|ca|pa)_[0-9a-fA-F]{32}",
    // Shopify
    "hf_[A-Za-z]{34}",
    // Hugging Face
    "dapi[0-9a-f]{32}",
    // Databricks
    "GOCSPX-[A-Za-z0-9_-]{28}",
    // Google OAuth client secret
    "AGE-SECRET-KEY-1[0-9A-Z]{58}",
    // age
    "hv[sb]\\.[A-Za-z0-9_-]{24,}",
    // HashiCorp Vault
    "lin_api_[A-Za-z0-9]{40}",
    // Linear
    "NRAK-[A-Z0-9]{27}",
    // New Relic
    "PMAK-[0-9a-f]{24}-[0-9a-f]{34}",
    // Postman
    "glsa_[A-Za-z0-9]{32}_[0-9a-f]{8}",
    // Grafana service account
    "sq0(?:atp|csp)-[A-Za-z0-9_-]{22,43}",
    // Square
    "whsec_[A-Za-z0-9+/]{24,88}={0,2}"
    // Stripe / Svix webhook signing secret
  ].map((src) => ({ kind: "service-token", re: new RegExp(`${B}${src}${E}`, "g"), accept: (v) => randomLooking(v.replace(/^[^_.:-]*[_.:-]/, ""), 3) })),
  // Telegram bot token: `<bot id>:AA<33>`; the part after the colon is the secret.
  { kind: "service-token", re: /:(AA[A-Za-z0-9_-]{33})(?![A-Za-z0-9_-])/g, group: 1, before: (text, i) => /(?<![0-9])[0-9]{8,10}$/.test(text.slice(Math.max(0, i - 11), i)) },
  // .npmrc: `//registry.npmjs.org/:_authToken=<uuid or npm_...>` (legacy tokens are UUIDs).
  { kind: "npm-token", re: /_auth(?:Token)?\s{0,3}=\s{0,3}["']?([A-Za-z0-9+/=._-]{16,512})/g, group: 1, accept: (v) => !/^\$\{/.test(v) && (UUID.test(v) || randomLooking(v, 3)) },
  // A secret access key has no prefix: 40 base64 characters, said to be an AWS or secret key nearby.
  {
    kind: "aws-secret-key",
    re: /(?:aws|secret)[^\n]{0,80}?(?<![A-Za-z0-9/+])([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])/gi,
    group: 1,
    accept: (v) => /[a-z]/.test(v) && /[A-Z]/.test(v) && /[0-9]/.test(v) && !isPlaceholder(v) && entropy(v) >= 4.2
  },
  {
    kind: "password-assignment",
    // Found by `assignments` (below), not by one regex: a leading alternation of keywords made V8 try
    // every letter of the text (3-4x the cost of all the other rules together).
    re: /(?::=|=>|[:=])/g,
    find: assignments,
    accept: (v) => !isPlaceholder(v) && randomLooking(v, 3)
  }
];
var KEY_BEFORE = /(?:pass(?:word|wd)?|pwd|secret|(?:secret|signing|encryption|master|auth|session|app)[_-]?(?:key|secret)|webhook[_-]?secret|api[_-]?key|apikey|access[_-]?key|auth[_-]?token|access[_-]?token|refresh[_-]?token|token|client[_-]?secret|private[_-]?key|credentials?)["']?\s{0,3}$/i;
var VALUE_AT = /(?::=|=>|[:=])\s{0,3}["'`]?([^\s"'`,;]{8,256})/y;
var SEPARATOR = /[:=]/g;
function* assignments(text) {
  let last = -1;
  SEPARATOR.lastIndex = 0;
  for (let m = SEPARATOR.exec(text); m; m = SEPARATOR.exec(text)) {
    const sep = m.index;
    VALUE_AT.lastIndex = sep;
    const v = VALUE_AT.exec(text);
    if (!v) continue;
    const offset = sep + v[0].length - v[1].length;
    if (offset <= last || !KEY_BEFORE.test(text.slice(Math.max(0, sep - 32), sep))) continue;
    last = offset;
    yield { offset, value: v[1] };
  }
}
function isDocumentedPlaceholder(v) {
  if (/^(?:AKIA|ASIA)[0-9A-Z]{9}EXAMPLE$/.test(v) || /^[A-Za-z0-9/+]{30}EXAMPLEKEY$/.test(v)) return true;
  const stripped = v.replace(/^(?:[A-Za-z0-9]{1,12}[_.-])+/, "");
  const body = stripped === v ? v.slice(4) : stripped;
  return body.length >= 8 && body.split(/[_.-]/).every((p) => p === "" || /^([A-Za-z0-9*])\1*$/.test(p));
}
var UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function isPlaceholder(v) {
  if (/^[$<{%[(]/.test(v) || /\$\{|\{\{|process\.env|os\.environ|getenv|secrets\./i.test(v)) return true;
  if (/^(.)\1+$/.test(v) || /^[x*.•-]+$/i.test(v) || isDocumentedPlaceholder(v)) return true;
  if (UUID.test(v)) return true;
  return /^(?:your|my|the|some|example|dummy|sample|changeme|placeholder|redacted)[_-]?/i.test(v) && !/\d{3}/.test(v);
}
function isBasicCredential(v) {
  if (v.length % 4 !== 0) return false;
  const plain = Buffer.from(v, "base64").toString("latin1");
  const colon = plain.indexOf(":");
  if (colon < 1 || !/^[\x20-\x7e]+$/.test(plain)) return false;
  const pass = plain.slice(colon + 1);
  return pass.length >= 6 && !isPlaceholder(pass);
}
function keyBody(text, start, length) {
  let end = start + length;
  if (/-----END|---- END/.test(text.slice(start, end))) return length;
  const LINE = /^[ \t]*(?:[A-Za-z0-9+/=]{4,}|[A-Za-z][A-Za-z0-9-]*:[^\n]*)[ \t]*$/;
  const same = /^[ \t]*[A-Za-z0-9+/=]{4,}(?:[ \t]+[A-Za-z0-9+/=]{4,})*/.exec(text.slice(end, end + 65536));
  if (same) end += same[0].length;
  for (; ; ) {
    if (text[end] === "\r") end++;
    if (text[end] !== "\n") break;
    const nl = text.indexOf("\n", end + 1);
    const lineEnd = nl === -1 ? text.length : nl;
    const line = text.slice(end + 1, lineEnd).replace(/\r$/, "");
    if (!LINE.test(line) || line.trim() === "") break;
    end = lineEnd;
  }
  return end - start;
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
var MIN_SECRET_CHARS = 12;
function scanText(text, field = "content") {
  if (text.length < MIN_SECRET_CHARS) return [];
  const found = [];
  for (const rule of RULES) {
    if (rule.find) {
      for (const { offset, value } of rule.find(text)) {
        if (rule.accept && !rule.accept(value)) continue;
        if (isDocumentedPlaceholder(value)) continue;
        found.push({ kind: rule.kind, offset, length: value.length, line: 0, column: 0, field });
      }
      continue;
    }
    rule.re.lastIndex = 0;
    for (let m = rule.re.exec(text); m; m = rule.re.exec(text)) {
      const value = rule.group ? m[rule.group] : m[0];
      if (rule.accept && !rule.accept(value)) continue;
      if (rule.before && !rule.before(text, m.index)) continue;
      if (rule.kind !== "private-key" && isDocumentedPlaceholder(value)) continue;
      const offset = rule.group ? m.index + m[0].lastIndexOf(value) : m.index;
      const length = rule.extend ? rule.extend(text, offset, value.length) : value.length;
      found.push({ kind: rule.kind, offset, length, line: 0, column: 0, field });
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
function secretDetected(findings, what = "the memory") {
  return new SecretDetectedError(findings, what, describeFinding(findings[0]));
}
function assertNoSecrets(text, opts = {}) {
  if (opts.allowSecret) return text;
  const findings = scanText(text, opts.field ?? "content");
  if (!findings.length) return text;
  if (opts.redact) return redactText(text, findings);
  throw secretDetected(findings, opts.what);
}
function guardFields(fields, opts = {}) {
  if (opts.allowSecret) return fields;
  if (!Object.values(fields).some(holdsSecret)) return fields;
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
        const kf = scanText(k);
        const key = kf.length ? redactText(k, kf) : k;
        const at = `${path}.${key}`;
        if (kf.length) findings.push(...kf.map((f) => ({ ...f, field: at })));
        if (typeof x === "string") {
          const f = scanText(`${k}=${x}`, at).filter((f2) => f2.offset + f2.length > k.length + 1);
          if (f.length) {
            findings.push(...f);
            setOwn(o, key, redactText(`${k}=${x}`, f).slice(k.length + 1));
            continue;
          }
        }
        setOwn(o, key, visit(x, at));
      }
      return o;
    }
    return v;
  };
  for (const [k, v] of Object.entries(fields)) out[k] = visit(v, k);
  if (!findings.length) return fields;
  if (opts.redact) return out;
  throw secretDetected(findings, opts.what);
}
function holdsSecret(v) {
  if (typeof v === "string") return scanText(v).length > 0;
  if (Array.isArray(v)) return v.some(holdsSecret);
  if (v && typeof v === "object") {
    for (const [k, x] of Object.entries(v)) {
      if (scanText(k).length > 0) return true;
      if (typeof x === "string" && scanText(`${k}=${x}`).length > 0) return true;
      if (holdsSecret(x)) return true;
    }
  }
  return false;
}
function maskSecrets(text) {
  const found = scanText(text);
  return found.length ? redactText(text, found) : text;
}

export {
  scanText,
  secretDetected,
  assertNoSecrets,
  guardFields,
  maskSecrets
};

import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  MemoryStore,
  clearMemories,
  deleteMemory,
  deleteTagged,
  getMemory,
  listPage,
  recentMemories,
  safeError,
  safeText,
  storeMemory,
  taggedMemories,
  updateMemory
} from "./chunks/chunk-I5VKL4AS.js";
import {
  excerpt
} from "./chunks/chunk-5GR53BCC.js";
import "./chunks/chunk-54KTB477.js";
import "./chunks/chunk-T2R2GJK2.js";
import {
  emptyTrash,
  listTrash
} from "./chunks/chunk-W5ENC4GP.js";
import "./chunks/chunk-53GENQGN.js";
import "./chunks/chunk-Z5YN2S7E.js";
import {
  SecretDetectedError,
  scanText
} from "./chunks/chunk-3644YZMK.js";
import "./chunks/chunk-47DQF2KA.js";
import "./chunks/chunk-VR7ABPSN.js";
import {
  isPriority,
  normalizeTags
} from "./chunks/chunk-UWLGHJZD.js";
import "./chunks/chunk-5FXUYNES.js";
import "./chunks/chunk-QSDIKEXA.js";
import "./chunks/chunk-T2M7576Q.js";
import "./chunks/chunk-XTT75VXB.js";
import {
  InternalError,
  InvalidInputError,
  MemoryError
} from "./chunks/chunk-MDKNWCHG.js";
import "./chunks/chunk-KOPXADFB.js";

// node_modules/@actions/core/lib/command.js
import * as os from "os";

// node_modules/@actions/core/lib/utils.js
function toCommandValue(input) {
  if (input === null || input === void 0) {
    return "";
  } else if (typeof input === "string" || input instanceof String) {
    return input;
  }
  return JSON.stringify(input);
}
function toCommandProperties(annotationProperties) {
  if (!Object.keys(annotationProperties).length) {
    return {};
  }
  return {
    title: annotationProperties.title,
    file: annotationProperties.file,
    line: annotationProperties.startLine,
    endLine: annotationProperties.endLine,
    col: annotationProperties.startColumn,
    endColumn: annotationProperties.endColumn
  };
}

// node_modules/@actions/core/lib/command.js
function issueCommand(command, properties, message) {
  const cmd = new Command(command, properties, message);
  process.stdout.write(cmd.toString() + os.EOL);
}
var CMD_STRING = "::";
var Command = class {
  constructor(command, properties, message) {
    if (!command) {
      command = "missing.command";
    }
    this.command = command;
    this.properties = properties;
    this.message = message;
  }
  toString() {
    let cmdStr = CMD_STRING + this.command;
    if (this.properties && Object.keys(this.properties).length > 0) {
      cmdStr += " ";
      let first = true;
      for (const key in this.properties) {
        if (this.properties.hasOwnProperty(key)) {
          const val = this.properties[key];
          if (val) {
            if (first) {
              first = false;
            } else {
              cmdStr += ",";
            }
            cmdStr += `${key}=${escapeProperty(val)}`;
          }
        }
      }
    }
    cmdStr += `${CMD_STRING}${escapeData(this.message)}`;
    return cmdStr;
  }
};
function escapeData(s) {
  return toCommandValue(s).replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}
function escapeProperty(s) {
  return toCommandValue(s).replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A").replace(/:/g, "%3A").replace(/,/g, "%2C");
}

// node_modules/@actions/core/lib/file-command.js
import * as crypto from "crypto";
import * as fs from "fs";
import * as os2 from "os";
function issueFileCommand(command, message) {
  const filePath = process.env[`GITHUB_${command}`];
  if (!filePath) {
    throw new Error(`Unable to find environment variable for file command ${command}`);
  }
  if (!fs.existsSync(filePath)) {
    throw new Error(`Missing file at path: ${filePath}`);
  }
  fs.appendFileSync(filePath, `${toCommandValue(message)}${os2.EOL}`, {
    encoding: "utf8"
  });
}
function prepareKeyValueMessage(key, value) {
  const delimiter = `ghadelimiter_${crypto.randomUUID()}`;
  const convertedValue = toCommandValue(value);
  if (key.includes(delimiter)) {
    throw new Error(`Unexpected input: name should not contain the delimiter "${delimiter}"`);
  }
  if (convertedValue.includes(delimiter)) {
    throw new Error(`Unexpected input: value should not contain the delimiter "${delimiter}"`);
  }
  return `${key}<<${delimiter}${os2.EOL}${convertedValue}${os2.EOL}${delimiter}`;
}

// node_modules/@actions/core/lib/core.js
import * as os4 from "os";

// node_modules/@actions/http-client/lib/index.js
var HttpCodes;
(function(HttpCodes2) {
  HttpCodes2[HttpCodes2["OK"] = 200] = "OK";
  HttpCodes2[HttpCodes2["MultipleChoices"] = 300] = "MultipleChoices";
  HttpCodes2[HttpCodes2["MovedPermanently"] = 301] = "MovedPermanently";
  HttpCodes2[HttpCodes2["ResourceMoved"] = 302] = "ResourceMoved";
  HttpCodes2[HttpCodes2["SeeOther"] = 303] = "SeeOther";
  HttpCodes2[HttpCodes2["NotModified"] = 304] = "NotModified";
  HttpCodes2[HttpCodes2["UseProxy"] = 305] = "UseProxy";
  HttpCodes2[HttpCodes2["SwitchProxy"] = 306] = "SwitchProxy";
  HttpCodes2[HttpCodes2["TemporaryRedirect"] = 307] = "TemporaryRedirect";
  HttpCodes2[HttpCodes2["PermanentRedirect"] = 308] = "PermanentRedirect";
  HttpCodes2[HttpCodes2["BadRequest"] = 400] = "BadRequest";
  HttpCodes2[HttpCodes2["Unauthorized"] = 401] = "Unauthorized";
  HttpCodes2[HttpCodes2["PaymentRequired"] = 402] = "PaymentRequired";
  HttpCodes2[HttpCodes2["Forbidden"] = 403] = "Forbidden";
  HttpCodes2[HttpCodes2["NotFound"] = 404] = "NotFound";
  HttpCodes2[HttpCodes2["MethodNotAllowed"] = 405] = "MethodNotAllowed";
  HttpCodes2[HttpCodes2["NotAcceptable"] = 406] = "NotAcceptable";
  HttpCodes2[HttpCodes2["ProxyAuthenticationRequired"] = 407] = "ProxyAuthenticationRequired";
  HttpCodes2[HttpCodes2["RequestTimeout"] = 408] = "RequestTimeout";
  HttpCodes2[HttpCodes2["Conflict"] = 409] = "Conflict";
  HttpCodes2[HttpCodes2["Gone"] = 410] = "Gone";
  HttpCodes2[HttpCodes2["TooManyRequests"] = 429] = "TooManyRequests";
  HttpCodes2[HttpCodes2["InternalServerError"] = 500] = "InternalServerError";
  HttpCodes2[HttpCodes2["NotImplemented"] = 501] = "NotImplemented";
  HttpCodes2[HttpCodes2["BadGateway"] = 502] = "BadGateway";
  HttpCodes2[HttpCodes2["ServiceUnavailable"] = 503] = "ServiceUnavailable";
  HttpCodes2[HttpCodes2["GatewayTimeout"] = 504] = "GatewayTimeout";
})(HttpCodes || (HttpCodes = {}));
var Headers;
(function(Headers2) {
  Headers2["Accept"] = "accept";
  Headers2["ContentType"] = "content-type";
})(Headers || (Headers = {}));
var MediaTypes;
(function(MediaTypes2) {
  MediaTypes2["ApplicationJson"] = "application/json";
})(MediaTypes || (MediaTypes = {}));
var HttpRedirectCodes = [
  HttpCodes.MovedPermanently,
  HttpCodes.ResourceMoved,
  HttpCodes.SeeOther,
  HttpCodes.TemporaryRedirect,
  HttpCodes.PermanentRedirect
];
var HttpResponseRetryCodes = [
  HttpCodes.BadGateway,
  HttpCodes.ServiceUnavailable,
  HttpCodes.GatewayTimeout
];

// node_modules/@actions/core/lib/summary.js
import { EOL as EOL3 } from "os";
import { constants, promises } from "fs";
var __awaiter = function(thisArg, _arguments, P, generator) {
  function adopt(value) {
    return value instanceof P ? value : new P(function(resolve3) {
      resolve3(value);
    });
  }
  return new (P || (P = Promise))(function(resolve3, reject) {
    function fulfilled(value) {
      try {
        step(generator.next(value));
      } catch (e) {
        reject(e);
      }
    }
    function rejected(value) {
      try {
        step(generator["throw"](value));
      } catch (e) {
        reject(e);
      }
    }
    function step(result) {
      result.done ? resolve3(result.value) : adopt(result.value).then(fulfilled, rejected);
    }
    step((generator = generator.apply(thisArg, _arguments || [])).next());
  });
};
var { access, appendFile, writeFile } = promises;
var SUMMARY_ENV_VAR = "GITHUB_STEP_SUMMARY";
var Summary = class {
  constructor() {
    this._buffer = "";
  }
  /**
   * Finds the summary file path from the environment, rejects if env var is not found or file does not exist
   * Also checks r/w permissions.
   *
   * @returns step summary file path
   */
  filePath() {
    return __awaiter(this, void 0, void 0, function* () {
      if (this._filePath) {
        return this._filePath;
      }
      const pathFromEnv = process.env[SUMMARY_ENV_VAR];
      if (!pathFromEnv) {
        throw new Error(`Unable to find environment variable for $${SUMMARY_ENV_VAR}. Check if your runtime environment supports job summaries.`);
      }
      try {
        yield access(pathFromEnv, constants.R_OK | constants.W_OK);
      } catch (_a) {
        throw new Error(`Unable to access summary file: '${pathFromEnv}'. Check if the file has correct read/write permissions.`);
      }
      this._filePath = pathFromEnv;
      return this._filePath;
    });
  }
  /**
   * Wraps content in an HTML tag, adding any HTML attributes
   *
   * @param {string} tag HTML tag to wrap
   * @param {string | null} content content within the tag
   * @param {[attribute: string]: string} attrs key-value list of HTML attributes to add
   *
   * @returns {string} content wrapped in HTML element
   */
  wrap(tag, content, attrs = {}) {
    const htmlAttrs = Object.entries(attrs).map(([key, value]) => ` ${key}="${value}"`).join("");
    if (!content) {
      return `<${tag}${htmlAttrs}>`;
    }
    return `<${tag}${htmlAttrs}>${content}</${tag}>`;
  }
  /**
   * Writes text in the buffer to the summary buffer file and empties buffer. Will append by default.
   *
   * @param {SummaryWriteOptions} [options] (optional) options for write operation
   *
   * @returns {Promise<Summary>} summary instance
   */
  write(options) {
    return __awaiter(this, void 0, void 0, function* () {
      const overwrite = !!(options === null || options === void 0 ? void 0 : options.overwrite);
      const filePath = yield this.filePath();
      const writeFunc = overwrite ? writeFile : appendFile;
      yield writeFunc(filePath, this._buffer, { encoding: "utf8" });
      return this.emptyBuffer();
    });
  }
  /**
   * Clears the summary buffer and wipes the summary file
   *
   * @returns {Summary} summary instance
   */
  clear() {
    return __awaiter(this, void 0, void 0, function* () {
      return this.emptyBuffer().write({ overwrite: true });
    });
  }
  /**
   * Returns the current summary buffer as a string
   *
   * @returns {string} string of summary buffer
   */
  stringify() {
    return this._buffer;
  }
  /**
   * If the summary buffer is empty
   *
   * @returns {boolen} true if the buffer is empty
   */
  isEmptyBuffer() {
    return this._buffer.length === 0;
  }
  /**
   * Resets the summary buffer without writing to summary file
   *
   * @returns {Summary} summary instance
   */
  emptyBuffer() {
    this._buffer = "";
    return this;
  }
  /**
   * Adds raw text to the summary buffer
   *
   * @param {string} text content to add
   * @param {boolean} [addEOL=false] (optional) append an EOL to the raw text (default: false)
   *
   * @returns {Summary} summary instance
   */
  addRaw(text, addEOL = false) {
    this._buffer += text;
    return addEOL ? this.addEOL() : this;
  }
  /**
   * Adds the operating system-specific end-of-line marker to the buffer
   *
   * @returns {Summary} summary instance
   */
  addEOL() {
    return this.addRaw(EOL3);
  }
  /**
   * Adds an HTML codeblock to the summary buffer
   *
   * @param {string} code content to render within fenced code block
   * @param {string} lang (optional) language to syntax highlight code
   *
   * @returns {Summary} summary instance
   */
  addCodeBlock(code2, lang) {
    const attrs = Object.assign({}, lang && { lang });
    const element = this.wrap("pre", this.wrap("code", code2), attrs);
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds an HTML list to the summary buffer
   *
   * @param {string[]} items list of items to render
   * @param {boolean} [ordered=false] (optional) if the rendered list should be ordered or not (default: false)
   *
   * @returns {Summary} summary instance
   */
  addList(items, ordered = false) {
    const tag = ordered ? "ol" : "ul";
    const listItems = items.map((item) => this.wrap("li", item)).join("");
    const element = this.wrap(tag, listItems);
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds an HTML table to the summary buffer
   *
   * @param {SummaryTableCell[]} rows table rows
   *
   * @returns {Summary} summary instance
   */
  addTable(rows) {
    const tableBody = rows.map((row) => {
      const cells = row.map((cell) => {
        if (typeof cell === "string") {
          return this.wrap("td", cell);
        }
        const { header, data, colspan, rowspan } = cell;
        const tag = header ? "th" : "td";
        const attrs = Object.assign(Object.assign({}, colspan && { colspan }), rowspan && { rowspan });
        return this.wrap(tag, data, attrs);
      }).join("");
      return this.wrap("tr", cells);
    }).join("");
    const element = this.wrap("table", tableBody);
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds a collapsable HTML details element to the summary buffer
   *
   * @param {string} label text for the closed state
   * @param {string} content collapsable content
   *
   * @returns {Summary} summary instance
   */
  addDetails(label, content) {
    const element = this.wrap("details", this.wrap("summary", label) + content);
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds an HTML image tag to the summary buffer
   *
   * @param {string} src path to the image you to embed
   * @param {string} alt text description of the image
   * @param {SummaryImageOptions} options (optional) addition image attributes
   *
   * @returns {Summary} summary instance
   */
  addImage(src, alt, options) {
    const { width, height } = options || {};
    const attrs = Object.assign(Object.assign({}, width && { width }), height && { height });
    const element = this.wrap("img", null, Object.assign({ src, alt }, attrs));
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds an HTML section heading element
   *
   * @param {string} text heading text
   * @param {number | string} [level=1] (optional) the heading level, default: 1
   *
   * @returns {Summary} summary instance
   */
  addHeading(text, level) {
    const tag = `h${level}`;
    const allowedTag = ["h1", "h2", "h3", "h4", "h5", "h6"].includes(tag) ? tag : "h1";
    const element = this.wrap(allowedTag, text);
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds an HTML thematic break (<hr>) to the summary buffer
   *
   * @returns {Summary} summary instance
   */
  addSeparator() {
    const element = this.wrap("hr", null);
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds an HTML line break (<br>) to the summary buffer
   *
   * @returns {Summary} summary instance
   */
  addBreak() {
    const element = this.wrap("br", null);
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds an HTML blockquote to the summary buffer
   *
   * @param {string} text quote text
   * @param {string} cite (optional) citation url
   *
   * @returns {Summary} summary instance
   */
  addQuote(text, cite) {
    const attrs = Object.assign({}, cite && { cite });
    const element = this.wrap("blockquote", text, attrs);
    return this.addRaw(element).addEOL();
  }
  /**
   * Adds an HTML anchor tag to the summary buffer
   *
   * @param {string} text link text/content
   * @param {string} href hyperlink
   *
   * @returns {Summary} summary instance
   */
  addLink(text, href) {
    const element = this.wrap("a", text, { href });
    return this.addRaw(element).addEOL();
  }
};
var _summary = new Summary();
var summary = _summary;

// node_modules/@actions/core/lib/platform.js
import os3 from "os";

// node_modules/@actions/io/lib/io-util.js
import * as fs2 from "fs";
var { chmod, copyFile, lstat, mkdir, open, readdir, rename, rm, rmdir, stat, symlink, unlink } = fs2.promises;
var IS_WINDOWS = process.platform === "win32";
var READONLY = fs2.constants.O_RDONLY;

// node_modules/@actions/exec/lib/toolrunner.js
var IS_WINDOWS2 = process.platform === "win32";

// node_modules/@actions/core/lib/platform.js
var platform = os3.platform();
var arch = os3.arch();

// node_modules/@actions/core/lib/core.js
var ExitCode;
(function(ExitCode2) {
  ExitCode2[ExitCode2["Success"] = 0] = "Success";
  ExitCode2[ExitCode2["Failure"] = 1] = "Failure";
})(ExitCode || (ExitCode = {}));
function getInput(name, options) {
  const val = process.env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] || "";
  if (options && options.required && !val) {
    throw new Error(`Input required and not supplied: ${name}`);
  }
  if (options && options.trimWhitespace === false) {
    return val;
  }
  return val.trim();
}
function setOutput(name, value) {
  const filePath = process.env["GITHUB_OUTPUT"] || "";
  if (filePath) {
    return issueFileCommand("OUTPUT", prepareKeyValueMessage(name, value));
  }
  process.stdout.write(os4.EOL);
  issueCommand("set-output", { name }, toCommandValue(value));
}
function setFailed(message) {
  process.exitCode = ExitCode.Failure;
  error(message);
}
function debug(message) {
  issueCommand("debug", {}, message);
}
function error(message, properties = {}) {
  issueCommand("error", toCommandProperties(properties), message instanceof Error ? message.toString() : message);
}
function warning(message, properties = {}) {
  issueCommand("warning", toCommandProperties(properties), message instanceof Error ? message.toString() : message);
}
function info(message) {
  process.stdout.write(message + os4.EOL);
}

// src/daemon/client.ts
import { existsSync as existsSync2, readFileSync, unlinkSync } from "node:fs";
import { createRequire as createRequire2 } from "node:module";
import { resolve } from "node:path";

// src/daemon/common.ts
import { lstatSync, mkdirSync, chmodSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
var PROTOCOL = 1;
var MAX_REQUEST_BYTES = 1 << 20;
var VERSION = true ? "0.1.0" : "dev";
function daemonMode(env = process.env) {
  const raw = (env.MEMORY_DAEMON ?? "").trim().toLowerCase();
  const mode = ["0", "off", "false", "no", "never"].includes(raw) ? "off" : ["1", "on", "true", "yes", "always"].includes(raw) ? "on" : "auto";
  if (mode === "off") return { mode, effective: "off", reason: "MEMORY_DAEMON=off" };
  if (process.platform === "win32") return { mode, effective: "off", reason: "not available on Windows (unix sockets)" };
  if (mode === "on") return { mode, effective: "on", reason: "MEMORY_DAEMON=on" };
  const ci = ["CI", "GITHUB_ACTIONS"].find((k) => ["1", "true", "yes"].includes((env[k] ?? "").trim().toLowerCase()));
  return ci ? { mode, effective: "off", reason: `auto: off in CI (${ci} is set)` } : { mode, effective: "on", reason: "auto" };
}
function requestTimeoutMs(env = process.env) {
  const n = Number(env.MEMORY_DAEMON_TIMEOUT);
  return Number.isFinite(n) && n > 0 ? n : 3e4;
}
var buildMemo = null;
function buildId(fresh = false) {
  if (buildMemo && !fresh) return buildMemo;
  let file = "";
  let mtime = 0;
  try {
    file = fileURLToPath(import.meta.url);
    mtime = statSync(file).mtimeMs;
  } catch {
  }
  const id = `${VERSION}|${PROTOCOL}|${file}|${mtime}`;
  if (!fresh) buildMemo = id;
  return id;
}
var ENV_IGNORED = /^MEMORY_(DAEMON.*|VECTORS_COMMIT|AUTO_SYNC|BRANCH|REMOTE|DEBUG)$/;
function envFingerprint(env = process.env) {
  const pairs = Object.keys(env).filter((k) => k.startsWith("MEMORY_") && !ENV_IGNORED.test(k) && env[k]).sort().map((k) => [k, env[k] ?? ""]);
  pairs.push(["TZ", env.TZ ?? ""]);
  const keyVar = env.MEMORY_EMBEDDER_KEY_ENV || "OPENAI_API_KEY";
  const key = env[keyVar];
  if (key) {
    const { createHash } = createRequire(import.meta.url)("node:crypto");
    pairs.push(["key", createHash("sha256").update(key).digest("hex").slice(0, 16)]);
  }
  return JSON.stringify(pairs);
}
var MAX_SOCKET_PATH = 100;
function daemonPaths(commonDir, env = process.env) {
  const dir = join(commonDir, "git-memory", "@daemon");
  let socket = join(dir, "daemon.sock");
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH) {
    const { createHash } = createRequire(import.meta.url)("node:crypto");
    const uid = typeof process.getuid === "function" ? process.getuid() : 0;
    const base = env.XDG_RUNTIME_DIR ? join(env.XDG_RUNTIME_DIR, "git-memory") : join(tmpdir(), `git-memory-${uid}`);
    socket = join(base, `${createHash("sha256").update(commonDir).digest("hex").slice(0, 20)}.sock`);
  }
  return { dir, socket, pidFile: join(dir, "daemon.pid") };
}
function socketDir(p) {
  return p.socket.slice(0, p.socket.lastIndexOf("/"));
}
function isPrivateDir(dir) {
  try {
    const st = lstatSync(dir);
    const uid = typeof process.getuid === "function" ? process.getuid() : st.uid;
    return st.isDirectory() && st.uid === uid && (st.mode & 63) === 0;
  } catch {
    return false;
  }
}

// src/daemon/client.ts
var req = createRequire2(import.meta.url);
var MAX_RESPONSE_BYTES = 256 << 20;
function send(socket, body2, timeoutMs) {
  return new Promise((resolve3) => {
    const net = req("node:net");
    let done = false;
    let connected = false;
    const chunks = [];
    let size = 0;
    const finish = (o) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      conn.destroy();
      resolve3(o);
    };
    const conn = net.createConnection(socket);
    const timer = setTimeout(() => finish({ kind: "lost", reason: `no answer within ${timeoutMs} ms` }), timeoutMs);
    conn.on("connect", () => {
      connected = true;
      conn.write(JSON.stringify(body2) + "\n");
    });
    conn.on("data", (c) => {
      size += c.length;
      if (size > MAX_RESPONSE_BYTES) return finish({ kind: "lost", reason: "answer too large" });
      const nl = c.indexOf(10);
      if (nl < 0) return void chunks.push(c);
      chunks.push(c.subarray(0, nl));
      try {
        finish({ kind: "answer", res: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
      } catch {
        finish({ kind: "lost", reason: "unreadable answer" });
      }
    });
    conn.on("error", (err) => {
      if (connected) finish({ kind: "lost", reason: err.code ?? err.message });
      else finish({ kind: err.code === "ECONNREFUSED" || err.code === "ENOTSOCK" ? "refused" : "absent" });
    });
    conn.on("close", () => finish(connected ? { kind: "lost", reason: "connection closed before an answer" } : { kind: "absent" }));
  });
}
function body(store, op, extra = {}) {
  return { v: PROTOCOL, op, build: buildId(), env: envFingerprint(), repo: store.git.location.root, branch: store.branch, ...extra };
}
function pathsFor(store) {
  return daemonPaths(store.git.location.commonDir);
}
function usable(p) {
  return isPrivateDir(p.dir) && isPrivateDir(socketDir(p));
}
function needsModel(store, q) {
  if (q.mode === "fulltext" || q.archived) return false;
  if (!(typeof q.query === "string" && q.query.trim())) return false;
  let kind = process.env.MEMORY_EMBEDDER;
  if (!kind) {
    try {
      kind = String(store.config().hybrid?.embedder ?? "");
    } catch {
      kind = "";
    }
  }
  return (kind || "use").toLowerCase() !== "none";
}
function spawnDaemon(store, extraArgs = []) {
  const script = process.argv[1] ? resolve(process.argv[1]) : "";
  if (!script || !existsSync2(script)) return false;
  try {
    const cp = req("node:child_process");
    const root = store.git.location.root;
    const child = cp.spawn(process.execPath, [script, "daemon", "run", "--repo", root, "--branch", store.branch, ...extraArgs], { detached: true, stdio: "ignore", cwd: root, env: process.env });
    child.on("error", () => {
    });
    child.unref();
    return true;
  } catch {
    return false;
  }
}
var sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function sendWhenUp(p, b, deadline, timeoutMs) {
  for (; ; ) {
    const o = usable(p) ? await send(p.socket, b, timeoutMs) : { kind: "absent" };
    const replaced = o.kind === "answer" && !o.res.ok && !!o.res.stale;
    if (o.kind === "answer" && !replaced || o.kind === "lost" || Date.now() >= deadline) return o;
    await sleep(20);
  }
}
var START_WAIT_MS = 5e3;
function debug2(msg) {
  if (process.env.MEMORY_DEBUG) process.stderr.write(`git-memory: daemon: ${msg}
`);
}
async function searchViaDaemon(store, q) {
  if (daemonMode().effective === "off") return null;
  const p = pathsFor(store);
  const b = body(store, "search", { query: q });
  const timeout = requestTimeoutMs();
  let o = usable(p) ? await send(p.socket, b, timeout) : { kind: "absent" };
  if (o.kind === "answer" && !o.res.ok && o.res.stale) {
    debug2(`stale helper (${o.res.stale}), starting a new one`);
    o = { kind: "absent" };
  }
  if ((o.kind === "absent" || o.kind === "refused") && needsModel(store, q)) {
    if (spawnDaemon(store)) {
      debug2("started a helper");
      o = await sendWhenUp(p, b, Date.now() + START_WAIT_MS, timeout);
    }
  }
  if (o.kind !== "answer") {
    debug2(`searching in-process (${o.kind}${o.kind === "lost" ? ": " + o.reason : ""})`);
    return null;
  }
  const res = o.res;
  for (const w of res.warnings ?? []) store.warn(w);
  if (res.ok) return res.result;
  if (res.error && res.error.code !== "INTERNAL") throw new MemoryError(res.error.code, res.error.message, res.error.data ?? {});
  debug2(`searching in-process (${res.stale ? "stale: " + res.stale : res.error?.message})`);
  return null;
}
async function notifyStored(store) {
  if (daemonMode().effective === "off") return;
  const p = pathsFor(store);
  if (!usable(p) || !existsSync2(p.socket)) return;
  await send(p.socket, body(store, "refresh"), 300);
}
function cleanStale(p) {
  const cleaned = [];
  let pid = 0;
  try {
    pid = Number(JSON.parse(readFileSync(p.pidFile, "utf8")).pid) || 0;
  } catch {
  }
  let alive = false;
  if (pid > 0) {
    try {
      process.kill(pid, 0);
      alive = true;
    } catch (err) {
      alive = err.code === "EPERM";
    }
  }
  if (alive) return cleaned;
  for (const f of [p.socket, p.pidFile]) {
    try {
      unlinkSync(f);
      cleaned.push(f.slice(f.lastIndexOf("/") + 1));
    } catch {
    }
  }
  return cleaned;
}
async function daemonStatus(store) {
  const m = daemonMode();
  const p = pathsFor(store);
  const base = { success: true, mode: m.mode, reason: m.reason, socket: p.socket };
  const o = usable(p) ? await send(p.socket, body(store, "status"), 5e3) : { kind: "absent" };
  if (o.kind === "answer" && o.res.ok && o.res.status) {
    const st = o.res.status;
    const stale = st.build !== buildId() ? "version" : void 0;
    return { ...base, running: true, status: st, ...stale ? { stale } : {} };
  }
  const cleaned = o.kind === "refused" || o.kind === "absent" ? cleanStale(p) : [];
  return { ...base, running: false, ...cleaned.length ? { cleaned } : {} };
}
async function stopDaemon(store) {
  const p = pathsFor(store);
  const o = usable(p) ? await send(p.socket, body(store, "stop"), 5e3) : { kind: "absent" };
  if (o.kind === "answer" && o.res.ok) {
    const pid = o.res.status?.pid;
    const until = Date.now() + 5e3;
    while (existsSync2(p.socket) && Date.now() < until) await sleep(20);
    return { success: true, stopped: true, ...pid ? { pid } : {} };
  }
  const cleaned = cleanStale(p);
  return { success: true, stopped: false, ...cleaned.length ? { cleaned } : {} };
}
async function startDaemon(store) {
  const p = pathsFor(store);
  const first = await daemonStatus(store);
  if (first.running && !first.stale) return first;
  if (first.running && first.stale) await stopDaemon(store);
  if (!spawnDaemon(store)) throw new InternalError("could not start the search helper (no CLI script to run)");
  const o = await sendWhenUp(p, body(store, "status"), Date.now() + START_WAIT_MS, 12e4);
  if (o.kind === "answer" && o.res.ok) return daemonStatus(store);
  const why = o.kind === "lost" ? o.reason : o.kind === "answer" ? o.res.ok ? "" : o.res.stale ? `a stale helper (${o.res.stale}) still answers` : o.res.error?.message : "nobody listening";
  throw new InternalError(`the search helper did not start (${why}); run "memory daemon run" to see why`);
}

// src/api.ts
function openMemory(opts = {}) {
  return openDoor(opts);
}
var OPTION_TYPES = {
  repo: "string",
  branch: "string",
  source: "string",
  defaultCategory: "string",
  now: "function",
  warn: "function",
  vectorsOnWrite: "function",
  embedOnWrite: "boolean",
  config: "object"
};
function checkOpenOptions(opts) {
  if (opts === void 0) return {};
  if (opts === null || typeof opts !== "object" || Array.isArray(opts)) throw new InvalidInputError('the options must be an object, e.g. { repo: "." }', { field: "options" });
  const o = opts;
  for (const [key, type] of Object.entries(OPTION_TYPES)) {
    const v = o[key];
    if (v === void 0) continue;
    if (typeof v !== type || type === "object" && (v === null || Array.isArray(v))) throw new InvalidInputError(`${key} must be ${type === "object" ? "an object" : `a ${type}`}`, { field: key });
  }
  if (o.maxContentBytes !== void 0 && !(Number.isInteger(o.maxContentBytes) && o.maxContentBytes > 0)) {
    throw new InvalidInputError("maxContentBytes must be a positive integer", { field: "maxContentBytes" });
  }
  if (o.defaultPriority !== void 0 && !isPriority(o.defaultPriority)) throw new InvalidInputError("defaultPriority must be low, medium or high", { field: "defaultPriority" });
  return o;
}
function openDoor(options = {}) {
  const { embedOnWrite, ...storeOpts } = checkOpenOptions(options);
  const writeVectors = async (texts) => (await import("./chunks/write-UCNZMW23.js")).writeTimeVectors(s, texts);
  const s = new MemoryStore({ ...storeOpts, vectorsOnWrite: storeOpts.vectorsOnWrite ?? (embedOnWrite === false ? void 0 : writeVectors) });
  const history = () => import("./chunks/history-2SPMPZOQ.js");
  const coreDoc = () => import("./chunks/core-doc-YRMKT6FA.js");
  const sync = () => import("./chunks/sync-VIOW2XE3.js");
  const importExport = () => import("./chunks/import-export-3X77E3VP.js");
  const configOps = () => import("./chunks/config-ops-NANM3QSR.js");
  return {
    store: (input) => storeMemory(s, input),
    get: (id) => getMemory(s, id),
    recent: (count) => recentMemories(s, count),
    tagged: (tags) => taggedMemories(s, tags),
    list: (filter) => listPage(s, filter),
    // Mode-aware search (hybrid, vector, full text; docs/hybrid.md); lunr loads only when one runs.
    search: async (q, o) => (await import("./chunks/hybrid-IRED7TWE.js")).modeSearch(s, q, o?.progress ? { progress: o.progress } : void 0),
    rebuildIndex: async (o) => (await import("./chunks/search-3NGH3FLR.js")).rebuildIndex(s, o?.progress ? { progress: o.progress } : void 0),
    delete: (id) => deleteMemory(s, id),
    deleteByTag: (tag) => deleteTagged(s, tag),
    clear: (o) => clearMemories(s, o),
    sync: async (o) => (await sync()).sync(s, o),
    pull: async (o) => (await sync()).pull(s, o),
    push: async (o) => (await sync()).push(s, o),
    update: (id, patch) => updateMemory(s, id, patch),
    history: async (id) => (await history()).memoryHistory(s, id),
    getAt: async (id, at) => (await history()).getAt(s, id, at),
    coreView: async (o) => (await coreDoc()).coreView(s, o),
    coreUpdate: async (input) => (await coreDoc()).coreUpdate(s, input),
    coreSet: async (input) => (await coreDoc()).coreSet(s, input),
    coreHistory: async (o) => (await coreDoc()).coreHistory(s, o),
    coreRestore: async (input) => (await coreDoc()).coreRestore(s, input),
    // One implementation for the three actions; the cast gives callers the result of the action they asked for.
    trash: (async (input = {}) => {
      const action = input.action ?? "list";
      if (action === "list") return { success: true, action, items: listTrash(s) };
      if (action === "restore") {
        if (!input.id) throw new InvalidInputError("restore needs the id of a memory in the trash", { field: "id" });
        return { ...await (await import("./chunks/restore-CUMFMPVS.js")).restoreFromTrash(s, input.id), action };
      }
      if (action === "empty") return { ...await emptyTrash(s, { olderThanDays: input.olderThanDays }), action };
      throw new InvalidInputError(`unknown trash action ${JSON.stringify(action)}: use list, restore or empty`, { field: "action" });
    }),
    stats: async (o) => (await import("./chunks/stats-XQFLRL2X.js")).memoryStats(s, o),
    prune: async (o) => (await import("./chunks/prune-E53KYJ6C.js")).prune(s, o),
    importMemories: async (input) => (await importExport()).importMemories(s, input),
    exportMemories: async (o) => (await importExport()).exportMemories(s, o),
    exportChunks: async (o) => (await importExport()).exportChunks(s, o),
    config: async () => (await configOps()).configShow(s),
    configGet: async (key) => (await configOps()).configGet(s, key),
    configSet: async (key, value) => (await configOps()).configSet(s, key, value),
    configUnset: async (key) => (await configOps()).configUnset(s, key),
    settings: () => s.loadConfig(),
    embed: async (o = {}) => {
      for (const key of ["batchSize", "threads"]) {
        const v = o[key];
        if (v !== void 0 && !(Number.isInteger(v) && v > 0)) throw new InvalidInputError(`${key} must be a positive integer, got ${JSON.stringify(v)}`, { field: key });
      }
      return (await import("./chunks/embed-NMVNE3MX.js")).embedMemories(s, { batchSize: o.batchSize, threads: o.threads, onProgress: o.onProgress });
    },
    helper: {
      search: (q) => searchViaDaemon(s, q),
      notifyStored: () => notifyStored(s),
      status: () => daemonStatus(s),
      start: () => startDaemon(s),
      stop: () => stopDaemon(s)
    },
    core: s,
    close: () => s.close()
  };
}

// src/action/summary.ts
function escapeCell(text, max = 200) {
  let one = text.replace(/\s+/g, " ").trim();
  if (one.length > max) one = one.slice(0, max - 1) + "\u2026";
  return neutraliseLinks(
    one.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/([\\`*_{}\[\]()#+!~|-])/g, "\\$1")
  );
}
var ZWSP = "\u200B";
function neutraliseLinks(text) {
  return text.replace(/([A-Za-z][A-Za-z0-9+.\\-]{0,30}):(?=\/\/|\\?\/)/g, `$1:${ZWSP}`).replace(/\b(www)\./gi, `$1${ZWSP}.`).replace(/@/g, `${ZWSP}@`);
}
var code = (s) => "`" + s.replace(/`/g, "'") + "`";
function searchSummary(q, results, total) {
  const what = [q.query ? `\u201C${escapeCell(q.query, 80)}\u201D` : "", ...q.tags.map((t) => `#${escapeCell(t, 40)}`), q.category ? `category ${escapeCell(q.category, 40)}` : ""].filter(Boolean).join(" ");
  const head = `### Memory search${what ? ": " + what : ""}

${results.length} of ${total} match${total === 1 ? "" : "es"} on branch ${code(q.branch)}.
`;
  if (!results.length) return head;
  const rows = results.map((m, i) => {
    const rel = typeof m.relevance === "number" ? m.relevance.toFixed(2) : "";
    const tags = m.tags.map((t) => escapeCell(t, 40)).join(", ");
    return `| ${i + 1} | ${rel} | ${escapeCell(m.content)} | ${tags} | ${escapeCell(m.category, 40)} | ${m.timestamp.slice(0, 10)} | ${code(m.id)} |`;
  });
  return `${head}
| # | Relevance | Memory | Tags | Category | Date | Id |
|--:|--:|---|---|---|---|---|
${rows.join("\n")}
`;
}
function storeSummary(id, tags, branch, pushedTo, duplicate = false) {
  const t = tags.length ? ` (tags: ${tags.map((x) => escapeCell(x, 40)).join(", ")})` : "";
  if (duplicate) return `Memory ${code(id)} on branch ${code(branch)} already had this content: nothing new stored.
`;
  return `Stored memory ${code(id)} on branch ${code(branch)}${t}${pushedTo ? `, pushed to ${code(pushedTo)}` : ", not pushed (sync: false)"}.
`;
}

// src/action/execute.ts
var READS = /* @__PURE__ */ new Set(["search", "get", "recent", "list"]);
var WRITES = /* @__PURE__ */ new Set(["store", "delete"]);
async function execute(inputs, log) {
  const memory = openMemory({ repo: inputs.path, branch: inputs.branch, source: "github-action", warn: (m) => log.warning(m) });
  try {
    if (inputs.sync && (READS.has(inputs.command) || WRITES.has(inputs.command))) await pull(memory, inputs, log);
    const result = await perform(memory, inputs, log);
    if (inputs.command === "store" && memory.core.config().retention?.enabled) {
      const p = await memory.prune();
      if (p.commit) log.info(`retention: ${p.summary}`);
      result.json.pruned = { archived: p.archived.length, trashed: p.trashed.length, purged: p.purged.length };
    }
    if (inputs.sync && WRITES.has(inputs.command)) await push(memory, inputs, log);
    if (inputs.command === "store") {
      const tags = result.json.tags ?? inputs.tags;
      result.summary = storeSummary(result.id, tags, inputs.branch, inputs.sync ? inputs.remote : null, result.json.duplicate === true);
    }
    return result;
  } finally {
    memory.close();
  }
}
async function pull(memory, inputs, log) {
  const r = await memory.pull({ remote: inputs.remote });
  log.info(r.remoteTip ? `fetched ${inputs.branch} from ${r.remote}${r.received ? `: ${r.received} memory files changed` : ""}` : `${r.remote} has no ${inputs.branch} branch yet`);
  reportConflicts(r, log);
}
var MIN_RETRIES = 20;
async function push(memory, inputs, log) {
  const retries = process.env.MEMORY_SYNC_RETRIES ? void 0 : Math.max(MIN_RETRIES, memory.core.config().sync?.retries ?? 0);
  const r = await memory.sync({ remote: inputs.remote, retries });
  if (r.pendingRef) log.info(`another job moved ${inputs.branch} first: shared this job's commits as ${r.pendingRef} (readers see it now; the next sync folds it into the branch)`);
  else log.info(`pushed ${inputs.branch} to ${r.remote}${r.created ? " (created the branch)" : ""}${r.folded ? `, folding ${r.folded} pending ref${r.folded === 1 ? "" : "s"}` : ""}${r.retries ? ` after ${r.retries} retr${r.retries === 1 ? "y" : "ies"}: other jobs pushed first` : ""}`);
  reportConflicts(r, log);
  return r;
}
function reportConflicts(r, log) {
  for (const c of r.conflicts) log.warning(`${c.id ?? c.path}: changed here and on the remote (${c.kind}); kept the ${c.kept} version (${c.reason}); the other stays in the branch's history`);
}
async function perform(memory, inputs, log) {
  switch (inputs.command) {
    case "store": {
      const r = await memory.store({ content: inputs.content, tags: inputs.tags, category: inputs.category, priority: inputs.priority });
      const json = { success: true, id: r.id, timestamp: r.timestamp };
      if (r.duplicate) json.duplicate = true;
      if (r.upserted) json.upserted = true;
      if (r.autoTags) json.tags = r.autoTags;
      if (r.redacted) json.redacted = r.redacted;
      log.info(`${r.duplicate ? "already stored, same content" : "stored"} ${r.id} (${r.timestamp})${r.autoTags ? ` tags: ${r.autoTags.join(", ")}` : ""}`);
      if (r.redacted) log.warning(`${r.redacted} credential${r.redacted === 1 ? "" : "s"} masked in the stored text`);
      return { json, id: r.id, results: [], count: r.duplicate ? 0 : 1 };
    }
    case "get": {
      const r = await memory.get(inputs.id);
      log.info(`${r.memory.id}: ${excerpt(r.memory.content, 100)}`);
      return { json: { success: true, memory: r.memory }, id: r.memory.id, results: [r.memory], count: 1 };
    }
    case "recent": {
      const r = await memory.recent(inputs.limit);
      for (const m of r.memories) log.info(`${m.id}  ${m.timestamp.slice(0, 10)}  ${excerpt(m.content, 100)}`);
      return { json: { success: true, memories: r.memories }, id: "", results: r.memories, count: r.memories.length };
    }
    case "list": {
      const r = await memory.list({ tags: inputs.tags, category: inputs.category, priority: inputs.priority, limit: inputs.limit });
      for (const m of r.memories) log.info(`${m.id}  ${m.timestamp.slice(0, 10)}  ${excerpt(m.content, 100)}`);
      log.info(`${r.memories.length} of ${r.total} memories`);
      return { json: { success: true, memories: r.memories, total: r.total }, id: "", results: r.memories, count: r.memories.length };
    }
    case "delete": {
      if (inputs.id) {
        const r2 = await memory.delete(inputs.id);
        log.info(`deleted ${r2.deleted}`);
        return { json: { success: true, deleted: r2.deleted }, id: r2.deleted, results: [], count: 1, summary: `Deleted memory \`${r2.deleted}\` from branch \`${inputs.branch}\`.
` };
      }
      const r = await memory.deleteByTag(inputs.tags[0]);
      log.info(`deleted ${r.deleted.length} memories tagged ${inputs.tags[0]}`);
      return { json: { success: true, deleted: r.deleted }, id: "", results: [], count: r.deleted.length, summary: `Deleted ${r.deleted.length} memories tagged \`${inputs.tags[0]}\` from branch \`${inputs.branch}\`.
` };
    }
    case "search": {
      const q = { query: inputs.query, tags: inputs.tags, category: inputs.category, priority: inputs.priority, after: inputs.after, before: inputs.before, days: inputs.days, limit: inputs.limit, mode: inputs.mode === "auto" ? void 0 : inputs.mode };
      const r = await memory.search(q);
      for (const m of r.results) log.info(`${m.relevance.toFixed(2)}  ${m.id}  ${excerpt(m.content, 100)}`);
      const noModel = r.fallback?.code === "EMBEDDER_ERROR" && /not installed/.test(r.fallback.reason);
      const why = r.fallback && !(inputs.mode === "auto" && (noModel || !inputs.query)) ? noModel ? ": no embedding model in the action bundle" : `: ${r.fallback.reason}` : "";
      if (r.vectors?.missing) log.info(`${r.vectors.missing} memories have no vector yet and matched on full text only (a store step with an HTTP embedder, or "memory embed", writes them)`);
      log.info(`${r.results.length} of ${r.total} matches${r.mode ? ` (${r.mode}${why})` : ""}`);
      return { json: { success: true, results: r.results, total: r.total }, id: "", results: r.results, count: r.results.length, summary: searchSummary(inputs, r.results, r.total) };
    }
    case "sync": {
      const r = await push(memory, inputs, log);
      return { json: { ...r }, id: "", results: [], count: 0, summary: `Synced branch \`${inputs.branch}\` with \`${r.remote}\`: ${r.received} memory files received, ${r.sent} commits sent.
` };
    }
  }
}

// src/action/failure.ts
function toMemoryError(err) {
  return safeError(err);
}
var DENIED = /\b403\b|permission to .* denied|denied to github-actions|write access to repository not granted|the requested url returned error: 403/i;
function failureMessage(err, inputs) {
  const remote = inputs?.remote ?? "origin";
  const branch = inputs?.branch ?? "memory";
  const head = `[${err.code}] ${err.message}`;
  let fix;
  if (/dubious ownership/i.test(err.message)) {
    fix = 'the repository belongs to another user than the job (a container job): add a step `run: git config --global --add safe.directory "$GITHUB_WORKSPACE"` before this one.';
  } else if (err.code === "PERMISSION_DENIED" || (err.code === "PUSH_REJECTED" || err.code === "SYNC_FAILED") && DENIED.test(err.message)) {
    fix = `the job's token may not push to ${remote}: grant \`permissions: contents: write\` to the job (or the workflow), and keep actions/checkout's \`persist-credentials\` (default true) so git has the token. Pull requests from forks get a read-only token: store memories from a push, schedule or workflow_dispatch run instead.`;
  } else {
    switch (err.code) {
      case "NOT_A_REPOSITORY":
        fix = "add `- uses: actions/checkout@v5` before this step, or point the `path` input at the checked-out repository.";
        break;
      case "UNSUPPORTED_REPOSITORY":
        fix = "use a SHA-1 repository with the files ref backend (the default `actions/checkout` clone is one).";
        break;
      case "REMOTE_UNREACHABLE":
        fix = `check the \`remote\` input (now ${remote}) and keep the checkout's credentials (\`persist-credentials: true\`, the default of actions/checkout); or set \`sync: false\` to work on the local branch only.`;
        break;
      case "PUSH_REJECTED":
        fix = `the push to ${remote}/${branch} kept being rejected: check that no branch protection rule or ruleset blocks pushes to \`${branch}\`, then re-run the job.`;
        break;
      case "SYNC_FAILED":
        fix = `check that ${remote} is reachable from the job and that \`${branch}\` is a branch git-memory can write to; \`sync: false\` skips the network.`;
        break;
      case "NOT_FOUND":
        fix = `check the \`id\` input; with \`sync: false\` only memories already on the local \`${branch}\` branch are found.`;
        break;
      case "SECRET_DETECTED":
        fix = "the content looks like a credential, and memories are plain text in git that every reader of the repository sees: remove it from `content` (keep secrets in GitHub secrets).";
        break;
      case "LOCKED":
      case "CONFLICT":
        fix = "another process was writing the branch at the same time: re-run the step.";
        break;
      case "INTERNAL":
      case "CORRUPT_OBJECT":
        fix = "re-run the job with debug logging (secret `ACTIONS_STEP_DEBUG: true`) for the stack trace, and report it to git-memory with that log.";
        break;
      default:
        fix = "check the step's `with:` inputs.";
    }
  }
  return `${head}
To fix: ${fix}`;
}

// src/action/inputs.ts
import { isAbsolute, resolve as resolve2 } from "node:path";
var COMMANDS = ["store", "search", "get", "recent", "list", "delete", "sync"];
var USES = {
  store: ["content", "tags", "category", "priority"],
  search: ["query", "tags", "category", "priority", "limit", "after", "before", "days", "mode"],
  get: ["id"],
  recent: ["limit"],
  list: ["tags", "category", "priority", "limit"],
  delete: ["id", "tags"],
  sync: []
};
var OPTIONAL = ["content", "tags", "category", "priority", "query", "id", "limit", "after", "before", "days"];
var MODES = ["fulltext", "hybrid", "vector"];
function bad(input, message) {
  throw new InvalidInputError(`input \`${input}\`: ${message}`, { field: input });
}
function positiveInt(name, raw) {
  if (raw === "") return void 0;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) bad(name, `expected a positive whole number, got ${JSON.stringify(raw)}`);
  return Number(raw);
}
function isoDate(name, raw) {
  if (raw === "") return void 0;
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(raw) || !Number.isFinite(Date.parse(raw))) {
    bad(name, `expected an ISO date such as 2026-01-31 or 2026-01-31T12:00:00Z, got ${JSON.stringify(raw)}`);
  }
  return raw;
}
function parseInputs(get, env = process.env) {
  const str = (name) => get(name).trim();
  const command = str("command") || "store";
  if (!COMMANDS.includes(command)) bad("command", `expected one of ${COMMANDS.join(", ")}, got ${JSON.stringify(command)}`);
  const content = get("content").replace(/\s+$/, "");
  const priority = str("priority");
  if (priority && !isPriority(priority)) bad("priority", `expected low, medium or high, got ${JSON.stringify(priority)}`);
  const syncRaw = str("sync").toLowerCase() || "true";
  if (!["true", "false"].includes(syncRaw)) bad("sync", `expected true or false, got ${JSON.stringify(str("sync"))}`);
  const days = str("days");
  if (days && !(/^\d+(\.\d+)?$/.test(days) && Number(days) > 0)) bad("days", `expected a positive number of days, got ${JSON.stringify(days)}`);
  const mode = str("mode").toLowerCase() || "auto";
  if (mode !== "auto" && !MODES.includes(mode)) bad("mode", `expected auto, ${MODES.join(", ")}, got ${JSON.stringify(str("mode"))}`);
  const workspace = env.GITHUB_WORKSPACE || process.cwd();
  const p = str("path");
  const tagFindings = String(env.MEMORY_SECRET_GUARD ?? "").trim().toLowerCase() === "off" ? [] : scanText(get("tags"), "tags");
  if (tagFindings.length) throw new SecretDetectedError(tagFindings, "the tags input");
  const inputs = {
    command,
    content: content === "" ? void 0 : content,
    // Commas or newlines: a YAML list written as a block scalar works too.
    tags: normalizeTags(get("tags").split(/[,\n]/)),
    category: str("category") || void 0,
    priority: priority || void 0,
    query: str("query") || void 0,
    id: str("id") || void 0,
    limit: positiveInt("limit", str("limit")),
    after: isoDate("after", str("after")),
    before: isoDate("before", str("before")),
    days: days ? Number(days) : void 0,
    mode,
    branch: str("branch") || "memory",
    remote: str("remote") || "origin",
    sync: syncRaw === "true",
    path: p ? isAbsolute(p) ? p : resolve2(workspace, p) : workspace
  };
  if (inputs.command === "store" && inputs.content === void 0) bad("content", "the text to remember is required for command store");
  if (inputs.command === "get" && !inputs.id) bad("id", "the memory id is required for command get");
  if (inputs.command === "delete") {
    if (!inputs.id && inputs.tags.length !== 1) bad("id", "command delete needs `id` (one memory) or a single tag in `tags` (every memory with it)");
    if (inputs.id && inputs.tags.length) bad("tags", "give `id` or `tags` to command delete, not both");
  }
  const uses = USES[inputs.command];
  const ignored = OPTIONAL.filter((k) => !uses.includes(k) && (Array.isArray(inputs[k]) ? inputs[k].length > 0 : inputs[k] !== void 0));
  return { inputs, ignored };
}

// src/action/main.ts
var OUTPUT_LIMIT = 1024 * 1024;
async function run() {
  let inputs;
  try {
    const parsed = parseInputs((name) => getInput(name, { trimWhitespace: false }));
    inputs = parsed.inputs;
    for (const name of parsed.ignored) warning(`input \`${name}\` is not used by command ${inputs.command}; ignored`);
    const r = await execute(inputs, { info: (m) => info(m), warning: (m) => warning(m) });
    const results = JSON.stringify(r.results);
    const json = JSON.stringify(r.json);
    for (const [name, text] of [["results", results], ["json", json]]) {
      const bytes = Buffer.byteLength(text);
      if (bytes > OUTPUT_LIMIT) warning(`output \`${name}\` is ${bytes} bytes; GitHub keeps at most 1 MB per output: lower \`limit\``);
    }
    setOutput("id", r.id);
    setOutput("results", results);
    setOutput("count", String(r.count));
    setOutput("json", json);
    if (r.summary && process.env.GITHUB_STEP_SUMMARY) {
      try {
        await summary.addRaw(r.summary, true).write();
      } catch (err) {
        warning(`could not write the job summary: ${err.message}`);
      }
    }
  } catch (err) {
    const me = toMemoryError(err);
    if (me.code === "INTERNAL") debug(safeText(String(err?.stack ?? err), 4e3));
    setOutput("json", JSON.stringify({ success: false, error: me.toJSON() }));
    setFailed(failureMessage(me, inputs));
  }
}

// src/action/index.ts
await run();

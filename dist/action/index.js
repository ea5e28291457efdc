import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  ConfirmationRequiredError,
  CorruptObjectError,
  InvalidInputError,
  LockedError,
  MAX_CONTENT_BYTES,
  MEMORIES_DIR,
  MemoryError,
  NotARepositoryError,
  NotFoundError,
  RefMovedError,
  UnsupportedRepositoryError,
  assertId,
  cacheDir,
  isPriority,
  loadCatalog,
  memoryFromFile,
  memoryToFile,
  newId,
  normalizeTags,
  pathFor,
  publicMemory,
  runnerMetadata,
  trashFile,
  trashPathFor,
  validateContent
} from "./chunks/chunk-CXLW7V3E.js";

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
    return value instanceof P ? value : new P(function(resolve4) {
      resolve4(value);
    });
  }
  return new (P || (P = Promise))(function(resolve4, reject) {
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
      result.done ? resolve4(result.value) : adopt(result.value).then(fulfilled, rejected);
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

// src/git/repository.ts
import { join as join4 } from "node:path";

// src/git/objects.ts
import { closeSync, existsSync as existsSync2, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { join, isAbsolute, resolve } from "node:path";
import { deflateSync, inflateSync } from "node:zlib";
var PACK_TYPES = { 1: "commit", 2: "tree", 3: "blob", 4: "tag" };
var Pack = class {
  constructor(idxPath, packPath) {
    this.idxPath = idxPath;
    this.packPath = packPath;
    this.idx = readFileSync(idxPath);
    if (this.idx.readUInt32BE(0) !== 4285812579 || this.idx.readUInt32BE(4) !== 2) {
      throw new CorruptObjectError(idxPath, "unsupported pack index version (only v2)");
    }
    this.count = this.idx.readUInt32BE(8 + 255 * 4);
  }
  idxPath;
  packPath;
  idx;
  count;
  fd = null;
  size = 0;
  /** Resolved objects by pack offset; delta chains hit the same bases again and again. */
  cache = /* @__PURE__ */ new Map();
  offsetOf(oid) {
    const first = oid[0];
    let lo = first === 0 ? 0 : this.idx.readUInt32BE(8 + (first - 1) * 4);
    let hi = this.idx.readUInt32BE(8 + first * 4);
    const shaBase = 8 + 256 * 4;
    while (lo < hi) {
      const mid = lo + hi >>> 1;
      const cmp = oid.compare(this.idx, shaBase + mid * 20, shaBase + mid * 20 + 20);
      if (cmp === 0) {
        const offBase = shaBase + this.count * 24;
        const off = this.idx.readUInt32BE(offBase + mid * 4);
        if (off & 2147483648) {
          const largeBase = offBase + this.count * 4;
          const li = off & 2147483647;
          return Number(this.idx.readBigUInt64BE(largeBase + li * 8));
        }
        return off;
      }
      if (cmp < 0) hi = mid;
      else lo = mid + 1;
    }
    return null;
  }
  read(pos, len) {
    if (this.fd === null) {
      this.fd = openSync(this.packPath, "r");
      this.size = fstatSync(this.fd).size;
    }
    const n = Math.max(0, Math.min(len, this.size - pos));
    const buf = Buffer.allocUnsafe(n);
    let got = 0;
    while (got < n) {
      const r = readSync(this.fd, buf, got, n - got, pos + got);
      if (r === 0) break;
      got += r;
    }
    return buf.subarray(0, got);
  }
  readAt(offset, store) {
    const hit = this.cache.get(offset);
    if (hit) return hit;
    let head = this.read(offset, 32);
    let c = head[0];
    const typeNum = c >> 4 & 7;
    let size = c & 15;
    let shift = 4;
    let p = 1;
    while (c & 128) {
      c = head[p++];
      size += (c & 127) * 2 ** shift;
      shift += 7;
    }
    let obj;
    if (typeNum === 6) {
      c = head[p++];
      let rel = c & 127;
      while (c & 128) {
        c = head[p++];
        rel = (rel + 1) * 128 + (c & 127);
      }
      const base = this.readAt(offset - rel, store);
      obj = { type: base.type, data: applyDelta(base.data, this.inflateAt(offset + p, size)) };
    } else if (typeNum === 7) {
      const baseOid = head.subarray(p, p + 20).toString("hex");
      const base = store.read(baseOid);
      obj = { type: base.type, data: applyDelta(base.data, this.inflateAt(offset + p + 20, size)) };
    } else {
      const type = PACK_TYPES[typeNum];
      if (!type) throw new CorruptObjectError(`${this.packPath}@${offset}`, `unknown pack object type ${typeNum}`);
      obj = { type, data: this.inflateAt(offset + p, size) };
    }
    if (this.cache.size > 2048) this.cache.clear();
    this.cache.set(offset, obj);
    return obj;
  }
  inflateAt(pos, size) {
    let len = size + 256;
    for (; ; ) {
      const chunk = this.read(pos, len);
      try {
        return inflateSync(chunk);
      } catch (err) {
        if (chunk.length < len || len > size * 4 + (1 << 20)) throw new CorruptObjectError(`${this.packPath}@${pos}`, String(err.message));
        len *= 2;
      }
    }
  }
  close() {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
};
function applyDelta(base, delta) {
  let p = 0;
  const varint = () => {
    let v = 0;
    let shift = 0;
    let c;
    do {
      c = delta[p++];
      v += (c & 127) * 2 ** shift;
      shift += 7;
    } while (c & 128);
    return v;
  };
  const srcSize = varint();
  if (srcSize !== base.length) throw new CorruptObjectError("(delta)", `base size ${base.length} != ${srcSize}`);
  const out = Buffer.allocUnsafe(varint());
  let o = 0;
  while (p < delta.length) {
    const op = delta[p++];
    if (op & 128) {
      let off = 0;
      let len = 0;
      if (op & 1) off |= delta[p++];
      if (op & 2) off |= delta[p++] << 8;
      if (op & 4) off |= delta[p++] << 16;
      if (op & 8) off = (off | delta[p++] << 24) >>> 0;
      if (op & 16) len |= delta[p++];
      if (op & 32) len |= delta[p++] << 8;
      if (op & 64) len |= delta[p++] << 16;
      if (len === 0) len = 65536;
      base.copy(out, o, off, off + len);
      o += len;
    } else if (op > 0) {
      delta.copy(out, o, p, p + op);
      o += op;
      p += op;
    } else {
      throw new CorruptObjectError("(delta)", "delta opcode 0");
    }
  }
  if (o !== out.length) throw new CorruptObjectError("(delta)", "delta result size mismatch");
  return out;
}
function hashObject(type, data) {
  return createHash("sha1").update(`${type} ${data.length}\0`).update(data).digest("hex");
}
var ObjectStore = class _ObjectStore {
  constructor(objectsDir) {
    this.objectsDir = objectsDir;
  }
  objectsDir;
  packs = null;
  alternates = null;
  known = /* @__PURE__ */ new Set();
  loadPacks() {
    if (this.packs) return this.packs;
    const dir = join(this.objectsDir, "pack");
    const packs = [];
    let names = [];
    try {
      names = readdirSync(dir);
    } catch {
    }
    for (const name of names) {
      if (!name.endsWith(".idx")) continue;
      const packPath = join(dir, name.slice(0, -4) + ".pack");
      if (!existsSync2(packPath)) continue;
      try {
        packs.push(new Pack(join(dir, name), packPath));
      } catch {
      }
    }
    this.packs = packs;
    return packs;
  }
  loadAlternates() {
    if (this.alternates) return this.alternates;
    this.alternates = [];
    try {
      const text = readFileSync(join(this.objectsDir, "info", "alternates"), "utf8");
      for (const line of text.split("\n")) {
        const l = line.trim();
        if (!l || l.startsWith("#")) continue;
        this.alternates.push(new _ObjectStore(isAbsolute(l) ? l : resolve(this.objectsDir, l)));
      }
    } catch {
    }
    return this.alternates;
  }
  readLoose(oid) {
    let raw;
    try {
      raw = readFileSync(join(this.objectsDir, oid.slice(0, 2), oid.slice(2)));
    } catch {
      return null;
    }
    let buf;
    try {
      buf = inflateSync(raw);
    } catch (err) {
      throw new CorruptObjectError(oid, `loose object does not inflate: ${err.message}`);
    }
    const nul = buf.indexOf(0);
    const header = buf.subarray(0, nul).toString("latin1");
    const sp = header.indexOf(" ");
    const type = header.slice(0, sp);
    return { type, data: buf.subarray(nul + 1) };
  }
  readPacked(oid, rescan) {
    const bin = Buffer.from(oid, "hex");
    for (const pack of this.loadPacks()) {
      const off = pack.offsetOf(bin);
      if (off !== null) return pack.readAt(off, this);
    }
    if (rescan) {
      for (const p of this.packs ?? []) p.close();
      this.packs = null;
      return this.readPacked(oid, false);
    }
    return null;
  }
  tryRead(oid) {
    const obj = this.readLoose(oid) ?? this.readPacked(oid, false) ?? this.readPacked(oid, true);
    if (obj) return obj;
    for (const alt of this.loadAlternates()) {
      const a = alt.tryRead(oid);
      if (a) return a;
    }
    return null;
  }
  read(oid, expect) {
    if (!/^[0-9a-f]{40}$/.test(oid)) throw new CorruptObjectError(oid, "not a sha1 object id");
    const obj = this.tryRead(oid);
    if (!obj) throw new CorruptObjectError(oid, 'object is missing (a shallow or partial clone? run "git fetch")');
    if (expect && obj.type !== expect) throw new CorruptObjectError(oid, `expected a ${expect}, found a ${obj.type}`);
    return obj;
  }
  has(oid) {
    if (this.known.has(oid)) return true;
    if (existsSync2(join(this.objectsDir, oid.slice(0, 2), oid.slice(2)))) return true;
    const bin = Buffer.from(oid, "hex");
    return this.loadPacks().some((p) => p.offsetOf(bin) !== null) || this.loadAlternates().some((a) => a.has(oid));
  }
  write(type, data) {
    const oid = hashObject(type, data);
    if (this.known.has(oid)) return oid;
    const dir = join(this.objectsDir, oid.slice(0, 2));
    const file = join(dir, oid.slice(2));
    if (!existsSync2(file)) {
      mkdirSync(dir, { recursive: true });
      const tmp = join(dir, `tmp_obj_${process.pid}_${Math.random().toString(36).slice(2)}`);
      const compressed = deflateSync(Buffer.concat([Buffer.from(`${type} ${data.length}\0`), data]), { level: 1 });
      writeFileSync(tmp, compressed, { mode: 292 });
      try {
        renameSync(tmp, file);
      } catch (err) {
        try {
          unlinkSync(tmp);
        } catch {
        }
        if (!existsSync2(file)) throw err;
      }
    }
    if (this.known.size > 1e5) this.known.clear();
    this.known.add(oid);
    return oid;
  }
  close() {
    for (const p of this.packs ?? []) p.close();
    this.packs = null;
  }
};

// src/git/refs.ts
import { appendFileSync as appendFileSync2, closeSync as closeSync2, existsSync as existsSync3, mkdirSync as mkdirSync2, openSync as openSync2, readFileSync as readFileSync2, renameSync as renameSync2, statSync, unlinkSync as unlinkSync2, writeSync } from "node:fs";
import { dirname, join as join2 } from "node:path";
var sleep = (ms) => new Promise((r) => setTimeout(r, ms));
var STALE_LOCK_MS = 1e4;
var LOCK_WAIT_MS = 15e3;
var RefStore = class {
  constructor(commonDir) {
    this.commonDir = commonDir;
  }
  commonDir;
  packed(ref) {
    let text;
    try {
      text = readFileSync2(join2(this.commonDir, "packed-refs"), "utf8");
    } catch {
      return null;
    }
    for (const line of text.split("\n")) {
      if (line.length > 41 && line[40] === " " && line.slice(41) === ref) return line.slice(0, 40);
    }
    return null;
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
  async compareAndSwap(ref, expect, next, log) {
    const file = join2(this.commonDir, ref);
    const lock = file + ".lock";
    mkdirSync2(dirname(file), { recursive: true });
    const fd = await acquire(lock);
    let renamed = false;
    try {
      const actual = this.read(ref);
      if (actual !== expect) throw new RefMovedError(ref, expect, actual);
      writeSync(fd, next + "\n");
      closeSync2(fd);
      renameSync2(lock, file);
      renamed = true;
    } finally {
      if (!renamed) {
        try {
          closeSync2(fd);
        } catch {
        }
        try {
          unlinkSync2(lock);
        } catch {
        }
      }
    }
    this.appendReflog(ref, expect, next, log);
  }
  appendReflog(ref, prev, next, log) {
    const logsDir = join2(this.commonDir, "logs");
    if (!existsSync3(logsDir)) return;
    try {
      const f = join2(logsDir, ref);
      mkdirSync2(dirname(f), { recursive: true });
      const who = `${log.who.name.replace(/[<>\n]/g, "")} <${log.who.email.replace(/[<>\n]/g, "")}>`;
      const line = `${prev ?? "0".repeat(40)} ${next} ${who} ${Math.floor(Date.now() / 1e3)} +0000	${log.message.split("\n")[0]}
`;
      appendFileSync2(f, line);
    } catch {
    }
  }
};
async function acquire(lock) {
  const start = Date.now();
  let delay = 1;
  for (; ; ) {
    try {
      return openSync2(lock, "wx");
    } catch (err) {
      if (err.code !== "EEXIST") throw err;
    }
    try {
      if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) {
        unlinkSync2(lock);
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

// src/git/repo.ts
import { existsSync as existsSync4, readFileSync as readFileSync3, statSync as statSync2 } from "node:fs";
import { dirname as dirname2, isAbsolute as isAbsolute2, join as join3, resolve as resolve2 } from "node:path";
import { homedir } from "node:os";
function isGitDir(dir) {
  return existsSync4(join3(dir, "HEAD")) && existsSync4(join3(dir, "objects")) && existsSync4(join3(dir, "refs"));
}
function readGitFile(file) {
  try {
    const text = readFileSync3(file, "utf8");
    const m = /^gitdir:\s*(.+?)\s*$/m.exec(text);
    if (!m) return null;
    return isAbsolute2(m[1]) ? m[1] : resolve2(dirname2(file), m[1]);
  } catch {
    return null;
  }
}
function commonDirOf(gitDir) {
  const f = join3(gitDir, "commondir");
  if (existsSync4(f)) {
    const rel = readFileSync3(f, "utf8").trim();
    return isAbsolute2(rel) ? rel : resolve2(gitDir, rel);
  }
  return gitDir;
}
function findRepository(start = process.cwd()) {
  const envGitDir = process.env.GIT_DIR;
  if (envGitDir) {
    const gitDir = resolve2(start, envGitDir);
    if (!isGitDir(gitDir)) throw new NotARepositoryError(gitDir);
    const commonDir = process.env.GIT_COMMON_DIR ? resolve2(start, process.env.GIT_COMMON_DIR) : commonDirOf(gitDir);
    return checkFormat({ root: process.env.GIT_WORK_TREE ?? start, gitDir, commonDir, bare: false });
  }
  let dir = resolve2(start);
  if (!existsSync4(dir)) throw new NotARepositoryError(dir);
  for (; ; ) {
    const dotGit = join3(dir, ".git");
    let st;
    try {
      st = statSync2(dotGit);
    } catch {
      st = null;
    }
    if (st?.isDirectory() && isGitDir(dotGit)) {
      return checkFormat({ root: dir, gitDir: dotGit, commonDir: commonDirOf(dotGit), bare: false });
    }
    if (st?.isFile()) {
      const gitDir = readGitFile(dotGit);
      if (gitDir && existsSync4(join3(gitDir, "HEAD"))) {
        const commonDir = commonDirOf(gitDir);
        if (isGitDir(commonDir)) return checkFormat({ root: dir, gitDir, commonDir, bare: false });
      }
    }
    if (isGitDir(dir) && !existsSync4(join3(dir, ".git"))) {
      return checkFormat({ root: dir, gitDir: dir, commonDir: commonDirOf(dir), bare: true });
    }
    const parent = dirname2(dir);
    if (parent === dir) throw new NotARepositoryError(resolve2(start));
    dir = parent;
  }
}
function checkFormat(loc) {
  const cfg = readConfigFile(join3(loc.commonDir, "config"));
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
    text = readFileSync3(file, "utf8");
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
  const xdg = process.env.XDG_CONFIG_HOME ?? join3(home, ".config");
  if (process.env.GIT_CONFIG_NOSYSTEM !== "1" && process.env.GIT_CONFIG_NOSYSTEM !== "true") files.push("/etc/gitconfig");
  if (process.env.GIT_CONFIG_GLOBAL) files.push(process.env.GIT_CONFIG_GLOBAL);
  else files.push(join3(xdg, "git", "config"), join3(home, ".gitconfig"));
  files.push(join3(loc.commonDir, "config"));
  const merged = /* @__PURE__ */ new Map();
  for (const f of files) for (const [k, v] of readConfigFile(f)) merged.set(k, v);
  return merged;
}

// src/git/tree.ts
var MODE_TREE = "40000";
var MODE_BLOB = "100644";
function isTreeMode(mode) {
  return mode === "40000" || mode === "040000";
}
function parseTree(data, oid = "(tree)") {
  const out = [];
  let p = 0;
  while (p < data.length) {
    const sp = data.indexOf(32, p);
    const nul = data.indexOf(0, sp);
    if (sp < 0 || nul < 0 || nul + 21 > data.length) throw new CorruptObjectError(oid, "malformed tree");
    out.push({
      mode: data.toString("latin1", p, sp),
      name: data.toString("utf8", sp + 1, nul),
      oid: data.toString("hex", nul + 1, nul + 21)
    });
    p = nul + 21;
  }
  return out;
}
function sortKey(e) {
  return Buffer.from(isTreeMode(e.mode) ? e.name + "/" : e.name, "utf8");
}
function serializeTree(entries) {
  const keyed = entries.map((e) => ({ e, k: sortKey(e) }));
  keyed.sort((a, b) => Buffer.compare(a.k, b.k));
  const parts = [];
  for (const { e } of keyed) {
    parts.push(Buffer.from(`${isTreeMode(e.mode) ? "40000" : e.mode} ${e.name}\0`, "utf8"), Buffer.from(e.oid, "hex"));
  }
  return Buffer.concat(parts);
}
function parseCommit(oid, data) {
  const text = data.toString("utf8");
  const end = text.indexOf("\n\n");
  const head = end < 0 ? text : text.slice(0, end);
  const info2 = { oid, tree: "", parents: [], author: "", committer: "", time: 0, message: end < 0 ? "" : text.slice(end + 2) };
  for (const line of head.split("\n")) {
    if (line.startsWith("tree ")) info2.tree = line.slice(5);
    else if (line.startsWith("parent ")) info2.parents.push(line.slice(7));
    else if (line.startsWith("author ")) info2.author = line.slice(7);
    else if (line.startsWith("committer ")) {
      info2.committer = line.slice(10);
      const m = /> (\d+) [+-]\d{4}$/.exec(info2.committer);
      if (m) info2.time = Number(m[1]);
    }
  }
  if (!/^[0-9a-f]{40}$/.test(info2.tree)) throw new CorruptObjectError(oid, "commit has no tree");
  return info2;
}
function signature(id, when) {
  const clean = (s) => s.replace(/[<>\n]/g, "").trim();
  return `${clean(id.name) || "git-memory"} <${clean(id.email)}> ${Math.floor(when.getTime() / 1e3)} +0000`;
}
function serializeCommit(c) {
  const when = c.when ?? /* @__PURE__ */ new Date();
  const lines = [`tree ${c.tree}`, ...c.parents.map((p) => `parent ${p}`), `author ${signature(c.author, when)}`, `committer ${signature(c.committer ?? c.author, when)}`];
  const msg = c.message.endsWith("\n") ? c.message : c.message + "\n";
  return Buffer.from(lines.join("\n") + "\n\n" + msg, "utf8");
}

// src/git/repository.ts
var GitRepository = class _GitRepository {
  constructor(location) {
    this.location = location;
    this.objects = new ObjectStore(join4(location.commonDir, "objects"));
    this.refs = new RefStore(location.commonDir);
  }
  location;
  objects;
  refs;
  trees = /* @__PURE__ */ new Map();
  static open(dir) {
    return new _GitRepository(findRepository(dir));
  }
  resolve(ref) {
    return this.refs.read(ref);
  }
  readCommit(oid) {
    return parseCommit(oid, this.objects.read(oid, "commit").data);
  }
  readTree(oid) {
    let t = this.trees.get(oid);
    if (!t) {
      t = parseTree(this.objects.read(oid, "tree").data, oid);
      if (this.trees.size > 2e4) this.trees.clear();
      this.trees.set(oid, t);
    }
    return t;
  }
  readBlob(oid) {
    return this.objects.read(oid, "blob").data;
  }
  /** The entry at `path` in `tree`, or null. */
  entryAt(tree, path) {
    const parts = path.split("/").filter(Boolean);
    let cur = tree;
    for (let i = 0; i < parts.length; i++) {
      const e = this.readTree(cur).find((x) => x.name === parts[i]);
      if (!e) return null;
      if (i === parts.length - 1) return e;
      if (!isTreeMode(e.mode)) return null;
      cur = e.oid;
    }
    return null;
  }
  /** Every blob under `prefix` (recursively), in tree order. Missing prefix yields nothing. */
  listBlobs(tree, prefix) {
    const out = [];
    const start = prefix ? this.entryAt(tree, prefix) : { mode: MODE_TREE, name: "", oid: tree };
    if (!start || !isTreeMode(start.mode)) return out;
    const walk = (oid, base) => {
      for (const e of this.readTree(oid)) {
        const p = base ? `${base}/${e.name}` : e.name;
        if (isTreeMode(e.mode)) walk(e.oid, p);
        else if (e.mode !== "160000" && e.mode !== "120000") out.push({ path: p, oid: e.oid });
      }
    };
    walk(start.oid, prefix.replace(/\/+$/, ""));
    return out;
  }
  /** Applies path changes to a tree, writing only the trees along changed paths. */
  writeTree(base, changes) {
    const root = { blobs: /* @__PURE__ */ new Map(), dirs: /* @__PURE__ */ new Map() };
    for (const [path, content] of changes) {
      const parts = path.split("/").filter(Boolean);
      let n = root;
      for (let i = 0; i < parts.length - 1; i++) {
        let next = n.dirs.get(parts[i]);
        if (!next) n.dirs.set(parts[i], next = { blobs: /* @__PURE__ */ new Map(), dirs: /* @__PURE__ */ new Map() });
        n = next;
      }
      n.blobs.set(parts[parts.length - 1], content);
    }
    const build = (oid, node) => {
      const entries = /* @__PURE__ */ new Map();
      if (oid) for (const e of this.readTree(oid)) entries.set(e.name, e);
      for (const [name, content] of node.blobs) {
        if (content === null) entries.delete(name);
        else entries.set(name, { mode: MODE_BLOB, name, oid: this.objects.write("blob", content) });
      }
      for (const [name, child] of node.dirs) {
        const cur = entries.get(name);
        const sub = build(cur && isTreeMode(cur.mode) ? cur.oid : null, child);
        if (sub) entries.set(name, { mode: MODE_TREE, name, oid: sub });
        else entries.delete(name);
      }
      if (entries.size === 0) return null;
      const list = [...entries.values()];
      const data = serializeTree(list);
      const newOid = this.objects.write("tree", data);
      this.trees.set(newOid, list);
      return newOid;
    };
    return build(base, root) ?? this.objects.write("tree", Buffer.alloc(0));
  }
  /** Writes a commit of `changes` on top of `expect` and moves `ref` to it, or throws RefMovedError. */
  async commit(req) {
    const baseTree = req.expect ? this.readCommit(req.expect).tree : null;
    const tree = this.writeTree(baseTree, req.changes);
    return this.commitTree({ ...req, tree });
  }
  async commitTree(req) {
    const parents = [...req.expect ? [req.expect] : [], ...req.extraParents ?? []];
    const oid = this.objects.write("commit", serializeCommit({ tree: req.tree, parents, author: req.author, message: req.message, when: req.when }));
    await this.refs.compareAndSwap(req.ref, req.expect, oid, { who: req.author, message: req.message });
    return oid;
  }
  /** The identity git itself would commit with, read from env and config without spawning git. */
  identity(fallback) {
    const env = process.env;
    const cfg = readEffectiveConfig(this.location);
    return {
      name: env.GIT_AUTHOR_NAME || env.GIT_COMMITTER_NAME || cfg.get("user.name") || fallback.name,
      email: env.GIT_AUTHOR_EMAIL || env.GIT_COMMITTER_EMAIL || cfg.get("user.email") || env.EMAIL || fallback.email
    };
  }
  close() {
    this.objects.close();
  }
};

// src/core/config.ts
var DEFAULT_CONFIG = {
  maxMemories: 1e4,
  autoTag: true,
  defaultCategory: "general",
  defaultPriority: "medium",
  searchRelevance: { tagMatch: 3, categoryMatch: 2, contentMatch: 1 },
  retention: { enabled: false, deleteAfterDays: 90, archiveAfterDays: 30 },
  trashRetentionDays: 30,
  coreMaxChars: 8e3,
  maxContentBytes: 64 * 1024,
  hybrid: { vectorWeight: 0.7 },
  sync: { retries: 8 }
};
function resolveConfig() {
  return structuredClone(DEFAULT_CONFIG);
}

// src/core/store.ts
var DEFAULT_BRANCH = "memory";
var BRANCH_README = `# git-memory

This branch holds long-term memories written by [git-memory](https://www.npmjs.com/package/git-memory):
notes that AI agents and CI jobs stored so that later jobs can find them.

- Every \`*.md\` file under \`memories/\` is one memory: YAML front matter (id, tags, category,
  priority, timestamp, metadata), then the memory's text.
- Layout: \`memories/YYYY-MM/<bucket>/<id>.md\`. You may add a file by hand anywhere under \`memories/\`.
- \`git log\` on this branch is the history of what was remembered and forgotten.

Read and search it with \`memory list\`, \`memory search QUERY\` or \`git memory ...\` in a clone.
`;
var BOT = { name: "github-actions[bot]", email: "41898282+github-actions[bot]@users.noreply.github.com" };
var DEFAULT_IDENTITY = { name: "git-memory", email: "git-memory@localhost" };
var sleep2 = (ms) => new Promise((r) => setTimeout(r, ms));
function excerpt(content, max = 160) {
  const one = content.replace(/\s+/g, " ").trim();
  return one.length > max ? one.slice(0, max - 1) + "\u2026" : one;
}
function byNewest(a, b) {
  return a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}
function toLimit(v, dflt, name) {
  if (v === void 0 || v === null) return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new InvalidInputError(`${name} must be a positive integer, got ${JSON.stringify(v)}`, { field: name });
  return n;
}
var MemoryStore = class {
  git;
  branch;
  ref;
  cacheDir;
  opts;
  catalogMemo = null;
  constructor(opts = {}) {
    this.opts = opts;
    this.git = GitRepository.open(opts.repo);
    this.branch = opts.branch || process.env.MEMORY_BRANCH || DEFAULT_BRANCH;
    if (!/^[A-Za-z0-9._\/-]+$/.test(this.branch) || this.branch.includes("..") || this.branch.startsWith("/") || this.branch.endsWith(".lock")) {
      throw new InvalidInputError(`invalid branch name: ${JSON.stringify(this.branch)}`, { field: "branch" });
    }
    this.ref = `refs/heads/${this.branch}`;
    this.cacheDir = cacheDir(this.git.location.commonDir, this.branch);
  }
  /** The effective configuration (defaults, then branch, repo, env and flag overrides). */
  config() {
    return resolveConfig();
  }
  now() {
    return this.opts.now ? this.opts.now() : /* @__PURE__ */ new Date();
  }
  warn(message) {
    (this.opts.warn ?? ((m) => process.stderr.write(`git-memory: warning: ${m}
`)))(message);
  }
  /** The branch tip, or null before the first write. */
  tip() {
    return this.git.resolve(this.ref);
  }
  treeOf(commit) {
    return commit ? this.git.readCommit(commit).tree : null;
  }
  /** Every memory at the current tip (or at `commit`). */
  catalog(commit = this.tip()) {
    const tree = this.treeOf(commit);
    const cat = loadCatalog(this.git, tree, { dir: this.cacheDir, previous: this.catalogMemo, warn: (m) => this.warn(m) });
    this.catalogMemo = cat;
    return cat;
  }
  identity() {
    return this.git.identity(process.env.GITHUB_ACTIONS === "true" ? BOT : DEFAULT_IDENTITY);
  }
  /**
   * Computes a change on the current tip and commits it; recomputes and retries when another writer
   * moved the branch first. `compute` returning null means nothing to write.
   */
  async mutate(compute) {
    for (let attempt = 0; ; attempt++) {
      const tip = this.tip();
      const { change, result } = compute(tip);
      if (!change) return { ...result, commit: tip };
      if (!tip) change.changes.set("README.md", Buffer.from(BRANCH_README));
      try {
        const commit = await this.git.commit({ ref: this.ref, expect: tip, changes: change.changes, message: change.message, author: this.identity(), when: this.now() });
        return { ...result, commit };
      } catch (err) {
        if (!(err instanceof RefMovedError) || attempt >= 100) throw err;
        await sleep2(Math.random() * Math.min(50, 2 ** attempt));
      }
    }
  }
  /** Reads one memory by id at `commit` (default tip), from its canonical path or the catalog. */
  find(id, commit = this.tip()) {
    assertId(id);
    const tree = this.treeOf(commit);
    if (!tree) return null;
    const guess = pathFor(id, "");
    const entry = this.git.entryAt(tree, guess);
    if (entry) {
      try {
        const m = memoryFromFile(guess, this.git.readBlob(entry.oid).toString("utf8"), (w) => this.warn(w));
        if (m.id === id) return { path: guess, oid: entry.oid, memory: m };
      } catch (err) {
        this.warn(`skipped ${guess}: ${err.message}`);
      }
    }
    return this.catalog(commit).byId.get(id) ?? null;
  }
  async store(input) {
    const content = validateContent(input.content, this.opts.maxContentBytes ?? MAX_CONTENT_BYTES);
    if (input.priority !== void 0 && !isPriority(input.priority)) {
      throw new InvalidInputError(`priority must be low, medium or high, got ${JSON.stringify(input.priority)}`, { field: "priority" });
    }
    const created = input.timestamp !== void 0 ? new Date(input.timestamp) : this.now();
    if (!Number.isFinite(created.getTime())) throw new InvalidInputError(`invalid timestamp: ${JSON.stringify(input.timestamp)}`, { field: "timestamp" });
    const id = input.id !== void 0 ? assertId(input.id) : newId(created.getTime());
    const timestamp = created.toISOString();
    const tags = normalizeTags(input.tags);
    const category = input.category?.trim() || this.opts.defaultCategory || "general";
    const memory = {
      id,
      content,
      tags,
      category,
      priority: input.priority ?? this.opts.defaultPriority ?? "medium",
      timestamp,
      metadata: { source: this.opts.source ?? "library", version: 1, ...runnerMetadata(), ...input.metadata ?? {} },
      path: pathFor(id, timestamp),
      extra: {}
    };
    if (input.scope) memory.scope = input.scope;
    const file = Buffer.from(memoryToFile(memory), "utf8");
    const tagNote = tags.length ? ` [tags: ${tags.join(", ")}]` : "";
    const res = await this.mutate((tip) => {
      if (input.id !== void 0 && tip && this.find(id, tip)) throw new MemoryError("DUPLICATE", `a memory with id ${id} already exists`, { id });
      return {
        change: { changes: /* @__PURE__ */ new Map([[memory.path, file]]), message: `memory: store ${id}${tagNote}

${excerpt(content)}

Memory-Id: ${id}
` },
        result: {}
      };
    });
    return { success: true, id, timestamp, commit: res.commit };
  }
  async get(id) {
    const hit = this.find(id);
    if (!hit) throw new NotFoundError(id);
    return { success: true, memory: publicMemory(hit.memory) };
  }
  /** All memories matching a filter, newest first (no paging). */
  filter(f = {}) {
    const tags = normalizeTags(f.tags);
    const out = [];
    for (const e of this.catalog().byId.values()) {
      const m = e.memory;
      if (f.category !== void 0 && m.category !== f.category) continue;
      if (f.scope !== void 0 && m.scope !== f.scope) continue;
      if (f.priority !== void 0 && m.priority !== f.priority) continue;
      if (tags.length && !tags.every((t) => m.tags.includes(t))) continue;
      out.push(publicMemory(m));
    }
    return out.sort(byNewest);
  }
  async recent(count) {
    const n = toLimit(count, 10, "count");
    return { success: true, memories: this.filter().slice(0, n) };
  }
  async tagged(tags) {
    const t = normalizeTags(tags);
    if (!t.length) throw new InvalidInputError('give at least one tag, e.g. "memory tagged api,limits"', { field: "tags" });
    return { success: true, memories: this.filter({ tags: t }) };
  }
  async list(f = {}) {
    const limit = toLimit(f.limit, 50, "limit");
    const all = this.filter(f);
    return { success: true, memories: all.slice(0, limit), total: all.length };
  }
  /**
   * Writes a new version of a memory: the given fields replace the old ones (tags too), `updated` is
   * set and `metadata.version` goes up by one. Same path, so `git log` of the file is its history.
   * Nothing changes (no commit) when every given field already has that value.
   */
  async update(id, patch) {
    assertId(id);
    const fields = ["content", "tags", "category", "priority", "scope", "metadata"].filter((k) => patch[k] !== void 0);
    if (!fields.length) throw new InvalidInputError("nothing to update: give content, tags, category, priority, scope or metadata", { field: "patch" });
    const content = patch.content !== void 0 ? validateContent(patch.content, this.opts.maxContentBytes ?? MAX_CONTENT_BYTES) : void 0;
    if (patch.priority !== void 0 && !isPriority(patch.priority)) {
      throw new InvalidInputError(`priority must be low, medium or high, got ${JSON.stringify(patch.priority)}`, { field: "priority" });
    }
    if (patch.metadata !== void 0 && (typeof patch.metadata !== "object" || patch.metadata === null || Array.isArray(patch.metadata))) {
      throw new InvalidInputError("metadata must be an object of keys to values", { field: "metadata" });
    }
    const res = await this.mutate((tip) => {
      const hit = tip ? this.find(id, tip) : null;
      if (!hit) throw new NotFoundError(id);
      const old = hit.memory;
      const next = { ...old, tags: [...old.tags], metadata: { ...old.metadata }, extra: { ...old.extra } };
      if (content !== void 0) next.content = content;
      if (patch.tags !== void 0) next.tags = normalizeTags(patch.tags);
      if (patch.category !== void 0) next.category = patch.category.trim() || this.opts.defaultCategory || "general";
      if (patch.priority !== void 0) next.priority = patch.priority;
      if (patch.scope !== void 0) {
        if (patch.scope) next.scope = patch.scope;
        else delete next.scope;
      }
      if (patch.metadata !== void 0) Object.assign(next.metadata, patch.metadata);
      const changed = fields.filter((k) => JSON.stringify(next[k] ?? null) !== JSON.stringify(old[k] ?? null));
      const oldVersion = Number(old.metadata.version);
      const version = Number.isInteger(oldVersion) && oldVersion > 0 ? oldVersion : 1;
      if (!changed.length) return { change: null, result: { version, updated: old.updated ?? old.timestamp, changed: [] } };
      next.updated = this.now().toISOString();
      next.metadata.version = version + 1;
      return {
        change: {
          changes: /* @__PURE__ */ new Map([[hit.path, Buffer.from(memoryToFile(next), "utf8")]]),
          message: `memory: update ${id} (${changed.join(", ")}) to version ${version + 1}

${excerpt(next.content)}

Memory-Id: ${id}
`
        },
        result: { version: version + 1, updated: next.updated, changed }
      };
    });
    return { success: true, id, version: res.version, updated: res.updated, changed: res.changed, commit: res.commit };
  }
  async delete(id) {
    assertId(id);
    const res = await this.mutate((tip) => {
      const hit = tip ? this.find(id, tip) : null;
      if (!hit) throw new NotFoundError(id);
      return {
        // A delete is a move to trash/ (a rename in git), so it can be restored and history follows it.
        change: {
          changes: /* @__PURE__ */ new Map([[hit.path, null], [trashPathFor(hit.path), trashFile(hit.memory, this.now())]]),
          message: `memory: delete ${id} (moved to the trash)

${excerpt(hit.memory.content)}

Memory-Id: ${id}
`
        },
        result: {}
      };
    });
    return { success: true, deleted: id, commit: res.commit };
  }
  async deleteByTag(tag) {
    const [t] = normalizeTags(tag);
    if (!t) throw new InvalidInputError("give a tag to delete by", { field: "tag" });
    const res = await this.mutate((tip) => {
      const hits = [...this.catalog(tip).byId.values()].filter((e) => e.memory.tags.includes(t));
      if (!hits.length) return { change: null, result: { deleted: [] } };
      const ids = hits.map((h) => h.memory.id);
      return {
        change: {
          changes: new Map(hits.flatMap((h) => [[h.path, null], [trashPathFor(h.path), trashFile(h.memory, this.now())]])),
          message: `memory: delete ${ids.length} memor${ids.length === 1 ? "y" : "ies"} [tag: ${t}] (moved to the trash)

${ids.map((i) => `Memory-Id: ${i}`).join("\n")}
`
        },
        result: { deleted: ids }
      };
    });
    return { success: true, deleted: res.deleted, commit: res.commit };
  }
  async clear(opts = {}) {
    if (!opts.confirm) throw new ConfirmationRequiredError("clearing every memory");
    const res = await this.mutate((tip) => {
      const cat = this.catalog(tip);
      const n = cat.byId.size;
      if (!cat.entries.length && !cat.skipped.length) return { change: null, result: { deleted: 0 } };
      const changes = /* @__PURE__ */ new Map([[MEMORIES_DIR, null]]);
      const when = this.now();
      for (const e of cat.entries) changes.set(trashPathFor(e.path), trashFile(e.memory, when));
      for (const f of cat.skipped) changes.set(trashPathFor(f.path), this.git.readBlob(f.oid));
      return { change: { changes, message: `memory: clear ${n} memories (moved to the trash)
` }, result: { deleted: n } };
    });
    return { success: true, deleted: res.deleted, commit: res.commit };
  }
  close() {
    this.git.close();
  }
};

// src/core/api.ts
function openMemory(opts = {}) {
  const s = new MemoryStore(opts);
  return {
    store: (input) => s.store(input),
    get: (id) => s.get(id),
    recent: (count) => s.recent(count),
    tagged: (tags) => s.tagged(tags),
    list: (filter) => s.list(filter),
    delete: (id) => s.delete(id),
    deleteByTag: (tag) => s.deleteByTag(tag),
    clear: (o) => s.clear(o),
    core: s,
    close: () => s.close()
  };
}

// src/action/summary.ts
function escapeCell(text, max = 200) {
  let one = text.replace(/\s+/g, " ").trim();
  if (one.length > max) one = one.slice(0, max - 1) + "\u2026";
  return one.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/([\\`*_{}\[\]()#+!~|-])/g, "\\$1");
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
function storeSummary(id, tags, branch, pushedTo) {
  const t = tags.length ? ` (tags: ${tags.map((x) => escapeCell(x, 40)).join(", ")})` : "";
  return `Stored memory ${code(id)} on branch ${code(branch)}${t}${pushedTo ? `, pushed to ${code(pushedTo)}` : ", not pushed (sync: false)"}.
`;
}

// src/action/execute.ts
var READS = /* @__PURE__ */ new Set(["search", "get", "recent", "list"]);
var WRITES = /* @__PURE__ */ new Set(["store", "delete"]);
function excerpt2(s, max = 100) {
  const one = s.replace(/\s+/g, " ").trim();
  return one.length > max ? one.slice(0, max - 1) + "\u2026" : one;
}
async function execute(inputs, log) {
  const memory = openMemory({ repo: inputs.path, branch: inputs.branch, source: "github-action", warn: (m) => log.warning(m) });
  try {
    if (inputs.sync && (READS.has(inputs.command) || inputs.command === "delete")) await pull(memory, inputs, log);
    const result = await perform(memory, inputs, log);
    if (inputs.sync && WRITES.has(inputs.command)) await push(memory, inputs, log);
    if (inputs.command === "store") result.summary = storeSummary(result.id, inputs.tags, inputs.branch, inputs.sync ? inputs.remote : null);
    return result;
  } finally {
    memory.close();
  }
}
async function pull(_memory, inputs, _log) {
  throw new MemoryError("SYNC_FAILED", `sync is not available in this build of the action; set \`sync: false\` (remote ${inputs.remote})`);
}
async function push(_memory, inputs, _log) {
  throw new MemoryError("SYNC_FAILED", `sync is not available in this build of the action; set \`sync: false\` (remote ${inputs.remote})`);
}
async function perform(memory, inputs, log) {
  switch (inputs.command) {
    case "store": {
      const r = await memory.store({ content: inputs.content, tags: inputs.tags, category: inputs.category, priority: inputs.priority });
      log.info(`stored ${r.id} (${r.timestamp})`);
      return { json: { success: true, id: r.id, timestamp: r.timestamp }, id: r.id, results: [], count: 1 };
    }
    case "get": {
      const r = await memory.get(inputs.id);
      log.info(`${r.memory.id}: ${excerpt2(r.memory.content)}`);
      return { json: { success: true, memory: r.memory }, id: r.memory.id, results: [r.memory], count: 1 };
    }
    case "recent": {
      const r = await memory.recent(inputs.limit);
      for (const m of r.memories) log.info(`${m.id}  ${m.timestamp.slice(0, 10)}  ${excerpt2(m.content)}`);
      return { json: { success: true, memories: r.memories }, id: "", results: r.memories, count: r.memories.length };
    }
    case "list": {
      const r = await memory.list({ tags: inputs.tags, category: inputs.category, priority: inputs.priority, limit: inputs.limit });
      for (const m of r.memories) log.info(`${m.id}  ${m.timestamp.slice(0, 10)}  ${excerpt2(m.content)}`);
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
      const searchable = memory;
      if (typeof searchable.search !== "function") throw new MemoryError("INTERNAL", "search is not available in this build of the action");
      const q = { query: inputs.query, tags: inputs.tags, category: inputs.category, priority: inputs.priority, after: inputs.after, before: inputs.before, days: inputs.days, limit: inputs.limit };
      const r = await searchable.search(q);
      for (const m of r.results) log.info(`${m.relevance.toFixed(2)}  ${m.id}  ${excerpt2(m.content)}`);
      log.info(`${r.results.length} of ${r.total} matches`);
      return { json: { success: true, results: r.results, total: r.total }, id: "", results: r.results, count: r.results.length, summary: searchSummary({ ...inputs, branch: inputs.branch }, r.results, r.total) };
    }
    case "sync": {
      await pull(memory, inputs, log);
      await push(memory, inputs, log);
      return { json: { success: true }, id: "", results: [], count: 0 };
    }
  }
}

// src/action/failure.ts
function toMemoryError(err) {
  if (err instanceof MemoryError) return err;
  const e = err;
  return new MemoryError("INTERNAL", e?.message ?? String(err));
}
var DENIED = /\b403\b|permission to .* denied|denied to github-actions|write access to repository not granted|the requested url returned error: 403/i;
function failureMessage(err, inputs) {
  const remote = inputs?.remote ?? "origin";
  const branch = inputs?.branch ?? "memory";
  const head = `[${err.code}] ${err.message}`;
  let fix;
  if (err.code === "PERMISSION_DENIED" || (err.code === "PUSH_REJECTED" || err.code === "SYNC_FAILED") && DENIED.test(err.message)) {
    fix = `the job's token may not push to ${remote}: grant \`permissions: contents: write\` to the job (or the workflow). Pull requests from forks get a read-only token: store memories from a push, schedule or workflow_dispatch run instead.`;
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
import { isAbsolute as isAbsolute3, resolve as resolve3 } from "node:path";
var COMMANDS = ["store", "search", "get", "recent", "list", "delete", "sync"];
var USES = {
  store: ["content", "tags", "category", "priority"],
  search: ["query", "tags", "category", "priority", "limit", "after", "before", "days"],
  get: ["id"],
  recent: ["limit"],
  list: ["tags", "category", "priority", "limit"],
  delete: ["id", "tags"],
  sync: []
};
var OPTIONAL = ["content", "tags", "category", "priority", "query", "id", "limit", "after", "before", "days"];
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
  const workspace = env.GITHUB_WORKSPACE || process.cwd();
  const p = str("path");
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
    branch: str("branch") || "memory",
    remote: str("remote") || "origin",
    sync: syncRaw === "true",
    path: p ? isAbsolute3(p) ? p : resolve3(workspace, p) : workspace
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
async function main() {
  let inputs;
  try {
    const parsed = parseInputs((name) => getInput(name, { trimWhitespace: false }));
    inputs = parsed.inputs;
    for (const name of parsed.ignored) warning(`input \`${name}\` is not used by command ${inputs.command}; ignored`);
    const r = await execute(inputs, { info: (m) => info(m), warning: (m) => warning(m) });
    setOutput("id", r.id);
    setOutput("results", JSON.stringify(r.results));
    setOutput("count", String(r.count));
    setOutput("json", JSON.stringify(r.json));
    if (r.summary && process.env.GITHUB_STEP_SUMMARY) await summary.addRaw(r.summary, true).write();
  } catch (err) {
    const me = toMemoryError(err);
    if (me.code === "INTERNAL") debug(String(err?.stack ?? err));
    setOutput("json", JSON.stringify({ success: false, error: me.toJSON() }));
    setFailed(failureMessage(me, inputs));
  }
}
await main();

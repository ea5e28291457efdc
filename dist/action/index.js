import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  MemoryStore,
  safeError,
  safeText
} from "./chunks/chunk-KMZ2LKBH.js";
import "./chunks/chunk-YZVM6DVJ.js";
import "./chunks/chunk-HYP7OYLW.js";
import "./chunks/chunk-53GENQGN.js";
import {
  assertNoNewSecrets,
  guardOptions
} from "./chunks/chunk-FZEW5SX7.js";
import {
  SecretDetectedError,
  scanText
} from "./chunks/chunk-6RLT72SY.js";
import "./chunks/chunk-IV4MYADZ.js";
import {
  getAt,
  lastKnownFile,
  memoryHistory
} from "./chunks/chunk-LNMWNN6C.js";
import {
  byDeletedDesc,
  emptyTrash,
  listTrash,
  liveFile,
  livePathFor,
  readTrash,
  trashCount
} from "./chunks/chunk-T7O2VLGT.js";
import {
  isPriority,
  memoryFromFile,
  normalizeTags
} from "./chunks/chunk-PA3TFRYT.js";
import "./chunks/chunk-ROOA6VXC.js";
import {
  assertId
} from "./chunks/chunk-GCNSAT3V.js";
import {
  ConflictError,
  InvalidInputError,
  MemoryError,
  NotFoundError
} from "./chunks/chunk-ZTZC2PO4.js";
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
    return value instanceof P ? value : new P(function(resolve2) {
      resolve2(value);
    });
  }
  return new (P || (P = Promise))(function(resolve2, reject) {
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
      result.done ? resolve2(result.value) : adopt(result.value).then(fulfilled, rejected);
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

// src/core/core-doc.ts
var CORE_DIR = "core";
var DEFAULT_CORE = "default";
var NAME_RE = /^[a-z0-9][a-z0-9_-]{0,63}$/;
function coreName(name) {
  const n = name === void 0 || name === "" ? DEFAULT_CORE : String(name);
  if (!NAME_RE.test(n)) throw new InvalidInputError(`invalid core document name ${JSON.stringify(name)}: use lowercase letters, digits, - and _ (e.g. user, project)`, { field: "name" });
  return n;
}
function corePath(name) {
  return `${CORE_DIR}/${coreName(name)}.md`;
}
function charCount(s) {
  let n = 0;
  for (const _ of s) n++;
  return n;
}
function lineAt(doc, index) {
  let line = 1;
  for (let i = doc.indexOf("\n"); i >= 0 && i < index; i = doc.indexOf("\n", i + 1)) line++;
  return line;
}
function occurrences(doc, needle) {
  const out = [];
  for (let i = doc.indexOf(needle); i >= 0; i = doc.indexOf(needle, i + 1)) out.push(i);
  return out;
}
function clip(s, max = 60) {
  const one = s.replace(/\s+/g, " ").trim();
  return one.length > max ? one.slice(0, max - 1) + "\u2026" : one;
}
function matchError(field, text, found, doc, op) {
  const lines = found.map((i) => lineAt(doc, i));
  const where = op === null ? "" : ` (operation ${op + 1})`;
  const data = { field, matches: found.length, lines, reason: found.length ? "ambiguous" : "no_match" };
  if (op !== null) data.operation = op;
  const msg = found.length ? `${field} "${clip(text)}" matches ${found.length} places${where}, on lines ${lines.join(", ")}: include more surrounding text so it matches exactly once` : `${field} "${clip(text)}" does not occur in the current core document${where}: view it again ("memory core view") and copy the text exactly`;
  return new InvalidInputError(msg, data);
}
function need(op, field, index, allowEmpty = false) {
  const v = op[field];
  if (typeof v !== "string" || !allowEmpty && v === "") {
    const data = { field };
    if (index !== null) data.operation = index;
    throw new InvalidInputError(`${op.action} needs ${field}${index === null ? "" : ` (operation ${index + 1})`}`, data);
  }
  return v;
}
function uniqueMatch(doc, field, text, index) {
  const found = occurrences(doc, text);
  if (found.length !== 1) throw matchError(field, text, found, doc, index);
  return found[0];
}
function applyOperation(doc, op, index = null) {
  switch (op?.action) {
    case "edit": {
      const old = need(op, "old_text", index);
      const next = need(op, "new_text", index, true);
      const at = uniqueMatch(doc, "old_text", old, index);
      return doc.slice(0, at) + next + doc.slice(at + old.length);
    }
    case "delete": {
      const old = need(op, "old_text", index);
      const at = uniqueMatch(doc, "old_text", old, index);
      let end = at + old.length;
      const wholeLines = (at === 0 || doc[at - 1] === "\n") && !old.endsWith("\n") && doc[end] === "\n";
      if (wholeLines) end++;
      return doc.slice(0, at) + doc.slice(end);
    }
    case "insert_after": {
      const content = need(op, "content", index);
      const anchor = op.anchor_text ?? "";
      if (typeof anchor !== "string") throw new InvalidInputError("anchor_text must be a string", { field: "anchor_text" });
      if (anchor === "") {
        if (doc.trim() !== "") {
          const data = { field: "anchor_text", reason: "anchor_required" };
          if (index !== null) data.operation = index;
          throw new InvalidInputError("insert_after needs anchor_text once the core document has content (an empty anchor is only for the first write)", data);
        }
        return content;
      }
      let pos = uniqueMatch(doc, "anchor_text", anchor, index) + anchor.length;
      if (doc[pos - 1] === "\n") return doc.slice(0, pos) + content + (content.endsWith("\n") ? "" : "\n") + doc.slice(pos);
      const eol = doc.indexOf("\n", pos);
      pos = eol < 0 ? doc.length : eol;
      return doc.slice(0, pos) + "\n" + content + doc.slice(pos);
    }
    default: {
      const data = { field: "action", action: op?.action ?? null };
      if (index !== null) data.operation = index;
      throw new InvalidInputError(`unknown core action ${JSON.stringify(op?.action)}: use edit, delete or insert_after${index === null ? "" : ` (operation ${index + 1})`}`, data);
    }
  }
}
function applyOperations(doc, ops) {
  let cur = doc;
  ops.forEach((op, i) => cur = applyOperation(cur, op, ops.length > 1 ? i : null));
  return cur;
}
function readCore(store, path, commit) {
  const tree = store.treeOf(commit);
  const e = tree ? store.git.entryAt(tree, path) : null;
  return e ? { content: store.git.readBlob(e.oid).toString("utf8"), oid: e.oid } : { content: "", oid: null };
}
function checkExpected(store, path, expected, tip, expectedOid2) {
  if (expected === void 0 || expected === null || expected === "") return;
  const current = readCore(store, path, tip).oid;
  if (current !== expectedOid2) {
    throw new ConflictError(`the core document changed since version ${expected.slice(0, 12)}: read it again ("memory core view") and redo the change on the current text`, {
      expected_version: expected,
      current_version: tip
    });
  }
}
async function expectedOid(store, path, expected) {
  if (expected === void 0 || expected === null || expected === "") return void 0;
  const { resolveCommit } = await import("./chunks/history-JCWUM4GE.js");
  let commit;
  try {
    commit = resolveCommit(store, expected);
  } catch (err) {
    if (err instanceof MemoryError && err.code === "NOT_FOUND") {
      throw new ConflictError(`unknown core version ${expected}: read the document again ("memory core view")`, { expected_version: expected, current_version: store.tip() });
    }
    throw err;
  }
  return readCore(store, path, commit).oid;
}
function budget(store, name, text, current) {
  const max = store.config().coreMaxChars;
  const chars = charCount(text);
  if (chars > max && chars > charCount(current)) {
    throw new MemoryError("CONTENT_TOO_LARGE", `core document "${name}" would be ${chars} characters, over its budget of ${max} (coreMaxChars): condense it instead; nothing was written`, {
      chars,
      limit: max,
      name
    });
  }
  return chars;
}
async function coreView(store, opts = {}) {
  const name = coreName(opts.name);
  const tip = store.tip();
  const { content } = readCore(store, corePath(name), tip);
  return { success: true, name, content, version: tip, chars: charCount(content), max_chars: store.config().coreMaxChars };
}
function describeOp(op) {
  switch (op.action) {
    case "edit":
      return `- edit "${clip(op.old_text ?? "", 50)}" -> "${clip(op.new_text ?? "", 50)}"`;
    case "delete":
      return `- delete "${clip(op.old_text ?? "", 50)}"`;
    default:
      return `- insert after "${clip(op.anchor_text ?? "", 40)}": "${clip(op.content ?? "", 50)}"`;
  }
}
async function write(store, name, expected, subject, body, transform, applied) {
  const path = corePath(name);
  const expectOid = await expectedOid(store, path, expected);
  const res = await store.mutate((tip) => {
    checkExpected(store, path, expected, tip, expectOid);
    const cur = readCore(store, path, tip);
    const next = assertNoNewSecrets(transform(cur.content), cur.content, { ...guardOptions(store.config()), field: `core/${name}`, what: `the core document "${name}"` });
    const chars = budget(store, name, next, cur.content);
    if (next === cur.content && cur.oid !== null) return { change: null, result: { chars, changed: false } };
    return {
      change: { changes: /* @__PURE__ */ new Map([[path, Buffer.from(next, "utf8")]]), message: `memory: core ${name}: ${subject}

${body}
` },
      result: { chars, changed: true }
    };
  });
  return { success: true, name, version: res.commit, chars: res.chars, max_chars: store.config().coreMaxChars, changed: res.changed, applied };
}
async function coreUpdate(store, input) {
  if (!input || typeof input !== "object") throw new InvalidInputError("give an action: edit, delete, insert_after or batch", { field: "action" });
  const name = coreName(input.name);
  let ops;
  if (input.action === "batch") {
    if (!Array.isArray(input.operations) || !input.operations.length) throw new InvalidInputError("batch needs a non-empty operations array", { field: "operations" });
    input.operations.forEach((op, i) => {
      if (!op || typeof op !== "object" || !["edit", "delete", "insert_after"].includes(op.action)) {
        throw new InvalidInputError(`operation ${i + 1}: action must be edit, delete or insert_after`, { field: "action", operation: i });
      }
    });
    ops = input.operations;
  } else {
    ops = [{ action: input.action, old_text: input.old_text, new_text: input.new_text, anchor_text: input.anchor_text, content: input.content }];
    if (!["edit", "delete", "insert_after"].includes(String(input.action))) applyOperation("", ops[0]);
  }
  const subject = input.action === "batch" ? `batch of ${ops.length} operation${ops.length === 1 ? "" : "s"}` : String(input.action).replace("_", "-");
  return write(store, name, input.expect_version, subject, ops.map(describeOp).join("\n"), (doc) => applyOperations(doc, ops), ops.length);
}
async function coreSet(store, input) {
  if (typeof input?.content !== "string") throw new InvalidInputError("give the document content", { field: "content" });
  if (input.content.includes("\0")) throw new MemoryError("BINARY_CONTENT", "the core document is text: it cannot contain NUL bytes", { offset: input.content.indexOf("\0") });
  const name = coreName(input.name);
  return write(store, name, input.expect_version, "set", `${charCount(input.content)} characters`, () => input.content, 1);
}
async function coreHistory(store, opts = {}) {
  const name = coreName(opts.name);
  const { logPaths } = await import("./chunks/history-JCWUM4GE.js");
  const snapshots = logPaths(store, [`:(literal)${corePath(name)}`]).map((r) => ({ version: r.commit, timestamp: r.timestamp, message: r.message }));
  return { success: true, name, snapshots };
}
async function coreRestore(store, input) {
  const name = coreName(input?.name);
  if (!input?.version) throw new InvalidInputError('give the version to restore (see "memory core history")', { field: "version" });
  const { resolveCommit } = await import("./chunks/history-JCWUM4GE.js");
  const from = resolveCommit(store, input.version);
  const old = readCore(store, corePath(name), from);
  if (old.oid === null) throw new NotFoundError(`${name} at ${from.slice(0, 12)}`, "core document");
  const r = await write(store, name, input.expect_version, `restore to ${from.slice(0, 12)}`, `Restored the document as of ${from}.`, () => old.content, 1);
  return { ...r, restored_from: from };
}

// src/core/stats.ts
function sortedCounts(m) {
  return Object.fromEntries([...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)));
}
var FIGURES_FILE = "stats-v1.json";
async function gitFigures(store) {
  const tip = store.tip();
  if (!tip) return { commits: 0, coreVersions: 0, bytes: 0 };
  const { gitCliAsync } = await import("./chunks/history-JCWUM4GE.js");
  const { readFileSync, writeFileSync, renameSync, mkdirSync } = await import("node:fs");
  const { join } = await import("node:path");
  const file = join(store.cacheDir, FIGURES_FILE);
  let cached = null;
  try {
    const c = JSON.parse(readFileSync(file, "utf8"));
    if (typeof c?.tip === "string" && /^[0-9a-f]{40}$/.test(c.tip) && [c.commits, c.coreVersions, c.bytes].every((x) => Number.isInteger(x) && x >= 0)) cached = c;
  } catch {
  }
  if (cached?.tip === tip) return cached;
  const n = async (args) => {
    const v = Number((await gitCliAsync(store, args)).trim());
    return Number.isFinite(v) ? v : 0;
  };
  const walk = async (range) => {
    const [commits, coreVersions, bytes] = await Promise.all([n(["rev-list", "--count", ...range]), n(["rev-list", "--count", ...range, "--", `${CORE_DIR}/`]), n(["rev-list", "--objects", "--disk-usage", ...range])]);
    return { commits, coreVersions, bytes };
  };
  let out;
  const old = cached;
  if (old) {
    const [ancestor, delta] = await Promise.all([
      gitCliAsync(store, ["merge-base", "--is-ancestor", old.tip, tip]).then(
        () => true,
        () => false
      ),
      walk([tip, `^${old.tip}`]).catch(() => null)
    ]);
    out = ancestor && delta ? { commits: old.commits + delta.commits, coreVersions: old.coreVersions + delta.coreVersions, bytes: old.bytes + delta.bytes } : await walk([store.ref]);
  } else out = await walk([store.ref]);
  try {
    mkdirSync(store.cacheDir, { recursive: true });
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(tmp, JSON.stringify({ tip, ...out }));
    renameSync(tmp, file);
  } catch {
  }
  return out;
}
async function memoryStats(store, opts = {}) {
  const top = opts.top ?? 10;
  const tip = store.tip();
  const { indexCounts } = await import("./chunks/listing-I4CFOI22.js");
  const c = indexCounts(store);
  const iso = (ms) => ms === null ? null : new Date(ms).toISOString();
  const documents = {};
  let coreChars = 0;
  const tree = store.treeOf(tip);
  if (tree) {
    for (const b of store.git.listBlobs(tree, CORE_DIR)) {
      if (!b.path.endsWith(".md")) continue;
      const chars = charCount(store.git.readBlob(b.oid).toString("utf8"));
      documents[b.path.slice(CORE_DIR.length + 1, -3)] = chars;
      coreChars += chars;
    }
  }
  const g = await gitFigures(store);
  return {
    success: true,
    total: c.total,
    categories: sortedCounts(c.categories),
    tags: { distinct: c.tags.size, top: Object.entries(sortedCounts(c.tags)).slice(0, top).map(([tag, count]) => ({ tag, count })) },
    priorities: c.priorities,
    trash: trashCount(store, tip),
    core: { chars: coreChars, versions: g.coreVersions, documents },
    commits: g.commits,
    oldest: iso(c.oldest),
    newest: iso(c.newest),
    months: Object.fromEntries([...c.months].sort((a, b) => a[0] < b[0] ? -1 : 1)),
    branch_size_bytes: g.bytes,
    unreadable: c.unreadable,
    pending_refs: await (await import("./chunks/pending-S4RGYGTV.js")).pendingRefsFigure(store)
  };
}

// src/core/restore.ts
async function restoreFromTrash(store, id) {
  assertId(id);
  const inTrash = (tip) => readTrash(store, tip, 0).filter((e) => e.item?.id === id).sort((a, b) => byDeletedDesc(a.item, b.item))[0];
  let fromHistory = null;
  if (!inTrash(store.tip())) {
    const last = lastKnownFile(store, id);
    if (!last) throw new NotFoundError(id, "memory in the trash or in git history");
    const stored = memoryFromFile(last.livePath, last.text, (w) => store.warn(w));
    fromHistory = { path: last.livePath, file: liveFile(stored) };
  }
  const res = await store.mutate((tip) => {
    if (store.find(id, tip)) throw new MemoryError("DUPLICATE", `memory ${id} is not deleted: it is already in memories/`, { id });
    const hit = inTrash(tip);
    if (hit) {
      const path = livePathFor(hit.path);
      return {
        change: { changes: /* @__PURE__ */ new Map([[hit.path, null], [path, liveFile(hit.stored)]]), message: `memory: restore ${id} from the trash

Memory-Id: ${id}
` },
        result: { from: "trash", path }
      };
    }
    if (!fromHistory) throw new NotFoundError(id, "memory in the trash");
    return {
      change: { changes: /* @__PURE__ */ new Map([[fromHistory.path, fromHistory.file]]), message: `memory: restore ${id} from git history (it had left the trash)

Memory-Id: ${id}
` },
      result: { from: "history", path: fromHistory.path }
    };
  });
  return { success: true, restored: id, from: res.from, path: res.path, commit: res.commit };
}

// src/core/api.ts
function openMemory(opts = {}) {
  const { embedOnWrite, ...storeOpts } = opts;
  const writeVectors = async (texts) => (await import("./chunks/write-PMUGRKMB.js")).writeTimeVectors(s, texts);
  const s = new MemoryStore({ ...storeOpts, vectorsOnWrite: opts.vectorsOnWrite ?? (embedOnWrite === false ? void 0 : writeVectors) });
  return {
    store: (input) => s.store(input),
    get: (id) => s.get(id),
    recent: (count) => s.recent(count),
    tagged: (tags) => s.tagged(tags),
    list: (filter) => s.list(filter),
    search: (q) => s.search(q),
    rebuildIndex: () => s.rebuildIndex(),
    delete: (id) => s.delete(id),
    deleteByTag: (tag) => s.deleteByTag(tag),
    clear: (o) => s.clear(o),
    sync: async (o) => (await import("./chunks/sync-ZYM2WJAK.js")).sync(s, o),
    pull: async (o) => (await import("./chunks/sync-ZYM2WJAK.js")).pull(s, o),
    push: async (o) => (await import("./chunks/sync-ZYM2WJAK.js")).push(s, o),
    update: (id, patch) => s.update(id, patch),
    history: (id) => memoryHistory(s, id),
    getAt: (id, at) => getAt(s, id, at),
    coreView: (o) => coreView(s, o),
    coreUpdate: (input) => coreUpdate(s, input),
    coreSet: (input) => coreSet(s, input),
    coreHistory: (o) => coreHistory(s, o),
    coreRestore: (input) => coreRestore(s, input),
    trash: async (input = {}) => {
      const action = input.action ?? "list";
      if (action === "list") return { success: true, action, items: listTrash(s) };
      if (action === "restore") {
        if (!input.id) throw new InvalidInputError("restore needs the id of a memory in the trash", { field: "id" });
        return { ...await restoreFromTrash(s, input.id), action };
      }
      if (action === "empty") return { ...await emptyTrash(s, { olderThanDays: input.olderThanDays }), action };
      throw new InvalidInputError(`unknown trash action ${JSON.stringify(action)}: use list, restore or empty`, { field: "action" });
    },
    stats: (o) => memoryStats(s, o),
    prune: async (o) => (await import("./chunks/prune-CJDY3UEC.js")).prune(s, o),
    importMemories: async (input) => (await import("./chunks/import-export-NXLAP2UJ.js")).importMemories(s, input),
    exportMemories: async (o) => (await import("./chunks/import-export-NXLAP2UJ.js")).exportMemories(s, o),
    config: async () => (await import("./chunks/config-ops-EQMAN5OT.js")).configShow(s),
    configGet: async (key) => (await import("./chunks/config-ops-EQMAN5OT.js")).configGet(s, key),
    configSet: async (key, value) => (await import("./chunks/config-ops-EQMAN5OT.js")).configSet(s, key, value),
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
function excerpt(s, max = 100) {
  const one = s.replace(/\s+/g, " ").trim();
  return one.length > max ? one.slice(0, max - 1) + "\u2026" : one;
}
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
      log.info(`${r.memory.id}: ${excerpt(r.memory.content)}`);
      return { json: { success: true, memory: r.memory }, id: r.memory.id, results: [r.memory], count: 1 };
    }
    case "recent": {
      const r = await memory.recent(inputs.limit);
      for (const m of r.memories) log.info(`${m.id}  ${m.timestamp.slice(0, 10)}  ${excerpt(m.content)}`);
      return { json: { success: true, memories: r.memories }, id: "", results: r.memories, count: r.memories.length };
    }
    case "list": {
      const r = await memory.list({ tags: inputs.tags, category: inputs.category, priority: inputs.priority, limit: inputs.limit });
      for (const m of r.memories) log.info(`${m.id}  ${m.timestamp.slice(0, 10)}  ${excerpt(m.content)}`);
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
      for (const m of r.results) log.info(`${m.relevance.toFixed(2)}  ${m.id}  ${excerpt(m.content)}`);
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
import { isAbsolute, resolve } from "node:path";
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
    path: p ? isAbsolute(p) ? p : resolve(workspace, p) : workspace
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

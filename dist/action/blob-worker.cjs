"use strict";
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __commonJS = (cb, mod) => function __require() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e) {
    throw mod = 0, e;
  }
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));

// node_modules/js-yaml/lib/common.js
var require_common = __commonJS({
  "node_modules/js-yaml/lib/common.js"(exports2, module2) {
    "use strict";
    function isNothing(subject) {
      return typeof subject === "undefined" || subject === null;
    }
    function isObject(subject) {
      return typeof subject === "object" && subject !== null;
    }
    function toArray(sequence) {
      if (Array.isArray(sequence)) return sequence;
      else if (isNothing(sequence)) return [];
      return [sequence];
    }
    function extend(target, source) {
      var index, length, key, sourceKeys;
      if (source) {
        sourceKeys = Object.keys(source);
        for (index = 0, length = sourceKeys.length; index < length; index += 1) {
          key = sourceKeys[index];
          target[key] = source[key];
        }
      }
      return target;
    }
    function repeat(string, count) {
      var result = "", cycle;
      for (cycle = 0; cycle < count; cycle += 1) {
        result += string;
      }
      return result;
    }
    function isNegativeZero(number) {
      return number === 0 && Number.NEGATIVE_INFINITY === 1 / number;
    }
    module2.exports.isNothing = isNothing;
    module2.exports.isObject = isObject;
    module2.exports.toArray = toArray;
    module2.exports.repeat = repeat;
    module2.exports.isNegativeZero = isNegativeZero;
    module2.exports.extend = extend;
  }
});

// node_modules/js-yaml/lib/exception.js
var require_exception = __commonJS({
  "node_modules/js-yaml/lib/exception.js"(exports2, module2) {
    "use strict";
    function formatError(exception, compact) {
      var where = "", message = exception.reason || "(unknown reason)";
      if (!exception.mark) return message;
      if (exception.mark.name) {
        where += 'in "' + exception.mark.name + '" ';
      }
      where += "(" + (exception.mark.line + 1) + ":" + (exception.mark.column + 1) + ")";
      if (!compact && exception.mark.snippet) {
        where += "\n\n" + exception.mark.snippet;
      }
      return message + " " + where;
    }
    function YAMLException(reason, mark) {
      Error.call(this);
      this.name = "YAMLException";
      this.reason = reason;
      this.mark = mark;
      this.message = formatError(this, false);
      if (Error.captureStackTrace) {
        Error.captureStackTrace(this, this.constructor);
      } else {
        this.stack = new Error().stack || "";
      }
    }
    YAMLException.prototype = Object.create(Error.prototype);
    YAMLException.prototype.constructor = YAMLException;
    YAMLException.prototype.toString = function toString(compact) {
      return this.name + ": " + formatError(this, compact);
    };
    module2.exports = YAMLException;
  }
});

// node_modules/js-yaml/lib/snippet.js
var require_snippet = __commonJS({
  "node_modules/js-yaml/lib/snippet.js"(exports2, module2) {
    "use strict";
    var common = require_common();
    function getLine(buffer, lineStart, lineEnd, position, maxLineLength) {
      var head = "";
      var tail = "";
      var maxHalfLength = Math.floor(maxLineLength / 2) - 1;
      if (position - lineStart > maxHalfLength) {
        head = " ... ";
        lineStart = position - maxHalfLength + head.length;
      }
      if (lineEnd - position > maxHalfLength) {
        tail = " ...";
        lineEnd = position + maxHalfLength - tail.length;
      }
      return {
        str: head + buffer.slice(lineStart, lineEnd).replace(/\t/g, "\u2192") + tail,
        pos: position - lineStart + head.length
        // relative position
      };
    }
    function padStart(string, max) {
      return common.repeat(" ", max - string.length) + string;
    }
    function makeSnippet(mark, options) {
      options = Object.create(options || null);
      if (!mark.buffer) return null;
      if (!options.maxLength) options.maxLength = 79;
      if (typeof options.indent !== "number") options.indent = 1;
      if (typeof options.linesBefore !== "number") options.linesBefore = 3;
      if (typeof options.linesAfter !== "number") options.linesAfter = 2;
      var re = /\r?\n|\r|\0/g;
      var lineStarts = [0];
      var lineEnds = [];
      var match;
      var foundLineNo = -1;
      while (match = re.exec(mark.buffer)) {
        lineEnds.push(match.index);
        lineStarts.push(match.index + match[0].length);
        if (mark.position <= match.index && foundLineNo < 0) {
          foundLineNo = lineStarts.length - 2;
        }
      }
      if (foundLineNo < 0) foundLineNo = lineStarts.length - 1;
      var result = "", i, line;
      var lineNoLength = Math.min(mark.line + options.linesAfter, lineEnds.length).toString().length;
      var maxLineLength = options.maxLength - (options.indent + lineNoLength + 3);
      for (i = 1; i <= options.linesBefore; i++) {
        if (foundLineNo - i < 0) break;
        line = getLine(
          mark.buffer,
          lineStarts[foundLineNo - i],
          lineEnds[foundLineNo - i],
          mark.position - (lineStarts[foundLineNo] - lineStarts[foundLineNo - i]),
          maxLineLength
        );
        result = common.repeat(" ", options.indent) + padStart((mark.line - i + 1).toString(), lineNoLength) + " | " + line.str + "\n" + result;
      }
      line = getLine(mark.buffer, lineStarts[foundLineNo], lineEnds[foundLineNo], mark.position, maxLineLength);
      result += common.repeat(" ", options.indent) + padStart((mark.line + 1).toString(), lineNoLength) + " | " + line.str + "\n";
      result += common.repeat("-", options.indent + lineNoLength + 3 + line.pos) + "^\n";
      for (i = 1; i <= options.linesAfter; i++) {
        if (foundLineNo + i >= lineEnds.length) break;
        line = getLine(
          mark.buffer,
          lineStarts[foundLineNo + i],
          lineEnds[foundLineNo + i],
          mark.position - (lineStarts[foundLineNo] - lineStarts[foundLineNo + i]),
          maxLineLength
        );
        result += common.repeat(" ", options.indent) + padStart((mark.line + i + 1).toString(), lineNoLength) + " | " + line.str + "\n";
      }
      return result.replace(/\n$/, "");
    }
    module2.exports = makeSnippet;
  }
});

// node_modules/js-yaml/lib/type.js
var require_type = __commonJS({
  "node_modules/js-yaml/lib/type.js"(exports2, module2) {
    "use strict";
    var YAMLException = require_exception();
    var TYPE_CONSTRUCTOR_OPTIONS = [
      "kind",
      "multi",
      "resolve",
      "construct",
      "instanceOf",
      "predicate",
      "represent",
      "representName",
      "defaultStyle",
      "styleAliases"
    ];
    var YAML_NODE_KINDS = [
      "scalar",
      "sequence",
      "mapping"
    ];
    function compileStyleAliases(map) {
      var result = {};
      if (map !== null) {
        Object.keys(map).forEach(function(style) {
          map[style].forEach(function(alias) {
            result[String(alias)] = style;
          });
        });
      }
      return result;
    }
    function Type(tag, options) {
      options = options || {};
      Object.keys(options).forEach(function(name) {
        if (TYPE_CONSTRUCTOR_OPTIONS.indexOf(name) === -1) {
          throw new YAMLException('Unknown option "' + name + '" is met in definition of "' + tag + '" YAML type.');
        }
      });
      this.options = options;
      this.tag = tag;
      this.kind = options["kind"] || null;
      this.resolve = options["resolve"] || function() {
        return true;
      };
      this.construct = options["construct"] || function(data) {
        return data;
      };
      this.instanceOf = options["instanceOf"] || null;
      this.predicate = options["predicate"] || null;
      this.represent = options["represent"] || null;
      this.representName = options["representName"] || null;
      this.defaultStyle = options["defaultStyle"] || null;
      this.multi = options["multi"] || false;
      this.styleAliases = compileStyleAliases(options["styleAliases"] || null);
      if (YAML_NODE_KINDS.indexOf(this.kind) === -1) {
        throw new YAMLException('Unknown kind "' + this.kind + '" is specified for "' + tag + '" YAML type.');
      }
    }
    module2.exports = Type;
  }
});

// node_modules/js-yaml/lib/schema.js
var require_schema = __commonJS({
  "node_modules/js-yaml/lib/schema.js"(exports2, module2) {
    "use strict";
    var YAMLException = require_exception();
    var Type = require_type();
    function compileList(schema, name) {
      var result = [];
      schema[name].forEach(function(currentType) {
        var newIndex = result.length;
        result.forEach(function(previousType, previousIndex) {
          if (previousType.tag === currentType.tag && previousType.kind === currentType.kind && previousType.multi === currentType.multi) {
            newIndex = previousIndex;
          }
        });
        result[newIndex] = currentType;
      });
      return result;
    }
    function compileMap() {
      var result = {
        scalar: {},
        sequence: {},
        mapping: {},
        fallback: {},
        multi: {
          scalar: [],
          sequence: [],
          mapping: [],
          fallback: []
        }
      }, index, length;
      function collectType(type) {
        if (type.multi) {
          result.multi[type.kind].push(type);
          result.multi["fallback"].push(type);
        } else {
          result[type.kind][type.tag] = result["fallback"][type.tag] = type;
        }
      }
      for (index = 0, length = arguments.length; index < length; index += 1) {
        arguments[index].forEach(collectType);
      }
      return result;
    }
    function Schema(definition) {
      return this.extend(definition);
    }
    Schema.prototype.extend = function extend(definition) {
      var implicit = [];
      var explicit = [];
      if (definition instanceof Type) {
        explicit.push(definition);
      } else if (Array.isArray(definition)) {
        explicit = explicit.concat(definition);
      } else if (definition && (Array.isArray(definition.implicit) || Array.isArray(definition.explicit))) {
        if (definition.implicit) implicit = implicit.concat(definition.implicit);
        if (definition.explicit) explicit = explicit.concat(definition.explicit);
      } else {
        throw new YAMLException("Schema.extend argument should be a Type, [ Type ], or a schema definition ({ implicit: [...], explicit: [...] })");
      }
      implicit.forEach(function(type) {
        if (!(type instanceof Type)) {
          throw new YAMLException("Specified list of YAML types (or a single Type object) contains a non-Type object.");
        }
        if (type.loadKind && type.loadKind !== "scalar") {
          throw new YAMLException("There is a non-scalar type in the implicit list of a schema. Implicit resolving of such types is not supported.");
        }
        if (type.multi) {
          throw new YAMLException("There is a multi type in the implicit list of a schema. Multi tags can only be listed as explicit.");
        }
      });
      explicit.forEach(function(type) {
        if (!(type instanceof Type)) {
          throw new YAMLException("Specified list of YAML types (or a single Type object) contains a non-Type object.");
        }
      });
      var result = Object.create(Schema.prototype);
      result.implicit = (this.implicit || []).concat(implicit);
      result.explicit = (this.explicit || []).concat(explicit);
      result.compiledImplicit = compileList(result, "implicit");
      result.compiledExplicit = compileList(result, "explicit");
      result.compiledTypeMap = compileMap(result.compiledImplicit, result.compiledExplicit);
      return result;
    };
    module2.exports = Schema;
  }
});

// node_modules/js-yaml/lib/type/str.js
var require_str = __commonJS({
  "node_modules/js-yaml/lib/type/str.js"(exports2, module2) {
    "use strict";
    var Type = require_type();
    module2.exports = new Type("tag:yaml.org,2002:str", {
      kind: "scalar",
      construct: function(data) {
        return data !== null ? data : "";
      }
    });
  }
});

// node_modules/js-yaml/lib/type/seq.js
var require_seq = __commonJS({
  "node_modules/js-yaml/lib/type/seq.js"(exports2, module2) {
    "use strict";
    var Type = require_type();
    module2.exports = new Type("tag:yaml.org,2002:seq", {
      kind: "sequence",
      construct: function(data) {
        return data !== null ? data : [];
      }
    });
  }
});

// node_modules/js-yaml/lib/type/map.js
var require_map = __commonJS({
  "node_modules/js-yaml/lib/type/map.js"(exports2, module2) {
    "use strict";
    var Type = require_type();
    module2.exports = new Type("tag:yaml.org,2002:map", {
      kind: "mapping",
      construct: function(data) {
        return data !== null ? data : {};
      }
    });
  }
});

// node_modules/js-yaml/lib/schema/failsafe.js
var require_failsafe = __commonJS({
  "node_modules/js-yaml/lib/schema/failsafe.js"(exports2, module2) {
    "use strict";
    var Schema = require_schema();
    module2.exports = new Schema({
      explicit: [
        require_str(),
        require_seq(),
        require_map()
      ]
    });
  }
});

// node_modules/js-yaml/lib/type/null.js
var require_null = __commonJS({
  "node_modules/js-yaml/lib/type/null.js"(exports2, module2) {
    "use strict";
    var Type = require_type();
    function resolveYamlNull(data) {
      if (data === null) return true;
      var max = data.length;
      return max === 1 && data === "~" || max === 4 && (data === "null" || data === "Null" || data === "NULL");
    }
    function constructYamlNull() {
      return null;
    }
    function isNull(object) {
      return object === null;
    }
    module2.exports = new Type("tag:yaml.org,2002:null", {
      kind: "scalar",
      resolve: resolveYamlNull,
      construct: constructYamlNull,
      predicate: isNull,
      represent: {
        canonical: function() {
          return "~";
        },
        lowercase: function() {
          return "null";
        },
        uppercase: function() {
          return "NULL";
        },
        camelcase: function() {
          return "Null";
        },
        empty: function() {
          return "";
        }
      },
      defaultStyle: "lowercase"
    });
  }
});

// node_modules/js-yaml/lib/type/bool.js
var require_bool = __commonJS({
  "node_modules/js-yaml/lib/type/bool.js"(exports2, module2) {
    "use strict";
    var Type = require_type();
    function resolveYamlBoolean(data) {
      if (data === null) return false;
      var max = data.length;
      return max === 4 && (data === "true" || data === "True" || data === "TRUE") || max === 5 && (data === "false" || data === "False" || data === "FALSE");
    }
    function constructYamlBoolean(data) {
      return data === "true" || data === "True" || data === "TRUE";
    }
    function isBoolean(object) {
      return Object.prototype.toString.call(object) === "[object Boolean]";
    }
    module2.exports = new Type("tag:yaml.org,2002:bool", {
      kind: "scalar",
      resolve: resolveYamlBoolean,
      construct: constructYamlBoolean,
      predicate: isBoolean,
      represent: {
        lowercase: function(object) {
          return object ? "true" : "false";
        },
        uppercase: function(object) {
          return object ? "TRUE" : "FALSE";
        },
        camelcase: function(object) {
          return object ? "True" : "False";
        }
      },
      defaultStyle: "lowercase"
    });
  }
});

// node_modules/js-yaml/lib/type/int.js
var require_int = __commonJS({
  "node_modules/js-yaml/lib/type/int.js"(exports2, module2) {
    "use strict";
    var common = require_common();
    var Type = require_type();
    function isHexCode(c) {
      return 48 <= c && c <= 57 || 65 <= c && c <= 70 || 97 <= c && c <= 102;
    }
    function isOctCode(c) {
      return 48 <= c && c <= 55;
    }
    function isDecCode(c) {
      return 48 <= c && c <= 57;
    }
    function resolveYamlInteger(data) {
      if (data === null) return false;
      var max = data.length, index = 0, hasDigits = false, ch;
      if (!max) return false;
      ch = data[index];
      if (ch === "-" || ch === "+") {
        ch = data[++index];
      }
      if (ch === "0") {
        if (index + 1 === max) return true;
        ch = data[++index];
        if (ch === "b") {
          index++;
          for (; index < max; index++) {
            ch = data[index];
            if (ch === "_") continue;
            if (ch !== "0" && ch !== "1") return false;
            hasDigits = true;
          }
          return hasDigits && ch !== "_";
        }
        if (ch === "x") {
          index++;
          for (; index < max; index++) {
            ch = data[index];
            if (ch === "_") continue;
            if (!isHexCode(data.charCodeAt(index))) return false;
            hasDigits = true;
          }
          return hasDigits && ch !== "_";
        }
        if (ch === "o") {
          index++;
          for (; index < max; index++) {
            ch = data[index];
            if (ch === "_") continue;
            if (!isOctCode(data.charCodeAt(index))) return false;
            hasDigits = true;
          }
          return hasDigits && ch !== "_";
        }
      }
      if (ch === "_") return false;
      for (; index < max; index++) {
        ch = data[index];
        if (ch === "_") continue;
        if (!isDecCode(data.charCodeAt(index))) {
          return false;
        }
        hasDigits = true;
      }
      if (!hasDigits || ch === "_") return false;
      return true;
    }
    function constructYamlInteger(data) {
      var value = data, sign = 1, ch;
      if (value.indexOf("_") !== -1) {
        value = value.replace(/_/g, "");
      }
      ch = value[0];
      if (ch === "-" || ch === "+") {
        if (ch === "-") sign = -1;
        value = value.slice(1);
        ch = value[0];
      }
      if (value === "0") return 0;
      if (ch === "0") {
        if (value[1] === "b") return sign * parseInt(value.slice(2), 2);
        if (value[1] === "x") return sign * parseInt(value.slice(2), 16);
        if (value[1] === "o") return sign * parseInt(value.slice(2), 8);
      }
      return sign * parseInt(value, 10);
    }
    function isInteger(object) {
      return Object.prototype.toString.call(object) === "[object Number]" && (object % 1 === 0 && !common.isNegativeZero(object));
    }
    module2.exports = new Type("tag:yaml.org,2002:int", {
      kind: "scalar",
      resolve: resolveYamlInteger,
      construct: constructYamlInteger,
      predicate: isInteger,
      represent: {
        binary: function(obj) {
          return obj >= 0 ? "0b" + obj.toString(2) : "-0b" + obj.toString(2).slice(1);
        },
        octal: function(obj) {
          return obj >= 0 ? "0o" + obj.toString(8) : "-0o" + obj.toString(8).slice(1);
        },
        decimal: function(obj) {
          return obj.toString(10);
        },
        /* eslint-disable max-len */
        hexadecimal: function(obj) {
          return obj >= 0 ? "0x" + obj.toString(16).toUpperCase() : "-0x" + obj.toString(16).toUpperCase().slice(1);
        }
      },
      defaultStyle: "decimal",
      styleAliases: {
        binary: [2, "bin"],
        octal: [8, "oct"],
        decimal: [10, "dec"],
        hexadecimal: [16, "hex"]
      }
    });
  }
});

// node_modules/js-yaml/lib/type/float.js
var require_float = __commonJS({
  "node_modules/js-yaml/lib/type/float.js"(exports2, module2) {
    "use strict";
    var common = require_common();
    var Type = require_type();
    var YAML_FLOAT_PATTERN = new RegExp(
      // 2.5e4, 2.5 and integers
      "^(?:[-+]?(?:[0-9][0-9_]*)(?:\\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?|\\.[0-9_]+(?:[eE][-+]?[0-9]+)?|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$"
    );
    function resolveYamlFloat(data) {
      if (data === null) return false;
      if (!YAML_FLOAT_PATTERN.test(data) || // Quick hack to not allow integers end with `_`
      // Probably should update regexp & check speed
      data[data.length - 1] === "_") {
        return false;
      }
      return true;
    }
    function constructYamlFloat(data) {
      var value, sign;
      value = data.replace(/_/g, "").toLowerCase();
      sign = value[0] === "-" ? -1 : 1;
      if ("+-".indexOf(value[0]) >= 0) {
        value = value.slice(1);
      }
      if (value === ".inf") {
        return sign === 1 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
      } else if (value === ".nan") {
        return NaN;
      }
      return sign * parseFloat(value, 10);
    }
    var SCIENTIFIC_WITHOUT_DOT = /^[-+]?[0-9]+e/;
    function representYamlFloat(object, style) {
      var res;
      if (isNaN(object)) {
        switch (style) {
          case "lowercase":
            return ".nan";
          case "uppercase":
            return ".NAN";
          case "camelcase":
            return ".NaN";
        }
      } else if (Number.POSITIVE_INFINITY === object) {
        switch (style) {
          case "lowercase":
            return ".inf";
          case "uppercase":
            return ".INF";
          case "camelcase":
            return ".Inf";
        }
      } else if (Number.NEGATIVE_INFINITY === object) {
        switch (style) {
          case "lowercase":
            return "-.inf";
          case "uppercase":
            return "-.INF";
          case "camelcase":
            return "-.Inf";
        }
      } else if (common.isNegativeZero(object)) {
        return "-0.0";
      }
      res = object.toString(10);
      return SCIENTIFIC_WITHOUT_DOT.test(res) ? res.replace("e", ".e") : res;
    }
    function isFloat(object) {
      return Object.prototype.toString.call(object) === "[object Number]" && (object % 1 !== 0 || common.isNegativeZero(object));
    }
    module2.exports = new Type("tag:yaml.org,2002:float", {
      kind: "scalar",
      resolve: resolveYamlFloat,
      construct: constructYamlFloat,
      predicate: isFloat,
      represent: representYamlFloat,
      defaultStyle: "lowercase"
    });
  }
});

// node_modules/js-yaml/lib/schema/json.js
var require_json = __commonJS({
  "node_modules/js-yaml/lib/schema/json.js"(exports2, module2) {
    "use strict";
    module2.exports = require_failsafe().extend({
      implicit: [
        require_null(),
        require_bool(),
        require_int(),
        require_float()
      ]
    });
  }
});

// node_modules/js-yaml/lib/schema/core.js
var require_core = __commonJS({
  "node_modules/js-yaml/lib/schema/core.js"(exports2, module2) {
    "use strict";
    module2.exports = require_json();
  }
});

// node_modules/js-yaml/lib/type/timestamp.js
var require_timestamp = __commonJS({
  "node_modules/js-yaml/lib/type/timestamp.js"(exports2, module2) {
    "use strict";
    var Type = require_type();
    var YAML_DATE_REGEXP = new RegExp(
      "^([0-9][0-9][0-9][0-9])-([0-9][0-9])-([0-9][0-9])$"
    );
    var YAML_TIMESTAMP_REGEXP = new RegExp(
      "^([0-9][0-9][0-9][0-9])-([0-9][0-9]?)-([0-9][0-9]?)(?:[Tt]|[ \\t]+)([0-9][0-9]?):([0-9][0-9]):([0-9][0-9])(?:\\.([0-9]*))?(?:[ \\t]*(Z|([-+])([0-9][0-9]?)(?::([0-9][0-9]))?))?$"
    );
    function resolveYamlTimestamp(data) {
      if (data === null) return false;
      if (YAML_DATE_REGEXP.exec(data) !== null) return true;
      if (YAML_TIMESTAMP_REGEXP.exec(data) !== null) return true;
      return false;
    }
    function constructYamlTimestamp(data) {
      var match, year, month, day, hour, minute, second, fraction = 0, delta = null, tz_hour, tz_minute, date;
      match = YAML_DATE_REGEXP.exec(data);
      if (match === null) match = YAML_TIMESTAMP_REGEXP.exec(data);
      if (match === null) throw new Error("Date resolve error");
      year = +match[1];
      month = +match[2] - 1;
      day = +match[3];
      if (!match[4]) {
        return new Date(Date.UTC(year, month, day));
      }
      hour = +match[4];
      minute = +match[5];
      second = +match[6];
      if (match[7]) {
        fraction = match[7].slice(0, 3);
        while (fraction.length < 3) {
          fraction += "0";
        }
        fraction = +fraction;
      }
      if (match[9]) {
        tz_hour = +match[10];
        tz_minute = +(match[11] || 0);
        delta = (tz_hour * 60 + tz_minute) * 6e4;
        if (match[9] === "-") delta = -delta;
      }
      date = new Date(Date.UTC(year, month, day, hour, minute, second, fraction));
      if (delta) date.setTime(date.getTime() - delta);
      return date;
    }
    function representYamlTimestamp(object) {
      return object.toISOString();
    }
    module2.exports = new Type("tag:yaml.org,2002:timestamp", {
      kind: "scalar",
      resolve: resolveYamlTimestamp,
      construct: constructYamlTimestamp,
      instanceOf: Date,
      represent: representYamlTimestamp
    });
  }
});

// node_modules/js-yaml/lib/type/merge.js
var require_merge = __commonJS({
  "node_modules/js-yaml/lib/type/merge.js"(exports2, module2) {
    "use strict";
    var Type = require_type();
    function resolveYamlMerge(data) {
      return data === "<<" || data === null;
    }
    module2.exports = new Type("tag:yaml.org,2002:merge", {
      kind: "scalar",
      resolve: resolveYamlMerge
    });
  }
});

// node_modules/js-yaml/lib/type/binary.js
var require_binary = __commonJS({
  "node_modules/js-yaml/lib/type/binary.js"(exports2, module2) {
    "use strict";
    var Type = require_type();
    var BASE64_MAP = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=\n\r";
    function resolveYamlBinary(data) {
      if (data === null) return false;
      var code, idx, bitlen = 0, max = data.length, map = BASE64_MAP;
      for (idx = 0; idx < max; idx++) {
        code = map.indexOf(data.charAt(idx));
        if (code > 64) continue;
        if (code < 0) return false;
        bitlen += 6;
      }
      return bitlen % 8 === 0;
    }
    function constructYamlBinary(data) {
      var idx, tailbits, input = data.replace(/[\r\n=]/g, ""), max = input.length, map = BASE64_MAP, bits = 0, result = [];
      for (idx = 0; idx < max; idx++) {
        if (idx % 4 === 0 && idx) {
          result.push(bits >> 16 & 255);
          result.push(bits >> 8 & 255);
          result.push(bits & 255);
        }
        bits = bits << 6 | map.indexOf(input.charAt(idx));
      }
      tailbits = max % 4 * 6;
      if (tailbits === 0) {
        result.push(bits >> 16 & 255);
        result.push(bits >> 8 & 255);
        result.push(bits & 255);
      } else if (tailbits === 18) {
        result.push(bits >> 10 & 255);
        result.push(bits >> 2 & 255);
      } else if (tailbits === 12) {
        result.push(bits >> 4 & 255);
      }
      return new Uint8Array(result);
    }
    function representYamlBinary(object) {
      var result = "", bits = 0, idx, tail, max = object.length, map = BASE64_MAP;
      for (idx = 0; idx < max; idx++) {
        if (idx % 3 === 0 && idx) {
          result += map[bits >> 18 & 63];
          result += map[bits >> 12 & 63];
          result += map[bits >> 6 & 63];
          result += map[bits & 63];
        }
        bits = (bits << 8) + object[idx];
      }
      tail = max % 3;
      if (tail === 0) {
        result += map[bits >> 18 & 63];
        result += map[bits >> 12 & 63];
        result += map[bits >> 6 & 63];
        result += map[bits & 63];
      } else if (tail === 2) {
        result += map[bits >> 10 & 63];
        result += map[bits >> 4 & 63];
        result += map[bits << 2 & 63];
        result += map[64];
      } else if (tail === 1) {
        result += map[bits >> 2 & 63];
        result += map[bits << 4 & 63];
        result += map[64];
        result += map[64];
      }
      return result;
    }
    function isBinary(obj) {
      return Object.prototype.toString.call(obj) === "[object Uint8Array]";
    }
    module2.exports = new Type("tag:yaml.org,2002:binary", {
      kind: "scalar",
      resolve: resolveYamlBinary,
      construct: constructYamlBinary,
      predicate: isBinary,
      represent: representYamlBinary
    });
  }
});

// node_modules/js-yaml/lib/type/omap.js
var require_omap = __commonJS({
  "node_modules/js-yaml/lib/type/omap.js"(exports2, module2) {
    "use strict";
    var Type = require_type();
    var _hasOwnProperty = Object.prototype.hasOwnProperty;
    var _toString = Object.prototype.toString;
    function resolveYamlOmap(data) {
      if (data === null) return true;
      var objectKeys = [], index, length, pair, pairKey, pairHasKey, object = data;
      for (index = 0, length = object.length; index < length; index += 1) {
        pair = object[index];
        pairHasKey = false;
        if (_toString.call(pair) !== "[object Object]") return false;
        for (pairKey in pair) {
          if (_hasOwnProperty.call(pair, pairKey)) {
            if (!pairHasKey) pairHasKey = true;
            else return false;
          }
        }
        if (!pairHasKey) return false;
        if (objectKeys.indexOf(pairKey) === -1) objectKeys.push(pairKey);
        else return false;
      }
      return true;
    }
    function constructYamlOmap(data) {
      return data !== null ? data : [];
    }
    module2.exports = new Type("tag:yaml.org,2002:omap", {
      kind: "sequence",
      resolve: resolveYamlOmap,
      construct: constructYamlOmap
    });
  }
});

// node_modules/js-yaml/lib/type/pairs.js
var require_pairs = __commonJS({
  "node_modules/js-yaml/lib/type/pairs.js"(exports2, module2) {
    "use strict";
    var Type = require_type();
    var _toString = Object.prototype.toString;
    function resolveYamlPairs(data) {
      if (data === null) return true;
      var index, length, pair, keys, result, object = data;
      result = new Array(object.length);
      for (index = 0, length = object.length; index < length; index += 1) {
        pair = object[index];
        if (_toString.call(pair) !== "[object Object]") return false;
        keys = Object.keys(pair);
        if (keys.length !== 1) return false;
        result[index] = [keys[0], pair[keys[0]]];
      }
      return true;
    }
    function constructYamlPairs(data) {
      if (data === null) return [];
      var index, length, pair, keys, result, object = data;
      result = new Array(object.length);
      for (index = 0, length = object.length; index < length; index += 1) {
        pair = object[index];
        keys = Object.keys(pair);
        result[index] = [keys[0], pair[keys[0]]];
      }
      return result;
    }
    module2.exports = new Type("tag:yaml.org,2002:pairs", {
      kind: "sequence",
      resolve: resolveYamlPairs,
      construct: constructYamlPairs
    });
  }
});

// node_modules/js-yaml/lib/type/set.js
var require_set = __commonJS({
  "node_modules/js-yaml/lib/type/set.js"(exports2, module2) {
    "use strict";
    var Type = require_type();
    var _hasOwnProperty = Object.prototype.hasOwnProperty;
    function resolveYamlSet(data) {
      if (data === null) return true;
      var key, object = data;
      for (key in object) {
        if (_hasOwnProperty.call(object, key)) {
          if (object[key] !== null) return false;
        }
      }
      return true;
    }
    function constructYamlSet(data) {
      return data !== null ? data : {};
    }
    module2.exports = new Type("tag:yaml.org,2002:set", {
      kind: "mapping",
      resolve: resolveYamlSet,
      construct: constructYamlSet
    });
  }
});

// node_modules/js-yaml/lib/schema/default.js
var require_default = __commonJS({
  "node_modules/js-yaml/lib/schema/default.js"(exports2, module2) {
    "use strict";
    module2.exports = require_core().extend({
      implicit: [
        require_timestamp(),
        require_merge()
      ],
      explicit: [
        require_binary(),
        require_omap(),
        require_pairs(),
        require_set()
      ]
    });
  }
});

// node_modules/js-yaml/lib/loader.js
var require_loader = __commonJS({
  "node_modules/js-yaml/lib/loader.js"(exports2, module2) {
    "use strict";
    var common = require_common();
    var YAMLException = require_exception();
    var makeSnippet = require_snippet();
    var DEFAULT_SCHEMA = require_default();
    var _hasOwnProperty = Object.prototype.hasOwnProperty;
    var CONTEXT_FLOW_IN = 1;
    var CONTEXT_FLOW_OUT = 2;
    var CONTEXT_BLOCK_IN = 3;
    var CONTEXT_BLOCK_OUT = 4;
    var CHOMPING_CLIP = 1;
    var CHOMPING_STRIP = 2;
    var CHOMPING_KEEP = 3;
    var PATTERN_NON_PRINTABLE = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/;
    var PATTERN_NON_ASCII_LINE_BREAKS = /[\x85\u2028\u2029]/;
    var PATTERN_FLOW_INDICATORS = /[,\[\]\{\}]/;
    var PATTERN_TAG_HANDLE = /^(?:!|!!|![a-z\-]+!)$/i;
    var PATTERN_TAG_URI = /^(?:!|[^,\[\]\{\}])(?:%[0-9a-f]{2}|[0-9a-z\-#;\/\?:@&=\+\$,_\.!~\*'\(\)\[\]])*$/i;
    function _class(obj) {
      return Object.prototype.toString.call(obj);
    }
    function is_EOL(c) {
      return c === 10 || c === 13;
    }
    function is_WHITE_SPACE(c) {
      return c === 9 || c === 32;
    }
    function is_WS_OR_EOL(c) {
      return c === 9 || c === 32 || c === 10 || c === 13;
    }
    function is_FLOW_INDICATOR(c) {
      return c === 44 || c === 91 || c === 93 || c === 123 || c === 125;
    }
    function fromHexCode(c) {
      var lc;
      if (48 <= c && c <= 57) {
        return c - 48;
      }
      lc = c | 32;
      if (97 <= lc && lc <= 102) {
        return lc - 97 + 10;
      }
      return -1;
    }
    function escapedHexLen(c) {
      if (c === 120) {
        return 2;
      }
      if (c === 117) {
        return 4;
      }
      if (c === 85) {
        return 8;
      }
      return 0;
    }
    function fromDecimalCode(c) {
      if (48 <= c && c <= 57) {
        return c - 48;
      }
      return -1;
    }
    function simpleEscapeSequence(c) {
      return c === 48 ? "\0" : c === 97 ? "\x07" : c === 98 ? "\b" : c === 116 ? "	" : c === 9 ? "	" : c === 110 ? "\n" : c === 118 ? "\v" : c === 102 ? "\f" : c === 114 ? "\r" : c === 101 ? "\x1B" : c === 32 ? " " : c === 34 ? '"' : c === 47 ? "/" : c === 92 ? "\\" : c === 78 ? "\x85" : c === 95 ? "\xA0" : c === 76 ? "\u2028" : c === 80 ? "\u2029" : "";
    }
    function charFromCodepoint(c) {
      if (c <= 65535) {
        return String.fromCharCode(c);
      }
      return String.fromCharCode(
        (c - 65536 >> 10) + 55296,
        (c - 65536 & 1023) + 56320
      );
    }
    var simpleEscapeCheck = new Array(256);
    var simpleEscapeMap = new Array(256);
    for (i = 0; i < 256; i++) {
      simpleEscapeCheck[i] = simpleEscapeSequence(i) ? 1 : 0;
      simpleEscapeMap[i] = simpleEscapeSequence(i);
    }
    var i;
    function State(input, options) {
      this.input = input;
      this.filename = options["filename"] || null;
      this.schema = options["schema"] || DEFAULT_SCHEMA;
      this.onWarning = options["onWarning"] || null;
      this.legacy = options["legacy"] || false;
      this.json = options["json"] || false;
      this.listener = options["listener"] || null;
      this.implicitTypes = this.schema.compiledImplicit;
      this.typeMap = this.schema.compiledTypeMap;
      this.length = input.length;
      this.position = 0;
      this.line = 0;
      this.lineStart = 0;
      this.lineIndent = 0;
      this.firstTabInLine = -1;
      this.documents = [];
    }
    function generateError(state, message) {
      var mark = {
        name: state.filename,
        buffer: state.input.slice(0, -1),
        // omit trailing \0
        position: state.position,
        line: state.line,
        column: state.position - state.lineStart
      };
      mark.snippet = makeSnippet(mark);
      return new YAMLException(message, mark);
    }
    function throwError(state, message) {
      throw generateError(state, message);
    }
    function throwWarning(state, message) {
      if (state.onWarning) {
        state.onWarning.call(null, generateError(state, message));
      }
    }
    var directiveHandlers = {
      YAML: function handleYamlDirective(state, name, args) {
        var match, major, minor;
        if (state.version !== null) {
          throwError(state, "duplication of %YAML directive");
        }
        if (args.length !== 1) {
          throwError(state, "YAML directive accepts exactly one argument");
        }
        match = /^([0-9]+)\.([0-9]+)$/.exec(args[0]);
        if (match === null) {
          throwError(state, "ill-formed argument of the YAML directive");
        }
        major = parseInt(match[1], 10);
        minor = parseInt(match[2], 10);
        if (major !== 1) {
          throwError(state, "unacceptable YAML version of the document");
        }
        state.version = args[0];
        state.checkLineBreaks = minor < 2;
        if (minor !== 1 && minor !== 2) {
          throwWarning(state, "unsupported YAML version of the document");
        }
      },
      TAG: function handleTagDirective(state, name, args) {
        var handle, prefix;
        if (args.length !== 2) {
          throwError(state, "TAG directive accepts exactly two arguments");
        }
        handle = args[0];
        prefix = args[1];
        if (!PATTERN_TAG_HANDLE.test(handle)) {
          throwError(state, "ill-formed tag handle (first argument) of the TAG directive");
        }
        if (_hasOwnProperty.call(state.tagMap, handle)) {
          throwError(state, 'there is a previously declared suffix for "' + handle + '" tag handle');
        }
        if (!PATTERN_TAG_URI.test(prefix)) {
          throwError(state, "ill-formed tag prefix (second argument) of the TAG directive");
        }
        try {
          prefix = decodeURIComponent(prefix);
        } catch (err) {
          throwError(state, "tag prefix is malformed: " + prefix);
        }
        state.tagMap[handle] = prefix;
      }
    };
    function captureSegment(state, start, end, checkJson) {
      var _position, _length, _character, _result;
      if (start < end) {
        _result = state.input.slice(start, end);
        if (checkJson) {
          for (_position = 0, _length = _result.length; _position < _length; _position += 1) {
            _character = _result.charCodeAt(_position);
            if (!(_character === 9 || 32 <= _character && _character <= 1114111)) {
              throwError(state, "expected valid JSON character");
            }
          }
        } else if (PATTERN_NON_PRINTABLE.test(_result)) {
          throwError(state, "the stream contains non-printable characters");
        }
        state.result += _result;
      }
    }
    function mergeMappings(state, destination, source, overridableKeys) {
      var sourceKeys, key, index, quantity;
      if (!common.isObject(source)) {
        throwError(state, "cannot merge mappings; the provided source object is unacceptable");
      }
      sourceKeys = Object.keys(source);
      for (index = 0, quantity = sourceKeys.length; index < quantity; index += 1) {
        key = sourceKeys[index];
        if (!_hasOwnProperty.call(destination, key)) {
          destination[key] = source[key];
          overridableKeys[key] = true;
        }
      }
    }
    function storeMappingPair(state, _result, overridableKeys, keyTag, keyNode, valueNode, startLine, startLineStart, startPos) {
      var index, quantity;
      if (Array.isArray(keyNode)) {
        keyNode = Array.prototype.slice.call(keyNode);
        for (index = 0, quantity = keyNode.length; index < quantity; index += 1) {
          if (Array.isArray(keyNode[index])) {
            throwError(state, "nested arrays are not supported inside keys");
          }
          if (typeof keyNode === "object" && _class(keyNode[index]) === "[object Object]") {
            keyNode[index] = "[object Object]";
          }
        }
      }
      if (typeof keyNode === "object" && _class(keyNode) === "[object Object]") {
        keyNode = "[object Object]";
      }
      keyNode = String(keyNode);
      if (_result === null) {
        _result = {};
      }
      if (keyTag === "tag:yaml.org,2002:merge") {
        if (Array.isArray(valueNode)) {
          for (index = 0, quantity = valueNode.length; index < quantity; index += 1) {
            mergeMappings(state, _result, valueNode[index], overridableKeys);
          }
        } else {
          mergeMappings(state, _result, valueNode, overridableKeys);
        }
      } else {
        if (!state.json && !_hasOwnProperty.call(overridableKeys, keyNode) && _hasOwnProperty.call(_result, keyNode)) {
          state.line = startLine || state.line;
          state.lineStart = startLineStart || state.lineStart;
          state.position = startPos || state.position;
          throwError(state, "duplicated mapping key");
        }
        if (keyNode === "__proto__") {
          Object.defineProperty(_result, keyNode, {
            configurable: true,
            enumerable: true,
            writable: true,
            value: valueNode
          });
        } else {
          _result[keyNode] = valueNode;
        }
        delete overridableKeys[keyNode];
      }
      return _result;
    }
    function readLineBreak(state) {
      var ch;
      ch = state.input.charCodeAt(state.position);
      if (ch === 10) {
        state.position++;
      } else if (ch === 13) {
        state.position++;
        if (state.input.charCodeAt(state.position) === 10) {
          state.position++;
        }
      } else {
        throwError(state, "a line break is expected");
      }
      state.line += 1;
      state.lineStart = state.position;
      state.firstTabInLine = -1;
    }
    function skipSeparationSpace(state, allowComments, checkIndent) {
      var lineBreaks = 0, ch = state.input.charCodeAt(state.position);
      while (ch !== 0) {
        while (is_WHITE_SPACE(ch)) {
          if (ch === 9 && state.firstTabInLine === -1) {
            state.firstTabInLine = state.position;
          }
          ch = state.input.charCodeAt(++state.position);
        }
        if (allowComments && ch === 35) {
          do {
            ch = state.input.charCodeAt(++state.position);
          } while (ch !== 10 && ch !== 13 && ch !== 0);
        }
        if (is_EOL(ch)) {
          readLineBreak(state);
          ch = state.input.charCodeAt(state.position);
          lineBreaks++;
          state.lineIndent = 0;
          while (ch === 32) {
            state.lineIndent++;
            ch = state.input.charCodeAt(++state.position);
          }
        } else {
          break;
        }
      }
      if (checkIndent !== -1 && lineBreaks !== 0 && state.lineIndent < checkIndent) {
        throwWarning(state, "deficient indentation");
      }
      return lineBreaks;
    }
    function testDocumentSeparator(state) {
      var _position = state.position, ch;
      ch = state.input.charCodeAt(_position);
      if ((ch === 45 || ch === 46) && ch === state.input.charCodeAt(_position + 1) && ch === state.input.charCodeAt(_position + 2)) {
        _position += 3;
        ch = state.input.charCodeAt(_position);
        if (ch === 0 || is_WS_OR_EOL(ch)) {
          return true;
        }
      }
      return false;
    }
    function writeFoldedLines(state, count) {
      if (count === 1) {
        state.result += " ";
      } else if (count > 1) {
        state.result += common.repeat("\n", count - 1);
      }
    }
    function readPlainScalar(state, nodeIndent, withinFlowCollection) {
      var preceding, following, captureStart, captureEnd, hasPendingContent, _line, _lineStart, _lineIndent, _kind = state.kind, _result = state.result, ch;
      ch = state.input.charCodeAt(state.position);
      if (is_WS_OR_EOL(ch) || is_FLOW_INDICATOR(ch) || ch === 35 || ch === 38 || ch === 42 || ch === 33 || ch === 124 || ch === 62 || ch === 39 || ch === 34 || ch === 37 || ch === 64 || ch === 96) {
        return false;
      }
      if (ch === 63 || ch === 45) {
        following = state.input.charCodeAt(state.position + 1);
        if (is_WS_OR_EOL(following) || withinFlowCollection && is_FLOW_INDICATOR(following)) {
          return false;
        }
      }
      state.kind = "scalar";
      state.result = "";
      captureStart = captureEnd = state.position;
      hasPendingContent = false;
      while (ch !== 0) {
        if (ch === 58) {
          following = state.input.charCodeAt(state.position + 1);
          if (is_WS_OR_EOL(following) || withinFlowCollection && is_FLOW_INDICATOR(following)) {
            break;
          }
        } else if (ch === 35) {
          preceding = state.input.charCodeAt(state.position - 1);
          if (is_WS_OR_EOL(preceding)) {
            break;
          }
        } else if (state.position === state.lineStart && testDocumentSeparator(state) || withinFlowCollection && is_FLOW_INDICATOR(ch)) {
          break;
        } else if (is_EOL(ch)) {
          _line = state.line;
          _lineStart = state.lineStart;
          _lineIndent = state.lineIndent;
          skipSeparationSpace(state, false, -1);
          if (state.lineIndent >= nodeIndent) {
            hasPendingContent = true;
            ch = state.input.charCodeAt(state.position);
            continue;
          } else {
            state.position = captureEnd;
            state.line = _line;
            state.lineStart = _lineStart;
            state.lineIndent = _lineIndent;
            break;
          }
        }
        if (hasPendingContent) {
          captureSegment(state, captureStart, captureEnd, false);
          writeFoldedLines(state, state.line - _line);
          captureStart = captureEnd = state.position;
          hasPendingContent = false;
        }
        if (!is_WHITE_SPACE(ch)) {
          captureEnd = state.position + 1;
        }
        ch = state.input.charCodeAt(++state.position);
      }
      captureSegment(state, captureStart, captureEnd, false);
      if (state.result) {
        return true;
      }
      state.kind = _kind;
      state.result = _result;
      return false;
    }
    function readSingleQuotedScalar(state, nodeIndent) {
      var ch, captureStart, captureEnd;
      ch = state.input.charCodeAt(state.position);
      if (ch !== 39) {
        return false;
      }
      state.kind = "scalar";
      state.result = "";
      state.position++;
      captureStart = captureEnd = state.position;
      while ((ch = state.input.charCodeAt(state.position)) !== 0) {
        if (ch === 39) {
          captureSegment(state, captureStart, state.position, true);
          ch = state.input.charCodeAt(++state.position);
          if (ch === 39) {
            captureStart = state.position;
            state.position++;
            captureEnd = state.position;
          } else {
            return true;
          }
        } else if (is_EOL(ch)) {
          captureSegment(state, captureStart, captureEnd, true);
          writeFoldedLines(state, skipSeparationSpace(state, false, nodeIndent));
          captureStart = captureEnd = state.position;
        } else if (state.position === state.lineStart && testDocumentSeparator(state)) {
          throwError(state, "unexpected end of the document within a single quoted scalar");
        } else {
          state.position++;
          captureEnd = state.position;
        }
      }
      throwError(state, "unexpected end of the stream within a single quoted scalar");
    }
    function readDoubleQuotedScalar(state, nodeIndent) {
      var captureStart, captureEnd, hexLength, hexResult, tmp, ch;
      ch = state.input.charCodeAt(state.position);
      if (ch !== 34) {
        return false;
      }
      state.kind = "scalar";
      state.result = "";
      state.position++;
      captureStart = captureEnd = state.position;
      while ((ch = state.input.charCodeAt(state.position)) !== 0) {
        if (ch === 34) {
          captureSegment(state, captureStart, state.position, true);
          state.position++;
          return true;
        } else if (ch === 92) {
          captureSegment(state, captureStart, state.position, true);
          ch = state.input.charCodeAt(++state.position);
          if (is_EOL(ch)) {
            skipSeparationSpace(state, false, nodeIndent);
          } else if (ch < 256 && simpleEscapeCheck[ch]) {
            state.result += simpleEscapeMap[ch];
            state.position++;
          } else if ((tmp = escapedHexLen(ch)) > 0) {
            hexLength = tmp;
            hexResult = 0;
            for (; hexLength > 0; hexLength--) {
              ch = state.input.charCodeAt(++state.position);
              if ((tmp = fromHexCode(ch)) >= 0) {
                hexResult = (hexResult << 4) + tmp;
              } else {
                throwError(state, "expected hexadecimal character");
              }
            }
            state.result += charFromCodepoint(hexResult);
            state.position++;
          } else {
            throwError(state, "unknown escape sequence");
          }
          captureStart = captureEnd = state.position;
        } else if (is_EOL(ch)) {
          captureSegment(state, captureStart, captureEnd, true);
          writeFoldedLines(state, skipSeparationSpace(state, false, nodeIndent));
          captureStart = captureEnd = state.position;
        } else if (state.position === state.lineStart && testDocumentSeparator(state)) {
          throwError(state, "unexpected end of the document within a double quoted scalar");
        } else {
          state.position++;
          captureEnd = state.position;
        }
      }
      throwError(state, "unexpected end of the stream within a double quoted scalar");
    }
    function readFlowCollection(state, nodeIndent) {
      var readNext = true, _line, _lineStart, _pos, _tag = state.tag, _result, _anchor = state.anchor, following, terminator, isPair, isExplicitPair, isMapping, overridableKeys = /* @__PURE__ */ Object.create(null), keyNode, keyTag, valueNode, ch;
      ch = state.input.charCodeAt(state.position);
      if (ch === 91) {
        terminator = 93;
        isMapping = false;
        _result = [];
      } else if (ch === 123) {
        terminator = 125;
        isMapping = true;
        _result = {};
      } else {
        return false;
      }
      if (state.anchor !== null) {
        state.anchorMap[state.anchor] = _result;
      }
      ch = state.input.charCodeAt(++state.position);
      while (ch !== 0) {
        skipSeparationSpace(state, true, nodeIndent);
        ch = state.input.charCodeAt(state.position);
        if (ch === terminator) {
          state.position++;
          state.tag = _tag;
          state.anchor = _anchor;
          state.kind = isMapping ? "mapping" : "sequence";
          state.result = _result;
          return true;
        } else if (!readNext) {
          throwError(state, "missed comma between flow collection entries");
        } else if (ch === 44) {
          throwError(state, "expected the node content, but found ','");
        }
        keyTag = keyNode = valueNode = null;
        isPair = isExplicitPair = false;
        if (ch === 63) {
          following = state.input.charCodeAt(state.position + 1);
          if (is_WS_OR_EOL(following)) {
            isPair = isExplicitPair = true;
            state.position++;
            skipSeparationSpace(state, true, nodeIndent);
          }
        }
        _line = state.line;
        _lineStart = state.lineStart;
        _pos = state.position;
        composeNode(state, nodeIndent, CONTEXT_FLOW_IN, false, true);
        keyTag = state.tag;
        keyNode = state.result;
        skipSeparationSpace(state, true, nodeIndent);
        ch = state.input.charCodeAt(state.position);
        if ((isExplicitPair || state.line === _line) && ch === 58) {
          isPair = true;
          ch = state.input.charCodeAt(++state.position);
          skipSeparationSpace(state, true, nodeIndent);
          composeNode(state, nodeIndent, CONTEXT_FLOW_IN, false, true);
          valueNode = state.result;
        }
        if (isMapping) {
          storeMappingPair(state, _result, overridableKeys, keyTag, keyNode, valueNode, _line, _lineStart, _pos);
        } else if (isPair) {
          _result.push(storeMappingPair(state, null, overridableKeys, keyTag, keyNode, valueNode, _line, _lineStart, _pos));
        } else {
          _result.push(keyNode);
        }
        skipSeparationSpace(state, true, nodeIndent);
        ch = state.input.charCodeAt(state.position);
        if (ch === 44) {
          readNext = true;
          ch = state.input.charCodeAt(++state.position);
        } else {
          readNext = false;
        }
      }
      throwError(state, "unexpected end of the stream within a flow collection");
    }
    function readBlockScalar(state, nodeIndent) {
      var captureStart, folding, chomping = CHOMPING_CLIP, didReadContent = false, detectedIndent = false, textIndent = nodeIndent, emptyLines = 0, atMoreIndented = false, tmp, ch;
      ch = state.input.charCodeAt(state.position);
      if (ch === 124) {
        folding = false;
      } else if (ch === 62) {
        folding = true;
      } else {
        return false;
      }
      state.kind = "scalar";
      state.result = "";
      while (ch !== 0) {
        ch = state.input.charCodeAt(++state.position);
        if (ch === 43 || ch === 45) {
          if (CHOMPING_CLIP === chomping) {
            chomping = ch === 43 ? CHOMPING_KEEP : CHOMPING_STRIP;
          } else {
            throwError(state, "repeat of a chomping mode identifier");
          }
        } else if ((tmp = fromDecimalCode(ch)) >= 0) {
          if (tmp === 0) {
            throwError(state, "bad explicit indentation width of a block scalar; it cannot be less than one");
          } else if (!detectedIndent) {
            textIndent = nodeIndent + tmp - 1;
            detectedIndent = true;
          } else {
            throwError(state, "repeat of an indentation width identifier");
          }
        } else {
          break;
        }
      }
      if (is_WHITE_SPACE(ch)) {
        do {
          ch = state.input.charCodeAt(++state.position);
        } while (is_WHITE_SPACE(ch));
        if (ch === 35) {
          do {
            ch = state.input.charCodeAt(++state.position);
          } while (!is_EOL(ch) && ch !== 0);
        }
      }
      while (ch !== 0) {
        readLineBreak(state);
        state.lineIndent = 0;
        ch = state.input.charCodeAt(state.position);
        while ((!detectedIndent || state.lineIndent < textIndent) && ch === 32) {
          state.lineIndent++;
          ch = state.input.charCodeAt(++state.position);
        }
        if (!detectedIndent && state.lineIndent > textIndent) {
          textIndent = state.lineIndent;
        }
        if (is_EOL(ch)) {
          emptyLines++;
          continue;
        }
        if (state.lineIndent < textIndent) {
          if (chomping === CHOMPING_KEEP) {
            state.result += common.repeat("\n", didReadContent ? 1 + emptyLines : emptyLines);
          } else if (chomping === CHOMPING_CLIP) {
            if (didReadContent) {
              state.result += "\n";
            }
          }
          break;
        }
        if (folding) {
          if (is_WHITE_SPACE(ch)) {
            atMoreIndented = true;
            state.result += common.repeat("\n", didReadContent ? 1 + emptyLines : emptyLines);
          } else if (atMoreIndented) {
            atMoreIndented = false;
            state.result += common.repeat("\n", emptyLines + 1);
          } else if (emptyLines === 0) {
            if (didReadContent) {
              state.result += " ";
            }
          } else {
            state.result += common.repeat("\n", emptyLines);
          }
        } else {
          state.result += common.repeat("\n", didReadContent ? 1 + emptyLines : emptyLines);
        }
        didReadContent = true;
        detectedIndent = true;
        emptyLines = 0;
        captureStart = state.position;
        while (!is_EOL(ch) && ch !== 0) {
          ch = state.input.charCodeAt(++state.position);
        }
        captureSegment(state, captureStart, state.position, false);
      }
      return true;
    }
    function readBlockSequence(state, nodeIndent) {
      var _line, _tag = state.tag, _anchor = state.anchor, _result = [], following, detected = false, ch;
      if (state.firstTabInLine !== -1) return false;
      if (state.anchor !== null) {
        state.anchorMap[state.anchor] = _result;
      }
      ch = state.input.charCodeAt(state.position);
      while (ch !== 0) {
        if (state.firstTabInLine !== -1) {
          state.position = state.firstTabInLine;
          throwError(state, "tab characters must not be used in indentation");
        }
        if (ch !== 45) {
          break;
        }
        following = state.input.charCodeAt(state.position + 1);
        if (!is_WS_OR_EOL(following)) {
          break;
        }
        detected = true;
        state.position++;
        if (skipSeparationSpace(state, true, -1)) {
          if (state.lineIndent <= nodeIndent) {
            _result.push(null);
            ch = state.input.charCodeAt(state.position);
            continue;
          }
        }
        _line = state.line;
        composeNode(state, nodeIndent, CONTEXT_BLOCK_IN, false, true);
        _result.push(state.result);
        skipSeparationSpace(state, true, -1);
        ch = state.input.charCodeAt(state.position);
        if ((state.line === _line || state.lineIndent > nodeIndent) && ch !== 0) {
          throwError(state, "bad indentation of a sequence entry");
        } else if (state.lineIndent < nodeIndent) {
          break;
        }
      }
      if (detected) {
        state.tag = _tag;
        state.anchor = _anchor;
        state.kind = "sequence";
        state.result = _result;
        return true;
      }
      return false;
    }
    function readBlockMapping(state, nodeIndent, flowIndent) {
      var following, allowCompact, _line, _keyLine, _keyLineStart, _keyPos, _tag = state.tag, _anchor = state.anchor, _result = {}, overridableKeys = /* @__PURE__ */ Object.create(null), keyTag = null, keyNode = null, valueNode = null, atExplicitKey = false, detected = false, ch;
      if (state.firstTabInLine !== -1) return false;
      if (state.anchor !== null) {
        state.anchorMap[state.anchor] = _result;
      }
      ch = state.input.charCodeAt(state.position);
      while (ch !== 0) {
        if (!atExplicitKey && state.firstTabInLine !== -1) {
          state.position = state.firstTabInLine;
          throwError(state, "tab characters must not be used in indentation");
        }
        following = state.input.charCodeAt(state.position + 1);
        _line = state.line;
        if ((ch === 63 || ch === 58) && is_WS_OR_EOL(following)) {
          if (ch === 63) {
            if (atExplicitKey) {
              storeMappingPair(state, _result, overridableKeys, keyTag, keyNode, null, _keyLine, _keyLineStart, _keyPos);
              keyTag = keyNode = valueNode = null;
            }
            detected = true;
            atExplicitKey = true;
            allowCompact = true;
          } else if (atExplicitKey) {
            atExplicitKey = false;
            allowCompact = true;
          } else {
            throwError(state, "incomplete explicit mapping pair; a key node is missed; or followed by a non-tabulated empty line");
          }
          state.position += 1;
          ch = following;
        } else {
          _keyLine = state.line;
          _keyLineStart = state.lineStart;
          _keyPos = state.position;
          if (!composeNode(state, flowIndent, CONTEXT_FLOW_OUT, false, true)) {
            break;
          }
          if (state.line === _line) {
            ch = state.input.charCodeAt(state.position);
            while (is_WHITE_SPACE(ch)) {
              ch = state.input.charCodeAt(++state.position);
            }
            if (ch === 58) {
              ch = state.input.charCodeAt(++state.position);
              if (!is_WS_OR_EOL(ch)) {
                throwError(state, "a whitespace character is expected after the key-value separator within a block mapping");
              }
              if (atExplicitKey) {
                storeMappingPair(state, _result, overridableKeys, keyTag, keyNode, null, _keyLine, _keyLineStart, _keyPos);
                keyTag = keyNode = valueNode = null;
              }
              detected = true;
              atExplicitKey = false;
              allowCompact = false;
              keyTag = state.tag;
              keyNode = state.result;
            } else if (detected) {
              throwError(state, "can not read an implicit mapping pair; a colon is missed");
            } else {
              state.tag = _tag;
              state.anchor = _anchor;
              return true;
            }
          } else if (detected) {
            throwError(state, "can not read a block mapping entry; a multiline key may not be an implicit key");
          } else {
            state.tag = _tag;
            state.anchor = _anchor;
            return true;
          }
        }
        if (state.line === _line || state.lineIndent > nodeIndent) {
          if (atExplicitKey) {
            _keyLine = state.line;
            _keyLineStart = state.lineStart;
            _keyPos = state.position;
          }
          if (composeNode(state, nodeIndent, CONTEXT_BLOCK_OUT, true, allowCompact)) {
            if (atExplicitKey) {
              keyNode = state.result;
            } else {
              valueNode = state.result;
            }
          }
          if (!atExplicitKey) {
            storeMappingPair(state, _result, overridableKeys, keyTag, keyNode, valueNode, _keyLine, _keyLineStart, _keyPos);
            keyTag = keyNode = valueNode = null;
          }
          skipSeparationSpace(state, true, -1);
          ch = state.input.charCodeAt(state.position);
        }
        if ((state.line === _line || state.lineIndent > nodeIndent) && ch !== 0) {
          throwError(state, "bad indentation of a mapping entry");
        } else if (state.lineIndent < nodeIndent) {
          break;
        }
      }
      if (atExplicitKey) {
        storeMappingPair(state, _result, overridableKeys, keyTag, keyNode, null, _keyLine, _keyLineStart, _keyPos);
      }
      if (detected) {
        state.tag = _tag;
        state.anchor = _anchor;
        state.kind = "mapping";
        state.result = _result;
      }
      return detected;
    }
    function readTagProperty(state) {
      var _position, isVerbatim = false, isNamed = false, tagHandle, tagName, ch;
      ch = state.input.charCodeAt(state.position);
      if (ch !== 33) return false;
      if (state.tag !== null) {
        throwError(state, "duplication of a tag property");
      }
      ch = state.input.charCodeAt(++state.position);
      if (ch === 60) {
        isVerbatim = true;
        ch = state.input.charCodeAt(++state.position);
      } else if (ch === 33) {
        isNamed = true;
        tagHandle = "!!";
        ch = state.input.charCodeAt(++state.position);
      } else {
        tagHandle = "!";
      }
      _position = state.position;
      if (isVerbatim) {
        do {
          ch = state.input.charCodeAt(++state.position);
        } while (ch !== 0 && ch !== 62);
        if (state.position < state.length) {
          tagName = state.input.slice(_position, state.position);
          ch = state.input.charCodeAt(++state.position);
        } else {
          throwError(state, "unexpected end of the stream within a verbatim tag");
        }
      } else {
        while (ch !== 0 && !is_WS_OR_EOL(ch)) {
          if (ch === 33) {
            if (!isNamed) {
              tagHandle = state.input.slice(_position - 1, state.position + 1);
              if (!PATTERN_TAG_HANDLE.test(tagHandle)) {
                throwError(state, "named tag handle cannot contain such characters");
              }
              isNamed = true;
              _position = state.position + 1;
            } else {
              throwError(state, "tag suffix cannot contain exclamation marks");
            }
          }
          ch = state.input.charCodeAt(++state.position);
        }
        tagName = state.input.slice(_position, state.position);
        if (PATTERN_FLOW_INDICATORS.test(tagName)) {
          throwError(state, "tag suffix cannot contain flow indicator characters");
        }
      }
      if (tagName && !PATTERN_TAG_URI.test(tagName)) {
        throwError(state, "tag name cannot contain such characters: " + tagName);
      }
      try {
        tagName = decodeURIComponent(tagName);
      } catch (err) {
        throwError(state, "tag name is malformed: " + tagName);
      }
      if (isVerbatim) {
        state.tag = tagName;
      } else if (_hasOwnProperty.call(state.tagMap, tagHandle)) {
        state.tag = state.tagMap[tagHandle] + tagName;
      } else if (tagHandle === "!") {
        state.tag = "!" + tagName;
      } else if (tagHandle === "!!") {
        state.tag = "tag:yaml.org,2002:" + tagName;
      } else {
        throwError(state, 'undeclared tag handle "' + tagHandle + '"');
      }
      return true;
    }
    function readAnchorProperty(state) {
      var _position, ch;
      ch = state.input.charCodeAt(state.position);
      if (ch !== 38) return false;
      if (state.anchor !== null) {
        throwError(state, "duplication of an anchor property");
      }
      ch = state.input.charCodeAt(++state.position);
      _position = state.position;
      while (ch !== 0 && !is_WS_OR_EOL(ch) && !is_FLOW_INDICATOR(ch)) {
        ch = state.input.charCodeAt(++state.position);
      }
      if (state.position === _position) {
        throwError(state, "name of an anchor node must contain at least one character");
      }
      state.anchor = state.input.slice(_position, state.position);
      return true;
    }
    function readAlias(state) {
      var _position, alias, ch;
      ch = state.input.charCodeAt(state.position);
      if (ch !== 42) return false;
      ch = state.input.charCodeAt(++state.position);
      _position = state.position;
      while (ch !== 0 && !is_WS_OR_EOL(ch) && !is_FLOW_INDICATOR(ch)) {
        ch = state.input.charCodeAt(++state.position);
      }
      if (state.position === _position) {
        throwError(state, "name of an alias node must contain at least one character");
      }
      alias = state.input.slice(_position, state.position);
      if (!_hasOwnProperty.call(state.anchorMap, alias)) {
        throwError(state, 'unidentified alias "' + alias + '"');
      }
      state.result = state.anchorMap[alias];
      skipSeparationSpace(state, true, -1);
      return true;
    }
    function composeNode(state, parentIndent, nodeContext, allowToSeek, allowCompact) {
      var allowBlockStyles, allowBlockScalars, allowBlockCollections, indentStatus = 1, atNewLine = false, hasContent = false, typeIndex, typeQuantity, typeList, type, flowIndent, blockIndent;
      if (state.listener !== null) {
        state.listener("open", state);
      }
      state.tag = null;
      state.anchor = null;
      state.kind = null;
      state.result = null;
      allowBlockStyles = allowBlockScalars = allowBlockCollections = CONTEXT_BLOCK_OUT === nodeContext || CONTEXT_BLOCK_IN === nodeContext;
      if (allowToSeek) {
        if (skipSeparationSpace(state, true, -1)) {
          atNewLine = true;
          if (state.lineIndent > parentIndent) {
            indentStatus = 1;
          } else if (state.lineIndent === parentIndent) {
            indentStatus = 0;
          } else if (state.lineIndent < parentIndent) {
            indentStatus = -1;
          }
        }
      }
      if (indentStatus === 1) {
        while (readTagProperty(state) || readAnchorProperty(state)) {
          if (skipSeparationSpace(state, true, -1)) {
            atNewLine = true;
            allowBlockCollections = allowBlockStyles;
            if (state.lineIndent > parentIndent) {
              indentStatus = 1;
            } else if (state.lineIndent === parentIndent) {
              indentStatus = 0;
            } else if (state.lineIndent < parentIndent) {
              indentStatus = -1;
            }
          } else {
            allowBlockCollections = false;
          }
        }
      }
      if (allowBlockCollections) {
        allowBlockCollections = atNewLine || allowCompact;
      }
      if (indentStatus === 1 || CONTEXT_BLOCK_OUT === nodeContext) {
        if (CONTEXT_FLOW_IN === nodeContext || CONTEXT_FLOW_OUT === nodeContext) {
          flowIndent = parentIndent;
        } else {
          flowIndent = parentIndent + 1;
        }
        blockIndent = state.position - state.lineStart;
        if (indentStatus === 1) {
          if (allowBlockCollections && (readBlockSequence(state, blockIndent) || readBlockMapping(state, blockIndent, flowIndent)) || readFlowCollection(state, flowIndent)) {
            hasContent = true;
          } else {
            if (allowBlockScalars && readBlockScalar(state, flowIndent) || readSingleQuotedScalar(state, flowIndent) || readDoubleQuotedScalar(state, flowIndent)) {
              hasContent = true;
            } else if (readAlias(state)) {
              hasContent = true;
              if (state.tag !== null || state.anchor !== null) {
                throwError(state, "alias node should not have any properties");
              }
            } else if (readPlainScalar(state, flowIndent, CONTEXT_FLOW_IN === nodeContext)) {
              hasContent = true;
              if (state.tag === null) {
                state.tag = "?";
              }
            }
            if (state.anchor !== null) {
              state.anchorMap[state.anchor] = state.result;
            }
          }
        } else if (indentStatus === 0) {
          hasContent = allowBlockCollections && readBlockSequence(state, blockIndent);
        }
      }
      if (state.tag === null) {
        if (state.anchor !== null) {
          state.anchorMap[state.anchor] = state.result;
        }
      } else if (state.tag === "?") {
        if (state.result !== null && state.kind !== "scalar") {
          throwError(state, 'unacceptable node kind for !<?> tag; it should be "scalar", not "' + state.kind + '"');
        }
        for (typeIndex = 0, typeQuantity = state.implicitTypes.length; typeIndex < typeQuantity; typeIndex += 1) {
          type = state.implicitTypes[typeIndex];
          if (type.resolve(state.result)) {
            state.result = type.construct(state.result);
            state.tag = type.tag;
            if (state.anchor !== null) {
              state.anchorMap[state.anchor] = state.result;
            }
            break;
          }
        }
      } else if (state.tag !== "!") {
        if (_hasOwnProperty.call(state.typeMap[state.kind || "fallback"], state.tag)) {
          type = state.typeMap[state.kind || "fallback"][state.tag];
        } else {
          type = null;
          typeList = state.typeMap.multi[state.kind || "fallback"];
          for (typeIndex = 0, typeQuantity = typeList.length; typeIndex < typeQuantity; typeIndex += 1) {
            if (state.tag.slice(0, typeList[typeIndex].tag.length) === typeList[typeIndex].tag) {
              type = typeList[typeIndex];
              break;
            }
          }
        }
        if (!type) {
          throwError(state, "unknown tag !<" + state.tag + ">");
        }
        if (state.result !== null && type.kind !== state.kind) {
          throwError(state, "unacceptable node kind for !<" + state.tag + '> tag; it should be "' + type.kind + '", not "' + state.kind + '"');
        }
        if (!type.resolve(state.result, state.tag)) {
          throwError(state, "cannot resolve a node with !<" + state.tag + "> explicit tag");
        } else {
          state.result = type.construct(state.result, state.tag);
          if (state.anchor !== null) {
            state.anchorMap[state.anchor] = state.result;
          }
        }
      }
      if (state.listener !== null) {
        state.listener("close", state);
      }
      return state.tag !== null || state.anchor !== null || hasContent;
    }
    function readDocument(state) {
      var documentStart = state.position, _position, directiveName, directiveArgs, hasDirectives = false, ch;
      state.version = null;
      state.checkLineBreaks = state.legacy;
      state.tagMap = /* @__PURE__ */ Object.create(null);
      state.anchorMap = /* @__PURE__ */ Object.create(null);
      while ((ch = state.input.charCodeAt(state.position)) !== 0) {
        skipSeparationSpace(state, true, -1);
        ch = state.input.charCodeAt(state.position);
        if (state.lineIndent > 0 || ch !== 37) {
          break;
        }
        hasDirectives = true;
        ch = state.input.charCodeAt(++state.position);
        _position = state.position;
        while (ch !== 0 && !is_WS_OR_EOL(ch)) {
          ch = state.input.charCodeAt(++state.position);
        }
        directiveName = state.input.slice(_position, state.position);
        directiveArgs = [];
        if (directiveName.length < 1) {
          throwError(state, "directive name must not be less than one character in length");
        }
        while (ch !== 0) {
          while (is_WHITE_SPACE(ch)) {
            ch = state.input.charCodeAt(++state.position);
          }
          if (ch === 35) {
            do {
              ch = state.input.charCodeAt(++state.position);
            } while (ch !== 0 && !is_EOL(ch));
            break;
          }
          if (is_EOL(ch)) break;
          _position = state.position;
          while (ch !== 0 && !is_WS_OR_EOL(ch)) {
            ch = state.input.charCodeAt(++state.position);
          }
          directiveArgs.push(state.input.slice(_position, state.position));
        }
        if (ch !== 0) readLineBreak(state);
        if (_hasOwnProperty.call(directiveHandlers, directiveName)) {
          directiveHandlers[directiveName](state, directiveName, directiveArgs);
        } else {
          throwWarning(state, 'unknown document directive "' + directiveName + '"');
        }
      }
      skipSeparationSpace(state, true, -1);
      if (state.lineIndent === 0 && state.input.charCodeAt(state.position) === 45 && state.input.charCodeAt(state.position + 1) === 45 && state.input.charCodeAt(state.position + 2) === 45) {
        state.position += 3;
        skipSeparationSpace(state, true, -1);
      } else if (hasDirectives) {
        throwError(state, "directives end mark is expected");
      }
      composeNode(state, state.lineIndent - 1, CONTEXT_BLOCK_OUT, false, true);
      skipSeparationSpace(state, true, -1);
      if (state.checkLineBreaks && PATTERN_NON_ASCII_LINE_BREAKS.test(state.input.slice(documentStart, state.position))) {
        throwWarning(state, "non-ASCII line breaks are interpreted as content");
      }
      state.documents.push(state.result);
      if (state.position === state.lineStart && testDocumentSeparator(state)) {
        if (state.input.charCodeAt(state.position) === 46) {
          state.position += 3;
          skipSeparationSpace(state, true, -1);
        }
        return;
      }
      if (state.position < state.length - 1) {
        throwError(state, "end of the stream or a document separator is expected");
      } else {
        return;
      }
    }
    function loadDocuments(input, options) {
      input = String(input);
      options = options || {};
      if (input.length !== 0) {
        if (input.charCodeAt(input.length - 1) !== 10 && input.charCodeAt(input.length - 1) !== 13) {
          input += "\n";
        }
        if (input.charCodeAt(0) === 65279) {
          input = input.slice(1);
        }
      }
      var state = new State(input, options);
      var nullpos = input.indexOf("\0");
      if (nullpos !== -1) {
        state.position = nullpos;
        throwError(state, "null byte is not allowed in input");
      }
      state.input += "\0";
      while (state.input.charCodeAt(state.position) === 32) {
        state.lineIndent += 1;
        state.position += 1;
      }
      while (state.position < state.length - 1) {
        readDocument(state);
      }
      return state.documents;
    }
    function loadAll(input, iterator, options) {
      if (iterator !== null && typeof iterator === "object" && typeof options === "undefined") {
        options = iterator;
        iterator = null;
      }
      var documents = loadDocuments(input, options);
      if (typeof iterator !== "function") {
        return documents;
      }
      for (var index = 0, length = documents.length; index < length; index += 1) {
        iterator(documents[index]);
      }
    }
    function load(input, options) {
      var documents = loadDocuments(input, options);
      if (documents.length === 0) {
        return void 0;
      } else if (documents.length === 1) {
        return documents[0];
      }
      throw new YAMLException("expected a single document in the stream, but found more");
    }
    module2.exports.loadAll = loadAll;
    module2.exports.load = load;
  }
});

// node_modules/js-yaml/lib/dumper.js
var require_dumper = __commonJS({
  "node_modules/js-yaml/lib/dumper.js"(exports2, module2) {
    "use strict";
    var common = require_common();
    var YAMLException = require_exception();
    var DEFAULT_SCHEMA = require_default();
    var _toString = Object.prototype.toString;
    var _hasOwnProperty = Object.prototype.hasOwnProperty;
    var CHAR_BOM = 65279;
    var CHAR_TAB = 9;
    var CHAR_LINE_FEED = 10;
    var CHAR_CARRIAGE_RETURN = 13;
    var CHAR_SPACE = 32;
    var CHAR_EXCLAMATION = 33;
    var CHAR_DOUBLE_QUOTE = 34;
    var CHAR_SHARP = 35;
    var CHAR_PERCENT = 37;
    var CHAR_AMPERSAND = 38;
    var CHAR_SINGLE_QUOTE = 39;
    var CHAR_ASTERISK = 42;
    var CHAR_COMMA = 44;
    var CHAR_MINUS = 45;
    var CHAR_COLON = 58;
    var CHAR_EQUALS = 61;
    var CHAR_GREATER_THAN = 62;
    var CHAR_QUESTION = 63;
    var CHAR_COMMERCIAL_AT = 64;
    var CHAR_LEFT_SQUARE_BRACKET = 91;
    var CHAR_RIGHT_SQUARE_BRACKET = 93;
    var CHAR_GRAVE_ACCENT = 96;
    var CHAR_LEFT_CURLY_BRACKET = 123;
    var CHAR_VERTICAL_LINE = 124;
    var CHAR_RIGHT_CURLY_BRACKET = 125;
    var ESCAPE_SEQUENCES = {};
    ESCAPE_SEQUENCES[0] = "\\0";
    ESCAPE_SEQUENCES[7] = "\\a";
    ESCAPE_SEQUENCES[8] = "\\b";
    ESCAPE_SEQUENCES[9] = "\\t";
    ESCAPE_SEQUENCES[10] = "\\n";
    ESCAPE_SEQUENCES[11] = "\\v";
    ESCAPE_SEQUENCES[12] = "\\f";
    ESCAPE_SEQUENCES[13] = "\\r";
    ESCAPE_SEQUENCES[27] = "\\e";
    ESCAPE_SEQUENCES[34] = '\\"';
    ESCAPE_SEQUENCES[92] = "\\\\";
    ESCAPE_SEQUENCES[133] = "\\N";
    ESCAPE_SEQUENCES[160] = "\\_";
    ESCAPE_SEQUENCES[8232] = "\\L";
    ESCAPE_SEQUENCES[8233] = "\\P";
    var DEPRECATED_BOOLEANS_SYNTAX = [
      "y",
      "Y",
      "yes",
      "Yes",
      "YES",
      "on",
      "On",
      "ON",
      "n",
      "N",
      "no",
      "No",
      "NO",
      "off",
      "Off",
      "OFF"
    ];
    var DEPRECATED_BASE60_SYNTAX = /^[-+]?[0-9_]+(?::[0-9_]+)+(?:\.[0-9_]*)?$/;
    function compileStyleMap(schema, map) {
      var result, keys, index, length, tag, style, type;
      if (map === null) return {};
      result = {};
      keys = Object.keys(map);
      for (index = 0, length = keys.length; index < length; index += 1) {
        tag = keys[index];
        style = String(map[tag]);
        if (tag.slice(0, 2) === "!!") {
          tag = "tag:yaml.org,2002:" + tag.slice(2);
        }
        type = schema.compiledTypeMap["fallback"][tag];
        if (type && _hasOwnProperty.call(type.styleAliases, style)) {
          style = type.styleAliases[style];
        }
        result[tag] = style;
      }
      return result;
    }
    function encodeHex(character) {
      var string, handle, length;
      string = character.toString(16).toUpperCase();
      if (character <= 255) {
        handle = "x";
        length = 2;
      } else if (character <= 65535) {
        handle = "u";
        length = 4;
      } else if (character <= 4294967295) {
        handle = "U";
        length = 8;
      } else {
        throw new YAMLException("code point within a string may not be greater than 0xFFFFFFFF");
      }
      return "\\" + handle + common.repeat("0", length - string.length) + string;
    }
    var QUOTING_TYPE_SINGLE = 1;
    var QUOTING_TYPE_DOUBLE = 2;
    function State(options) {
      this.schema = options["schema"] || DEFAULT_SCHEMA;
      this.indent = Math.max(1, options["indent"] || 2);
      this.noArrayIndent = options["noArrayIndent"] || false;
      this.skipInvalid = options["skipInvalid"] || false;
      this.flowLevel = common.isNothing(options["flowLevel"]) ? -1 : options["flowLevel"];
      this.styleMap = compileStyleMap(this.schema, options["styles"] || null);
      this.sortKeys = options["sortKeys"] || false;
      this.lineWidth = options["lineWidth"] || 80;
      this.noRefs = options["noRefs"] || false;
      this.noCompatMode = options["noCompatMode"] || false;
      this.condenseFlow = options["condenseFlow"] || false;
      this.quotingType = options["quotingType"] === '"' ? QUOTING_TYPE_DOUBLE : QUOTING_TYPE_SINGLE;
      this.forceQuotes = options["forceQuotes"] || false;
      this.replacer = typeof options["replacer"] === "function" ? options["replacer"] : null;
      this.implicitTypes = this.schema.compiledImplicit;
      this.explicitTypes = this.schema.compiledExplicit;
      this.tag = null;
      this.result = "";
      this.duplicates = [];
      this.usedDuplicates = null;
    }
    function indentString(string, spaces) {
      var ind = common.repeat(" ", spaces), position = 0, next = -1, result = "", line, length = string.length;
      while (position < length) {
        next = string.indexOf("\n", position);
        if (next === -1) {
          line = string.slice(position);
          position = length;
        } else {
          line = string.slice(position, next + 1);
          position = next + 1;
        }
        if (line.length && line !== "\n") result += ind;
        result += line;
      }
      return result;
    }
    function generateNextLine(state, level) {
      return "\n" + common.repeat(" ", state.indent * level);
    }
    function testImplicitResolving(state, str) {
      var index, length, type;
      for (index = 0, length = state.implicitTypes.length; index < length; index += 1) {
        type = state.implicitTypes[index];
        if (type.resolve(str)) {
          return true;
        }
      }
      return false;
    }
    function isWhitespace(c) {
      return c === CHAR_SPACE || c === CHAR_TAB;
    }
    function isPrintable(c) {
      return 32 <= c && c <= 126 || 161 <= c && c <= 55295 && c !== 8232 && c !== 8233 || 57344 <= c && c <= 65533 && c !== CHAR_BOM || 65536 <= c && c <= 1114111;
    }
    function isNsCharOrWhitespace(c) {
      return isPrintable(c) && c !== CHAR_BOM && c !== CHAR_CARRIAGE_RETURN && c !== CHAR_LINE_FEED;
    }
    function isPlainSafe(c, prev, inblock) {
      var cIsNsCharOrWhitespace = isNsCharOrWhitespace(c);
      var cIsNsChar = cIsNsCharOrWhitespace && !isWhitespace(c);
      return (
        // ns-plain-safe
        (inblock ? (
          // c = flow-in
          cIsNsCharOrWhitespace
        ) : cIsNsCharOrWhitespace && c !== CHAR_COMMA && c !== CHAR_LEFT_SQUARE_BRACKET && c !== CHAR_RIGHT_SQUARE_BRACKET && c !== CHAR_LEFT_CURLY_BRACKET && c !== CHAR_RIGHT_CURLY_BRACKET) && c !== CHAR_SHARP && !(prev === CHAR_COLON && !cIsNsChar) || isNsCharOrWhitespace(prev) && !isWhitespace(prev) && c === CHAR_SHARP || prev === CHAR_COLON && cIsNsChar
      );
    }
    function isPlainSafeFirst(c) {
      return isPrintable(c) && c !== CHAR_BOM && !isWhitespace(c) && c !== CHAR_MINUS && c !== CHAR_QUESTION && c !== CHAR_COLON && c !== CHAR_COMMA && c !== CHAR_LEFT_SQUARE_BRACKET && c !== CHAR_RIGHT_SQUARE_BRACKET && c !== CHAR_LEFT_CURLY_BRACKET && c !== CHAR_RIGHT_CURLY_BRACKET && c !== CHAR_SHARP && c !== CHAR_AMPERSAND && c !== CHAR_ASTERISK && c !== CHAR_EXCLAMATION && c !== CHAR_VERTICAL_LINE && c !== CHAR_EQUALS && c !== CHAR_GREATER_THAN && c !== CHAR_SINGLE_QUOTE && c !== CHAR_DOUBLE_QUOTE && c !== CHAR_PERCENT && c !== CHAR_COMMERCIAL_AT && c !== CHAR_GRAVE_ACCENT;
    }
    function isPlainSafeLast(c) {
      return !isWhitespace(c) && c !== CHAR_COLON;
    }
    function codePointAt(string, pos) {
      var first = string.charCodeAt(pos), second;
      if (first >= 55296 && first <= 56319 && pos + 1 < string.length) {
        second = string.charCodeAt(pos + 1);
        if (second >= 56320 && second <= 57343) {
          return (first - 55296) * 1024 + second - 56320 + 65536;
        }
      }
      return first;
    }
    function needIndentIndicator(string) {
      var leadingSpaceRe = /^\n* /;
      return leadingSpaceRe.test(string);
    }
    var STYLE_PLAIN = 1;
    var STYLE_SINGLE = 2;
    var STYLE_LITERAL = 3;
    var STYLE_FOLDED = 4;
    var STYLE_DOUBLE = 5;
    function chooseScalarStyle(string, singleLineOnly, indentPerLevel, lineWidth, testAmbiguousType, quotingType, forceQuotes, inblock) {
      var i;
      var char = 0;
      var prevChar = null;
      var hasLineBreak = false;
      var hasFoldableLine = false;
      var shouldTrackWidth = lineWidth !== -1;
      var previousLineBreak = -1;
      var plain = isPlainSafeFirst(codePointAt(string, 0)) && isPlainSafeLast(codePointAt(string, string.length - 1));
      if (singleLineOnly || forceQuotes) {
        for (i = 0; i < string.length; char >= 65536 ? i += 2 : i++) {
          char = codePointAt(string, i);
          if (!isPrintable(char)) {
            return STYLE_DOUBLE;
          }
          plain = plain && isPlainSafe(char, prevChar, inblock);
          prevChar = char;
        }
      } else {
        for (i = 0; i < string.length; char >= 65536 ? i += 2 : i++) {
          char = codePointAt(string, i);
          if (char === CHAR_LINE_FEED) {
            hasLineBreak = true;
            if (shouldTrackWidth) {
              hasFoldableLine = hasFoldableLine || // Foldable line = too long, and not more-indented.
              i - previousLineBreak - 1 > lineWidth && string[previousLineBreak + 1] !== " ";
              previousLineBreak = i;
            }
          } else if (!isPrintable(char)) {
            return STYLE_DOUBLE;
          }
          plain = plain && isPlainSafe(char, prevChar, inblock);
          prevChar = char;
        }
        hasFoldableLine = hasFoldableLine || shouldTrackWidth && (i - previousLineBreak - 1 > lineWidth && string[previousLineBreak + 1] !== " ");
      }
      if (!hasLineBreak && !hasFoldableLine) {
        if (plain && !forceQuotes && !testAmbiguousType(string)) {
          return STYLE_PLAIN;
        }
        return quotingType === QUOTING_TYPE_DOUBLE ? STYLE_DOUBLE : STYLE_SINGLE;
      }
      if (indentPerLevel > 9 && needIndentIndicator(string)) {
        return STYLE_DOUBLE;
      }
      if (!forceQuotes) {
        return hasFoldableLine ? STYLE_FOLDED : STYLE_LITERAL;
      }
      return quotingType === QUOTING_TYPE_DOUBLE ? STYLE_DOUBLE : STYLE_SINGLE;
    }
    function writeScalar(state, string, level, iskey, inblock) {
      state.dump = (function() {
        if (string.length === 0) {
          return state.quotingType === QUOTING_TYPE_DOUBLE ? '""' : "''";
        }
        if (!state.noCompatMode) {
          if (DEPRECATED_BOOLEANS_SYNTAX.indexOf(string) !== -1 || DEPRECATED_BASE60_SYNTAX.test(string)) {
            return state.quotingType === QUOTING_TYPE_DOUBLE ? '"' + string + '"' : "'" + string + "'";
          }
        }
        var indent = state.indent * Math.max(1, level);
        var lineWidth = state.lineWidth === -1 ? -1 : Math.max(Math.min(state.lineWidth, 40), state.lineWidth - indent);
        var singleLineOnly = iskey || state.flowLevel > -1 && level >= state.flowLevel;
        function testAmbiguity(string2) {
          return testImplicitResolving(state, string2);
        }
        switch (chooseScalarStyle(
          string,
          singleLineOnly,
          state.indent,
          lineWidth,
          testAmbiguity,
          state.quotingType,
          state.forceQuotes && !iskey,
          inblock
        )) {
          case STYLE_PLAIN:
            return string;
          case STYLE_SINGLE:
            return "'" + string.replace(/'/g, "''") + "'";
          case STYLE_LITERAL:
            return "|" + blockHeader(string, state.indent) + dropEndingNewline(indentString(string, indent));
          case STYLE_FOLDED:
            return ">" + blockHeader(string, state.indent) + dropEndingNewline(indentString(foldString(string, lineWidth), indent));
          case STYLE_DOUBLE:
            return '"' + escapeString(string, lineWidth) + '"';
          default:
            throw new YAMLException("impossible error: invalid scalar style");
        }
      })();
    }
    function blockHeader(string, indentPerLevel) {
      var indentIndicator = needIndentIndicator(string) ? String(indentPerLevel) : "";
      var clip = string[string.length - 1] === "\n";
      var keep = clip && (string[string.length - 2] === "\n" || string === "\n");
      var chomp = keep ? "+" : clip ? "" : "-";
      return indentIndicator + chomp + "\n";
    }
    function dropEndingNewline(string) {
      return string[string.length - 1] === "\n" ? string.slice(0, -1) : string;
    }
    function foldString(string, width) {
      var lineRe = /(\n+)([^\n]*)/g;
      var result = (function() {
        var nextLF = string.indexOf("\n");
        nextLF = nextLF !== -1 ? nextLF : string.length;
        lineRe.lastIndex = nextLF;
        return foldLine(string.slice(0, nextLF), width);
      })();
      var prevMoreIndented = string[0] === "\n" || string[0] === " ";
      var moreIndented;
      var match;
      while (match = lineRe.exec(string)) {
        var prefix = match[1], line = match[2];
        moreIndented = line[0] === " ";
        result += prefix + (!prevMoreIndented && !moreIndented && line !== "" ? "\n" : "") + foldLine(line, width);
        prevMoreIndented = moreIndented;
      }
      return result;
    }
    function foldLine(line, width) {
      if (line === "" || line[0] === " ") return line;
      var breakRe = / [^ ]/g;
      var match;
      var start = 0, end, curr = 0, next = 0;
      var result = "";
      while (match = breakRe.exec(line)) {
        next = match.index;
        if (next - start > width) {
          end = curr > start ? curr : next;
          result += "\n" + line.slice(start, end);
          start = end + 1;
        }
        curr = next;
      }
      result += "\n";
      if (line.length - start > width && curr > start) {
        result += line.slice(start, curr) + "\n" + line.slice(curr + 1);
      } else {
        result += line.slice(start);
      }
      return result.slice(1);
    }
    function escapeString(string) {
      var result = "";
      var char = 0;
      var escapeSeq;
      for (var i = 0; i < string.length; char >= 65536 ? i += 2 : i++) {
        char = codePointAt(string, i);
        escapeSeq = ESCAPE_SEQUENCES[char];
        if (!escapeSeq && isPrintable(char)) {
          result += string[i];
          if (char >= 65536) result += string[i + 1];
        } else {
          result += escapeSeq || encodeHex(char);
        }
      }
      return result;
    }
    function writeFlowSequence(state, level, object) {
      var _result = "", _tag = state.tag, index, length, value;
      for (index = 0, length = object.length; index < length; index += 1) {
        value = object[index];
        if (state.replacer) {
          value = state.replacer.call(object, String(index), value);
        }
        if (writeNode(state, level, value, false, false) || typeof value === "undefined" && writeNode(state, level, null, false, false)) {
          if (_result !== "") _result += "," + (!state.condenseFlow ? " " : "");
          _result += state.dump;
        }
      }
      state.tag = _tag;
      state.dump = "[" + _result + "]";
    }
    function writeBlockSequence(state, level, object, compact) {
      var _result = "", _tag = state.tag, index, length, value;
      for (index = 0, length = object.length; index < length; index += 1) {
        value = object[index];
        if (state.replacer) {
          value = state.replacer.call(object, String(index), value);
        }
        if (writeNode(state, level + 1, value, true, true, false, true) || typeof value === "undefined" && writeNode(state, level + 1, null, true, true, false, true)) {
          if (!compact || _result !== "") {
            _result += generateNextLine(state, level);
          }
          if (state.dump && CHAR_LINE_FEED === state.dump.charCodeAt(0)) {
            _result += "-";
          } else {
            _result += "- ";
          }
          _result += state.dump;
        }
      }
      state.tag = _tag;
      state.dump = _result || "[]";
    }
    function writeFlowMapping(state, level, object) {
      var _result = "", _tag = state.tag, objectKeyList = Object.keys(object), index, length, objectKey, objectValue, pairBuffer;
      for (index = 0, length = objectKeyList.length; index < length; index += 1) {
        pairBuffer = "";
        if (_result !== "") pairBuffer += ", ";
        if (state.condenseFlow) pairBuffer += '"';
        objectKey = objectKeyList[index];
        objectValue = object[objectKey];
        if (state.replacer) {
          objectValue = state.replacer.call(object, objectKey, objectValue);
        }
        if (!writeNode(state, level, objectKey, false, false)) {
          continue;
        }
        if (state.dump.length > 1024) pairBuffer += "? ";
        pairBuffer += state.dump + (state.condenseFlow ? '"' : "") + ":" + (state.condenseFlow ? "" : " ");
        if (!writeNode(state, level, objectValue, false, false)) {
          continue;
        }
        pairBuffer += state.dump;
        _result += pairBuffer;
      }
      state.tag = _tag;
      state.dump = "{" + _result + "}";
    }
    function writeBlockMapping(state, level, object, compact) {
      var _result = "", _tag = state.tag, objectKeyList = Object.keys(object), index, length, objectKey, objectValue, explicitPair, pairBuffer;
      if (state.sortKeys === true) {
        objectKeyList.sort();
      } else if (typeof state.sortKeys === "function") {
        objectKeyList.sort(state.sortKeys);
      } else if (state.sortKeys) {
        throw new YAMLException("sortKeys must be a boolean or a function");
      }
      for (index = 0, length = objectKeyList.length; index < length; index += 1) {
        pairBuffer = "";
        if (!compact || _result !== "") {
          pairBuffer += generateNextLine(state, level);
        }
        objectKey = objectKeyList[index];
        objectValue = object[objectKey];
        if (state.replacer) {
          objectValue = state.replacer.call(object, objectKey, objectValue);
        }
        if (!writeNode(state, level + 1, objectKey, true, true, true)) {
          continue;
        }
        explicitPair = state.tag !== null && state.tag !== "?" || state.dump && state.dump.length > 1024;
        if (explicitPair) {
          if (state.dump && CHAR_LINE_FEED === state.dump.charCodeAt(0)) {
            pairBuffer += "?";
          } else {
            pairBuffer += "? ";
          }
        }
        pairBuffer += state.dump;
        if (explicitPair) {
          pairBuffer += generateNextLine(state, level);
        }
        if (!writeNode(state, level + 1, objectValue, true, explicitPair)) {
          continue;
        }
        if (state.dump && CHAR_LINE_FEED === state.dump.charCodeAt(0)) {
          pairBuffer += ":";
        } else {
          pairBuffer += ": ";
        }
        pairBuffer += state.dump;
        _result += pairBuffer;
      }
      state.tag = _tag;
      state.dump = _result || "{}";
    }
    function detectType(state, object, explicit) {
      var _result, typeList, index, length, type, style;
      typeList = explicit ? state.explicitTypes : state.implicitTypes;
      for (index = 0, length = typeList.length; index < length; index += 1) {
        type = typeList[index];
        if ((type.instanceOf || type.predicate) && (!type.instanceOf || typeof object === "object" && object instanceof type.instanceOf) && (!type.predicate || type.predicate(object))) {
          if (explicit) {
            if (type.multi && type.representName) {
              state.tag = type.representName(object);
            } else {
              state.tag = type.tag;
            }
          } else {
            state.tag = "?";
          }
          if (type.represent) {
            style = state.styleMap[type.tag] || type.defaultStyle;
            if (_toString.call(type.represent) === "[object Function]") {
              _result = type.represent(object, style);
            } else if (_hasOwnProperty.call(type.represent, style)) {
              _result = type.represent[style](object, style);
            } else {
              throw new YAMLException("!<" + type.tag + '> tag resolver accepts not "' + style + '" style');
            }
            state.dump = _result;
          }
          return true;
        }
      }
      return false;
    }
    function writeNode(state, level, object, block, compact, iskey, isblockseq) {
      state.tag = null;
      state.dump = object;
      if (!detectType(state, object, false)) {
        detectType(state, object, true);
      }
      var type = _toString.call(state.dump);
      var inblock = block;
      var tagStr;
      if (block) {
        block = state.flowLevel < 0 || state.flowLevel > level;
      }
      var objectOrArray = type === "[object Object]" || type === "[object Array]", duplicateIndex, duplicate;
      if (objectOrArray) {
        duplicateIndex = state.duplicates.indexOf(object);
        duplicate = duplicateIndex !== -1;
      }
      if (state.tag !== null && state.tag !== "?" || duplicate || state.indent !== 2 && level > 0) {
        compact = false;
      }
      if (duplicate && state.usedDuplicates[duplicateIndex]) {
        state.dump = "*ref_" + duplicateIndex;
      } else {
        if (objectOrArray && duplicate && !state.usedDuplicates[duplicateIndex]) {
          state.usedDuplicates[duplicateIndex] = true;
        }
        if (type === "[object Object]") {
          if (block && Object.keys(state.dump).length !== 0) {
            writeBlockMapping(state, level, state.dump, compact);
            if (duplicate) {
              state.dump = "&ref_" + duplicateIndex + state.dump;
            }
          } else {
            writeFlowMapping(state, level, state.dump);
            if (duplicate) {
              state.dump = "&ref_" + duplicateIndex + " " + state.dump;
            }
          }
        } else if (type === "[object Array]") {
          if (block && state.dump.length !== 0) {
            if (state.noArrayIndent && !isblockseq && level > 0) {
              writeBlockSequence(state, level - 1, state.dump, compact);
            } else {
              writeBlockSequence(state, level, state.dump, compact);
            }
            if (duplicate) {
              state.dump = "&ref_" + duplicateIndex + state.dump;
            }
          } else {
            writeFlowSequence(state, level, state.dump);
            if (duplicate) {
              state.dump = "&ref_" + duplicateIndex + " " + state.dump;
            }
          }
        } else if (type === "[object String]") {
          if (state.tag !== "?") {
            writeScalar(state, state.dump, level, iskey, inblock);
          }
        } else if (type === "[object Undefined]") {
          return false;
        } else {
          if (state.skipInvalid) return false;
          throw new YAMLException("unacceptable kind of an object to dump " + type);
        }
        if (state.tag !== null && state.tag !== "?") {
          tagStr = encodeURI(
            state.tag[0] === "!" ? state.tag.slice(1) : state.tag
          ).replace(/!/g, "%21");
          if (state.tag[0] === "!") {
            tagStr = "!" + tagStr;
          } else if (tagStr.slice(0, 18) === "tag:yaml.org,2002:") {
            tagStr = "!!" + tagStr.slice(18);
          } else {
            tagStr = "!<" + tagStr + ">";
          }
          state.dump = tagStr + " " + state.dump;
        }
      }
      return true;
    }
    function getDuplicateReferences(object, state) {
      var objects = [], duplicatesIndexes = [], index, length;
      inspectNode(object, objects, duplicatesIndexes);
      for (index = 0, length = duplicatesIndexes.length; index < length; index += 1) {
        state.duplicates.push(objects[duplicatesIndexes[index]]);
      }
      state.usedDuplicates = new Array(length);
    }
    function inspectNode(object, objects, duplicatesIndexes) {
      var objectKeyList, index, length;
      if (object !== null && typeof object === "object") {
        index = objects.indexOf(object);
        if (index !== -1) {
          if (duplicatesIndexes.indexOf(index) === -1) {
            duplicatesIndexes.push(index);
          }
        } else {
          objects.push(object);
          if (Array.isArray(object)) {
            for (index = 0, length = object.length; index < length; index += 1) {
              inspectNode(object[index], objects, duplicatesIndexes);
            }
          } else {
            objectKeyList = Object.keys(object);
            for (index = 0, length = objectKeyList.length; index < length; index += 1) {
              inspectNode(object[objectKeyList[index]], objects, duplicatesIndexes);
            }
          }
        }
      }
    }
    function dump(input, options) {
      options = options || {};
      var state = new State(options);
      if (!state.noRefs) getDuplicateReferences(input, state);
      var value = input;
      if (state.replacer) {
        value = state.replacer.call({ "": value }, "", value);
      }
      if (writeNode(state, 0, value, true, true)) return state.dump + "\n";
      return "";
    }
    module2.exports.dump = dump;
  }
});

// node_modules/js-yaml/index.js
var require_js_yaml = __commonJS({
  "node_modules/js-yaml/index.js"(exports2, module2) {
    "use strict";
    var loader = require_loader();
    var dumper = require_dumper();
    function renamed(from, to) {
      return function() {
        throw new Error("Function yaml." + from + " is removed in js-yaml 4. Use yaml." + to + " instead, which is now safe by default.");
      };
    }
    module2.exports.Type = require_type();
    module2.exports.Schema = require_schema();
    module2.exports.FAILSAFE_SCHEMA = require_failsafe();
    module2.exports.JSON_SCHEMA = require_json();
    module2.exports.CORE_SCHEMA = require_core();
    module2.exports.DEFAULT_SCHEMA = require_default();
    module2.exports.load = loader.load;
    module2.exports.loadAll = loader.loadAll;
    module2.exports.dump = dumper.dump;
    module2.exports.YAMLException = require_exception();
    module2.exports.types = {
      binary: require_binary(),
      float: require_float(),
      map: require_map(),
      null: require_null(),
      pairs: require_pairs(),
      set: require_set(),
      timestamp: require_timestamp(),
      bool: require_bool(),
      int: require_int(),
      merge: require_merge(),
      omap: require_omap(),
      seq: require_seq(),
      str: require_str()
    };
    module2.exports.safeLoad = renamed("safeLoad", "load");
    module2.exports.safeLoadAll = renamed("safeLoadAll", "loadAll");
    module2.exports.safeDump = renamed("safeDump", "dump");
  }
});

// node_modules/lunr/lunr.js
var require_lunr = __commonJS({
  "node_modules/lunr/lunr.js"(exports2, module2) {
    (function() {
      var lunr2 = function(config) {
        var builder = new lunr2.Builder();
        builder.pipeline.add(
          lunr2.trimmer,
          lunr2.stopWordFilter,
          lunr2.stemmer
        );
        builder.searchPipeline.add(
          lunr2.stemmer
        );
        config.call(builder, builder);
        return builder.build();
      };
      lunr2.version = "2.3.9";
      lunr2.utils = {};
      lunr2.utils.warn = /* @__PURE__ */ (function(global) {
        return function(message) {
          if (global.console && console.warn) {
            console.warn(message);
          }
        };
      })(this);
      lunr2.utils.asString = function(obj) {
        if (obj === void 0 || obj === null) {
          return "";
        } else {
          return obj.toString();
        }
      };
      lunr2.utils.clone = function(obj) {
        if (obj === null || obj === void 0) {
          return obj;
        }
        var clone = /* @__PURE__ */ Object.create(null), keys = Object.keys(obj);
        for (var i = 0; i < keys.length; i++) {
          var key = keys[i], val = obj[key];
          if (Array.isArray(val)) {
            clone[key] = val.slice();
            continue;
          }
          if (typeof val === "string" || typeof val === "number" || typeof val === "boolean") {
            clone[key] = val;
            continue;
          }
          throw new TypeError("clone is not deep and does not support nested objects");
        }
        return clone;
      };
      lunr2.FieldRef = function(docRef, fieldName, stringValue) {
        this.docRef = docRef;
        this.fieldName = fieldName;
        this._stringValue = stringValue;
      };
      lunr2.FieldRef.joiner = "/";
      lunr2.FieldRef.fromString = function(s) {
        var n = s.indexOf(lunr2.FieldRef.joiner);
        if (n === -1) {
          throw "malformed field ref string";
        }
        var fieldRef = s.slice(0, n), docRef = s.slice(n + 1);
        return new lunr2.FieldRef(docRef, fieldRef, s);
      };
      lunr2.FieldRef.prototype.toString = function() {
        if (this._stringValue == void 0) {
          this._stringValue = this.fieldName + lunr2.FieldRef.joiner + this.docRef;
        }
        return this._stringValue;
      };
      lunr2.Set = function(elements) {
        this.elements = /* @__PURE__ */ Object.create(null);
        if (elements) {
          this.length = elements.length;
          for (var i = 0; i < this.length; i++) {
            this.elements[elements[i]] = true;
          }
        } else {
          this.length = 0;
        }
      };
      lunr2.Set.complete = {
        intersect: function(other) {
          return other;
        },
        union: function() {
          return this;
        },
        contains: function() {
          return true;
        }
      };
      lunr2.Set.empty = {
        intersect: function() {
          return this;
        },
        union: function(other) {
          return other;
        },
        contains: function() {
          return false;
        }
      };
      lunr2.Set.prototype.contains = function(object) {
        return !!this.elements[object];
      };
      lunr2.Set.prototype.intersect = function(other) {
        var a, b, elements, intersection = [];
        if (other === lunr2.Set.complete) {
          return this;
        }
        if (other === lunr2.Set.empty) {
          return other;
        }
        if (this.length < other.length) {
          a = this;
          b = other;
        } else {
          a = other;
          b = this;
        }
        elements = Object.keys(a.elements);
        for (var i = 0; i < elements.length; i++) {
          var element = elements[i];
          if (element in b.elements) {
            intersection.push(element);
          }
        }
        return new lunr2.Set(intersection);
      };
      lunr2.Set.prototype.union = function(other) {
        if (other === lunr2.Set.complete) {
          return lunr2.Set.complete;
        }
        if (other === lunr2.Set.empty) {
          return this;
        }
        return new lunr2.Set(Object.keys(this.elements).concat(Object.keys(other.elements)));
      };
      lunr2.idf = function(posting, documentCount) {
        var documentsWithTerm = 0;
        for (var fieldName in posting) {
          if (fieldName == "_index") continue;
          documentsWithTerm += Object.keys(posting[fieldName]).length;
        }
        var x = (documentCount - documentsWithTerm + 0.5) / (documentsWithTerm + 0.5);
        return Math.log(1 + Math.abs(x));
      };
      lunr2.Token = function(str, metadata) {
        this.str = str || "";
        this.metadata = metadata || {};
      };
      lunr2.Token.prototype.toString = function() {
        return this.str;
      };
      lunr2.Token.prototype.update = function(fn) {
        this.str = fn(this.str, this.metadata);
        return this;
      };
      lunr2.Token.prototype.clone = function(fn) {
        fn = fn || function(s) {
          return s;
        };
        return new lunr2.Token(fn(this.str, this.metadata), this.metadata);
      };
      lunr2.tokenizer = function(obj, metadata) {
        if (obj == null || obj == void 0) {
          return [];
        }
        if (Array.isArray(obj)) {
          return obj.map(function(t) {
            return new lunr2.Token(
              lunr2.utils.asString(t).toLowerCase(),
              lunr2.utils.clone(metadata)
            );
          });
        }
        var str = obj.toString().toLowerCase(), len = str.length, tokens = [];
        for (var sliceEnd = 0, sliceStart = 0; sliceEnd <= len; sliceEnd++) {
          var char = str.charAt(sliceEnd), sliceLength = sliceEnd - sliceStart;
          if (char.match(lunr2.tokenizer.separator) || sliceEnd == len) {
            if (sliceLength > 0) {
              var tokenMetadata = lunr2.utils.clone(metadata) || {};
              tokenMetadata["position"] = [sliceStart, sliceLength];
              tokenMetadata["index"] = tokens.length;
              tokens.push(
                new lunr2.Token(
                  str.slice(sliceStart, sliceEnd),
                  tokenMetadata
                )
              );
            }
            sliceStart = sliceEnd + 1;
          }
        }
        return tokens;
      };
      lunr2.tokenizer.separator = /[\s\-]+/;
      lunr2.Pipeline = function() {
        this._stack = [];
      };
      lunr2.Pipeline.registeredFunctions = /* @__PURE__ */ Object.create(null);
      lunr2.Pipeline.registerFunction = function(fn, label) {
        if (label in this.registeredFunctions) {
          lunr2.utils.warn("Overwriting existing registered function: " + label);
        }
        fn.label = label;
        lunr2.Pipeline.registeredFunctions[fn.label] = fn;
      };
      lunr2.Pipeline.warnIfFunctionNotRegistered = function(fn) {
        var isRegistered = fn.label && fn.label in this.registeredFunctions;
        if (!isRegistered) {
          lunr2.utils.warn("Function is not registered with pipeline. This may cause problems when serialising the index.\n", fn);
        }
      };
      lunr2.Pipeline.load = function(serialised) {
        var pipeline = new lunr2.Pipeline();
        serialised.forEach(function(fnName) {
          var fn = lunr2.Pipeline.registeredFunctions[fnName];
          if (fn) {
            pipeline.add(fn);
          } else {
            throw new Error("Cannot load unregistered function: " + fnName);
          }
        });
        return pipeline;
      };
      lunr2.Pipeline.prototype.add = function() {
        var fns = Array.prototype.slice.call(arguments);
        fns.forEach(function(fn) {
          lunr2.Pipeline.warnIfFunctionNotRegistered(fn);
          this._stack.push(fn);
        }, this);
      };
      lunr2.Pipeline.prototype.after = function(existingFn, newFn) {
        lunr2.Pipeline.warnIfFunctionNotRegistered(newFn);
        var pos = this._stack.indexOf(existingFn);
        if (pos == -1) {
          throw new Error("Cannot find existingFn");
        }
        pos = pos + 1;
        this._stack.splice(pos, 0, newFn);
      };
      lunr2.Pipeline.prototype.before = function(existingFn, newFn) {
        lunr2.Pipeline.warnIfFunctionNotRegistered(newFn);
        var pos = this._stack.indexOf(existingFn);
        if (pos == -1) {
          throw new Error("Cannot find existingFn");
        }
        this._stack.splice(pos, 0, newFn);
      };
      lunr2.Pipeline.prototype.remove = function(fn) {
        var pos = this._stack.indexOf(fn);
        if (pos == -1) {
          return;
        }
        this._stack.splice(pos, 1);
      };
      lunr2.Pipeline.prototype.run = function(tokens) {
        var stackLength = this._stack.length;
        for (var i = 0; i < stackLength; i++) {
          var fn = this._stack[i];
          var memo = [];
          for (var j = 0; j < tokens.length; j++) {
            var result = fn(tokens[j], j, tokens);
            if (result === null || result === void 0 || result === "") continue;
            if (Array.isArray(result)) {
              for (var k = 0; k < result.length; k++) {
                memo.push(result[k]);
              }
            } else {
              memo.push(result);
            }
          }
          tokens = memo;
        }
        return tokens;
      };
      lunr2.Pipeline.prototype.runString = function(str, metadata) {
        var token = new lunr2.Token(str, metadata);
        return this.run([token]).map(function(t) {
          return t.toString();
        });
      };
      lunr2.Pipeline.prototype.reset = function() {
        this._stack = [];
      };
      lunr2.Pipeline.prototype.toJSON = function() {
        return this._stack.map(function(fn) {
          lunr2.Pipeline.warnIfFunctionNotRegistered(fn);
          return fn.label;
        });
      };
      lunr2.Vector = function(elements) {
        this._magnitude = 0;
        this.elements = elements || [];
      };
      lunr2.Vector.prototype.positionForIndex = function(index) {
        if (this.elements.length == 0) {
          return 0;
        }
        var start = 0, end = this.elements.length / 2, sliceLength = end - start, pivotPoint = Math.floor(sliceLength / 2), pivotIndex = this.elements[pivotPoint * 2];
        while (sliceLength > 1) {
          if (pivotIndex < index) {
            start = pivotPoint;
          }
          if (pivotIndex > index) {
            end = pivotPoint;
          }
          if (pivotIndex == index) {
            break;
          }
          sliceLength = end - start;
          pivotPoint = start + Math.floor(sliceLength / 2);
          pivotIndex = this.elements[pivotPoint * 2];
        }
        if (pivotIndex == index) {
          return pivotPoint * 2;
        }
        if (pivotIndex > index) {
          return pivotPoint * 2;
        }
        if (pivotIndex < index) {
          return (pivotPoint + 1) * 2;
        }
      };
      lunr2.Vector.prototype.insert = function(insertIdx, val) {
        this.upsert(insertIdx, val, function() {
          throw "duplicate index";
        });
      };
      lunr2.Vector.prototype.upsert = function(insertIdx, val, fn) {
        this._magnitude = 0;
        var position = this.positionForIndex(insertIdx);
        if (this.elements[position] == insertIdx) {
          this.elements[position + 1] = fn(this.elements[position + 1], val);
        } else {
          this.elements.splice(position, 0, insertIdx, val);
        }
      };
      lunr2.Vector.prototype.magnitude = function() {
        if (this._magnitude) return this._magnitude;
        var sumOfSquares = 0, elementsLength = this.elements.length;
        for (var i = 1; i < elementsLength; i += 2) {
          var val = this.elements[i];
          sumOfSquares += val * val;
        }
        return this._magnitude = Math.sqrt(sumOfSquares);
      };
      lunr2.Vector.prototype.dot = function(otherVector) {
        var dotProduct = 0, a = this.elements, b = otherVector.elements, aLen = a.length, bLen = b.length, aVal = 0, bVal = 0, i = 0, j = 0;
        while (i < aLen && j < bLen) {
          aVal = a[i], bVal = b[j];
          if (aVal < bVal) {
            i += 2;
          } else if (aVal > bVal) {
            j += 2;
          } else if (aVal == bVal) {
            dotProduct += a[i + 1] * b[j + 1];
            i += 2;
            j += 2;
          }
        }
        return dotProduct;
      };
      lunr2.Vector.prototype.similarity = function(otherVector) {
        return this.dot(otherVector) / this.magnitude() || 0;
      };
      lunr2.Vector.prototype.toArray = function() {
        var output = new Array(this.elements.length / 2);
        for (var i = 1, j = 0; i < this.elements.length; i += 2, j++) {
          output[j] = this.elements[i];
        }
        return output;
      };
      lunr2.Vector.prototype.toJSON = function() {
        return this.elements;
      };
      lunr2.stemmer = (function() {
        var step2list = {
          "ational": "ate",
          "tional": "tion",
          "enci": "ence",
          "anci": "ance",
          "izer": "ize",
          "bli": "ble",
          "alli": "al",
          "entli": "ent",
          "eli": "e",
          "ousli": "ous",
          "ization": "ize",
          "ation": "ate",
          "ator": "ate",
          "alism": "al",
          "iveness": "ive",
          "fulness": "ful",
          "ousness": "ous",
          "aliti": "al",
          "iviti": "ive",
          "biliti": "ble",
          "logi": "log"
        }, step3list = {
          "icate": "ic",
          "ative": "",
          "alize": "al",
          "iciti": "ic",
          "ical": "ic",
          "ful": "",
          "ness": ""
        }, c = "[^aeiou]", v = "[aeiouy]", C = c + "[^aeiouy]*", V = v + "[aeiou]*", mgr0 = "^(" + C + ")?" + V + C, meq1 = "^(" + C + ")?" + V + C + "(" + V + ")?$", mgr1 = "^(" + C + ")?" + V + C + V + C, s_v = "^(" + C + ")?" + v;
        var re_mgr0 = new RegExp(mgr0);
        var re_mgr1 = new RegExp(mgr1);
        var re_meq1 = new RegExp(meq1);
        var re_s_v = new RegExp(s_v);
        var re_1a = /^(.+?)(ss|i)es$/;
        var re2_1a = /^(.+?)([^s])s$/;
        var re_1b = /^(.+?)eed$/;
        var re2_1b = /^(.+?)(ed|ing)$/;
        var re_1b_2 = /.$/;
        var re2_1b_2 = /(at|bl|iz)$/;
        var re3_1b_2 = new RegExp("([^aeiouylsz])\\1$");
        var re4_1b_2 = new RegExp("^" + C + v + "[^aeiouwxy]$");
        var re_1c = /^(.+?[^aeiou])y$/;
        var re_2 = /^(.+?)(ational|tional|enci|anci|izer|bli|alli|entli|eli|ousli|ization|ation|ator|alism|iveness|fulness|ousness|aliti|iviti|biliti|logi)$/;
        var re_3 = /^(.+?)(icate|ative|alize|iciti|ical|ful|ness)$/;
        var re_4 = /^(.+?)(al|ance|ence|er|ic|able|ible|ant|ement|ment|ent|ou|ism|ate|iti|ous|ive|ize)$/;
        var re2_4 = /^(.+?)(s|t)(ion)$/;
        var re_5 = /^(.+?)e$/;
        var re_5_1 = /ll$/;
        var re3_5 = new RegExp("^" + C + v + "[^aeiouwxy]$");
        var porterStemmer = function porterStemmer2(w) {
          var stem, suffix, firstch, re, re2, re3, re4;
          if (w.length < 3) {
            return w;
          }
          firstch = w.substr(0, 1);
          if (firstch == "y") {
            w = firstch.toUpperCase() + w.substr(1);
          }
          re = re_1a;
          re2 = re2_1a;
          if (re.test(w)) {
            w = w.replace(re, "$1$2");
          } else if (re2.test(w)) {
            w = w.replace(re2, "$1$2");
          }
          re = re_1b;
          re2 = re2_1b;
          if (re.test(w)) {
            var fp = re.exec(w);
            re = re_mgr0;
            if (re.test(fp[1])) {
              re = re_1b_2;
              w = w.replace(re, "");
            }
          } else if (re2.test(w)) {
            var fp = re2.exec(w);
            stem = fp[1];
            re2 = re_s_v;
            if (re2.test(stem)) {
              w = stem;
              re2 = re2_1b_2;
              re3 = re3_1b_2;
              re4 = re4_1b_2;
              if (re2.test(w)) {
                w = w + "e";
              } else if (re3.test(w)) {
                re = re_1b_2;
                w = w.replace(re, "");
              } else if (re4.test(w)) {
                w = w + "e";
              }
            }
          }
          re = re_1c;
          if (re.test(w)) {
            var fp = re.exec(w);
            stem = fp[1];
            w = stem + "i";
          }
          re = re_2;
          if (re.test(w)) {
            var fp = re.exec(w);
            stem = fp[1];
            suffix = fp[2];
            re = re_mgr0;
            if (re.test(stem)) {
              w = stem + step2list[suffix];
            }
          }
          re = re_3;
          if (re.test(w)) {
            var fp = re.exec(w);
            stem = fp[1];
            suffix = fp[2];
            re = re_mgr0;
            if (re.test(stem)) {
              w = stem + step3list[suffix];
            }
          }
          re = re_4;
          re2 = re2_4;
          if (re.test(w)) {
            var fp = re.exec(w);
            stem = fp[1];
            re = re_mgr1;
            if (re.test(stem)) {
              w = stem;
            }
          } else if (re2.test(w)) {
            var fp = re2.exec(w);
            stem = fp[1] + fp[2];
            re2 = re_mgr1;
            if (re2.test(stem)) {
              w = stem;
            }
          }
          re = re_5;
          if (re.test(w)) {
            var fp = re.exec(w);
            stem = fp[1];
            re = re_mgr1;
            re2 = re_meq1;
            re3 = re3_5;
            if (re.test(stem) || re2.test(stem) && !re3.test(stem)) {
              w = stem;
            }
          }
          re = re_5_1;
          re2 = re_mgr1;
          if (re.test(w) && re2.test(w)) {
            re = re_1b_2;
            w = w.replace(re, "");
          }
          if (firstch == "y") {
            w = firstch.toLowerCase() + w.substr(1);
          }
          return w;
        };
        return function(token) {
          return token.update(porterStemmer);
        };
      })();
      lunr2.Pipeline.registerFunction(lunr2.stemmer, "stemmer");
      lunr2.generateStopWordFilter = function(stopWords) {
        var words = stopWords.reduce(function(memo, stopWord) {
          memo[stopWord] = stopWord;
          return memo;
        }, {});
        return function(token) {
          if (token && words[token.toString()] !== token.toString()) return token;
        };
      };
      lunr2.stopWordFilter = lunr2.generateStopWordFilter([
        "a",
        "able",
        "about",
        "across",
        "after",
        "all",
        "almost",
        "also",
        "am",
        "among",
        "an",
        "and",
        "any",
        "are",
        "as",
        "at",
        "be",
        "because",
        "been",
        "but",
        "by",
        "can",
        "cannot",
        "could",
        "dear",
        "did",
        "do",
        "does",
        "either",
        "else",
        "ever",
        "every",
        "for",
        "from",
        "get",
        "got",
        "had",
        "has",
        "have",
        "he",
        "her",
        "hers",
        "him",
        "his",
        "how",
        "however",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "just",
        "least",
        "let",
        "like",
        "likely",
        "may",
        "me",
        "might",
        "most",
        "must",
        "my",
        "neither",
        "no",
        "nor",
        "not",
        "of",
        "off",
        "often",
        "on",
        "only",
        "or",
        "other",
        "our",
        "own",
        "rather",
        "said",
        "say",
        "says",
        "she",
        "should",
        "since",
        "so",
        "some",
        "than",
        "that",
        "the",
        "their",
        "them",
        "then",
        "there",
        "these",
        "they",
        "this",
        "tis",
        "to",
        "too",
        "twas",
        "us",
        "wants",
        "was",
        "we",
        "were",
        "what",
        "when",
        "where",
        "which",
        "while",
        "who",
        "whom",
        "why",
        "will",
        "with",
        "would",
        "yet",
        "you",
        "your"
      ]);
      lunr2.Pipeline.registerFunction(lunr2.stopWordFilter, "stopWordFilter");
      lunr2.trimmer = function(token) {
        return token.update(function(s) {
          return s.replace(/^\W+/, "").replace(/\W+$/, "");
        });
      };
      lunr2.Pipeline.registerFunction(lunr2.trimmer, "trimmer");
      lunr2.TokenSet = function() {
        this.final = false;
        this.edges = {};
        this.id = lunr2.TokenSet._nextId;
        lunr2.TokenSet._nextId += 1;
      };
      lunr2.TokenSet._nextId = 1;
      lunr2.TokenSet.fromArray = function(arr) {
        var builder = new lunr2.TokenSet.Builder();
        for (var i = 0, len = arr.length; i < len; i++) {
          builder.insert(arr[i]);
        }
        builder.finish();
        return builder.root;
      };
      lunr2.TokenSet.fromClause = function(clause) {
        if ("editDistance" in clause) {
          return lunr2.TokenSet.fromFuzzyString(clause.term, clause.editDistance);
        } else {
          return lunr2.TokenSet.fromString(clause.term);
        }
      };
      lunr2.TokenSet.fromFuzzyString = function(str, editDistance) {
        var root = new lunr2.TokenSet();
        var stack = [{
          node: root,
          editsRemaining: editDistance,
          str
        }];
        while (stack.length) {
          var frame = stack.pop();
          if (frame.str.length > 0) {
            var char = frame.str.charAt(0), noEditNode;
            if (char in frame.node.edges) {
              noEditNode = frame.node.edges[char];
            } else {
              noEditNode = new lunr2.TokenSet();
              frame.node.edges[char] = noEditNode;
            }
            if (frame.str.length == 1) {
              noEditNode.final = true;
            }
            stack.push({
              node: noEditNode,
              editsRemaining: frame.editsRemaining,
              str: frame.str.slice(1)
            });
          }
          if (frame.editsRemaining == 0) {
            continue;
          }
          if ("*" in frame.node.edges) {
            var insertionNode = frame.node.edges["*"];
          } else {
            var insertionNode = new lunr2.TokenSet();
            frame.node.edges["*"] = insertionNode;
          }
          if (frame.str.length == 0) {
            insertionNode.final = true;
          }
          stack.push({
            node: insertionNode,
            editsRemaining: frame.editsRemaining - 1,
            str: frame.str
          });
          if (frame.str.length > 1) {
            stack.push({
              node: frame.node,
              editsRemaining: frame.editsRemaining - 1,
              str: frame.str.slice(1)
            });
          }
          if (frame.str.length == 1) {
            frame.node.final = true;
          }
          if (frame.str.length >= 1) {
            if ("*" in frame.node.edges) {
              var substitutionNode = frame.node.edges["*"];
            } else {
              var substitutionNode = new lunr2.TokenSet();
              frame.node.edges["*"] = substitutionNode;
            }
            if (frame.str.length == 1) {
              substitutionNode.final = true;
            }
            stack.push({
              node: substitutionNode,
              editsRemaining: frame.editsRemaining - 1,
              str: frame.str.slice(1)
            });
          }
          if (frame.str.length > 1) {
            var charA = frame.str.charAt(0), charB = frame.str.charAt(1), transposeNode;
            if (charB in frame.node.edges) {
              transposeNode = frame.node.edges[charB];
            } else {
              transposeNode = new lunr2.TokenSet();
              frame.node.edges[charB] = transposeNode;
            }
            if (frame.str.length == 1) {
              transposeNode.final = true;
            }
            stack.push({
              node: transposeNode,
              editsRemaining: frame.editsRemaining - 1,
              str: charA + frame.str.slice(2)
            });
          }
        }
        return root;
      };
      lunr2.TokenSet.fromString = function(str) {
        var node = new lunr2.TokenSet(), root = node;
        for (var i = 0, len = str.length; i < len; i++) {
          var char = str[i], final = i == len - 1;
          if (char == "*") {
            node.edges[char] = node;
            node.final = final;
          } else {
            var next = new lunr2.TokenSet();
            next.final = final;
            node.edges[char] = next;
            node = next;
          }
        }
        return root;
      };
      lunr2.TokenSet.prototype.toArray = function() {
        var words = [];
        var stack = [{
          prefix: "",
          node: this
        }];
        while (stack.length) {
          var frame = stack.pop(), edges = Object.keys(frame.node.edges), len = edges.length;
          if (frame.node.final) {
            frame.prefix.charAt(0);
            words.push(frame.prefix);
          }
          for (var i = 0; i < len; i++) {
            var edge = edges[i];
            stack.push({
              prefix: frame.prefix.concat(edge),
              node: frame.node.edges[edge]
            });
          }
        }
        return words;
      };
      lunr2.TokenSet.prototype.toString = function() {
        if (this._str) {
          return this._str;
        }
        var str = this.final ? "1" : "0", labels = Object.keys(this.edges).sort(), len = labels.length;
        for (var i = 0; i < len; i++) {
          var label = labels[i], node = this.edges[label];
          str = str + label + node.id;
        }
        return str;
      };
      lunr2.TokenSet.prototype.intersect = function(b) {
        var output = new lunr2.TokenSet(), frame = void 0;
        var stack = [{
          qNode: b,
          output,
          node: this
        }];
        while (stack.length) {
          frame = stack.pop();
          var qEdges = Object.keys(frame.qNode.edges), qLen = qEdges.length, nEdges = Object.keys(frame.node.edges), nLen = nEdges.length;
          for (var q = 0; q < qLen; q++) {
            var qEdge = qEdges[q];
            for (var n = 0; n < nLen; n++) {
              var nEdge = nEdges[n];
              if (nEdge == qEdge || qEdge == "*") {
                var node = frame.node.edges[nEdge], qNode = frame.qNode.edges[qEdge], final = node.final && qNode.final, next = void 0;
                if (nEdge in frame.output.edges) {
                  next = frame.output.edges[nEdge];
                  next.final = next.final || final;
                } else {
                  next = new lunr2.TokenSet();
                  next.final = final;
                  frame.output.edges[nEdge] = next;
                }
                stack.push({
                  qNode,
                  output: next,
                  node
                });
              }
            }
          }
        }
        return output;
      };
      lunr2.TokenSet.Builder = function() {
        this.previousWord = "";
        this.root = new lunr2.TokenSet();
        this.uncheckedNodes = [];
        this.minimizedNodes = {};
      };
      lunr2.TokenSet.Builder.prototype.insert = function(word) {
        var node, commonPrefix = 0;
        if (word < this.previousWord) {
          throw new Error("Out of order word insertion");
        }
        for (var i = 0; i < word.length && i < this.previousWord.length; i++) {
          if (word[i] != this.previousWord[i]) break;
          commonPrefix++;
        }
        this.minimize(commonPrefix);
        if (this.uncheckedNodes.length == 0) {
          node = this.root;
        } else {
          node = this.uncheckedNodes[this.uncheckedNodes.length - 1].child;
        }
        for (var i = commonPrefix; i < word.length; i++) {
          var nextNode = new lunr2.TokenSet(), char = word[i];
          node.edges[char] = nextNode;
          this.uncheckedNodes.push({
            parent: node,
            char,
            child: nextNode
          });
          node = nextNode;
        }
        node.final = true;
        this.previousWord = word;
      };
      lunr2.TokenSet.Builder.prototype.finish = function() {
        this.minimize(0);
      };
      lunr2.TokenSet.Builder.prototype.minimize = function(downTo) {
        for (var i = this.uncheckedNodes.length - 1; i >= downTo; i--) {
          var node = this.uncheckedNodes[i], childKey = node.child.toString();
          if (childKey in this.minimizedNodes) {
            node.parent.edges[node.char] = this.minimizedNodes[childKey];
          } else {
            node.child._str = childKey;
            this.minimizedNodes[childKey] = node.child;
          }
          this.uncheckedNodes.pop();
        }
      };
      lunr2.Index = function(attrs) {
        this.invertedIndex = attrs.invertedIndex;
        this.fieldVectors = attrs.fieldVectors;
        this.tokenSet = attrs.tokenSet;
        this.fields = attrs.fields;
        this.pipeline = attrs.pipeline;
      };
      lunr2.Index.prototype.search = function(queryString) {
        return this.query(function(query) {
          var parser = new lunr2.QueryParser(queryString, query);
          parser.parse();
        });
      };
      lunr2.Index.prototype.query = function(fn) {
        var query = new lunr2.Query(this.fields), matchingFields = /* @__PURE__ */ Object.create(null), queryVectors = /* @__PURE__ */ Object.create(null), termFieldCache = /* @__PURE__ */ Object.create(null), requiredMatches = /* @__PURE__ */ Object.create(null), prohibitedMatches = /* @__PURE__ */ Object.create(null);
        for (var i = 0; i < this.fields.length; i++) {
          queryVectors[this.fields[i]] = new lunr2.Vector();
        }
        fn.call(query, query);
        for (var i = 0; i < query.clauses.length; i++) {
          var clause = query.clauses[i], terms = null, clauseMatches = lunr2.Set.empty;
          if (clause.usePipeline) {
            terms = this.pipeline.runString(clause.term, {
              fields: clause.fields
            });
          } else {
            terms = [clause.term];
          }
          for (var m = 0; m < terms.length; m++) {
            var term = terms[m];
            clause.term = term;
            var termTokenSet = lunr2.TokenSet.fromClause(clause), expandedTerms = this.tokenSet.intersect(termTokenSet).toArray();
            if (expandedTerms.length === 0 && clause.presence === lunr2.Query.presence.REQUIRED) {
              for (var k = 0; k < clause.fields.length; k++) {
                var field = clause.fields[k];
                requiredMatches[field] = lunr2.Set.empty;
              }
              break;
            }
            for (var j = 0; j < expandedTerms.length; j++) {
              var expandedTerm = expandedTerms[j], posting = this.invertedIndex[expandedTerm], termIndex = posting._index;
              for (var k = 0; k < clause.fields.length; k++) {
                var field = clause.fields[k], fieldPosting = posting[field], matchingDocumentRefs = Object.keys(fieldPosting), termField = expandedTerm + "/" + field, matchingDocumentsSet = new lunr2.Set(matchingDocumentRefs);
                if (clause.presence == lunr2.Query.presence.REQUIRED) {
                  clauseMatches = clauseMatches.union(matchingDocumentsSet);
                  if (requiredMatches[field] === void 0) {
                    requiredMatches[field] = lunr2.Set.complete;
                  }
                }
                if (clause.presence == lunr2.Query.presence.PROHIBITED) {
                  if (prohibitedMatches[field] === void 0) {
                    prohibitedMatches[field] = lunr2.Set.empty;
                  }
                  prohibitedMatches[field] = prohibitedMatches[field].union(matchingDocumentsSet);
                  continue;
                }
                queryVectors[field].upsert(termIndex, clause.boost, function(a, b) {
                  return a + b;
                });
                if (termFieldCache[termField]) {
                  continue;
                }
                for (var l = 0; l < matchingDocumentRefs.length; l++) {
                  var matchingDocumentRef = matchingDocumentRefs[l], matchingFieldRef = new lunr2.FieldRef(matchingDocumentRef, field), metadata = fieldPosting[matchingDocumentRef], fieldMatch;
                  if ((fieldMatch = matchingFields[matchingFieldRef]) === void 0) {
                    matchingFields[matchingFieldRef] = new lunr2.MatchData(expandedTerm, field, metadata);
                  } else {
                    fieldMatch.add(expandedTerm, field, metadata);
                  }
                }
                termFieldCache[termField] = true;
              }
            }
          }
          if (clause.presence === lunr2.Query.presence.REQUIRED) {
            for (var k = 0; k < clause.fields.length; k++) {
              var field = clause.fields[k];
              requiredMatches[field] = requiredMatches[field].intersect(clauseMatches);
            }
          }
        }
        var allRequiredMatches = lunr2.Set.complete, allProhibitedMatches = lunr2.Set.empty;
        for (var i = 0; i < this.fields.length; i++) {
          var field = this.fields[i];
          if (requiredMatches[field]) {
            allRequiredMatches = allRequiredMatches.intersect(requiredMatches[field]);
          }
          if (prohibitedMatches[field]) {
            allProhibitedMatches = allProhibitedMatches.union(prohibitedMatches[field]);
          }
        }
        var matchingFieldRefs = Object.keys(matchingFields), results = [], matches = /* @__PURE__ */ Object.create(null);
        if (query.isNegated()) {
          matchingFieldRefs = Object.keys(this.fieldVectors);
          for (var i = 0; i < matchingFieldRefs.length; i++) {
            var matchingFieldRef = matchingFieldRefs[i];
            var fieldRef = lunr2.FieldRef.fromString(matchingFieldRef);
            matchingFields[matchingFieldRef] = new lunr2.MatchData();
          }
        }
        for (var i = 0; i < matchingFieldRefs.length; i++) {
          var fieldRef = lunr2.FieldRef.fromString(matchingFieldRefs[i]), docRef = fieldRef.docRef;
          if (!allRequiredMatches.contains(docRef)) {
            continue;
          }
          if (allProhibitedMatches.contains(docRef)) {
            continue;
          }
          var fieldVector = this.fieldVectors[fieldRef], score = queryVectors[fieldRef.fieldName].similarity(fieldVector), docMatch;
          if ((docMatch = matches[docRef]) !== void 0) {
            docMatch.score += score;
            docMatch.matchData.combine(matchingFields[fieldRef]);
          } else {
            var match = {
              ref: docRef,
              score,
              matchData: matchingFields[fieldRef]
            };
            matches[docRef] = match;
            results.push(match);
          }
        }
        return results.sort(function(a, b) {
          return b.score - a.score;
        });
      };
      lunr2.Index.prototype.toJSON = function() {
        var invertedIndex = Object.keys(this.invertedIndex).sort().map(function(term) {
          return [term, this.invertedIndex[term]];
        }, this);
        var fieldVectors = Object.keys(this.fieldVectors).map(function(ref) {
          return [ref, this.fieldVectors[ref].toJSON()];
        }, this);
        return {
          version: lunr2.version,
          fields: this.fields,
          fieldVectors,
          invertedIndex,
          pipeline: this.pipeline.toJSON()
        };
      };
      lunr2.Index.load = function(serializedIndex) {
        var attrs = {}, fieldVectors = {}, serializedVectors = serializedIndex.fieldVectors, invertedIndex = /* @__PURE__ */ Object.create(null), serializedInvertedIndex = serializedIndex.invertedIndex, tokenSetBuilder = new lunr2.TokenSet.Builder(), pipeline = lunr2.Pipeline.load(serializedIndex.pipeline);
        if (serializedIndex.version != lunr2.version) {
          lunr2.utils.warn("Version mismatch when loading serialised index. Current version of lunr '" + lunr2.version + "' does not match serialized index '" + serializedIndex.version + "'");
        }
        for (var i = 0; i < serializedVectors.length; i++) {
          var tuple = serializedVectors[i], ref = tuple[0], elements = tuple[1];
          fieldVectors[ref] = new lunr2.Vector(elements);
        }
        for (var i = 0; i < serializedInvertedIndex.length; i++) {
          var tuple = serializedInvertedIndex[i], term = tuple[0], posting = tuple[1];
          tokenSetBuilder.insert(term);
          invertedIndex[term] = posting;
        }
        tokenSetBuilder.finish();
        attrs.fields = serializedIndex.fields;
        attrs.fieldVectors = fieldVectors;
        attrs.invertedIndex = invertedIndex;
        attrs.tokenSet = tokenSetBuilder.root;
        attrs.pipeline = pipeline;
        return new lunr2.Index(attrs);
      };
      lunr2.Builder = function() {
        this._ref = "id";
        this._fields = /* @__PURE__ */ Object.create(null);
        this._documents = /* @__PURE__ */ Object.create(null);
        this.invertedIndex = /* @__PURE__ */ Object.create(null);
        this.fieldTermFrequencies = {};
        this.fieldLengths = {};
        this.tokenizer = lunr2.tokenizer;
        this.pipeline = new lunr2.Pipeline();
        this.searchPipeline = new lunr2.Pipeline();
        this.documentCount = 0;
        this._b = 0.75;
        this._k1 = 1.2;
        this.termIndex = 0;
        this.metadataWhitelist = [];
      };
      lunr2.Builder.prototype.ref = function(ref) {
        this._ref = ref;
      };
      lunr2.Builder.prototype.field = function(fieldName, attributes) {
        if (/\//.test(fieldName)) {
          throw new RangeError("Field '" + fieldName + "' contains illegal character '/'");
        }
        this._fields[fieldName] = attributes || {};
      };
      lunr2.Builder.prototype.b = function(number) {
        if (number < 0) {
          this._b = 0;
        } else if (number > 1) {
          this._b = 1;
        } else {
          this._b = number;
        }
      };
      lunr2.Builder.prototype.k1 = function(number) {
        this._k1 = number;
      };
      lunr2.Builder.prototype.add = function(doc, attributes) {
        var docRef = doc[this._ref], fields = Object.keys(this._fields);
        this._documents[docRef] = attributes || {};
        this.documentCount += 1;
        for (var i = 0; i < fields.length; i++) {
          var fieldName = fields[i], extractor = this._fields[fieldName].extractor, field = extractor ? extractor(doc) : doc[fieldName], tokens = this.tokenizer(field, {
            fields: [fieldName]
          }), terms = this.pipeline.run(tokens), fieldRef = new lunr2.FieldRef(docRef, fieldName), fieldTerms = /* @__PURE__ */ Object.create(null);
          this.fieldTermFrequencies[fieldRef] = fieldTerms;
          this.fieldLengths[fieldRef] = 0;
          this.fieldLengths[fieldRef] += terms.length;
          for (var j = 0; j < terms.length; j++) {
            var term = terms[j];
            if (fieldTerms[term] == void 0) {
              fieldTerms[term] = 0;
            }
            fieldTerms[term] += 1;
            if (this.invertedIndex[term] == void 0) {
              var posting = /* @__PURE__ */ Object.create(null);
              posting["_index"] = this.termIndex;
              this.termIndex += 1;
              for (var k = 0; k < fields.length; k++) {
                posting[fields[k]] = /* @__PURE__ */ Object.create(null);
              }
              this.invertedIndex[term] = posting;
            }
            if (this.invertedIndex[term][fieldName][docRef] == void 0) {
              this.invertedIndex[term][fieldName][docRef] = /* @__PURE__ */ Object.create(null);
            }
            for (var l = 0; l < this.metadataWhitelist.length; l++) {
              var metadataKey = this.metadataWhitelist[l], metadata = term.metadata[metadataKey];
              if (this.invertedIndex[term][fieldName][docRef][metadataKey] == void 0) {
                this.invertedIndex[term][fieldName][docRef][metadataKey] = [];
              }
              this.invertedIndex[term][fieldName][docRef][metadataKey].push(metadata);
            }
          }
        }
      };
      lunr2.Builder.prototype.calculateAverageFieldLengths = function() {
        var fieldRefs = Object.keys(this.fieldLengths), numberOfFields = fieldRefs.length, accumulator = {}, documentsWithField = {};
        for (var i = 0; i < numberOfFields; i++) {
          var fieldRef = lunr2.FieldRef.fromString(fieldRefs[i]), field = fieldRef.fieldName;
          documentsWithField[field] || (documentsWithField[field] = 0);
          documentsWithField[field] += 1;
          accumulator[field] || (accumulator[field] = 0);
          accumulator[field] += this.fieldLengths[fieldRef];
        }
        var fields = Object.keys(this._fields);
        for (var i = 0; i < fields.length; i++) {
          var fieldName = fields[i];
          accumulator[fieldName] = accumulator[fieldName] / documentsWithField[fieldName];
        }
        this.averageFieldLength = accumulator;
      };
      lunr2.Builder.prototype.createFieldVectors = function() {
        var fieldVectors = {}, fieldRefs = Object.keys(this.fieldTermFrequencies), fieldRefsLength = fieldRefs.length, termIdfCache = /* @__PURE__ */ Object.create(null);
        for (var i = 0; i < fieldRefsLength; i++) {
          var fieldRef = lunr2.FieldRef.fromString(fieldRefs[i]), fieldName = fieldRef.fieldName, fieldLength = this.fieldLengths[fieldRef], fieldVector = new lunr2.Vector(), termFrequencies = this.fieldTermFrequencies[fieldRef], terms = Object.keys(termFrequencies), termsLength = terms.length;
          var fieldBoost = this._fields[fieldName].boost || 1, docBoost = this._documents[fieldRef.docRef].boost || 1;
          for (var j = 0; j < termsLength; j++) {
            var term = terms[j], tf = termFrequencies[term], termIndex = this.invertedIndex[term]._index, idf, score, scoreWithPrecision;
            if (termIdfCache[term] === void 0) {
              idf = lunr2.idf(this.invertedIndex[term], this.documentCount);
              termIdfCache[term] = idf;
            } else {
              idf = termIdfCache[term];
            }
            score = idf * ((this._k1 + 1) * tf) / (this._k1 * (1 - this._b + this._b * (fieldLength / this.averageFieldLength[fieldName])) + tf);
            score *= fieldBoost;
            score *= docBoost;
            scoreWithPrecision = Math.round(score * 1e3) / 1e3;
            fieldVector.insert(termIndex, scoreWithPrecision);
          }
          fieldVectors[fieldRef] = fieldVector;
        }
        this.fieldVectors = fieldVectors;
      };
      lunr2.Builder.prototype.createTokenSet = function() {
        this.tokenSet = lunr2.TokenSet.fromArray(
          Object.keys(this.invertedIndex).sort()
        );
      };
      lunr2.Builder.prototype.build = function() {
        this.calculateAverageFieldLengths();
        this.createFieldVectors();
        this.createTokenSet();
        return new lunr2.Index({
          invertedIndex: this.invertedIndex,
          fieldVectors: this.fieldVectors,
          tokenSet: this.tokenSet,
          fields: Object.keys(this._fields),
          pipeline: this.searchPipeline
        });
      };
      lunr2.Builder.prototype.use = function(fn) {
        var args = Array.prototype.slice.call(arguments, 1);
        args.unshift(this);
        fn.apply(this, args);
      };
      lunr2.MatchData = function(term, field, metadata) {
        var clonedMetadata = /* @__PURE__ */ Object.create(null), metadataKeys = Object.keys(metadata || {});
        for (var i = 0; i < metadataKeys.length; i++) {
          var key = metadataKeys[i];
          clonedMetadata[key] = metadata[key].slice();
        }
        this.metadata = /* @__PURE__ */ Object.create(null);
        if (term !== void 0) {
          this.metadata[term] = /* @__PURE__ */ Object.create(null);
          this.metadata[term][field] = clonedMetadata;
        }
      };
      lunr2.MatchData.prototype.combine = function(otherMatchData) {
        var terms = Object.keys(otherMatchData.metadata);
        for (var i = 0; i < terms.length; i++) {
          var term = terms[i], fields = Object.keys(otherMatchData.metadata[term]);
          if (this.metadata[term] == void 0) {
            this.metadata[term] = /* @__PURE__ */ Object.create(null);
          }
          for (var j = 0; j < fields.length; j++) {
            var field = fields[j], keys = Object.keys(otherMatchData.metadata[term][field]);
            if (this.metadata[term][field] == void 0) {
              this.metadata[term][field] = /* @__PURE__ */ Object.create(null);
            }
            for (var k = 0; k < keys.length; k++) {
              var key = keys[k];
              if (this.metadata[term][field][key] == void 0) {
                this.metadata[term][field][key] = otherMatchData.metadata[term][field][key];
              } else {
                this.metadata[term][field][key] = this.metadata[term][field][key].concat(otherMatchData.metadata[term][field][key]);
              }
            }
          }
        }
      };
      lunr2.MatchData.prototype.add = function(term, field, metadata) {
        if (!(term in this.metadata)) {
          this.metadata[term] = /* @__PURE__ */ Object.create(null);
          this.metadata[term][field] = metadata;
          return;
        }
        if (!(field in this.metadata[term])) {
          this.metadata[term][field] = metadata;
          return;
        }
        var metadataKeys = Object.keys(metadata);
        for (var i = 0; i < metadataKeys.length; i++) {
          var key = metadataKeys[i];
          if (key in this.metadata[term][field]) {
            this.metadata[term][field][key] = this.metadata[term][field][key].concat(metadata[key]);
          } else {
            this.metadata[term][field][key] = metadata[key];
          }
        }
      };
      lunr2.Query = function(allFields) {
        this.clauses = [];
        this.allFields = allFields;
      };
      lunr2.Query.wildcard = new String("*");
      lunr2.Query.wildcard.NONE = 0;
      lunr2.Query.wildcard.LEADING = 1;
      lunr2.Query.wildcard.TRAILING = 2;
      lunr2.Query.presence = {
        /**
         * Term's presence in a document is optional, this is the default value.
         */
        OPTIONAL: 1,
        /**
         * Term's presence in a document is required, documents that do not contain
         * this term will not be returned.
         */
        REQUIRED: 2,
        /**
         * Term's presence in a document is prohibited, documents that do contain
         * this term will not be returned.
         */
        PROHIBITED: 3
      };
      lunr2.Query.prototype.clause = function(clause) {
        if (!("fields" in clause)) {
          clause.fields = this.allFields;
        }
        if (!("boost" in clause)) {
          clause.boost = 1;
        }
        if (!("usePipeline" in clause)) {
          clause.usePipeline = true;
        }
        if (!("wildcard" in clause)) {
          clause.wildcard = lunr2.Query.wildcard.NONE;
        }
        if (clause.wildcard & lunr2.Query.wildcard.LEADING && clause.term.charAt(0) != lunr2.Query.wildcard) {
          clause.term = "*" + clause.term;
        }
        if (clause.wildcard & lunr2.Query.wildcard.TRAILING && clause.term.slice(-1) != lunr2.Query.wildcard) {
          clause.term = "" + clause.term + "*";
        }
        if (!("presence" in clause)) {
          clause.presence = lunr2.Query.presence.OPTIONAL;
        }
        this.clauses.push(clause);
        return this;
      };
      lunr2.Query.prototype.isNegated = function() {
        for (var i = 0; i < this.clauses.length; i++) {
          if (this.clauses[i].presence != lunr2.Query.presence.PROHIBITED) {
            return false;
          }
        }
        return true;
      };
      lunr2.Query.prototype.term = function(term, options) {
        if (Array.isArray(term)) {
          term.forEach(function(t) {
            this.term(t, lunr2.utils.clone(options));
          }, this);
          return this;
        }
        var clause = options || {};
        clause.term = term.toString();
        this.clause(clause);
        return this;
      };
      lunr2.QueryParseError = function(message, start, end) {
        this.name = "QueryParseError";
        this.message = message;
        this.start = start;
        this.end = end;
      };
      lunr2.QueryParseError.prototype = new Error();
      lunr2.QueryLexer = function(str) {
        this.lexemes = [];
        this.str = str;
        this.length = str.length;
        this.pos = 0;
        this.start = 0;
        this.escapeCharPositions = [];
      };
      lunr2.QueryLexer.prototype.run = function() {
        var state = lunr2.QueryLexer.lexText;
        while (state) {
          state = state(this);
        }
      };
      lunr2.QueryLexer.prototype.sliceString = function() {
        var subSlices = [], sliceStart = this.start, sliceEnd = this.pos;
        for (var i = 0; i < this.escapeCharPositions.length; i++) {
          sliceEnd = this.escapeCharPositions[i];
          subSlices.push(this.str.slice(sliceStart, sliceEnd));
          sliceStart = sliceEnd + 1;
        }
        subSlices.push(this.str.slice(sliceStart, this.pos));
        this.escapeCharPositions.length = 0;
        return subSlices.join("");
      };
      lunr2.QueryLexer.prototype.emit = function(type) {
        this.lexemes.push({
          type,
          str: this.sliceString(),
          start: this.start,
          end: this.pos
        });
        this.start = this.pos;
      };
      lunr2.QueryLexer.prototype.escapeCharacter = function() {
        this.escapeCharPositions.push(this.pos - 1);
        this.pos += 1;
      };
      lunr2.QueryLexer.prototype.next = function() {
        if (this.pos >= this.length) {
          return lunr2.QueryLexer.EOS;
        }
        var char = this.str.charAt(this.pos);
        this.pos += 1;
        return char;
      };
      lunr2.QueryLexer.prototype.width = function() {
        return this.pos - this.start;
      };
      lunr2.QueryLexer.prototype.ignore = function() {
        if (this.start == this.pos) {
          this.pos += 1;
        }
        this.start = this.pos;
      };
      lunr2.QueryLexer.prototype.backup = function() {
        this.pos -= 1;
      };
      lunr2.QueryLexer.prototype.acceptDigitRun = function() {
        var char, charCode;
        do {
          char = this.next();
          charCode = char.charCodeAt(0);
        } while (charCode > 47 && charCode < 58);
        if (char != lunr2.QueryLexer.EOS) {
          this.backup();
        }
      };
      lunr2.QueryLexer.prototype.more = function() {
        return this.pos < this.length;
      };
      lunr2.QueryLexer.EOS = "EOS";
      lunr2.QueryLexer.FIELD = "FIELD";
      lunr2.QueryLexer.TERM = "TERM";
      lunr2.QueryLexer.EDIT_DISTANCE = "EDIT_DISTANCE";
      lunr2.QueryLexer.BOOST = "BOOST";
      lunr2.QueryLexer.PRESENCE = "PRESENCE";
      lunr2.QueryLexer.lexField = function(lexer) {
        lexer.backup();
        lexer.emit(lunr2.QueryLexer.FIELD);
        lexer.ignore();
        return lunr2.QueryLexer.lexText;
      };
      lunr2.QueryLexer.lexTerm = function(lexer) {
        if (lexer.width() > 1) {
          lexer.backup();
          lexer.emit(lunr2.QueryLexer.TERM);
        }
        lexer.ignore();
        if (lexer.more()) {
          return lunr2.QueryLexer.lexText;
        }
      };
      lunr2.QueryLexer.lexEditDistance = function(lexer) {
        lexer.ignore();
        lexer.acceptDigitRun();
        lexer.emit(lunr2.QueryLexer.EDIT_DISTANCE);
        return lunr2.QueryLexer.lexText;
      };
      lunr2.QueryLexer.lexBoost = function(lexer) {
        lexer.ignore();
        lexer.acceptDigitRun();
        lexer.emit(lunr2.QueryLexer.BOOST);
        return lunr2.QueryLexer.lexText;
      };
      lunr2.QueryLexer.lexEOS = function(lexer) {
        if (lexer.width() > 0) {
          lexer.emit(lunr2.QueryLexer.TERM);
        }
      };
      lunr2.QueryLexer.termSeparator = lunr2.tokenizer.separator;
      lunr2.QueryLexer.lexText = function(lexer) {
        while (true) {
          var char = lexer.next();
          if (char == lunr2.QueryLexer.EOS) {
            return lunr2.QueryLexer.lexEOS;
          }
          if (char.charCodeAt(0) == 92) {
            lexer.escapeCharacter();
            continue;
          }
          if (char == ":") {
            return lunr2.QueryLexer.lexField;
          }
          if (char == "~") {
            lexer.backup();
            if (lexer.width() > 0) {
              lexer.emit(lunr2.QueryLexer.TERM);
            }
            return lunr2.QueryLexer.lexEditDistance;
          }
          if (char == "^") {
            lexer.backup();
            if (lexer.width() > 0) {
              lexer.emit(lunr2.QueryLexer.TERM);
            }
            return lunr2.QueryLexer.lexBoost;
          }
          if (char == "+" && lexer.width() === 1) {
            lexer.emit(lunr2.QueryLexer.PRESENCE);
            return lunr2.QueryLexer.lexText;
          }
          if (char == "-" && lexer.width() === 1) {
            lexer.emit(lunr2.QueryLexer.PRESENCE);
            return lunr2.QueryLexer.lexText;
          }
          if (char.match(lunr2.QueryLexer.termSeparator)) {
            return lunr2.QueryLexer.lexTerm;
          }
        }
      };
      lunr2.QueryParser = function(str, query) {
        this.lexer = new lunr2.QueryLexer(str);
        this.query = query;
        this.currentClause = {};
        this.lexemeIdx = 0;
      };
      lunr2.QueryParser.prototype.parse = function() {
        this.lexer.run();
        this.lexemes = this.lexer.lexemes;
        var state = lunr2.QueryParser.parseClause;
        while (state) {
          state = state(this);
        }
        return this.query;
      };
      lunr2.QueryParser.prototype.peekLexeme = function() {
        return this.lexemes[this.lexemeIdx];
      };
      lunr2.QueryParser.prototype.consumeLexeme = function() {
        var lexeme = this.peekLexeme();
        this.lexemeIdx += 1;
        return lexeme;
      };
      lunr2.QueryParser.prototype.nextClause = function() {
        var completedClause = this.currentClause;
        this.query.clause(completedClause);
        this.currentClause = {};
      };
      lunr2.QueryParser.parseClause = function(parser) {
        var lexeme = parser.peekLexeme();
        if (lexeme == void 0) {
          return;
        }
        switch (lexeme.type) {
          case lunr2.QueryLexer.PRESENCE:
            return lunr2.QueryParser.parsePresence;
          case lunr2.QueryLexer.FIELD:
            return lunr2.QueryParser.parseField;
          case lunr2.QueryLexer.TERM:
            return lunr2.QueryParser.parseTerm;
          default:
            var errorMessage = "expected either a field or a term, found " + lexeme.type;
            if (lexeme.str.length >= 1) {
              errorMessage += " with value '" + lexeme.str + "'";
            }
            throw new lunr2.QueryParseError(errorMessage, lexeme.start, lexeme.end);
        }
      };
      lunr2.QueryParser.parsePresence = function(parser) {
        var lexeme = parser.consumeLexeme();
        if (lexeme == void 0) {
          return;
        }
        switch (lexeme.str) {
          case "-":
            parser.currentClause.presence = lunr2.Query.presence.PROHIBITED;
            break;
          case "+":
            parser.currentClause.presence = lunr2.Query.presence.REQUIRED;
            break;
          default:
            var errorMessage = "unrecognised presence operator'" + lexeme.str + "'";
            throw new lunr2.QueryParseError(errorMessage, lexeme.start, lexeme.end);
        }
        var nextLexeme = parser.peekLexeme();
        if (nextLexeme == void 0) {
          var errorMessage = "expecting term or field, found nothing";
          throw new lunr2.QueryParseError(errorMessage, lexeme.start, lexeme.end);
        }
        switch (nextLexeme.type) {
          case lunr2.QueryLexer.FIELD:
            return lunr2.QueryParser.parseField;
          case lunr2.QueryLexer.TERM:
            return lunr2.QueryParser.parseTerm;
          default:
            var errorMessage = "expecting term or field, found '" + nextLexeme.type + "'";
            throw new lunr2.QueryParseError(errorMessage, nextLexeme.start, nextLexeme.end);
        }
      };
      lunr2.QueryParser.parseField = function(parser) {
        var lexeme = parser.consumeLexeme();
        if (lexeme == void 0) {
          return;
        }
        if (parser.query.allFields.indexOf(lexeme.str) == -1) {
          var possibleFields = parser.query.allFields.map(function(f) {
            return "'" + f + "'";
          }).join(", "), errorMessage = "unrecognised field '" + lexeme.str + "', possible fields: " + possibleFields;
          throw new lunr2.QueryParseError(errorMessage, lexeme.start, lexeme.end);
        }
        parser.currentClause.fields = [lexeme.str];
        var nextLexeme = parser.peekLexeme();
        if (nextLexeme == void 0) {
          var errorMessage = "expecting term, found nothing";
          throw new lunr2.QueryParseError(errorMessage, lexeme.start, lexeme.end);
        }
        switch (nextLexeme.type) {
          case lunr2.QueryLexer.TERM:
            return lunr2.QueryParser.parseTerm;
          default:
            var errorMessage = "expecting term, found '" + nextLexeme.type + "'";
            throw new lunr2.QueryParseError(errorMessage, nextLexeme.start, nextLexeme.end);
        }
      };
      lunr2.QueryParser.parseTerm = function(parser) {
        var lexeme = parser.consumeLexeme();
        if (lexeme == void 0) {
          return;
        }
        parser.currentClause.term = lexeme.str.toLowerCase();
        if (lexeme.str.indexOf("*") != -1) {
          parser.currentClause.usePipeline = false;
        }
        var nextLexeme = parser.peekLexeme();
        if (nextLexeme == void 0) {
          parser.nextClause();
          return;
        }
        switch (nextLexeme.type) {
          case lunr2.QueryLexer.TERM:
            parser.nextClause();
            return lunr2.QueryParser.parseTerm;
          case lunr2.QueryLexer.FIELD:
            parser.nextClause();
            return lunr2.QueryParser.parseField;
          case lunr2.QueryLexer.EDIT_DISTANCE:
            return lunr2.QueryParser.parseEditDistance;
          case lunr2.QueryLexer.BOOST:
            return lunr2.QueryParser.parseBoost;
          case lunr2.QueryLexer.PRESENCE:
            parser.nextClause();
            return lunr2.QueryParser.parsePresence;
          default:
            var errorMessage = "Unexpected lexeme type '" + nextLexeme.type + "'";
            throw new lunr2.QueryParseError(errorMessage, nextLexeme.start, nextLexeme.end);
        }
      };
      lunr2.QueryParser.parseEditDistance = function(parser) {
        var lexeme = parser.consumeLexeme();
        if (lexeme == void 0) {
          return;
        }
        var editDistance = parseInt(lexeme.str, 10);
        if (isNaN(editDistance)) {
          var errorMessage = "edit distance must be numeric";
          throw new lunr2.QueryParseError(errorMessage, lexeme.start, lexeme.end);
        }
        parser.currentClause.editDistance = editDistance;
        var nextLexeme = parser.peekLexeme();
        if (nextLexeme == void 0) {
          parser.nextClause();
          return;
        }
        switch (nextLexeme.type) {
          case lunr2.QueryLexer.TERM:
            parser.nextClause();
            return lunr2.QueryParser.parseTerm;
          case lunr2.QueryLexer.FIELD:
            parser.nextClause();
            return lunr2.QueryParser.parseField;
          case lunr2.QueryLexer.EDIT_DISTANCE:
            return lunr2.QueryParser.parseEditDistance;
          case lunr2.QueryLexer.BOOST:
            return lunr2.QueryParser.parseBoost;
          case lunr2.QueryLexer.PRESENCE:
            parser.nextClause();
            return lunr2.QueryParser.parsePresence;
          default:
            var errorMessage = "Unexpected lexeme type '" + nextLexeme.type + "'";
            throw new lunr2.QueryParseError(errorMessage, nextLexeme.start, nextLexeme.end);
        }
      };
      lunr2.QueryParser.parseBoost = function(parser) {
        var lexeme = parser.consumeLexeme();
        if (lexeme == void 0) {
          return;
        }
        var boost = parseInt(lexeme.str, 10);
        if (isNaN(boost)) {
          var errorMessage = "boost must be numeric";
          throw new lunr2.QueryParseError(errorMessage, lexeme.start, lexeme.end);
        }
        parser.currentClause.boost = boost;
        var nextLexeme = parser.peekLexeme();
        if (nextLexeme == void 0) {
          parser.nextClause();
          return;
        }
        switch (nextLexeme.type) {
          case lunr2.QueryLexer.TERM:
            parser.nextClause();
            return lunr2.QueryParser.parseTerm;
          case lunr2.QueryLexer.FIELD:
            parser.nextClause();
            return lunr2.QueryParser.parseField;
          case lunr2.QueryLexer.EDIT_DISTANCE:
            return lunr2.QueryParser.parseEditDistance;
          case lunr2.QueryLexer.BOOST:
            return lunr2.QueryParser.parseBoost;
          case lunr2.QueryLexer.PRESENCE:
            parser.nextClause();
            return lunr2.QueryParser.parsePresence;
          default:
            var errorMessage = "Unexpected lexeme type '" + nextLexeme.type + "'";
            throw new lunr2.QueryParseError(errorMessage, nextLexeme.start, nextLexeme.end);
        }
      };
      (function(root, factory) {
        if (typeof define === "function" && define.amd) {
          define(factory);
        } else if (typeof exports2 === "object") {
          module2.exports = factory();
        } else {
          root.lunr = factory();
        }
      })(this, function() {
        return lunr2;
      });
    })();
  }
});

// src/lifecycle/blob-worker.ts
var import_node_worker_threads = require("node:worker_threads");

// src/model/content-hash.ts
var import_node_crypto = require("node:crypto");
function normalizeContent(content) {
  return content.replace(/\s+/g, " ").trim();
}
function contentDigest(content, scope) {
  return (0, import_node_crypto.createHash)("sha1").update((scope ?? "") + "\0" + normalizeContent(content)).digest().subarray(0, 12);
}

// src/git/objects.ts
var import_node_fs2 = require("node:fs");
var import_node_path2 = require("node:path");

// src/errors.ts
var MemoryError = class extends Error {
  code;
  data;
  constructor(code, message, data = {}) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.data = data;
  }
  toJSON() {
    return Object.keys(this.data).length ? { code: this.code, message: this.message, data: this.data } : { code: this.code, message: this.message };
  }
};
var NotARepositoryError = class extends MemoryError {
  constructor(dir) {
    super("NOT_A_REPOSITORY", `not a git repository: ${dir}`, { dir, next: "repository" });
  }
};
var UnsupportedRepositoryError = class extends MemoryError {
  constructor(reason) {
    super("UNSUPPORTED_REPOSITORY", `unsupported repository: ${reason}`, { reason });
  }
};
var NotFoundError = class extends MemoryError {
  /**
   * `more.detail` (a fact, e.g. "it is in the trash") follows the message; the other fields go into
   * `data` (e.g. `trashed: true`). `data.next` defaults to `list` for a memory.
   */
  constructor(id, what = "memory", more = {}) {
    const { detail, ...data } = more;
    const next = "next" in more ? more.next : what.startsWith("memory") ? "list" : void 0;
    super("NOT_FOUND", `${what} not found: ${id}${detail ? `: ${detail}` : ""}`, { id, ...data, ...next ? { next } : {} });
  }
};
var InvalidIdError = class extends MemoryError {
  constructor(id) {
    const shown = id.length > 80 ? `${JSON.stringify(id.slice(0, 80)).slice(0, -1)}\u2026" (${id.length} characters)` : JSON.stringify(id);
    super("INVALID_ID", `invalid memory id: ${shown} (ids look like mem_ followed by lowercase letters and digits, e.g. mem_0k2x9d1ab7q4ce3m)`, { id });
  }
};
var InvalidInputError = class extends MemoryError {
  constructor(message, data = {}) {
    super("INVALID_INPUT", message, data);
  }
};
var FrontMatterError = class extends InvalidInputError {
  constructor(message) {
    super(message, { field: "front-matter" });
  }
};
var EmptyContentError = class extends MemoryError {
  constructor() {
    super("EMPTY_CONTENT", "content is empty: a memory needs text", { next: "content" });
  }
};
var ContentTooLargeError = class extends MemoryError {
  constructor(a, b) {
    if (typeof a === "string") super("CONTENT_TOO_LARGE", a, b);
    else super("CONTENT_TOO_LARGE", `content is ${a} bytes, over the ${b}-byte limit: store a summary, or split it into several memories`, { bytes: a, limit: b });
  }
};
var BinaryContentError = class extends MemoryError {
  /** `message` replaces the default text (a core document is not a memory). */
  constructor(offset, message = `content contains a NUL byte at offset ${offset}: memories are text; store binary data elsewhere and remember where`) {
    super("BINARY_CONTENT", message, { offset });
  }
};
var ConfirmationRequiredError = class extends MemoryError {
  constructor(what) {
    super("CONFIRMATION_REQUIRED", `${what} needs confirmation`, { what, next: "confirm" });
  }
};
var ConflictError = class extends MemoryError {
  constructor(message, data = {}) {
    super("CONFLICT", message, data);
  }
};
var LockedError = class extends MemoryError {
  constructor(lockPath) {
    super("LOCKED", `could not lock ${lockPath}: another process holds it; if no git process is running, delete the .lock file`, { lock: lockPath });
  }
};
var CorruptObjectError = class extends MemoryError {
  constructor(oid, reason) {
    super("CORRUPT_OBJECT", `git object ${oid} could not be read: ${reason} (try "git fsck")`, { oid, reason });
  }
};
var CorruptIndexError = class extends MemoryError {
  constructor(reason) {
    super("CORRUPT_INDEX", reason, { reason });
  }
};
var SecretDetectedError = class extends MemoryError {
  constructor(findings, what, first) {
    const more = findings.length > 1 ? ` and ${findings.length - 1} more` : "";
    super("SECRET_DETECTED", `refusing to write ${what}: it contains ${first}${more}`, {
      findings: findings.map(({ kind, field, line, column, offset, length }) => ({ kind, field, line, column, offset, length }))
    });
  }
};
var DuplicateError = class extends MemoryError {
  constructor(id, message = `a memory with id ${id} already exists`) {
    super("DUPLICATE", message, { id });
  }
};
var SyncFailedError = class extends MemoryError {
  constructor(message, data = {}) {
    super("SYNC_FAILED", message, data);
  }
};
var PushRejectedError = class extends MemoryError {
  constructor(message, data = {}) {
    super("PUSH_REJECTED", message, data);
  }
};
var RemoteUnreachableError = class extends MemoryError {
  constructor(message, data = {}) {
    super("REMOTE_UNREACHABLE", message, data);
  }
};
var PermissionDeniedError = class extends MemoryError {
  constructor(message, data = {}) {
    super("PERMISSION_DENIED", message, data);
  }
};
var InvalidTreeNameError = class extends MemoryError {
  constructor(message, data) {
    super("INVALID_TREE_NAME", message, data);
  }
};
var TooManyDeletesError = class extends MemoryError {
  constructor(message, data) {
    super("TOO_MANY_DELETES", message, data);
  }
};
var EmbedderError = class extends MemoryError {
  constructor(message, data = {}) {
    super("EMBEDDER_ERROR", message, data);
  }
};
var ViewUnavailableError = class extends MemoryError {
  constructor(message, data = {}) {
    super("VIEW_UNAVAILABLE", message, data);
  }
};
var InternalError = class extends MemoryError {
  constructor(message, data = {}) {
    super("INTERNAL", message, data);
  }
};
var ObjectMissingError = class extends MemoryError {
  constructor(oid, detail = "") {
    super("OBJECT_MISSING", `git object ${oid} is not in the repository${detail ? ` (${detail})` : ""}`, {
      oid,
      ...detail ? { detail } : {},
      next: "git.fetch"
    });
  }
};
var DiskFullError = class extends MemoryError {
  constructor(path) {
    super("DISK_FULL", `no space left on the device holding ${path}: free some disk space and run the command again (nothing was changed)`, { path });
  }
};
var ReadOnlyRepositoryError = class extends MemoryError {
  constructor(path, errno) {
    super(
      "READ_ONLY_REPOSITORY",
      `cannot write to ${path} (${errno}): the repository is read-only for this user; check its permissions ("ls -ld ${path}") or run as its owner (nothing was changed)`,
      { path, errno }
    );
  }
};
var UnsafeRepositoryError = class extends MemoryError {
  constructor(dir, owner, uid) {
    super(
      "UNSAFE_REPOSITORY",
      `detected dubious ownership in repository at ${dir} (owned by uid ${owner}, you are uid ${uid}): if you trust it, run "git config --global --add safe.directory ${dir}"`,
      { dir, owner, uid }
    );
  }
};
var GitCommandError = class extends MemoryError {
  constructor(args, status, stderr) {
    const tail = stderr.trim().split("\n").slice(-3).join(" | ").slice(0, 500);
    super("GIT_FAILED", `git ${args[0] ?? ""} failed${status !== null ? ` (exit ${status})` : ""}${tail ? `: ${tail}` : ""}`, { command: args[0], status, stderr: tail });
  }
};
var ExportIncompleteError = class extends MemoryError {
  constructor(skipped, exported) {
    const list = skipped.slice(0, 10).map((s) => s.id ? `${s.id} (${s.path}: ${s.reason})` : `${s.path} (${s.reason})`).join("; ");
    super(
      "EXPORT_INCOMPLETE",
      `exported ${exported} memories; ${skipped.length} file${skipped.length === 1 ? "" : "s"} could not be read or written in a form import accepts and ${skipped.length === 1 ? "was" : "were"} left out: ${list}${skipped.length > 10 ? `; and ${skipped.length - 10} more` : ""} (fix or delete those files on the memory branch)`,
      { exported, skipped: skipped.slice(0, 1e3) }
    );
  }
};
var UnreadableMemoryError = class extends MemoryError {
  constructor(id, path, reason) {
    super("UNREADABLE_MEMORY", `memory ${id} is on the branch at ${path} but cannot be read: ${reason} (fix or delete the file on the memory branch)`, { id, path, reason });
  }
};
var CitationInvalidError = class extends MemoryError {
  constructor(spec, reason, detail, more = {}) {
    super("CITATION_INVALID", `cannot cite ${JSON.stringify(spec.slice(0, 200))}: ${detail}`, { spec: spec.slice(0, 200), reason, ...more });
  }
};
var CLASS_OF = {
  NOT_A_REPOSITORY: NotARepositoryError,
  UNSUPPORTED_REPOSITORY: UnsupportedRepositoryError,
  NOT_FOUND: NotFoundError,
  INVALID_ID: InvalidIdError,
  INVALID_INPUT: InvalidInputError,
  EMPTY_CONTENT: EmptyContentError,
  CONTENT_TOO_LARGE: ContentTooLargeError,
  BINARY_CONTENT: BinaryContentError,
  CONFIRMATION_REQUIRED: ConfirmationRequiredError,
  CONFLICT: ConflictError,
  LOCKED: LockedError,
  CORRUPT_OBJECT: CorruptObjectError,
  CORRUPT_INDEX: CorruptIndexError,
  SECRET_DETECTED: SecretDetectedError,
  DUPLICATE: DuplicateError,
  SYNC_FAILED: SyncFailedError,
  PUSH_REJECTED: PushRejectedError,
  REMOTE_UNREACHABLE: RemoteUnreachableError,
  PERMISSION_DENIED: PermissionDeniedError,
  INVALID_TREE_NAME: InvalidTreeNameError,
  TOO_MANY_DELETES: TooManyDeletesError,
  EMBEDDER_ERROR: EmbedderError,
  OBJECT_MISSING: ObjectMissingError,
  DISK_FULL: DiskFullError,
  READ_ONLY_REPOSITORY: ReadOnlyRepositoryError,
  UNSAFE_REPOSITORY: UnsafeRepositoryError,
  GIT_FAILED: GitCommandError,
  EXPORT_INCOMPLETE: ExportIncompleteError,
  UNREADABLE_MEMORY: UnreadableMemoryError,
  VIEW_UNAVAILABLE: ViewUnavailableError,
  CITATION_INVALID: CitationInvalidError,
  INTERNAL: InternalError
};
var ERROR_CODES = Object.keys(CLASS_OF);

// src/git/atomic-file.ts
var import_node_fs = require("node:fs");
var import_node_path = require("node:path");
function writeError(err, path) {
  let code = err?.code;
  if (code === "ENOENT") {
    for (let p = path, i = 0; i < 64; p = (0, import_node_path.dirname)(p), i++) {
      try {
        (0, import_node_fs.accessSync)(p, import_node_fs.constants.W_OK);
        break;
      } catch (probe) {
        const c = probe.code;
        if (c !== "ENOENT") {
          code = c ?? code;
          break;
        }
      }
      if ((0, import_node_path.dirname)(p) === p) break;
    }
  }
  if (code === "ENOSPC" || code === "EDQUOT") return new DiskFullError(path);
  if (code === "EACCES" || code === "EPERM" || code === "EROFS") return new ReadOnlyRepositoryError(path, code);
  return err;
}
function tmpNameFor(file) {
  return `${(0, import_node_path.basename)(file)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
}
var AtomicFile = class {
  constructor(dir, tmpName, opts = {}) {
    this.opts = opts;
    (0, import_node_fs.mkdirSync)(dir, { recursive: true });
    this.tmp = (0, import_node_path.join)(dir, tmpName);
    this.fd = (0, import_node_fs.openSync)(this.tmp, "w", opts.mode ?? 438);
  }
  opts;
  tmp;
  fd;
  /** Bytes written so far. */
  bytes = 0;
  write(chunk) {
    const b = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    if (this.fd === null) throw new Error(`${this.tmp} is already closed`);
    let w = 0;
    while (w < b.length) w += (0, import_node_fs.writeSync)(this.fd, b, w);
    this.bytes += b.length;
  }
  /** Closes the temp file (after an fsync if asked) and renames it to `file`. */
  commit(file) {
    const fd = this.fd;
    if (fd === null) throw new Error(`${this.tmp} is already closed`);
    this.fd = null;
    try {
      if (this.opts.fsync) (0, import_node_fs.fsyncSync)(fd);
    } finally {
      (0, import_node_fs.closeSync)(fd);
    }
    (0, import_node_fs.renameSync)(this.tmp, file);
  }
  /** Closes and removes the temp file; never throws. */
  abort() {
    if (this.fd !== null) {
      try {
        (0, import_node_fs.closeSync)(this.fd);
      } catch {
      }
      this.fd = null;
    }
    (0, import_node_fs.rmSync)(this.tmp, { force: true });
  }
};
function writeFileAtomic(file, contents, opts = {}) {
  const dir = (0, import_node_path.dirname)(file);
  let f = null;
  try {
    f = new AtomicFile(dir, opts.tmpName ?? tmpNameFor(file), opts);
    const open = f;
    if (typeof contents === "function") contents((c) => open.write(c));
    else open.write(contents);
    open.commit(file);
    return open.bytes;
  } catch (err) {
    f?.abort();
    throw writeError(err, opts.errorPath ?? dir);
  }
}

// src/git/hex-order.ts
function orderByHex(hexes) {
  const n = hexes.length;
  const byString = (a, b) => hexes[a] < hexes[b] ? -1 : hexes[a] > hexes[b] ? 1 : a - b;
  const SHIFT = 2 ** 21;
  if (n >= SHIFT) return Array.from(hexes.keys()).sort(byString);
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const head = parseInt(hexes[i].slice(0, 8), 16);
    if (!Number.isFinite(head)) return Array.from(hexes.keys()).sort(byString);
    keys[i] = head * SHIFT + i;
  }
  keys.sort();
  const order = Array.from(keys, (k) => k % SHIFT);
  for (let s = 0; s < n; ) {
    const head = Math.floor(keys[s] / SHIFT);
    let e = s + 1;
    while (e < n && Math.floor(keys[e] / SHIFT) === head) e++;
    if (e - s > 1) {
      const run = order.slice(s, e).sort(byString);
      for (let k = s; k < e; k++) order[k] = run[k - s];
    }
    s = e;
  }
  return order;
}

// src/git/objects.ts
var zlibLib;
var cryptoLib;
var zlib = () => zlibLib ??= require("node:zlib");
var crypto = () => cryptoLib ??= require("node:crypto");
var PACK_TYPES = { 1: "commit", 2: "tree", 3: "blob", 4: "tag" };
var READ_PAGE = 4096;
var WHOLE_AFTER = 64;
var LOOSE_BEFORE_PACKS = 4;
var Pack = class {
  /**
   * Reads the header and fan-out table only: a command that reads a few objects searches a few
   * slices of the index (a pread of the ids starting with one byte, ~1/256 of them) instead of
   * reading every .idx whole (171 ms of a warm search over the 20 packs of a 1,000,000-memory
   * import, each a fresh buffer). After {@link WHOLE_AFTER} objects found here the .idx is read whole.
   */
  constructor(idxPath, packPath) {
    this.idxPath = idxPath;
    this.packPath = packPath;
    this.idxFd = (0, import_node_fs2.openSync)(idxPath, "r");
    try {
      const size = (0, import_node_fs2.fstatSync)(this.idxFd).size;
      const head = Buffer.alloc(Math.min(size, 8 + 1024));
      (0, import_node_fs2.readSync)(this.idxFd, head, 0, head.length, 0);
      if (head.length >= 8 && head.readUInt32BE(0) === 4285812579) {
        const v = head.readUInt32BE(4);
        if (v !== 2) throw new CorruptObjectError(idxPath, `unsupported pack index version ${v} (versions 1 and 2 are read)`);
        this.version = 2;
        this.fanout = 8;
      } else {
        this.version = 1;
        this.fanout = 0;
      }
      if (size < this.fanout + 256 * 4 + 40 || head.length < this.fanout + 1024) throw new CorruptObjectError(idxPath, "truncated pack index");
      this.fan = head.subarray(this.fanout, this.fanout + 1024);
      this.count = this.fan.readUInt32BE(255 * 4);
      const need = this.version === 2 ? 8 + 1024 + this.count * 28 + 40 : 1024 + this.count * 24 + 40;
      if (size < need) throw new CorruptObjectError(idxPath, `truncated pack index (version ${this.version})`);
    } catch (err) {
      (0, import_node_fs2.closeSync)(this.idxFd);
      this.idxFd = null;
      throw err;
    }
  }
  idxPath;
  packPath;
  /** The whole .idx, once this pack has been searched often (see {@link offsetOf}). */
  idx = null;
  idxFd;
  /** The 256-entry fan-out table: how many ids start with a byte <= i. */
  fan;
  /** Objects found in this pack by {@link offsetOf}. */
  lookups = 0;
  count;
  version;
  /** Where the fan-out table starts: after the 8-byte header in v2, at 0 in v1. */
  fanout;
  fd = null;
  size = 0;
  window = null;
  /** What a small read takes (see {@link read}); larger while {@link ObjectStore.readEach} walks the pack in order. */
  page = READ_PAGE;
  /** Resolved objects by pack offset; delta chains hit the same bases again and again. */
  cache = /* @__PURE__ */ new Map();
  /** Bytes of the .idx read from its file so far (slices, or the whole file once). */
  idxRead = 0;
  /** True once the whole .idx is held in memory. */
  get whole() {
    return this.idx !== null;
  }
  idxBytes(pos, len) {
    if (this.idx) return this.idx.subarray(pos, pos + len);
    this.idxRead += len;
    const buf = Buffer.allocUnsafe(len);
    let got = 0;
    while (got < len) {
      const r = (0, import_node_fs2.readSync)(this.idxFd, buf, got, len - got, pos + got);
      if (r === 0) throw new CorruptObjectError(this.idxPath, "truncated pack index");
      got += r;
    }
    return buf;
  }
  offsetOf(oid) {
    if (!this.idx && this.lookups > WHOLE_AFTER) {
      this.idx = this.idxBytes(0, (0, import_node_fs2.fstatSync)(this.idxFd).size);
      this.closeIdx();
    }
    const first = oid[0];
    const lo0 = first === 0 ? 0 : this.fan.readUInt32BE((first - 1) * 4);
    const hi0 = this.fan.readUInt32BE(first * 4);
    if (hi0 <= lo0) return null;
    const width = this.version === 1 ? 24 : 20;
    const base = this.version === 1 ? 1024 : 8 + 1024;
    const slice = this.idxBytes(base + lo0 * width, (hi0 - lo0) * width);
    let lo = 0;
    let hi = hi0 - lo0;
    while (lo < hi) {
      const mid = lo + hi >>> 1;
      const at = mid * width + (this.version === 1 ? 4 : 0);
      const cmp = oid.compare(slice, at, at + 20);
      if (cmp === 0) {
        this.lookups++;
        if (this.version === 1) return slice.readUInt32BE(mid * 24);
        const i = lo0 + mid;
        const offBase = base + this.count * 24;
        const off = this.idxBytes(offBase + i * 4, 4).readUInt32BE(0);
        if (off & 2147483648) {
          const largeBase = offBase + this.count * 4;
          return Number(this.idxBytes(largeBase + (off & 2147483647) * 8, 8).readBigUInt64BE(0));
        }
        return off;
      }
      if (cmp < 0) hi = mid;
      else lo = mid + 1;
    }
    return null;
  }
  /**
   * Calls `visit(i, offset)` for each id of `want` (`n` binary ids of 20 bytes, sorted) that this pack
   * holds: one merge of two sorted lists instead of a binary search per id (a full index build over
   * an import's 20 packs spent 12% of its time in those searches). Compares the first four bytes as
   * numbers and the rest only when they are equal.
   */
  /** How many objects the pack holds. */
  objectCount() {
    return this.count;
  }
  matchSorted(want, n, visit) {
    if (!this.idx) {
      this.idx = this.idxBytes(0, (0, import_node_fs2.fstatSync)(this.idxFd).size);
      this.closeIdx();
    }
    const idx = this.idx;
    const v1 = this.version === 1;
    const width = v1 ? 24 : 20;
    const first = v1 ? 1024 + 4 : 8 + 1024;
    const offBase = 8 + 1024 + this.count * 24;
    let i = 0;
    let j = 0;
    while (i < n && j < this.count) {
      const at = first + j * width;
      const a = want.readUInt32BE(i * 20);
      const b = idx.readUInt32BE(at);
      let c = a < b ? -1 : a > b ? 1 : 0;
      if (c === 0) c = want.compare(idx, at + 4, at + 20, i * 20 + 4, i * 20 + 20);
      if (c < 0) i++;
      else if (c > 0) j++;
      else {
        let off;
        if (v1) off = idx.readUInt32BE(at - 4);
        else {
          off = idx.readUInt32BE(offBase + j * 4);
          if (off & 2147483648) off = Number(idx.readBigUInt64BE(offBase + this.count * 4 + (off & 2147483647) * 8));
        }
        visit(i, off);
        i++;
        j++;
      }
    }
  }
  closeIdx() {
    if (this.idxFd !== null) (0, import_node_fs2.closeSync)(this.idxFd);
    this.idxFd = null;
  }
  /**
   * Bytes at `pos`. A small read takes a whole page and keeps it: an object's header and its
   * compressed data (for a memory, a few hundred bytes) then cost one system call, not two (reads
   * were 17% of a full index build at 100,000 memories). Each page is a new buffer, never reused, so
   * what a caller holds is never overwritten.
   */
  read(pos, len) {
    const w = this.window;
    if (w && pos >= w.pos && pos + len <= w.pos + w.buf.length) return w.buf.subarray(pos - w.pos, pos - w.pos + len);
    if (this.fd === null) {
      this.fd = (0, import_node_fs2.openSync)(this.packPath, "r");
      this.size = (0, import_node_fs2.fstatSync)(this.fd).size;
    }
    const want = len < this.page ? this.page : len;
    const n = Math.max(0, Math.min(want, this.size - pos));
    const buf = Buffer.allocUnsafe(n);
    let got = 0;
    while (got < n) {
      const r = (0, import_node_fs2.readSync)(this.fd, buf, got, n - got, pos + got);
      if (r === 0) break;
      got += r;
    }
    const out = buf.subarray(0, got);
    if (len < this.page) this.window = { pos, buf: out };
    return out.subarray(0, Math.min(len, got));
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
        return zlib().inflateSync(chunk, { chunkSize: Math.max(64, size) });
      } catch (err) {
        if (chunk.length < len || len > size * 4 + (1 << 20)) throw new CorruptObjectError(`${this.packPath}@${pos}`, String(err.message));
        len *= 2;
      }
    }
  }
  close() {
    if (this.fd !== null) (0, import_node_fs2.closeSync)(this.fd);
    this.fd = null;
    this.closeIdx();
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
  return crypto().createHash("sha1").update(`${type} ${data.length}\0`).update(data).digest("hex");
}
var ObjectStore = class _ObjectStore {
  constructor(objectsDir) {
    this.objectsDir = objectsDir;
  }
  objectsDir;
  packs = null;
  lastPack = null;
  alternates = null;
  known = /* @__PURE__ */ new Set();
  /** Packs whose index could not be read, by path: reported when an object is then not found. */
  badPacks = /* @__PURE__ */ new Map();
  /**
   * Asked for an object this reader cannot find (a partial clone's promised object, a format this
   * reader does not know). GitRepository sets it to `git cat-file`, which fetches promised objects.
   */
  fallback = null;
  loadPacks() {
    if (this.packs) return this.packs;
    const dir = (0, import_node_path2.join)(this.objectsDir, "pack");
    const packs = [];
    let names = [];
    try {
      names = (0, import_node_fs2.readdirSync)(dir);
    } catch {
    }
    for (const name of names) {
      if (!name.endsWith(".idx")) continue;
      const packPath = (0, import_node_path2.join)(dir, name.slice(0, -4) + ".pack");
      if (!(0, import_node_fs2.existsSync)(packPath)) continue;
      try {
        packs.push(new Pack((0, import_node_path2.join)(dir, name), packPath));
        this.badPacks.delete(name);
      } catch (err) {
        this.badPacks.set(name, err.message);
      }
    }
    this.packs = packs;
    return packs;
  }
  loadAlternates() {
    if (this.alternates) return this.alternates;
    this.alternates = [];
    try {
      const text = (0, import_node_fs2.readFileSync)((0, import_node_path2.join)(this.objectsDir, "info", "alternates"), "utf8");
      for (const line of text.split("\n")) {
        const l = line.trim();
        if (!l || l.startsWith("#")) continue;
        this.alternates.push(new _ObjectStore((0, import_node_path2.isAbsolute)(l) ? l : (0, import_node_path2.resolve)(this.objectsDir, l)));
      }
    } catch {
    }
    return this.alternates;
  }
  readLoose(oid) {
    let raw;
    try {
      raw = (0, import_node_fs2.readFileSync)((0, import_node_path2.join)(this.objectsDir, oid.slice(0, 2), oid.slice(2)));
    } catch {
      return null;
    }
    let buf;
    try {
      buf = zlib().inflateSync(raw);
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
    const packs = this.loadPacks();
    const last = this.lastPack;
    if (last && packs.includes(last)) {
      const off = last.offsetOf(bin);
      if (off !== null) return last.readAt(off, this);
    }
    if (!rescan && packs.length > LOOSE_BEFORE_PACKS) {
      const loose = this.readLoose(oid);
      if (loose) return loose;
    }
    for (const pack of packs) {
      if (pack === last) continue;
      const off = pack.offsetOf(bin);
      if (off !== null) {
        this.lastPack = pack;
        return pack.readAt(off, this);
      }
    }
    if (rescan) {
      for (const p of this.packs ?? []) p.close();
      this.packs = null;
      return this.readPacked(oid, false);
    }
    return null;
  }
  tryRead(oid) {
    const obj = this.readPacked(oid, false) ?? this.readLoose(oid) ?? this.readPacked(oid, true);
    if (obj) return obj;
    for (const alt of this.loadAlternates()) {
      const a = alt.tryRead(oid);
      if (a) return a;
    }
    return null;
  }
  read(oid, expect) {
    if (!/^[0-9a-f]{40}$/.test(oid)) throw new CorruptObjectError(oid, "not a sha1 object id");
    const obj = this.tryRead(oid) ?? this.fallback?.(oid, expect) ?? null;
    if (!obj) {
      const bad2 = [...this.badPacks.values()];
      throw new ObjectMissingError(oid, bad2.length ? `unreadable pack index: ${bad2[0]}` : "");
    }
    if (expect && obj.type !== expect) throw new CorruptObjectError(oid, `expected a ${expect}, found a ${obj.type}`);
    return obj;
  }
  /**
   * The order {@link readEach} reads `oids` in, and where each is: the ids are sorted and merged with
   * each pack's sorted index, and each pack's objects are taken front to back. Objects in no pack
   * (loose, in an alternate, promised by a partial clone's remote) come last, in id order, to be read
   * one by one through {@link read}. A reader that splits the work (a full index build on two
   * threads, src/search/parallel-build.ts) reads parts of one plan with {@link readPlanned}, on this
   * store or on another thread's store of the same folder (packs are named by their index's path).
   */
  plan(oids) {
    const n = oids.length;
    for (const o of oids) if (!/^[0-9a-f]{40}$/.test(o)) throw new CorruptObjectError(o, "not a sha1 object id");
    const order = orderByHex(oids);
    const SHIFT = 2 ** 21;
    const want = Buffer.allocUnsafe(n * 20);
    for (let k = 0; k < n; k++) want.write(oids[order[k]], k * 20, 20, "hex");
    const found = new Uint8Array(n);
    let remaining = n;
    const out = { order: new Uint32Array(n), pack: new Int32Array(n), offset: new Float64Array(n), packs: [] };
    let at = 0;
    for (const pack of this.loadPacks()) {
      if (!remaining) break;
      const offs = [];
      const pos = [];
      pack.matchSorted(want, n, (k, off) => {
        if (found[k]) return;
        found[k] = 1;
        remaining--;
        offs.push(off);
        pos.push(order[k]);
      });
      if (!offs.length) continue;
      let byOffset;
      if (n < SHIFT && offs.every((o) => o < 2 ** 32)) byOffset = Array.from(Float64Array.from(offs, (o, j) => o * SHIFT + j).sort(), (key) => key % SHIFT);
      else byOffset = Array.from(offs.keys()).sort((x, y) => offs[x] - offs[y]);
      const no = out.packs.length;
      out.packs.push(pack.idxPath);
      for (const j of byOffset) {
        out.order[at] = pos[j];
        out.pack[at] = no;
        out.offset[at] = offs[j];
        at++;
      }
    }
    for (let k = 0; k < n; k++) {
      if (found[k]) continue;
      out.order[at] = order[k];
      out.pack[at] = -1;
      out.offset[at] = 0;
      at++;
    }
    return out;
  }
  /**
   * Object `k` of a {@link plan} (its id is `oid`, of type `expect` if given). Reading a plan's objects in order, each pack front
   * to back, takes large pages: set `sequential` while doing so.
   */
  readPlanned(plan, k, oid, expect, sequential = true) {
    const no = plan.pack[k];
    if (no < 0) return this.read(oid, expect);
    let open = this.planPacks.get(plan);
    if (!open) this.planPacks.set(plan, open = []);
    const pack = open[no] ??= this.packAt(plan.packs[no]);
    pack.page = sequential ? 1 << 18 : READ_PAGE;
    const obj = pack.readAt(plan.offset[k], this);
    if (expect && obj.type !== expect) throw new CorruptObjectError(oid, `expected a ${expect}, found a ${obj.type}`);
    return obj;
  }
  /** The pack whose index is at `idxPath`: one this store has open, else opened now (another store's plan). */
  packAt(idxPath) {
    const open = this.loadPacks().find((p) => p.idxPath === idxPath) ?? this.extraPacks.get(idxPath);
    if (open) return open;
    const pack = new Pack(idxPath, idxPath.slice(0, -4) + ".pack");
    this.extraPacks.set(idxPath, pack);
    return pack;
  }
  extraPacks = /* @__PURE__ */ new Map();
  /** Each plan's packs by number, found once (a plan of a million objects names a few dozen packs). */
  planPacks = /* @__PURE__ */ new WeakMap();
  /**
   * Reads every object of `oids` and calls `visit(i, object)` for each, in the order of {@link plan}
   * (cheapest for the object database) rather than the order given. A full index build at 1,000,000
   * memories read its blobs in tree order, which is random order in the import's packs: one system
   * call and up to 20 index searches per blob.
   */
  readEach(oids, visit, expect) {
    const plan = this.plan(oids);
    try {
      for (let k = 0; k < plan.order.length; k++) visit(plan.order[k], this.readPlanned(plan, k, oids[plan.order[k]], expect));
    } finally {
      for (const p of this.packs ?? []) p.page = READ_PAGE;
    }
  }
  /** Pack index reads of the packs open now: bytes read from .idx files, and how many are held whole. */
  indexReads() {
    let bytes = 0;
    let whole = 0;
    for (const p of this.packs ?? []) {
      bytes += p.idxRead;
      if (p.whole) whole++;
    }
    return { bytes, whole };
  }
  /** Packs whose index this reader could not use (git may still read them). */
  hasUnreadablePacks() {
    this.loadPacks();
    return this.badPacks.size > 0;
  }
  has(oid) {
    if (this.known.has(oid)) return true;
    if ((0, import_node_fs2.existsSync)((0, import_node_path2.join)(this.objectsDir, oid.slice(0, 2), oid.slice(2)))) return true;
    const bin = Buffer.from(oid, "hex");
    return this.loadPacks().some((p) => p.offsetOf(bin) !== null) || this.loadAlternates().some((a) => a.has(oid));
  }
  /** Bytes of the loose file of `oid` in this object directory, or null when it has none. */
  looseSize(oid) {
    if (!/^[0-9a-f]{40}$/.test(oid)) return null;
    try {
      return (0, import_node_fs2.statSync)((0, import_node_path2.join)(this.objectsDir, oid.slice(0, 2), oid.slice(2))).size;
    } catch {
      return null;
    }
  }
  write(type, data) {
    const oid = hashObject(type, data);
    if (this.known.has(oid)) return oid;
    const dir = (0, import_node_path2.join)(this.objectsDir, oid.slice(0, 2));
    const file = (0, import_node_path2.join)(dir, oid.slice(2));
    if (!(0, import_node_fs2.existsSync)(file)) {
      const compressed = zlib().deflateSync(Buffer.concat([Buffer.from(`${type} ${data.length}\0`), data]), { level: 1 });
      try {
        writeFileAtomic(file, compressed, { mode: 292, tmpName: `tmp_obj_${process.pid}_${Math.random().toString(36).slice(2)}`, errorPath: this.objectsDir });
      } catch (err) {
        if (!(0, import_node_fs2.existsSync)(file)) throw err;
      }
    }
    if (this.known.size > 1e5) this.known.clear();
    this.known.add(oid);
    return oid;
  }
  close() {
    for (const p of this.packs ?? []) p.close();
    this.packs = null;
    for (const p of this.extraPacks.values()) p.close();
    this.extraPacks.clear();
  }
};

// src/git/pack-entry.ts
var import_node_zlib = require("node:zlib");

// src/git/crc32.ts
var zlib2 = __toESM(require("node:zlib"), 1);
var TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 3988292384 ^ c >>> 1 : c >>> 1;
    t[n] = c;
  }
  return t;
})();
function crc32Table(bytes, value = 0) {
  let c = ~value;
  for (let i = 0; i < bytes.length; i++) c = TABLE[(c ^ bytes[i]) & 255] ^ c >>> 8;
  return (c ^ -1) >>> 0;
}
var native = zlib2.crc32;
var nativeWorks = typeof native === "function" && native(Buffer.from("b"), native(Buffer.from("a"))) === native(Buffer.from("ab"));
var crc322 = nativeWorks ? (bytes, value = 0) => bytes.length ? native(bytes, value) : value : crc32Table;

// src/git/pack-entry.ts
function packHeader(type, size) {
  const bytes = [];
  let b = type << 4 | size & 15;
  size = Math.floor(size / 16);
  while (size > 0) {
    bytes.push(b | 128);
    b = size & 127;
    size = Math.floor(size / 128);
  }
  bytes.push(b);
  return Buffer.from(bytes);
}
var BLOB = 3;
function blobEntry(data) {
  const header = packHeader(BLOB, data.length);
  const deflated = (0, import_node_zlib.deflateSync)(data, { level: 1, chunkSize: Math.max(1024, Math.min(65536, data.length + 128)) });
  return { header, deflated, crc: crc322(deflated, crc322(header)) };
}

// src/lifecycle/blob-group.ts
function ownBuffer(b) {
  const ab = b.buffer;
  return b.byteOffset === 0 && b.byteLength === ab.byteLength ? ab : ab.slice(b.byteOffset, b.byteOffset + b.byteLength);
}
function packGroup(req) {
  const { lens, froms, scopes } = req;
  const input = Buffer.from(req.buf);
  const n = lens.length;
  const parts = [];
  const packedLens = new Uint32Array(n);
  const crcs = new Uint32Array(n);
  const ids = Buffer.alloc(n * 20);
  const digests = Buffer.alloc(n * 12);
  let at = 0;
  for (let i = 0; i < n; i++) {
    const data = input.subarray(at, at + lens[i]);
    at += lens[i];
    ids.write(hashObject("blob", data), i * 20, "hex");
    if (froms[i] >= 0) contentDigest(data.toString("utf8", froms[i]), scopes[i]).copy(digests, i * 12);
    const e = blobEntry(data);
    crcs[i] = e.crc;
    packedLens[i] = e.header.length + e.deflated.length;
    parts.push(e.header, e.deflated);
  }
  return { group: req.group, buf: ownBuffer(Buffer.concat(parts)), lens: packedLens, crcs, ids, digests };
}

// src/git/tree.ts
var ESCAPED = /[\udc80-\udcff]/u;
function hasRawBytes(name) {
  return ESCAPED.test(name);
}
function shownName(name) {
  return hasRawBytes(name) ? name.replace(/[\udc80-\udcff]/gu, (c) => `\\x${(c.charCodeAt(0) - 56320).toString(16)}`) : name;
}
var ZERO = Buffer.of(0);

// src/model/bounds.ts
var MAX_TAGS = 100;
var MAX_RAW_TAGS = MAX_TAGS * 4;
var MAX_METADATA_BYTES = 16 * 1024;
var MAX_FRONT_MATTER_BYTES = 256 * 1024;
var MAX_BRANCH_FILE_BYTES = 16 * 1024 * 1024 + 256 * 1024;
function oversizedFile(bytes) {
  return bytes > MAX_BRANCH_FILE_BYTES ? `the file is ${bytes} bytes, over the ${MAX_BRANCH_FILE_BYTES}-byte limit of a memory file; not read` : null;
}
var MAX_FRONT_MATTER_NODES = 1e4;
var DEFAULT_MAX_IMPORT_BYTES = 256 * 1024 * 1024;
var DEFAULT_MAX_INPUT_BYTES = 16 * 1024 * 1024;
var MAX_TIME_MS = Date.UTC(3e3, 0, 1) - 1;

// src/model/codec.ts
var yamlLib;
function yamlLibrary() {
  return yamlLib ??= require_js_yaml();
}
var OPEN = /^---[ \t]*\r?\n/;
function parseFile(text) {
  if (text.charCodeAt(0) === 65279) text = text.slice(1);
  const open = OPEN.exec(text);
  if (!open) return { data: {}, content: text, hasFrontMatter: false };
  const close = /^---[ \t]*(?:\r?\n|$)/m;
  const rest = text.slice(open[0].length);
  const m = close.exec(rest);
  if (!m) throw new FrontMatterError('front matter is not closed by a "---" line');
  const yamlText = rest.slice(0, m.index);
  const content = rest.slice(m.index + m[0].length);
  if (yamlText.length > MAX_FRONT_MATTER_BYTES) throw new FrontMatterError(`front matter is over ${MAX_FRONT_MATTER_BYTES} bytes`);
  let data = parsePlainFrontMatter(yamlText);
  if (data === void 0) {
    try {
      const yaml = yamlLibrary();
      data = yaml.load(yamlText, { schema: yaml.CORE_SCHEMA, json: true });
    } catch (err) {
      throw new FrontMatterError(`front matter is not valid YAML: ${err.message.split("\n")[0].slice(0, 200)}`);
    }
    assertBoundedTree(data);
  }
  if (data === void 0 || data === null) data = {};
  if (typeof data !== "object" || Array.isArray(data)) throw new FrontMatterError("front matter is not a mapping of keys to values");
  return { data, content, hasFrontMatter: true };
}
function assertBoundedTree(data) {
  let budget = MAX_FRONT_MATTER_NODES;
  const walk = (v, depth) => {
    if (--budget < 0) throw new FrontMatterError(`front matter expands to more than ${MAX_FRONT_MATTER_NODES} values (YAML aliases?)`);
    if (v === null || typeof v !== "object") return;
    if (depth > 32) throw new FrontMatterError("front matter is nested more than 32 levels");
    for (const x of Array.isArray(v) ? v : Object.values(v)) walk(x, depth + 1);
  };
  walk(data, 0);
}
function setOwn(o, k, v) {
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
}
var K = `([A-Za-z_][A-Za-z0-9_-]{0,63}|"[ !#-[\\]-~]{0,64}"|'[ -&(-~]{0,64}')`;
var KEY = new RegExp(`^${K}:(?: (.*))?$`);
var ITEM = /^  - (.*)$/;
var ENTRY = new RegExp(`^  ${K}: (.*)$`);
var NOT_PLAIN_KEY = /* @__PURE__ */ new Set(["null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE", "__proto__"]);
var PLAIN = /^[A-Za-z0-9_/][ -~]*$/;
var INT = /^(?:0|-?[1-9][0-9]{0,14})$/;
var FLOAT = /^-?(?:0|[1-9][0-9]{0,14})\.[0-9]{1,15}$/;
var NUMBER_LIKE = /^(?:[-+]?(?:0b[01_]*|0x[0-9a-fA-F_]*|0o[0-7_]*|[0-9_]+)|[-+]?[0-9][0-9_]*(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?|\.[0-9_]+(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
var QUOTED = /^(?:"[ !#-[\]-~]*"|'[ -&(-~]*')$/;
var NO_VALUE = /* @__PURE__ */ Symbol("no value");
function keyOf(raw) {
  if (raw[0] === '"' || raw[0] === "'") raw = raw.slice(1, -1);
  else if (NOT_PLAIN_KEY.has(raw)) return void 0;
  return raw === "__proto__" ? void 0 : raw;
}
function plainScalar(s) {
  switch (s) {
    case "null":
    case "Null":
    case "NULL":
    case "~":
      return null;
    case "true":
    case "True":
    case "TRUE":
      return true;
    case "false":
    case "False":
    case "FALSE":
      return false;
    case "[]":
      return [];
    case "{}":
      return {};
  }
  if (QUOTED.test(s)) return s.slice(1, -1);
  if (INT.test(s) || FLOAT.test(s)) return Number(s);
  if (NUMBER_LIKE.test(s) || !PLAIN.test(s) || s.endsWith(" ") || s.endsWith(":") || s.includes(": ") || s.includes(" #")) return NO_VALUE;
  return s;
}
function parsePlainFrontMatter(text) {
  if (text === "") return {};
  if (!text.endsWith("\n") || text.includes("\r") || text.includes("	")) return void 0;
  const lines = text.slice(0, -1).split("\n");
  const data = {};
  const has = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
  for (let i = 0; i < lines.length; i++) {
    const m = KEY.exec(lines[i]);
    const key = m ? keyOf(m[1]) : void 0;
    if (!m || key === void 0 || has(data, key)) return void 0;
    if (m[2] !== void 0) {
      const v = plainScalar(m[2]);
      if (v === NO_VALUE) return void 0;
      data[key] = v;
      continue;
    }
    const first = lines[i + 1] ?? "";
    if (ITEM.test(first)) {
      const list = [];
      let item;
      while (i + 1 < lines.length && (item = ITEM.exec(lines[i + 1]))) {
        const v = plainScalar(item[1]);
        if (v === NO_VALUE) return void 0;
        list.push(v);
        i++;
      }
      data[key] = list;
    } else if (ENTRY.test(first)) {
      const map = {};
      let entry;
      while (i + 1 < lines.length && (entry = ENTRY.exec(lines[i + 1]))) {
        const k = keyOf(entry[1]);
        if (k === void 0 || has(map, k)) return void 0;
        const v = plainScalar(entry[2]);
        if (v === NO_VALUE) return void 0;
        map[k] = v;
        i++;
      }
      data[key] = map;
    } else return void 0;
  }
  return data;
}

// src/model/id.ts
var cryptoLib2;
var crypto2 = () => cryptoLib2 ??= require("node:crypto");
var ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
var TIME_CHARS = 9;
var RANDOM_CHARS = 8;
var ID_RE = /^mem_[a-z0-9]{1,64}$/;
function isValidId(id) {
  return typeof id === "string" && ID_RE.test(id);
}
function idTime(id) {
  const body = id.slice(4);
  if (body.length !== TIME_CHARS + RANDOM_CHARS) return null;
  let ms = 0;
  for (let i = 0; i < TIME_CHARS; i++) {
    const v = ALPHABET.indexOf(body[i]);
    if (v < 0) return null;
    ms = ms * 32 + v;
  }
  return ms;
}
function idFromPath(path) {
  const h = crypto2().createHash("sha1").update(path).digest();
  let s = "";
  for (let i = 0; i < 16; i++) s += ALPHABET[h[i] & 31];
  return "mem_" + s;
}
function bucketOf(id) {
  if (idTime(id) !== null) return id[4 + TIME_CHARS];
  return ALPHABET[crypto2().createHash("sha1").update(id).digest()[0] & 31];
}
function pathFor(id, timestamp) {
  const t = idTime(id) ?? Date.parse(timestamp);
  const d = new Date(Number.isFinite(t) ? t : 0);
  const month = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
  return `memories/${month}/${bucketOf(id)}/${id}.md`;
}

// src/model/memory.ts
var isScalar = (v) => typeof v === "string" || typeof v === "number" || typeof v === "boolean";
var PRIORITIES = ["low", "medium", "high"];
var MAX_CONTENT_BYTES = 64 * 1024;
var KNOWN = /* @__PURE__ */ new Set(["id", "tags", "category", "priority", "timestamp", "updated", "scope", "metadata"]);
function normalizeTags(input) {
  const raw = Array.isArray(input) ? input : typeof input === "string" ? input.split(",") : input == null ? [] : [input];
  const seen = /* @__PURE__ */ new Set();
  for (const t of raw) {
    if (t === null || t === void 0 || typeof t === "object" || typeof t === "function") continue;
    const tag = String(t).trim().toLowerCase().replace(/\s+/g, "-");
    if (tag) seen.add(tag);
  }
  return [...seen];
}
function isPriority(p) {
  return typeof p === "string" && PRIORITIES.includes(p);
}
var UNDATED = (/* @__PURE__ */ new Date(0)).toISOString();
function parseTime(v) {
  const t = Date.parse(v);
  const ymd = /^\s*([+-]?\d{4,6})-(\d{2})-(\d{2})/.exec(v);
  if (!ymd || !Number.isFinite(t)) return t;
  const [y, mo, d] = [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])];
  const day = new Date(Date.UTC(2e3, mo - 1, d));
  day.setUTCFullYear(y);
  return day.getUTCMonth() === mo - 1 && day.getUTCDate() === d ? t : NaN;
}
function isoOrNull(v) {
  if (typeof v !== "string" && !(v instanceof Date)) return null;
  const t = v instanceof Date ? v.getTime() : parseTime(v);
  return Number.isFinite(t) ? new Date(t).toISOString() : null;
}
function dateField(path, data, field, fallback, warn) {
  const v = data[field];
  if (v === void 0 || v === null || v === "") return null;
  const iso = isoOrNull(v);
  if (iso === null) warn(`${path}: ${field} ${JSON.stringify(String(v).slice(0, 40))} is not a valid date; using ${fallback}`);
  return iso;
}
function memoryFromFile(path, text, warn = () => {
}) {
  const tooLarge = oversizedFile(text.length);
  if (tooLarge) throw new FrontMatterError(tooLarge);
  const { data, content } = parseFile(text);
  if (data.tags !== void 0 && data.tags !== null && !isScalar(data.tags) && !(Array.isArray(data.tags) && data.tags.every((t) => t === null || isScalar(t)))) {
    throw new FrontMatterError("tags must be a list of strings");
  }
  let id = data.id;
  if (id !== void 0 && !isValidId(id)) {
    warn(`${path}: front-matter id ${JSON.stringify(String(id).slice(0, 80))} is not a valid id; using one derived from the path`);
    id = void 0;
  }
  const finalId = id ?? idFromPath(path);
  const idMs = idTime(finalId);
  const timestamp = dateField(path, data, "timestamp", idMs !== null ? "the id's time" : "none (undated)", warn) ?? (idMs !== null ? new Date(idMs).toISOString() : UNDATED);
  const extra = {};
  for (const [k, v] of Object.entries(data)) if (!KNOWN.has(k)) setOwn(extra, k, v);
  const metadata = data.metadata && typeof data.metadata === "object" && !Array.isArray(data.metadata) ? data.metadata : {};
  const m = {
    id: finalId,
    content,
    tags: normalizeTags(data.tags),
    category: typeof data.category === "string" && data.category.trim() ? data.category.trim() : "general",
    priority: isPriority(data.priority) ? data.priority : "medium",
    timestamp,
    metadata,
    path,
    extra
  };
  const updated = dateField(path, data, "updated", "none", warn);
  if (updated) m.updated = updated;
  if (typeof data.scope === "string" && data.scope) m.scope = data.scope;
  return m;
}

// src/model/catalog.ts
function unreadableFile(path, reason) {
  return `skipped ${shownName(path)}: ${reason} (fix or delete the file on the memory branch; the other memories still read)`;
}
var RAW_NAME = "its file name is not valid UTF-8, so it is not read as a memory; it is kept on the branch unchanged (rename it with git to read it)";
var REGION = 1 << 20;

// src/search/conversation.ts
var MAX_CONVERSATION_CHARS = 200;
function scalar(v) {
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  if (typeof v !== "string") return void 0;
  const t = v.trim();
  return t ? t : void 0;
}
var NO_CONVERSATION = 4294967295;
function conversationHash(key) {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 16777619) >>> 0;
  }
  return h === NO_CONVERSATION ? NO_CONVERSATION - 1 : h;
}
function conversationOf(metadata) {
  if (!metadata || typeof metadata !== "object") return void 0;
  const session = scalar(metadata.session);
  if (session) return `session:${session}`.slice(0, MAX_CONVERSATION_CHARS);
  const run = scalar(metadata.run_id);
  const job2 = scalar(metadata.job_id);
  if (run && job2) return `job:${run}/${job2}`.slice(0, MAX_CONVERSATION_CHARS);
  return void 0;
}

// src/search/blob-doc.ts
function docOf(path, oid, text, warn) {
  const m = memoryFromFile(path, text, warn);
  const ts = Date.parse(m.timestamp);
  return { id: m.id, path, oid, timestamp: Number.isFinite(ts) ? ts : 0, priority: m.priority, category: m.category, scope: m.scope, conv: convOf(m.metadata), tags: m.tags, content: m.content };
}
function convOf(metadata) {
  const key = conversationOf(metadata);
  return key === void 0 ? void 0 : conversationHash(key);
}
function skipRawName(b, path, warn) {
  if (!hasRawBytes(path)) return false;
  b.skipped++;
  warn(unreadableFile(path, RAW_NAME));
  return true;
}
function addBytes(b, path, oid, bytes, warn, parse = (text) => docOf(path, oid, text, warn)) {
  try {
    const tooLarge = bytes && oversizedFile(bytes.length);
    if (tooLarge) throw new Error(tooLarge);
    b.add(parse(bytes?.toString("utf8")));
  } catch (err) {
    b.skipped++;
    warn(unreadableFile(path, err.message));
  }
}

// src/search/analyze.ts
var import_lunr = __toESM(require_lunr(), 1);

// src/search/irregular.ts
var PAIRS = [
  "aardwolves aardwolf abaci abacus aboideaux aboideau aboiteaux aboiteau abought aby acanthi acanthus",
  "acari acarus acciaccature acciaccatura acetabula acetabulum achaemenidae achaemenid acini acinus",
  "acromia acromion addenda addendum addrest address adenocarcinomata adenocarcinoma adenomata adenoma",
  "adieux adieu adyta adytum aecia aecium aecidia aecidium aerobia aerobium aggiornamenti aggiornamento",
  "agnomina agnomen alewives alewife allodia allodium alluvia alluvium alodia alodium",
  "altocumuli altocumulus altostrati altostratus alumni alumnus alveoli alveolus amanuenses amanuensis",
  "ambulacra ambulacrum amnia amnion amniocenteses amniocentesis amoebiases amoebiasis amoraim amora",
  "amoretti amoretto amorini amorino amphiarthroses amphiarthrosis amphicia amphithecium",
  "amphimixes amphimixis amphioxi amphioxus anabases anabasis anacolutha anacoluthon",
  "anacruses anacrusis anaerobia anaerobium anagnorises anagnorisis analemmata analemma",
  "analyses analysis anamneses anamnesis anamorphoses anamorphosis anastomoses anastomosis",
  "anatyxes anaptyxis androclinia androclinium androecia androecium androsphinges androsphinx",
  "andtheridia antheridium angiomata angioma animalcula animalculum anlagen anlage annuli annulus",
  "antefixa antefix antependia antependium anthelia anthelion anthelices anthelix anthemia anthemion",
  "antheridia antheridium anthodia anthodium anthraces anthrax anticlinoria anticlinorium",
  "antihelices antihelix antisera antiserum antitheses antithesis antitragi antitragus antra antrum",
  "aphelia aphelion aphides aphis apices apex apodoses apodosis apomixes apomixis",
  "aponeuroses aponeurosis apophyses apophysis aposiopeses aposiopesis apothecia apothecium",
  "apotheoses apotheosis appendices appendix appoggiature appoggiatura apsides apsis aquaria aquarium",
  "araglis argali arboreta arboretum arcana arcanum archegonia archegonium archesporia archesporium",
  "arcked arc arcking arc argumenta argumentum ariette arietta arisen arise armamentaria armamentarium",
  "arose arise arses arsis artal rotl artel rotl arterioscleroses arteriosclerosis aruspices aruspex",
  "asceses ascesis asci ascus ascidia ascidium ascogonia ascogonium ashkenazim ashkenazi",
  "aspergilla aspergillum aspergilli aspergillus aspergilloses aspergillosis aspersoria aspersorium",
  "astragali astragalus asyndeta asyndeton atheromata atheroma atheroscleroses atherosclerosis",
  "atmolyses atmolysis atria atrium auditoria auditorium aurar eyrir aurei aureus",
  "autocatalyses autocatalysis automata automaton avitaminoses avitaminosis awoke awake awoken awake",
  "bacchii bacchius bacilli bacillus backbitten backbite backslidden backslide",
  "bacteriostases bacteriostasis bacula baculum bambini bambino bandeaux bandeau banditti bandit",
  "bani ban barklice barklouse basidia basidium basileis basileus bassi basso bateaux bateau",
  "beadsmen beadsman beaten beat beaux beau became become beeves beef befallen befall befell befall",
  "began begin begat beget begirt begird begot beget begotten beget begun begin beheld behold",
  "beholden behold behooves behoof benempt bename bersaglieri bersagliere besought beseech",
  "bespoke bespeak bespoken bespeak bestrewn bestrew bestridden bestride bestrode bestride",
  "betaken betake bethought bethink betook betake biassed bias biassing bias bicennaries bicentenary",
  "bidden bid bijoux bijou bisectrices bisectrix bitten bite bivouacked bivouac blackfeet blackfoot",
  "blastemata blastema bled bleed blest bless blew blow blown blow bok boschbok boleti boletus",
  "bolsheviki bolshevik booklice booklouse bookshelves bookshelf boraces borax borborygmi borborygmus",
  "bordereaux bordereau borne bear bought buy brachia brachium brainchildren brainchild bred breed",
  "bregmata bregma broadleaves broadleaf broke break broken break bronchi bronchus brought bring",
  "browbeaten browbeat buckteeth bucktooth built build bureaux bureau burnt burn bushbok boschbok",
  "bushboks boschbok busses bus bypast bypass byssi byssus cacti cactus caducei caduceus caeca caecum",
  "calami calamus calathi calathus calcanei calcaneum calces calx calculi calculus caldaria caldarium",
  "calices calix calli callus calves calf calyces calyx cambia cambium came come canaliculi canaliculus",
  "canthi canthus canzoni canzone capita caput capitula capitulum capricci capriccio",
  "carabinieri carabiniere carcinomata carcinoma carides caryatid caroli carolus carpi carpus",
  "carpogonia carpogonium caryopses caryopsis caryopsides caryopsis castrati castrato",
  "catabases catabasis cataclases cataclasis catalyses catalysis cathexes cathexis caudices caudex",
  "caught catch caules caulis cavatine cavatina cavetti cavetto ceca cecum cembali cembalo",
  "centesimi centesimo centra centrum cephalothoraces cephalothorax cercariiae cercaria cerci cercus",
  "cerebella cerebellum cerebra cerebrum cervices cervix cestuses caestus chadarim cheder",
  "challoth hallah chalutzim chalutz chapeaux chapeau chateaux chateau chazanim chazan chedarim cheder",
  "cherubim cherub chevied chivy chevies chivy chevying chivy chiasmata chiasma chiasmi chiasmus",
  "chid chide chidden chide children child chitarroni chitarrone chivvied chivy chivvies chivy",
  "chivvying chivy chlamydes chlamys chlamyses chlamys chondromata chondroma choragi choragus",
  "choriambi choriambus chose choose choux chou chromonemata chromonema chrysalides chrysalis",
  "ciboria ciborium cicale cicala cicatrices cicatrix ciceroni cicerone cicisbei cicisbeo cilia cilium",
  "cimices cimex cingula cingulum cirri cirrus cirrocumuli cirrocumulus cirrostrati cirrostratus",
  "clad clothe clani clarino clanos clarino clept clepe clinandria clinandrium clitella clitellum",
  "cloven cleave cloverleaves cloverleaf clung cling clypei clypeus coagula coagulum coccyges coccyx",
  "codices codex coelentera coelenteron coenuri coenurus cognomina cognomen cognosenti cognosente",
  "collegia collegium colloquia colloquium colluvia colluvium collyria collyrium colossi colossus",
  "columbaria columbarium comedones comedo concertanti concertante concerti concerto",
  "concertini concertino condottieri condottiere condylomata condyloma congii congius conidia conidium",
  "consortia consortium contagia contagium continua continuum contralti contralto",
  "conversazioni conversazione convolvuli convolvulus coria corium cornua cornu corpora corpus",
  "cortices cortex corybantes corybant coryphaei coryphaeus cothurni cothurnus countersank countersink",
  "countersunk countersink couteaux couteau crania cranium crases crasis credenda credendum",
  "crematoria crematorium crept creep crescendi crescendo cribella cribellum crises crisis",
  "crissa crissum criteria criterion crossbred crossbreed cruces crux crura crus ctenidia ctenidium",
  "cubicula cubiculum culices culex culti cultus cumuli cumulus cumulonimbi cumulonimbus",
  "cumulostrati cumulostratus curettes curet curricula curriculum curst curse custodes custos",
  "cutes cutis cycloses cyclosis cylices cylix cylikes cylix cymatia cymatium cysticerci cysticercus",
  "daymio daimio daymios daimio dealt deal debussed debus debusses debus debussing debus",
  "decemviri decemvir decennia decennium definienda definiendum definientia definiens degassed degas",
  "degasses degas degassing degas delphinia delphinium denarii denarius dentalia dentalium",
  "dermatoses dermatosis desiderata desideratum diaereses diaeresis diaerses diaeresis",
  "diagnoses diagnosis dialled dial dialling dial dialyses dialysis diaphyses diaphysis",
  "diapophyses diapophysis diarthroses diarthrosis diastalses diastalsis diastases diastasis",
  "diastemata diastema diathses diathesis dibbukkim dibbuk dichasia dichasium dicta dictum",
  "diereses dieresis dieses diesis dilettanti dilettante diluvia diluvium diplococci diplococcus",
  "disci discus discoboli discobolus disenthralled disenthral disenthralling disenthral",
  "disenthralls disenthral disenthrals disenthrall diverticula diverticulum divertimenti divertimento",
  "dogmata dogma dogteeth dogtooth domatia domatium dormice dormouse dorsa dorsum dought dow",
  "drank drink drawknives drawknife drawn draw dreamt dream driven drive duelled duel duelling duel",
  "dui duo duona duodenum duonas duodenum dupondii dupondius duumviri duumvir dwarves dwarf dwelt dwell",
  "dybbukkim dybbuk eaten eat ecchymoses ecchymosis ecdyses ecdysis echini echinus",
  "echinococci echinococcus ectozoa ectozoan edemata edema effluvia effluvium eidola eidolon",
  "eisegeses eisegesis eisteddfodau eisteddfod elenchi elenchus ellipses ellipsis eluvia eluvium",
  "elytra elytrum embedded embed embedding embed emboli embolus embussed embus embusses embus",
  "embussing embus emphases emphasis emporia emporium enarthroses enarthrosis encephala encephalon",
  "encephalitides encephalitis encephalomata encephaloma enchiridia enchiridion",
  "enchondromata enchondroma encomia encomium endocardia endocardium endocrania endocranium",
  "endometria endometrium endostea endosteum endostoses endostosis endothecia endothecium",
  "endothelia endothelium endotheliomata endothelioma endozoa endozoan enemata enema",
  "enneahedra enneahedron entases entasis entera enteron entia ens entozoa entozoan enwound enwind",
  "epencephala epencephalon epentheses epenthesis epexegeses epexegesis ephemerides ephemeris",
  "ephori ephor epicalyces epicalyx epicanthi epicanthus epicedia epicedium epicleses epiclesis",
  "epididymides epididymis epigastria epigastrium epiglottides epiglottis epimysia epimysium",
  "epiphenomena epiphenomenon epiphyses epiphysis episterna episternum epithalamia epithalamium",
  "epithelia epithelium epitheliomata epithelioma epizoa epizoan epyllia epyllion",
  "equilibria equilibrium equiseta equisetum errata erratum esophagi esophagus etyma etymon",
  "eucalypti eucalyptus eupatridae eupatrid euripi euripus exanthemata exanthema executrices executrix",
  "exegeses exegesis exempla exemplum exordia exordium exostoses exostosis extrema extremum",
  "eyeteeth eyetooth fabliaux fabliau fallen fall famuli famulus fasciculi fasciculus",
  "featherbedded featherbed feet foot fellaheen fellah fellahin fellah femora femur fermate fermata",
  "festschriften festschrift fezzes fez fibromata fibroma fideicommissa fideicommissum",
  "fieldmice fieldmouse fila filum filariiae filaria fishwives fishwife flabella flabellum",
  "flagella flagellum flagstaves flagstaff flambeaux flambeau flamines flamen flatfeet flatfoot",
  "fled flee flew fly flittermice flittermouse flocci floccus flocculi flocculus floodlit floodlight",
  "floreant floreat florilegia florilegium flown fly flung fling flyblew flyblow flyblown flyblow",
  "flyleaves flyleaf foci focus folia folium fora forum foramina foramen forbad forbid forbade forbid",
  "forbidden forbid forbore forbear forborne forbear fordid fordo fordone fordo foredid foredo",
  "foredone foredo forefeet forefoot foregone forego foreknew foreknow foreknown foreknow",
  "foreran forerun foresaw foresee foreseen foresee foreshown foreshow forespoke forespeak",
  "forespoken forespeak foreteeth foretooth foretold foretell forewent forego forgave forgive",
  "forgiven forgive forgone forgo forgot forget forgotten forget formicaria formicarium fornices fornix",
  "forsaken forsake forsook forsake forspoke forspeak forspoken forspeak forswore forswear",
  "forsworn forswear fortes fortis forwent forgo fought fight fractocumuli fractocumulus",
  "fractostrati fractostratus fraena fraenum frauen frau frena frenum frenula frenulum",
  "fricandeaux fricandeau frolicked frolic frolicking frolic frontes frons froze freeze frozen freeze",
  "frusta frustum fuci fucus fuelled fuel fuelling fuel fulcra fulcrum fumatoria fumatorium",
  "fundi fundus funiculi funiculus gainsaid gainsay gametangia gametangium gametoecia gametoecium",
  "gammadia gammadion gan gin ganglia ganglion gassed gas gasses gas gateaux gateau gave give",
  "geese goose gelled gel gelling gel gelsemia gelsemium gemboks gemsbok gembucks gemsbuck",
  "gemeinschaften gemeinschaft genera genus generatrices generatrix geneses genesis genii genius",
  "gentes gens genua genu germina germen gesellschaften gesellschaft gestalten gestalt",
  "ghostwritten ghostwrite ghostwrote ghostwrite ginglymi ginglymus girt gird gladioli gladiolus",
  "glandes glans gliomata glioma glissandi glissando glochidcia glochidium glochidia glochidium",
  "glomeruli glomerulus glottides glottis glutaei glutaeus glutei gluteus gnawn gnaw gnoses gnosis",
  "godchildren godchild goes go gomphoses gomphosis gone go gonia gonion gonidia gonidium",
  "gonococci gonococcus goodwives goodwife gorgoneia gorgoneion gospopoda gospodin goyim goy",
  "grafen graf grandchildren grandchild granulomata granuloma gravamina gravamen graven grave grew grow",
  "gript grip groszy grosz grown grow guilders guilde gummata gumma gurnards gurnar gymnasia gymnasium",
  "gynaecea gynaeceum gynaecia gynaecium gynecea gynecium gynecia gynecium gynoecea gynoecium",
  "gynoecia gynoecium gyri gyrus hacksawn hacksaw hadarim heder haematolyses haematolysis",
  "haematomata haematoma haematozoa haematozoon haemodialyses haemodialysis haemolyses haemolysis",
  "haemoptyses haemoptysis haeredes haeres haftaroth haftarah haggadas haggadah haggadoth haggada",
  "haleru haler halfpence halfpenny hallot hallah halloth hallah halluces hallux halves half",
  "hamstrung hamstring hamuli hamulus handfed handfeed haphtaroth haphtarah haredim haredi",
  "haruspices haruspex haustella haustellum haustoria haustorium hazzanim hazzan heard hear",
  "hectocotyli hectocotylus held hold helices helix hematolyses hematolysis hematomata hematoma",
  "hematozoa hematozoon hemelytra hemelytron hemielytra hemielytron hemodialyses hemodialysis",
  "hemolyses hemolysis hemoptyses hemoptysis hendecahedra hendecahedron heraclidae heraclid",
  "heraklidae heraklid herbaria herbarium hermai herma herren herr hetairai hetaira hewn hew",
  "hibernacula hibernaculum hid hide hidden hide hieracosphinges hieracosphinx hila hilum hili hilus",
  "himatia himation hippocampi hippocampus hippopotami hippopotamus hocussed hocus hocussing hocus",
  "homunculi homunculus honied honey honoraria honorarium hooves hoof horologia horologium",
  "housewives housewife hove heave humeri humerus hung hang hynia hymenium hyniums hymenium",
  "hypanthia hypanthium hyperostoses hyperostosis hypnoses hypnosis hypogastria hypogastrium",
  "hypogea hypogeum hypophyses hypophysis hypostases hypostasis hypothalami hypothalamus",
  "hypotheses hypothesis hyraces hyrax iambi iamb ibices ibex ibo igbo ichthyosauri ichthyosaurus",
  "ichthyosauruses ichthyosaur iconostases iconostas icosahedra icosahedron ideata ideatum",
  "igorrorote igorrote ilia ilium imagines imago imbedded imbed imbedding imbed imperia imperium",
  "inbred inbreed incubi incubus incudes incus indices index indumenta indumentum indusia indusium",
  "indwelt indwell infundibula infundibulum initialled initial initialling initial inlaid inlay",
  "inocula inoculum insectaria insectarium intagli intaglio interbred interbreed interlaid interlay",
  "interleaves interleaf intermezzi intermezzo interpled interplead interreges interrex",
  "interregna interregnum interwove interweave interwoven interweave involucella involucellum",
  "involucra involucrum inwove inweave inwoven inweave irides iris isthmi isthmus jackknives jackknife",
  "jambeaux jambeau jinn jinni jura jus kaddishim kaddish kalmuck kalmuc kalmucks kalmuc",
  "katabases katabasis keeshonden keeshond kept keep kibbutzim kibbutz knelt kneel knew know",
  "knives knife known know kronen krone kroner krone kronur krona krooni kroon kylikes kylix",
  "labara labarum labella labellum labia labium labra labrum lactobacilli lactobacillus",
  "lacunaria lacunar ladyfied ladify ladyfies ladify ladyfying ladify laid lay lain lie",
  "lapilli lapillus lapithae lapith larynges larynx lati lat latices latex latifundia latifundium",
  "latu lat leant lean leapt leap learnt learn leaves leaf lecythi lecythus leges lex lemmata lemma",
  "lemnisci lemniscus lenes lenis lentigines lentigo leprosaria leprosarium lepta lepton",
  "leptocephali leptocephalus leucocytozoa leucocytozoan leva lev libretti libretto lice louse",
  "lieder lied limbi limbus limina limen limites limes limuli limulus lipomata lipoma lire lira",
  "liriodendra liriodendron lisente sente listente sente litai litas litu litas lives life",
  "lixivia lixivium loaves loaf loci locus loculi loculus loggie loggia logia logion lomenta lomentum",
  "longobardi longobard lubritoria lubritorium lumbi lumbus lumina lumen lustra lustre",
  "lymphangitides lymphangitis lymphomata lymphoma lymphopoieses lymphopoiesis lyses lysis",
  "machzorim machzor macronuclei macronucleus macrosporangia macrosporangium made make madornos madrono",
  "maestri maestro mafiosi mafioso magmata magma mahzorim mahzor makuta likuta mallei malleus",
  "malleoli malleolus maloti loti manteaux manteau mantes mantis manubria manubrium marchese marchesa",
  "marchesi marchese maremme maremma markkaa markka marsupia marsupium matrices matrix matzoth matzo",
  "mausolea mausoleum maxima maximum meant mean media medium mediastina mediastinum megara megaron",
  "megasporangia megasporangium megilloth megillah meioses meiosis melanomata melanoma",
  "melismata melisma menisci meniscus menservants manservant menstrua menstruum mesdames madame",
  "mesdemoiselles mademoiselle mesentera mesenteron mesothoraces mesothorax messeigneurs monseigneur",
  "messieurs monsieur met meet metacarpi metacarpus metamorphoses metamorphosis metanephroi metanephros",
  "metastases metastasis metatarsi metatarsus metatheses metathesis metathoraces metathorax",
  "metempsychoses metempsychosis metencephala metencephalon mezuzoth mezuzah miasmata miasma mice mouse",
  "microanalyses microanalysis micrococci micrococcus micronuclei micronucleus",
  "microsporangia microsporangium midrashim midrash midwives midwife milia milium milieux milieu",
  "millennia millennium mimicked mimic mimicking mimic minima minimum ministeria ministerium",
  "minyanim minyan mioses miosis miracidia miracidium misbecame misbecome misdealt misdeal",
  "misgave misgive misgiven misgive mislaid mislay misled mislead mispled misplead misspelt misspell",
  "misspent misspend mistaken mistake mistook mistake misunderstood misunderstand",
  "mitochondria mitochondrion mitzvoth mitzvah modioli modiolus moduli modulus molten melt",
  "momenta momentum momi momus monochasia monochasium monopodia monopodium monoptera monopteron",
  "monopteroi monopteros monsignori monsignor mooncalves mooncalf moratoria moratorium morceaux morceau",
  "morphallaxes morphallaxis morphoses morphosis mosasauri mosasaurus moshavim moshav moslim moslem",
  "moslims moslem mown mow mucrones mucro murices murex muskallunge muskellunge mycelia mycelium",
  "mycetomata mycetoma myelencephala myelencephalon myiases myiasis myocardia myocardium myomata myoma",
  "myoses myosis mythoi mythos myxomata myxoma naevi naevus naoi naos narcissi narcissus nares naris",
  "nasopharynges nasopharynx natatoria natatorium nauplii nauplius nautili nautilus",
  "necropoleis necropolis nemeses nemesis nephridia nephridium neurohypophyses neurohypophysis",
  "neuromata neuroma neuroses neurosis nevi nevus nibelungen nibelung nidi nidus nielli niello",
  "nimbi nimbus nimbostrati nimbostratus nodi nodus nomina nomen nonplussed nonplus nonplusses nonplus",
  "nonplussing nonplus nota notum noumena noumenon novelle novella nucelli nucellus nuclei nucleus",
  "nucleoli nucleolus numina numen oases oasis obeli obelus obligati obligato oboli obolus",
  "occipita occiput oceanaria oceanarium ocelli ocellus octahedra octahedron octopi octopus",
  "oculi oculus odea odeum oedemata oedema oesophagi oesophagus oldwives oldwife omasa omasum",
  "omenta omentum ommatidia ommatidium onagri onager oogonia oogonium opercula operculum optima optimum",
  "ora os organa organum organums organa osar os oscula osculum ossa os osteomata osteoma ostia ostium",
  "outbidden outbid outbred outbreed outdid outdo outdone outdo outdrawn outdraw outdrew outdraw",
  "outfought outfight outgassed outgas outgasses outgas outgassing outgas outgeneralled outgeneral",
  "outgeneralling outgeneral outgone outgo outgrew outgrow outgrown outgrow outlaid outlay",
  "outran outrun outridden outride outrode outride outshone outshine outshot outshoot outsold outsell",
  "outstood outstand outthought outthink outwent outgo outwore outwear outworn outwear ova ovum",
  "overbidden overbid overblew overblow overblown overblow overbore overbear overborne overbear",
  "overbuilt overbuild overcame overcome overdid overdo overdone overdo overdrawn overdraw",
  "overdrew overdraw overdriven overdrive overdrove overdrive overflew overfly overflown overflow",
  "overgrew overgrow overgrown overgrow overheard overhear overhung overhang overlaid overlay",
  "overlain overlie overpaid overpay overpast overpass overran overrun overridden override",
  "overrode override oversaw oversee overseen oversee oversewn oversew overshot overshoot",
  "overslept oversleep oversold oversell overspent overspend overspilt overspill overtaken overtake",
  "overthrew overthrow overthrown overthrow overtook overtake overwound overwind overwritten overwrite",
  "overwrote overwrite ovoli ovolo ovotestes ovotestis oxymora oxymoron paid pay paise paisa",
  "palingeneses palingenesis palled pal pallia pallium palling pal palpi palpus pancratia pancratium",
  "panettoni panettone panicked panic panicking panic paparazzi paparazzo paperknives paperknife",
  "papillomata papilloma pappi pappus papyri papyrus parabases parabasis paraleipses paraleipsis",
  "paralyses paralysis paramenta parament paraphyses paraphysis parapodia parapodium",
  "parapraxes parapraxis paraselenae paraselene parashoth parashah parasyntheta parasyntheton",
  "parentheses parenthesis parerga parergon parhelia parhelion parietes paries partaken partake",
  "partook partake parulides parulis pasquil pasquinade pasquilled pasquinade pasquilling pasquinade",
  "pasquils pasquinade pastorali pastorale patagia patagium patresfamilias paterfamilias pease pea",
  "pectines pecten pedes pes pelves pelvis pence penny penes penis penetralia penetralium",
  "penicillia penicillium penknives penknife pennia penni pent pen pentahedra pentahedron",
  "pentimenti pentimento pepla peplum pericardia pericardium perichondria perichondrium",
  "pericrania pericranium peridia peridium perigonia perigonium perihelia perihelion perinea perineum",
  "perinephria perinephrium perionychia perionychium periostea periosteum periphrases periphrasis",
  "peristalses peristalsis perithecia perithecium peritonea peritoneum phalanges phalanx phalli phallus",
  "pharynges pharynx phenomena phenomenon philodendra philodendron phyla phylum phylae phyle",
  "phyllotaxes phyllotaxis phylogeneses phylogenesis physicked physic physicking physic",
  "picnicked picnic picnicking picnic pilei pileus pineta pinetum pithecanthropi pithecanthropus",
  "pithoi pithos planetaria planetarium plasmodesmata plasmodesma plasmodia plasmodium plateaux plateau",
  "plectra plectrum pled plead plena plenum ploughmen ploughman pneumobacilli pneumobacillus",
  "pneumococci pneumococcus pocketknives pocketknife podetia podetium podia podium poleis polis",
  "pollices pollex pollinia pollinium polychasia polychasium polyhedra polyhedron polyparia polyparium",
  "polypi polypus polyzoaria polyzoarium pontes pons pontifices pontifex portamenti portamento",
  "portmanteaux portmanteau postliminia postliminium praenomina praenomen praxes praxis",
  "predelle predella prenomina prenomen prepaid prepay prese presa primi primo primordia primordium",
  "principia principium proboscides proboscis proglottides proglottis prognoses prognosis",
  "programmes program prolegomena prolegomenon prolepses prolepsis prologed prologue prologing prologue",
  "prologs prologue promycelia promycelium pronephra pronephros pronephroi pronephros",
  "pronuclei pronucleus propositi propositus proptoses proptosis propyla propylon propylaea propylaeum",
  "proscenia proscenium prosencephala prosencephalon prostheses prosthesis prostomia prostomium",
  "protases protasis prothalamia prothalamium prothalli prothallus prothallia prothallium",
  "prothoraces prothorax protonemata protonema proven prove proventriculi proventriculus",
  "prytanea prytaneum psalteria psalterium pseudopodia pseudopodium psychoneuroses psychoneurosis",
  "psychoses psychosis pterygia pterygium ptoses ptosis pudenda pudendum puli pul pulvilli pulvillus",
  "pulvini pulvinus puparia puparium putamina putamen putti putto pycnidia pycnidium pygidia pygidium",
  "pylori pylorus pyxides pyxis pyxidia pyxidium qaddishim qaddish quadrennia quadrennium qualia quale",
  "quanta quantum quartersawn quartersaw quarterstaves quarterstaff quinquennia quinquennium",
  "quizzed quiz quizzes quiz quizzing quiz rachides rhachis radices radix radii radius ramenta ramentum",
  "rami ramus ran run rang ring ranunculi ranunculus raphae raphe rearmice rearmouse rebuilt rebuild",
  "recta rectum recti rectus rectrices rectrix redid redo redone redo referenda referendum reft reave",
  "refugia refugium reguli regulus reheard rehear reis real relata relatum remade remake remiges remex",
  "repaid repay reran rerun reremice reremouse resat resit reseaux reseau resewn resew residua residuum",
  "responsa responsum retaken retake rethought rethink retia rete retiarii retiarius reticula reticulum",
  "retinacula retinaculum retold retell retook retake rewound rewind rewritten rewrite rewrote rewrite",
  "rhabdomyomata rhabdomyoma rhachides rhachis rhachises rachis rhinencephala rhinencephalon",
  "rhizobia rhizobium rhombi rhombus rhonchi rhonchus rhyta rhyton ricercacari ricercare",
  "ricercari ricercare ridden ride rilievi rilievo risen rise riven rive rode ride rondeaux rondeau",
  "rosaria rosarium rostella rostellum rostra rostrum rouleaux rouleau rumina rumen sacra sacrum",
  "sacraria sacrarium salespeople salesperson salpinges salpinx saltarelli saltarello sancta sanctum",
  "sanitaria sanitarium sank sink santimi santims sarcophagi sarcophagus sartorii sartorius",
  "sassanidae sassanid sawn saw scaleni scalenus scarabaei scarabaeus scarves scarf",
  "schatchonim schatchen schemata schema scherzandi scherzando scherzi scherzo schmoes schmo",
  "schuln schul schutzstaffeln schutzstaffel scirrhi scirrhus scleromata scleroma scleroses sclerosis",
  "sclerotia sclerotium scoleces scolex scolices scolex scotomata scotoma scriptoria scriptorium",
  "scrota scrotum scudi scudo scuta scutum scutella scutellum scyphi scyphus secondi secondo seen see",
  "segni segno seleucidae seleucid selves self sensilla sensillum senti sent separatrices separatrix",
  "sephardim sephardi septa septum septaria septarium septennia septennium sequestra sequestrum",
  "sera serum seraphim seraph sestertia sestertium sewn sew sgraffiti sgraffito shabbasim shabbas",
  "shabbatim shabbat shadchanim shadchan shaken shake shammosim shammes shat shit shaven shave",
  "sheaves sheaf shellacked shellac shellacking shellac shelves shelf shent shend shewn shew",
  "shinleaves shinleaf shmoes shmo shod shoe shofroth shophar shone shine shophroth shophar shorn shear",
  "shown show shrank shrink shrewmice shrewmouse shriven shrive shrove shrive shrunk shrink",
  "shrunken shrink shuln shul sicked sic sicking sic siddurim siddur sightsaw sightsee",
  "sightseen sightsee sigloi siglos signori signore signorine signorina simulacra simulacrum",
  "sincipita sinciput sinfonie sinfonia sistra sistrum skydove skydive slept sleep slid slide",
  "slidden slide slung sling slunk slink smalti smalto smit smite smitten smite smote smite",
  "snaggleteeth snaggletooth snuck sneak socmen socman sola solum solaria solarium solatia solatium",
  "sold sell soldi soldo soles sol solfeggi solfeggio soli solo solidi solidus somata soma",
  "soothsaid soothsay soprani soprano sordini sordino sori sorus soroses sorosis sought seek",
  "sovkhozy sovkhoz sown sow spadices spadix spectra spectrum specula speculum sped speed",
  "spellbound spellbind spent spend spermatia spermatium spermatogonia spermatogonium",
  "spermatozoa spermatozoon spermogonia spermogonium sphinges sphinx spicula spiculum spilt spill",
  "splayfeet splayfoot splenii splenius spoilt spoil spoken speak sporangia sporangium",
  "sporogonia sporogonium spotlit spotlight sprang spring springhase springhaas sprung spring",
  "spumoni spumone spun spin sputa sputum squilgee squeegee squizzes squiz stadia stadium",
  "staminodia staminodium stank stink stapedes stapes staretsy starets startsy starets stelae stele",
  "stemmata stemma stenoses stenosis stepchildren stepchild stimuli stimulus stipites stipes stoae stoa",
  "stolen steal stomata stoma stomodaea stomodaeum stomodea stomodeum stood stand stotinki stotinka",
  "stotkini stotinka strata stratum strati stratus stratocumuli stratocumulus stretti stretto",
  "strewn strew striae stria stricken strike stridden stride striven strive strobili strobilus",
  "strode stride stromata stroma strove strive strown strow struck strike strung string stuck stick",
  "stung sting stunk stink styli stylus stylopodia stylopodium subcortices subcortex",
  "subdeliria subdelirium subgenera subgenus subindices subindex subphyla subphylum",
  "substrasta substratum subtotalled subtotal subtotalling subtotal succedanea succedaneum",
  "succubi succubus sudaria sudarium sudatoria sudatorium sulci sulcus sunk sink sunken sink",
  "superstrata superstratum swam swim sweetiewives sweetiewife swept sweep swollen swell swopped swap",
  "swopping swap swops swap swore swear sworn swear swum swim swung swing syconia syconium",
  "syllabi syllabus syllepses syllepsis symphyses symphysis sympodia sympodium symposia symposium",
  "synapses synapsis synarthroses synarthrosis synclinoria synclinorium syncytia syncytium",
  "syndesmoses syndesmosis synopses synopsis syntagmata syntagma syntheses synthesis",
  "syphilomata syphiloma syringes syrinx syssarcoses syssarcosis tableaux tableau taken take",
  "talcked talc talcking talc tali talus tallaisim tallith tallitoth tallith tapeta tapetum",
  "tarsi tarsus tarsometatarsi tarsometatarsus taught teach taxa taxon tectrices tectrix tegmina tegmen",
  "telangiectases telangiectasia telia telium tempi tempo tenacula tenaculum tenderfeet tenderfoot",
  "tenues tenuis teraphim teraph terata teras teredines teredo terga tergum termini terminus",
  "terraria terrarium terzetti terzetto testes testis tetrahedra tetrahedron tetraskelia tetraskelion",
  "thalamencephala thalamencephalon thalami thalamus thalli thallus therses thyrse thesauri thesaurus",
  "theses thesis thickleaves thickleaf thieves thief tholoi tholos thoraces thorax threw throw",
  "thriven thrive thrombi thrombus throve thrive thrown throw thymi thymus thyrsi thyrsus",
  "tintinnabula tintinnabulum titmice titmouse told tell tomenta tomentum tondi tondo tonneaux tonneau",
  "took take tophi tophus topoi topos tori torus torn tear torrify torrefy torsi torso",
  "trafficked traffic trafficking traffic tragi tragus trameled trammel trameling trammel",
  "tramelled trammel tramelling trammel tramels trammel transfixt transfix tranship transship",
  "trapezia trapezium trapezohedra trapezohedron traumata trauma treponemata treponema",
  "triclinia triclinium triennia triennium triforia triforium trihedra trihedron triskelia triskelion",
  "trisoctahedra trisoctahedron triumviri triumvir trod tread trodden tread tropaeola tropaeolum",
  "trousseaux trousseau trymata tryma turves turf tympana tympanum typewritten typewrite",
  "typewrote typewrite ubermenschen ubermensch uigurs uighur ultimata ultimatum umbilici umbilicus",
  "umbones umbo unbent unbend unbound unbind unci uncus uncidia uredium unclad unclothe",
  "underbought underbuy underfed underfeed undergirt undergird undergone undergo underlaid underlay",
  "underlain underlie underpaid underpay undershot undershoot undersold undersell understood understand",
  "undertaken undertake undertook undertake underwent undergo underwritten underwrite",
  "underwrote underwrite undid undo undone undo unfroze unfreeze unfrozen unfreeze unlaid unlay",
  "unlearnt unlearn unmade unmake unrove unreeve unsaid unsay unslung unsling unspoke unspeak",
  "unspoken unspeak unstrung unstring unstuck unstick unswore unswear unsworn unswear untaught unteach",
  "unthought unthink untrod untread untrodden untread unwound unwind upbuilt upbuild upheld uphold",
  "uphove upheave uprisen uprise uprose uprise upsprang upspring upsprung upspring upswept upsweep",
  "upswollen upswell upswung upswing uredines uredo uredinia uredinium uredosori uredosorus",
  "urinalyses urinalysis uteri uterus utriculi utriculus vacua vacuum vagi vagus vaporetti vaporetto",
  "varices varix vasa vas vascula vasculum velamina velamen velaria velarium ventriculi ventriculus",
  "vermes vermis vertices vertex vertigines vertigo vexilla vexillum viatica viaticum",
  "vibracula vibraculum villi villus vimina vimen vincula vinculum vires vis virtuosi virtuoso",
  "vitelli vitellus vivaria vivarium voces vox volkslieder volkslied volte volta vortices vortex",
  "vying vie waylaid waylay went go wept weep werewolves werewolf wharves wharf whipsawn whipsaw",
  "whizzed whiz whizzes whiz whizzing whiz winterfed winterfeed wiredrawn wiredraw wiredrew wiredraw",
  "withdrawn withdraw withdrew withdraw withheld withhold withstood withstand wives wife woke wake",
  "woken wake wolves wolf women woman woodlice woodlouse wore wear worn wear wove weave woven weave",
  "written write wrote write wrought work wrung wring xiphisterna xiphisternum ycleped clepe",
  "yclept clepe yeshivahs yeshiva yeshivoth yeshiva yogin yogi yourselves yourself zecchini zecchino",
  "zoa zoon zoaeae zoaea zoeae zoea zoeas zoaea zoonoses zoonosis"
].join(" ");
var table = null;
function irregularBase(word) {
  if (!table) {
    table = /* @__PURE__ */ new Map();
    const p = PAIRS.split(" ");
    for (let i = 0; i + 1 < p.length; i += 2) table.set(p[i], p[i + 1]);
  }
  return table.get(word);
}

// src/search/analyze.ts
var CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3005\u30fc]/u;
var CJK_RUNS = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3005\u30fc]+)/u;
var LEAD = /^[^\p{L}\p{N}]+/u;
var TRAIL = /[^\p{L}\p{N}+#]+$/u;
var PART_SPLIT = /[^\p{L}\p{N}]+/u;
var WORD_ONLY = /^[\p{L}\p{N}]+$/u;
var stemCache = /* @__PURE__ */ new Map();
function pipelineWord(word) {
  const hit = stemCache.get(word);
  if (hit !== void 0) return hit;
  let out = "";
  const tok = new import_lunr.default.Token(irregularBase(word) ?? word, {});
  if (import_lunr.default.stopWordFilter(tok) !== void 0) out = import_lunr.default.stemmer(tok).toString();
  if (stemCache.size > 5e5) stemCache.clear();
  stemCache.set(word, out);
  return out;
}
var ASCII_WORD = /^[a-z0-9]+$/;
function latinChunk(chunk, emit, word) {
  if (ASCII_WORD.test(chunk)) return word(chunk);
  const w = chunk.replace(LEAD, "").replace(TRAIL, "");
  if (!w) return;
  if (WORD_ONLY.test(w)) return word(w);
  emit(w);
  for (const part of w.split(PART_SPLIT)) {
    if (!part || part.length === 1 && !new RegExp("\\p{N}", "u").test(part)) continue;
    word(part);
  }
}
function cjkRun(run, emit, unigrams) {
  const chars = Array.from(run);
  if (chars.length === 1) {
    emit(chars[0]);
    return;
  }
  for (let i = 0; i + 1 < chars.length; i++) emit(chars[i] + chars[i + 1]);
  if (unigrams) for (const c of chars) emit(c);
}
function analyze(text, emit, forIndex, word) {
  if (!text) return;
  const plain = word ?? ((w) => {
    const t = pipelineWord(w);
    if (t) emit(t);
  });
  const norm = text.normalize("NFKC").toLowerCase();
  const hasCjk = CJK.test(norm);
  const pieces = hasCjk ? norm.split(CJK_RUNS) : [norm];
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i];
    if (!piece) continue;
    if (hasCjk && i % 2 === 1) {
      cjkRun(piece, emit, forIndex);
      continue;
    }
    for (const chunk of piece.split(/\s+/)) if (chunk) latinChunk(chunk, emit, plain);
  }
}

// src/search/segment/column.ts
var ROWS_BEFORE_WHOLE = 64;
var BYTES_PER_ROW_READ = 16 * 1024;
var StringColumn = class _StringColumn {
  constructor(blob, off, source) {
    this.source = source;
    this.data = blob;
    this.offsets = off instanceof Uint32Array ? off : null;
    this.lazyOff = off instanceof Uint32Array ? null : off;
    const total = off instanceof Uint32Array ? off[off.length - 1] ?? 0 : off.total;
    this.budget = Math.max(ROWS_BEFORE_WHOLE, Math.floor(total / BYTES_PER_ROW_READ));
  }
  source;
  data;
  offsets;
  /** Strings read one by one so far. */
  rows = 0;
  /** Strings read one by one before the whole blob is (see {@link ROWS_BEFORE_WHOLE}). */
  budget;
  lazyOff;
  /**
   * Where each string starts (and the end of the last). For a column opened lazily, read on first use
   * of the whole: a command that reads a few rows reads their two offsets each instead (the offsets of
   * a 1,000,000-row column are 4 MB).
   */
  get off() {
    return this.offsets ??= this.lazyOff.all();
  }
  /** The whole blob (read from the file on first use, for a column opened lazily). */
  get blob() {
    return this.data ??= this.source(0, this.lazyOff && !this.offsets ? this.lazyOff.total : this.off[this.off.length - 1]);
  }
  get length() {
    return this.offsets ? this.offsets.length - 1 : this.lazyOff.count;
  }
  span(i) {
    if (this.offsets) return [this.offsets[i], this.offsets[i + 1]];
    return this.lazyOff.row(i);
  }
  get(i) {
    if (!this.data && this.rows++ < this.budget) {
      const [a, b] = this.span(i);
      return this.source(a, b - a).toString("utf8");
    }
    return this.blob.toString("utf8", this.off[i], this.off[i + 1]);
  }
  bytes(i) {
    if (!this.data && this.rows++ < this.budget) {
      const [a, b] = this.span(i);
      return this.source(a, b - a);
    }
    return this.blob.subarray(this.off[i], this.off[i + 1]);
  }
  /** Index of `key` in a column sorted bytewise, or -1. */
  find(key) {
    let lo = 0;
    let hi = this.length - 1;
    while (lo <= hi) {
      const mid = lo + hi >>> 1;
      let c;
      if (this.data || !this.source) c = this.blob.compare(key, 0, key.length, this.off[mid], this.off[mid + 1]);
      else {
        const [a, z] = this.span(mid);
        c = this.source(a, z - a).compare(key);
      }
      if (c === 0) return mid;
      if (c < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
  static from(strings) {
    const off = new Uint32Array(strings.length + 1);
    for (let i = 0; i < strings.length; i++) off[i + 1] = off[i] + Buffer.byteLength(strings[i], "utf8");
    const blob = Buffer.allocUnsafe(off[strings.length]);
    for (let i = 0; i < strings.length; i++) blob.write(strings[i], off[i], "utf8");
    return new _StringColumn(blob, off);
  }
};

// src/search/segment/format.ts
var MAX_DUPES = 1e3;
var FIELDS = ["content", "tags", "category"];
var MAX_INDEXED_CHARS = 256 * 1024;
var NF = FIELDS.length;
var PRIORITY_CODE = { low: 0, medium: 1, high: 2 };
var NO_SCOPE = 4294967295;

// src/search/segment/ids.ts
function compareRows(a, ao, i, b, bo, j) {
  let x = ao[i];
  const xe = ao[i + 1];
  let y = bo[j];
  const ye = bo[j + 1];
  for (; x < xe && y < ye; x++, y++) if (a[x] !== b[y]) return a[x] - b[y];
  return xe - x - (ye - y);
}
function sortIdOrder(ids) {
  const n = ids.length;
  const blob = ids.blob;
  const off = ids.off;
  const out = new Uint32Array(n);
  let sorted = true;
  for (let d = 0; d < n; d++) {
    out[d] = d;
    if (sorted && d > 0 && compareRows(blob, off, d - 1, blob, off, d) > 0) sorted = false;
  }
  if (sorted) return out;
  const before = (x, y) => (compareRows(blob, off, x, blob, off, y) || x - y) < 0;
  let bounds = [0];
  for (let d = 1; d < n; d++) if (before(d, d - 1)) bounds.push(d);
  bounds.push(n);
  let src = out;
  let dst = new Uint32Array(n);
  while (bounds.length > 2) {
    const next = [0];
    for (let r = 0; r + 1 < bounds.length; r += 2) {
      const lo = bounds[r];
      const mid = bounds[r + 1];
      const hi = r + 2 < bounds.length ? bounds[r + 2] : mid;
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) dst[k++] = before(src[j], src[i]) ? src[j++] : src[i++];
      while (i < mid) dst[k++] = src[i++];
      while (j < hi) dst[k++] = src[j++];
      next.push(hi);
    }
    bounds = next;
    const t = src;
    src = dst;
    dst = t;
  }
  return src;
}

// src/search/segment/build.ts
function newBuildId() {
  return Date.now().toString(36) + Math.random().toString(36).slice(2, 10) + process.pid.toString(36);
}
var Grow = class {
  constructor(make) {
    this.make = make;
    this.arr = make(1024);
  }
  make;
  arr;
  size = 0;
  push(v) {
    if (this.size === this.arr.length) this.reserve(1);
    this.arr[this.size++] = v;
  }
  /** Room for `n` more values; grows by half (not double) so the slack of a large build stays small. */
  reserve(n) {
    if (this.size + n <= this.arr.length) return;
    const next = this.make(Math.max(this.size + n, Math.ceil(this.arr.length * 1.5)));
    next.set(this.arr.subarray(0, this.size));
    this.arr = next;
  }
  /** The values: a view of the storage, not a copy (the builder lets go of it). */
  done() {
    return this.arr.subarray(0, this.size);
  }
  /** Frees the storage (after a build has copied what it needs). */
  drop() {
    this.arr = this.make(0);
    this.size = 0;
  }
};
var ColumnBuilder = class {
  bytes = new Grow((n) => new Uint8Array(n));
  off = new Grow((n) => new Uint32Array(n));
  constructor() {
    this.off.push(0);
  }
  /** Room for `n` more strings of about `bytes` bytes each. */
  reserve(n, bytes) {
    this.bytes.reserve(n * bytes);
    this.off.reserve(n);
  }
  push(s) {
    const need = Buffer.byteLength(s, "utf8");
    this.bytes.reserve(need);
    const at = this.bytes.size;
    Buffer.from(this.bytes.arr.buffer, this.bytes.arr.byteOffset, this.bytes.arr.length).write(s, at, "utf8");
    this.bytes.size += need;
    this.off.push(this.bytes.size);
  }
  done() {
    const blob = this.bytes.done();
    const col = new StringColumn(Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength), this.off.done());
    this.bytes = new Grow((n) => new Uint8Array(n));
    this.off = new Grow((n) => new Uint32Array(n));
    return col;
  }
};
var Interner = class {
  list = [];
  map = /* @__PURE__ */ new Map();
  constructor(initial = []) {
    for (const s of initial) this.get(s);
  }
  get(s) {
    let i = this.map.get(s);
    if (i === void 0) {
      i = this.list.length;
      this.list.push(s);
      this.map.set(s, i);
    }
    return i;
  }
};
function sumLens(len, n) {
  const out = new Array(NF).fill(0);
  for (let d = 0; d < n; d++) for (let f = 0; f < NF; f++) out[f] += len[d * NF + f];
  return out;
}
var SURROGATE = /[\ud800-\udfff]/;
function byteOrder(strings) {
  const astral = strings.map((s) => SURROGATE.test(s));
  const order = strings.map((_, i) => i);
  order.sort((a, b) => {
    const x = strings[a];
    const y = strings[b];
    if (astral[a] || astral[b]) return Buffer.compare(Buffer.from(x, "utf8"), Buffer.from(y, "utf8"));
    return x < y ? -1 : x > y ? 1 : 0;
  });
  return order;
}
var DIGITS = /^[0-9]+$/;
var SegmentBuilder = class {
  termNo = /* @__PURE__ */ new Map();
  termStr = [];
  pTerm = new Grow((n) => new Uint32Array(n));
  pDoc = new Grow((n) => new Uint32Array(n));
  pTf = new Grow((n) => new Uint8Array(n));
  ids = new ColumnBuilder();
  paths = new ColumnBuilder();
  oids = new ColumnBuilder();
  count = 0;
  ts = [];
  prio = [];
  cat = [];
  scope = [];
  conv = [];
  tagOff = [0];
  tagIds = [];
  len = [];
  cats = new Interner();
  scopes = new Interner();
  tags = new Interner();
  seen = /* @__PURE__ */ new Set();
  skipped = 0;
  dupes = [];
  wordNo = /* @__PURE__ */ new Map();
  slotOf = new Int32Array(1024).fill(-1);
  tf = new Uint32Array(64 * NF);
  touched = [];
  get size() {
    return this.count;
  }
  /** Whether a document with this id was added (a build in parts checks each part's ids against the others). */
  hasId(id) {
    return this.seen.has(id);
  }
  numberOf(term) {
    let no = this.termNo.get(term);
    if (no === void 0) {
      no = this.termStr.length;
      this.termStr.push(term);
      this.termNo.set(term, no);
    }
    return no;
  }
  /**
   * Which files `add` takes: all, or (a full build of a branch with two files claiming one id, in two
   * sweeps) only files at their id's own path, then only the others, so the rule of src/model/id.ts
   * (copyWins: the id's own path, else the first in path order) decides which copy is indexed.
   */
  sweep = "all";
  add(d) {
    if (this.sweep !== "all" && d.path === pathFor(d.id, "") !== (this.sweep === "own")) return;
    if (this.seen.has(d.id)) {
      if (this.dupes && this.dupes.length < MAX_DUPES) this.dupes.push([d.path, d.oid]);
      else this.dupes = null;
      return;
    }
    this.seen.add(Buffer.from(d.id, "utf8").toString("utf8"));
    const doc = this.count++;
    this.ids.push(d.id);
    this.paths.push(d.path);
    this.oids.push(d.oid);
    this.ts.push(d.timestamp);
    this.prio.push(PRIORITY_CODE[d.priority] ?? 1);
    this.cat.push(this.cats.get(d.category));
    this.scope.push(d.scope ? this.scopes.get(d.scope) : NO_SCOPE);
    this.conv.push(d.conv ?? NO_SCOPE);
    for (const t of d.tags) this.tagIds.push(this.tags.get(t));
    this.tagOff.push(this.tagIds.length);
    const touched = this.touched;
    touched.length = 0;
    let f = 0;
    let count = 0;
    const hit = (no) => {
      if (no >= this.slotOf.length) {
        const grown = new Int32Array(Math.max(no + 1, this.slotOf.length * 2)).fill(-1);
        grown.set(this.slotOf);
        this.slotOf = grown;
      }
      let slot = this.slotOf[no];
      if (slot < 0) {
        slot = touched.length;
        this.slotOf[no] = slot;
        touched.push(no);
        if ((slot + 1) * NF > this.tf.length) {
          const grown = new Uint32Array(this.tf.length * 2);
          grown.set(this.tf);
          this.tf = grown;
        }
        for (let g = 0; g < NF; g++) this.tf[slot * NF + g] = 0;
      }
      this.tf[slot * NF + f]++;
      count++;
    };
    const term = (t) => hit(this.numberOf(t));
    const word = (w) => {
      if (DIGITS.test(w)) return hit(this.numberOf(w));
      let no = this.wordNo.get(w);
      if (no === void 0) {
        const t = pipelineWord(w);
        no = t ? this.numberOf(t) : -1;
        if (this.wordNo.size < 1e6) this.wordNo.set(w, no);
      }
      if (no >= 0) hit(no);
    };
    const texts = [d.content.length > MAX_INDEXED_CHARS ? d.content.slice(0, MAX_INDEXED_CHARS) : d.content, d.tags.join(" "), d.category];
    for (f = 0; f < NF; f++) {
      count = 0;
      analyze(texts[f], term, true, word);
      this.len.push(count);
    }
    for (let slot = 0; slot < touched.length; slot++) {
      const no = touched[slot];
      this.slotOf[no] = -1;
      this.pTerm.push(no);
      this.pDoc.push(doc);
      for (let g = 0; g < NF; g++) this.pTf.push(Math.min(255, this.tf[slot * NF + g]));
    }
  }
  /**
   * Room for about `docs` documents, reserved up front: a full build knows how many files it reads,
   * and growing the postings by copying them (a third of a gigabyte at 1,000,000 memories) touched
   * fresh memory several times over. Reserved pages that are never written cost no memory.
   */
  expect(docs) {
    this.pTerm.reserve(docs * 48);
    this.pDoc.reserve(docs * 48);
    this.pTf.reserve(docs * 48 * NF);
    this.ids.reserve(docs, 32);
    this.paths.reserve(docs, 64);
    this.oids.reserve(docs, 40);
  }
  finish(meta) {
    this.termNo.clear();
    this.wordNo.clear();
    const order = byteOrder(this.termStr);
    const rank = new Uint32Array(order.length);
    order.forEach((no, r) => rank[no] = r);
    const T = order.length;
    const pTerm = this.pTerm.arr;
    const P = this.pTerm.size;
    const postOff = new Uint32Array(T + 1);
    for (let i = 0; i < P; i++) postOff[rank[pTerm[i]] + 1]++;
    for (let t = 0; t < T; t++) postOff[t + 1] += postOff[t];
    const fill = postOff.slice(0, T);
    const postDoc = new Uint32Array(P);
    const postTf = new Uint8Array(P * NF);
    const srcDoc = this.pDoc.arr;
    const srcTf = this.pTf.arr;
    for (let i = 0; i < P; i++) {
      const at = fill[rank[pTerm[i]]]++;
      postDoc[at] = srcDoc[i];
      for (let f = 0; f < NF; f++) postTf[at * NF + f] = srcTf[i * NF + f];
    }
    this.pTerm.drop();
    this.pDoc.drop();
    this.pTf.drop();
    const n = this.count;
    const ids = this.ids.done();
    return {
      kind: meta.kind,
      tree: meta.tree,
      build: newBuildId(),
      baseBuild: meta.baseBuild ?? null,
      baseTree: meta.baseTree ?? null,
      n,
      skipped: this.skipped,
      dupes: this.dupes,
      ids,
      idOrder: sortIdOrder(ids),
      paths: this.paths.done(),
      oids: this.oids.done(),
      ts: Float64Array.from(this.ts),
      prio: Uint8Array.from(this.prio),
      cat: Uint32Array.from(this.cat),
      scope: Uint32Array.from(this.scope),
      conv: Uint32Array.from(this.conv),
      tagOff: Uint32Array.from(this.tagOff),
      tagIds: Uint32Array.from(this.tagIds),
      len: Uint32Array.from(this.len),
      terms: StringColumn.from(order.map((no) => this.termStr[no])),
      postOff,
      postDoc,
      postTf,
      removed: Uint32Array.from(meta.removed ?? []),
      cats: this.cats.list,
      scopes: this.scopes.list,
      tags: this.tags.list,
      lenSum: sumLens(this.len, n)
    };
  }
};

// src/search/parallel-build.ts
var threadsLib;
var threads = () => threadsLib ??= require("node:worker_threads");
var STALL_MS = 3 * 6e4;
var NEXT = 0;
var DONE = 1;
var FINISHED = 2;
var STATE = 3;
var WAITING = 0;
var STARTED = 1;
function toWire(seg) {
  const col = (c) => ({ blob: new Uint8Array(c.blob.buffer, c.blob.byteOffset, c.blob.byteLength), off: c.off });
  const wire = { ...seg, ids: col(seg.ids), paths: col(seg.paths), oids: col(seg.oids), terms: col(seg.terms) };
  const pinned = threads().isMarkedAsUntransferable;
  const transfer = /* @__PURE__ */ new Set();
  for (const v of Object.values(wire).concat([wire.ids, wire.paths, wire.oids, wire.terms].flatMap((c) => [c.blob, c.off]))) {
    if (ArrayBuffer.isView(v) && v.buffer instanceof ArrayBuffer && v.buffer.byteLength >= 1 << 16 && v.buffer.byteLength !== Buffer.poolSize && !pinned?.(v.buffer)) transfer.add(v.buffer);
  }
  return { wire, transfer: [...transfer] };
}
function takeRuns(ctrl, count, runSize, total, b, read, warnings, onFile) {
  const runs = [];
  for (; ; ) {
    const run = Atomics.add(ctrl, NEXT, 1);
    if (run >= count) return runs;
    const before = b.size;
    const warn = (message) => warnings.push([run, message]);
    for (let k = run * runSize; k < Math.min(total, (run + 1) * runSize); k++) {
      const f = read(k);
      if (!skipRawName(b, f.path, warn)) addBytes(b, f.path, f.oid, f.data, warn);
      onFile();
    }
    runs.push([run, b.size - before]);
  }
}
function runBuildJob(job2) {
  const ctrl = new Int32Array(job2.ctrl);
  if (Atomics.compareExchange(ctrl, STATE + job2.index, WAITING, STARTED) !== WAITING) return;
  Atomics.notify(ctrl, STATE + job2.index);
  try {
    const objects = new ObjectStore(job2.objectsDir);
    const paths = job2.paths.split("\0");
    const plan = { order: new Uint32Array(0), pack: job2.pack, offset: job2.offset, packs: job2.packs };
    const total = paths.length;
    const b = new SegmentBuilder();
    b.expect(total);
    const warnings = [];
    const runs = takeRuns(
      ctrl,
      Math.ceil(total / job2.run),
      job2.run,
      total,
      b,
      (k) => {
        const oid = job2.oids.slice(k * 40, k * 40 + 40);
        return { path: paths[k], oid, data: objects.readPlanned(plan, k, oid, "blob").data };
      },
      warnings,
      () => Atomics.add(ctrl, DONE, 1)
    );
    const seg = b.finish({ kind: "base", tree: "" });
    objects.close();
    const { wire, transfer } = toWire(seg);
    const answer = { ok: true, seg: wire, runs, warnings };
    try {
      job2.port.postMessage(answer, transfer);
    } catch (err) {
      if (err.name !== "DataCloneError") throw err;
      job2.port.postMessage(answer);
    }
  } catch (err) {
    job2.port.postMessage({ ok: false, error: err.stack ?? String(err) });
  } finally {
    Atomics.add(ctrl, FINISHED, 1);
    Atomics.notify(ctrl, FINISHED);
  }
}

// src/lifecycle/blob-worker.ts
var job = import_node_worker_threads.workerData;
if (job?.kind === "index-build") runBuildJob(job);
else {
  const port = import_node_worker_threads.parentPort;
  if (!port) throw new Error("blob-worker runs as a worker thread (src/lifecycle/blob-compressor.ts starts it)");
  port.on("message", (req) => {
    const answer = packGroup(req);
    port.postMessage(answer, [answer.buf]);
  });
}

import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  crc32
} from "./chunk-UCBYA3PT.js";
import {
  pathFor
} from "./chunk-FBFUYQWQ.js";
import {
  CorruptIndexError,
  SegmentClosedError
} from "./chunk-FJGJKBHJ.js";
import {
  __commonJS,
  __toESM
} from "./chunk-VBFOSH5Y.js";

// node_modules/lunr/lunr.js
var require_lunr = __commonJS({
  "node_modules/lunr/lunr.js"(exports, module) {
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
          var frame2 = stack.pop();
          if (frame2.str.length > 0) {
            var char = frame2.str.charAt(0), noEditNode;
            if (char in frame2.node.edges) {
              noEditNode = frame2.node.edges[char];
            } else {
              noEditNode = new lunr2.TokenSet();
              frame2.node.edges[char] = noEditNode;
            }
            if (frame2.str.length == 1) {
              noEditNode.final = true;
            }
            stack.push({
              node: noEditNode,
              editsRemaining: frame2.editsRemaining,
              str: frame2.str.slice(1)
            });
          }
          if (frame2.editsRemaining == 0) {
            continue;
          }
          if ("*" in frame2.node.edges) {
            var insertionNode = frame2.node.edges["*"];
          } else {
            var insertionNode = new lunr2.TokenSet();
            frame2.node.edges["*"] = insertionNode;
          }
          if (frame2.str.length == 0) {
            insertionNode.final = true;
          }
          stack.push({
            node: insertionNode,
            editsRemaining: frame2.editsRemaining - 1,
            str: frame2.str
          });
          if (frame2.str.length > 1) {
            stack.push({
              node: frame2.node,
              editsRemaining: frame2.editsRemaining - 1,
              str: frame2.str.slice(1)
            });
          }
          if (frame2.str.length == 1) {
            frame2.node.final = true;
          }
          if (frame2.str.length >= 1) {
            if ("*" in frame2.node.edges) {
              var substitutionNode = frame2.node.edges["*"];
            } else {
              var substitutionNode = new lunr2.TokenSet();
              frame2.node.edges["*"] = substitutionNode;
            }
            if (frame2.str.length == 1) {
              substitutionNode.final = true;
            }
            stack.push({
              node: substitutionNode,
              editsRemaining: frame2.editsRemaining - 1,
              str: frame2.str.slice(1)
            });
          }
          if (frame2.str.length > 1) {
            var charA = frame2.str.charAt(0), charB = frame2.str.charAt(1), transposeNode;
            if (charB in frame2.node.edges) {
              transposeNode = frame2.node.edges[charB];
            } else {
              transposeNode = new lunr2.TokenSet();
              frame2.node.edges[charB] = transposeNode;
            }
            if (frame2.str.length == 1) {
              transposeNode.final = true;
            }
            stack.push({
              node: transposeNode,
              editsRemaining: frame2.editsRemaining - 1,
              str: charA + frame2.str.slice(2)
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
          var frame2 = stack.pop(), edges = Object.keys(frame2.node.edges), len = edges.length;
          if (frame2.node.final) {
            frame2.prefix.charAt(0);
            words.push(frame2.prefix);
          }
          for (var i = 0; i < len; i++) {
            var edge = edges[i];
            stack.push({
              prefix: frame2.prefix.concat(edge),
              node: frame2.node.edges[edge]
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
        var output = new lunr2.TokenSet(), frame2 = void 0;
        var stack = [{
          qNode: b,
          output,
          node: this
        }];
        while (stack.length) {
          frame2 = stack.pop();
          var qEdges = Object.keys(frame2.qNode.edges), qLen = qEdges.length, nEdges = Object.keys(frame2.node.edges), nLen = nEdges.length;
          for (var q = 0; q < qLen; q++) {
            var qEdge = qEdges[q];
            for (var n = 0; n < nLen; n++) {
              var nEdge = nEdges[n];
              if (nEdge == qEdge || qEdge == "*") {
                var node = frame2.node.edges[nEdge], qNode = frame2.qNode.edges[qEdge], final = node.final && qNode.final, next = void 0;
                if (nEdge in frame2.output.edges) {
                  next = frame2.output.edges[nEdge];
                  next.final = next.final || final;
                } else {
                  next = new lunr2.TokenSet();
                  next.final = final;
                  frame2.output.edges[nEdge] = next;
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
          var clause = query.clauses[i], terms2 = null, clauseMatches = lunr2.Set.empty;
          if (clause.usePipeline) {
            terms2 = this.pipeline.runString(clause.term, {
              fields: clause.fields
            });
          } else {
            terms2 = [clause.term];
          }
          for (var m = 0; m < terms2.length; m++) {
            var term = terms2[m];
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
          }), terms2 = this.pipeline.run(tokens), fieldRef = new lunr2.FieldRef(docRef, fieldName), fieldTerms = /* @__PURE__ */ Object.create(null);
          this.fieldTermFrequencies[fieldRef] = fieldTerms;
          this.fieldLengths[fieldRef] = 0;
          this.fieldLengths[fieldRef] += terms2.length;
          for (var j = 0; j < terms2.length; j++) {
            var term = terms2[j];
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
          var fieldRef = lunr2.FieldRef.fromString(fieldRefs[i]), fieldName = fieldRef.fieldName, fieldLength = this.fieldLengths[fieldRef], fieldVector = new lunr2.Vector(), termFrequencies = this.fieldTermFrequencies[fieldRef], terms2 = Object.keys(termFrequencies), termsLength = terms2.length;
          var fieldBoost = this._fields[fieldName].boost || 1, docBoost = this._documents[fieldRef.docRef].boost || 1;
          for (var j = 0; j < termsLength; j++) {
            var term = terms2[j], tf = termFrequencies[term], termIndex = this.invertedIndex[term]._index, idf, score, scoreWithPrecision;
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
        var terms2 = Object.keys(otherMatchData.metadata);
        for (var i = 0; i < terms2.length; i++) {
          var term = terms2[i], fields = Object.keys(otherMatchData.metadata[term]);
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
        } else if (typeof exports === "object") {
          module.exports = factory();
        } else {
          root.lunr = factory();
        }
      })(this, function() {
        return lunr2;
      });
    })();
  }
});

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
function terms(text, forIndex = true) {
  const out = [];
  analyze(text, (t) => out.push(t), forIndex);
  return out;
}
function queryTerms(text) {
  return [...new Set(terms(text, false))];
}
var NOT_NAMES = /* @__PURE__ */ new Set(["i", "i'm", "i've", "i'd", "i'll", "i\u2019m", "i\u2019ve", "i\u2019d", "i\u2019ll"]);
var MAX_QUERY_NAMES = 8;
function queryNames(text) {
  const words = text.split(/\s+/).filter(Boolean);
  const caps = (w) => new RegExp("^\\p{Lu}", "u").test(w.replace(LEAD, ""));
  if (words.length >= 3 && words.filter(caps).length * 2 > words.length) return [];
  const out = [];
  let opens = true;
  for (const raw of words) {
    const w = raw.replace(LEAD, "").replace(TRAIL, "");
    const name = !opens && w && caps(w) && !NOT_NAMES.has(w.toLowerCase()) && terms(w, false).length > 0;
    if (name && !out.includes(w) && out.push(w) >= MAX_QUERY_NAMES) break;
    opens = /[.?!:]["')\]]*$/.test(raw);
  }
  return out;
}

// src/search/segment/format.ts
var SEGMENT_FORMAT = 8;
var MAX_DUPES = 1e3;
var FIELDS = ["content", "tags", "category"];
var MAX_INDEXED_CHARS = 256 * 1024;
var NF = FIELDS.length;
var MAGIC = 1481854279;
var PRIORITY_CODE = { low: 0, medium: 1, high: 2 };
var PRIORITY_NAME = ["low", "medium", "high"];
var NO_SCOPE = 4294967295;
function bad(why) {
  throw new CorruptIndexError(why);
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
function mergeIdOrders(ids, runs) {
  const blob = ids.blob;
  const off = ids.off;
  const two = (a, b) => {
    const out = new Uint32Array(a.length + b.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < a.length && j < b.length) {
      const x = a[i];
      const y = b[j];
      if ((compareRows(blob, off, x, blob, off, y) || x - y) <= 0) {
        out[k++] = x;
        i++;
      } else {
        out[k++] = y;
        j++;
      }
    }
    out.set(a.subarray(i), k);
    out.set(b.subarray(j), k + a.length - i);
    return out;
  };
  let level = runs.filter((r) => r.length > 0);
  if (!level.length) return new Uint32Array(0);
  while (level.length > 1) {
    const next = [];
    for (let r = 0; r < level.length; r += 2) next.push(r + 1 < level.length ? two(level[r], level[r + 1]) : level[r]);
    level = next;
  }
  return level[0];
}
function checkIdOrder(ids, order) {
  const n = ids.length;
  if (order.length !== n) bad("bad id order");
  const seen = new Uint8Array(n);
  const blob = ids.blob;
  const off = ids.off;
  for (let k = 0; k < n; k++) {
    const d = order[k];
    if (d >= n || seen[d]) bad("bad id order");
    seen[d] = 1;
    if (k > 0) {
      const p = order[k - 1];
      const c = compareRows(blob, off, p, blob, off, d);
      if (c > 0 || c === 0 && p > d) bad("bad id order");
    }
  }
}
function docsWithIdIn(seg, key, at, dead, max = Infinity) {
  const ids = seg.ids;
  let lo = 0;
  let hi = seg.n;
  while (lo < hi) {
    const mid = lo + hi >>> 1;
    if (ids.bytes(at(mid)).compare(key) < 0) lo = mid + 1;
    else hi = mid;
  }
  const found = [];
  for (let k = lo; k < seg.n; k++) {
    const d = at(k);
    if (!ids.bytes(d).equals(key)) break;
    if (!dead?.[d]) found.push(d);
  }
  found.sort((x, y) => x - y);
  return found.length > max ? found.slice(0, max) : found;
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

// src/search/segment/merge.ts
function mergeSegments(base, delta) {
  const dead = new Uint8Array(base.n);
  for (const d of delta.removed) if (d < base.n) dead[d] = 1;
  return concatSegments(base, dead, delta, {
    kind: "base",
    tree: delta.tree,
    baseBuild: null,
    baseTree: null,
    skipped: delta.skipped,
    dupes: base.dupes && delta.dupes && base.dupes.length + delta.dupes.length <= MAX_DUPES ? [...base.dupes, ...delta.dupes] : null,
    removed: new Uint32Array(0)
  });
}
function concatSegments(base, dead, delta, meta) {
  const remap = new Uint32Array(base.n);
  let n = 0;
  for (let d = 0; d < base.n; d++) if (!dead[d]) remap[d] = n++;
  const deltaStart = n;
  n += delta.n;
  const cats = new Interner(base.cats);
  const scopes = new Interner(base.scopes);
  const tags = new Interner(base.tags);
  const catMap = delta.cats.map((c) => cats.get(c));
  const scopeMap = delta.scopes.map((s) => scopes.get(s));
  const tagMap = delta.tags.map((t) => tags.get(t));
  const ids = [];
  const paths = [];
  const oids = [];
  const ts = new Float64Array(n);
  const prio = new Uint8Array(n);
  const cat = new Uint32Array(n);
  const scope = new Uint32Array(n);
  const conv = new Uint32Array(n);
  const tagOff = [0];
  const tagIds = [];
  const len = new Uint32Array(n * NF);
  const copyDoc = (s, d, to, isDelta) => {
    ids.push(s.ids.get(d));
    paths.push(s.paths.get(d));
    oids.push(s.oids.get(d));
    ts[to] = s.ts[d];
    prio[to] = s.prio[d];
    cat[to] = isDelta ? catMap[s.cat[d]] : s.cat[d];
    const sc = s.scope[d];
    scope[to] = sc === NO_SCOPE ? NO_SCOPE : isDelta ? scopeMap[sc] : sc;
    conv[to] = s.conv[d];
    for (let i2 = s.tagOff[d]; i2 < s.tagOff[d + 1]; i2++) tagIds.push(isDelta ? tagMap[s.tagIds[i2]] : s.tagIds[i2]);
    tagOff.push(tagIds.length);
    for (let f = 0; f < NF; f++) len[to * NF + f] = s.len[d * NF + f];
  };
  for (let d = 0; d < base.n; d++) if (!dead[d]) copyDoc(base, d, remap[d], false);
  for (let d = 0; d < delta.n; d++) copyDoc(delta, d, deltaStart + d, true);
  const termBufs = [];
  const postOff = [0];
  const pDoc = new Grow((k) => new Uint32Array(k));
  const pTf = new Grow((k) => new Uint8Array(k));
  const emitBase = (t) => {
    for (let p = base.postOff[t]; p < base.postOff[t + 1]; p++) {
      const d = base.postDoc[p];
      if (dead[d]) continue;
      pDoc.push(remap[d]);
      for (let f = 0; f < NF; f++) pTf.push(base.postTf[p * NF + f]);
    }
  };
  const emitDelta = (t) => {
    for (let p = delta.postOff[t]; p < delta.postOff[t + 1]; p++) {
      pDoc.push(deltaStart + delta.postDoc[p]);
      for (let f = 0; f < NF; f++) pTf.push(delta.postTf[p * NF + f]);
    }
  };
  let i = 0;
  let j = 0;
  const TB = base.terms.length;
  const TD = delta.terms.length;
  while (i < TB || j < TD) {
    const before = pDoc.size;
    let term;
    const c = i >= TB ? 1 : j >= TD ? -1 : Buffer.compare(base.terms.bytes(i), delta.terms.bytes(j));
    if (c < 0) {
      term = base.terms.bytes(i);
      emitBase(i++);
    } else if (c > 0) {
      term = delta.terms.bytes(j);
      emitDelta(j++);
    } else {
      term = base.terms.bytes(i);
      emitBase(i++);
      emitDelta(j++);
    }
    if (pDoc.size === before) continue;
    termBufs.push(term);
    postOff.push(pDoc.size);
  }
  const termOff = new Uint32Array(termBufs.length + 1);
  for (let k = 0; k < termBufs.length; k++) termOff[k + 1] = termOff[k] + termBufs[k].length;
  const idCol = StringColumn.from(ids);
  const baseRun = new Uint32Array(deltaStart);
  let live = 0;
  for (const d of base.idOrder) if (!dead[d]) baseRun[live++] = remap[d];
  const deltaRun = delta.idOrder.map((d) => deltaStart + d);
  return {
    ...meta,
    build: newBuildId(),
    n,
    ids: idCol,
    idOrder: mergeIdOrders(idCol, [baseRun, deltaRun]),
    paths: StringColumn.from(paths),
    oids: StringColumn.from(oids),
    ts,
    prio,
    cat,
    scope,
    conv,
    tagOff: Uint32Array.from(tagOff),
    tagIds: Uint32Array.from(tagIds),
    len,
    terms: new StringColumn(Buffer.concat(termBufs), termOff),
    postOff: Uint32Array.from(postOff),
    postDoc: pDoc.done(),
    postTf: pTf.done(),
    cats: cats.list,
    scopes: scopes.list,
    tags: tags.list,
    lenSum: sumLens(len, n)
  };
}
function joinParts(parts, meta) {
  const runs = [];
  parts.forEach(({ runs: own }, part) => {
    let from = 0;
    for (const [run, docs] of own) {
      runs.push({ run, part, from, docs });
      from += docs;
    }
  });
  runs.sort((a, b) => a.run - b.run);
  const n = runs.reduce((s, r) => s + r.docs, 0);
  const globalOf = parts.map(({ seg }) => new Uint32Array(seg.n));
  const ts = new Float64Array(n);
  const prio = new Uint8Array(n);
  const cat = new Uint32Array(n);
  const scope = new Uint32Array(n);
  const conv = new Uint32Array(n);
  const len = new Uint32Array(n * NF);
  const tagOff = new Uint32Array(n + 1);
  const tagIds = new Uint32Array(parts.reduce((s, p) => s + p.seg.tagIds.length, 0));
  const cats = new Interner();
  const scopes = new Interner();
  const tags = new Interner();
  const mapOf = (names, into) => {
    const map = new Int32Array(names.length).fill(-1);
    return (i) => map[i] >= 0 ? map[i] : map[i] = into.get(names[i]);
  };
  const catOf = parts.map(({ seg }) => mapOf(seg.cats, cats));
  const scopeOf = parts.map(({ seg }) => mapOf(seg.scopes, scopes));
  const tagOf = parts.map(({ seg }) => mapOf(seg.tags, tags));
  let g = 0;
  let t = 0;
  for (const r of runs) {
    const s = parts[r.part].seg;
    for (let d = r.from; d < r.from + r.docs; d++, g++) {
      globalOf[r.part][d] = g;
      ts[g] = s.ts[d];
      prio[g] = s.prio[d];
      cat[g] = catOf[r.part](s.cat[d]);
      scope[g] = s.scope[d] === NO_SCOPE ? NO_SCOPE : scopeOf[r.part](s.scope[d]);
      conv[g] = s.conv[d];
      for (let i = s.tagOff[d]; i < s.tagOff[d + 1]; i++) tagIds[t++] = tagOf[r.part](s.tagIds[i]);
      tagOff[g + 1] = t;
      for (let f = 0; f < NF; f++) len[g * NF + f] = s.len[d * NF + f];
    }
  }
  const column = (get) => {
    const off = new Uint32Array(n + 1);
    const blob = Buffer.allocUnsafe(parts.reduce((s, p) => s + get(p.seg).blob.length, 0));
    let at = 0;
    let row = 0;
    for (const r of runs) {
      const c = get(parts[r.part].seg);
      const o = c.off;
      const start = o[r.from];
      c.blob.copy(blob, at, start, o[r.from + r.docs]);
      for (let d = r.from; d < r.from + r.docs; d++) off[++row] = at + (o[d + 1] - start);
      at += o[r.from + r.docs] - start;
    }
    return new StringColumn(blob.subarray(0, at), off);
  };
  const P = parts.reduce((s, p) => s + p.seg.postDoc.length, 0);
  const postDoc = new Uint32Array(P);
  const postTf = new Uint8Array(P * NF);
  const termBytes = Buffer.allocUnsafe(parts.reduce((s, p) => s + p.seg.terms.blob.length, 0));
  const termOff = [0];
  const postOff = [0];
  const next = parts.map(() => 0);
  const counts = parts.map(({ seg }) => seg.terms.length);
  const blobs = parts.map(({ seg }) => seg.terms.blob);
  const offs = parts.map(({ seg }) => seg.terms.off);
  const heads = [];
  let out = 0;
  let tb = 0;
  const copy = (p, from, to, at) => {
    const s = parts[p].seg;
    const map = globalOf[p];
    const doc = s.postDoc;
    const tf = s.postTf;
    for (let i = from; i < to; i++, at++) {
      postDoc[at] = map[doc[i]];
      for (let f = 0; f < NF; f++) postTf[at * NF + f] = tf[i * NF + f];
    }
    return at;
  };
  const compareTerms = (p, i, q, j) => {
    const a = blobs[p];
    const b = blobs[q];
    let x = offs[p][i];
    const xe = offs[p][i + 1];
    let y = offs[q][j];
    const ye = offs[q][j + 1];
    for (; x < xe && y < ye; x++, y++) if (a[x] !== b[y]) return a[x] - b[y];
    return xe - x - (ye - y);
  };
  for (; ; ) {
    let low = -1;
    heads.length = 0;
    for (let p = 0; p < parts.length; p++) {
      const i = next[p];
      if (i >= counts[p]) continue;
      const c = low < 0 ? -1 : compareTerms(p, i, low, next[low]);
      if (c < 0) {
        low = p;
        heads.length = 0;
      }
      if (c <= 0) heads.push(p);
    }
    if (low < 0) break;
    const li = next[low];
    const lb = blobs[low];
    for (let x = offs[low][li]; x < offs[low][li + 1]; x++) termBytes[tb++] = lb[x];
    termOff.push(tb);
    if (heads.length === 1) {
      const p = heads[0];
      const tn = next[p]++;
      out = copy(p, parts[p].seg.postOff[tn], parts[p].seg.postOff[tn + 1], out);
    } else {
      const at = heads.map((p) => parts[p].seg.postOff[next[p]]);
      const end = heads.map((p) => parts[p].seg.postOff[next[p] + 1]);
      const first = (h) => globalOf[heads[h]][parts[heads[h]].seg.postDoc[at[h]]];
      for (; ; ) {
        let best = -1;
        let second = Infinity;
        for (let h = 0; h < heads.length; h++) {
          if (at[h] >= end[h]) continue;
          const d = first(h);
          if (best < 0 || d < first(best)) {
            if (best >= 0) second = Math.min(second, first(best));
            best = h;
          } else second = Math.min(second, d);
        }
        if (best < 0) break;
        const p = heads[best];
        const map = globalOf[p];
        const doc = parts[p].seg.postDoc;
        let stop = at[best] + 1;
        while (stop < end[best] && map[doc[stop]] < second) stop++;
        out = copy(p, at[best], stop, out);
        at[best] = stop;
      }
      for (const p of heads) next[p]++;
    }
    postOff.push(out);
  }
  const ids = column((s) => s.ids);
  const idOrder = mergeIdOrders(
    ids,
    parts.map(({ seg }, p) => seg.idOrder.map((d) => globalOf[p][d]))
  );
  return {
    kind: "base",
    tree: meta.tree,
    build: newBuildId(),
    baseBuild: null,
    baseTree: null,
    n,
    skipped: meta.skipped,
    dupes: [],
    ids,
    idOrder,
    paths: column((s) => s.paths),
    oids: column((s) => s.oids),
    ts,
    prio,
    cat,
    scope,
    conv,
    tagOff,
    tagIds,
    len,
    terms: new StringColumn(Buffer.from(termBytes.subarray(0, tb)), Uint32Array.from(termOff)),
    postOff: Uint32Array.from(postOff),
    postDoc,
    postTf,
    removed: new Uint32Array(0),
    cats: cats.list,
    scopes: scopes.list,
    tags: tags.list,
    lenSum: sumLens(len, n)
  };
}

// src/search/segment/codec.ts
var CTOR = { u8: Uint8Array, u16: Uint16Array, u32: Uint32Array, f64: Float64Array };
function sectionsOf(s) {
  return [
    ["ts", s.ts, "f64"],
    ["ids", s.ids.blob, "u8"],
    ["idsOff", s.ids.off, "u32"],
    ["idOrder", s.idOrder, "u32"],
    ["paths", s.paths.blob, "u8"],
    ["pathsOff", s.paths.off, "u32"],
    ["oids", s.oids.blob, "u8"],
    ["oidsOff", s.oids.off, "u32"],
    ["prio", s.prio, "u8"],
    ["cat", s.cat, "u32"],
    ["scope", s.scope, "u32"],
    ["conv", s.conv, "u32"],
    ["tagOff", s.tagOff, "u32"],
    ["tagIds", s.tagIds, "u32"],
    ["len", s.len, "u32"],
    ["terms", s.terms.blob, "u8"],
    ["termsOff", s.terms.off, "u32"],
    ["postOff", s.postOff, "u32"],
    ["postDoc", s.postDoc, "u32"],
    ["postTf", s.postTf, "u8"],
    ["removed", s.removed, "u32"]
  ];
}
function layout(s) {
  const parts = [];
  const sections = {};
  let at = 0;
  for (const [name, arr, kind] of sectionsOf(s)) {
    const bytes = new Uint8Array(arr.buffer, arr.byteOffset, arr.byteLength);
    const pad = (8 - bytes.length % 8) % 8;
    sections[name] = [at, bytes.length, kind];
    parts.push({ bytes, pad });
    at += bytes.length + pad;
  }
  return { parts, sections, dataLength: at };
}
function frame(s, sections, dataLength, crc) {
  const header = {
    format: SEGMENT_FORMAT,
    kind: s.kind,
    tree: s.tree,
    build: s.build,
    baseBuild: s.baseBuild,
    baseTree: s.baseTree,
    n: s.n,
    skipped: s.skipped,
    dupes: s.dupes,
    cats: s.cats,
    scopes: s.scopes,
    tags: s.tags,
    lenSum: s.lenSum,
    dataLength,
    crc,
    sections
  };
  const json = Buffer.from(JSON.stringify(header), "utf8");
  const pad = (8 - (8 + json.length) % 8) % 8;
  const head = Buffer.alloc(8 + json.length + pad, 32);
  head.writeUInt32LE(MAGIC, 0);
  head.writeUInt32LE(json.length + pad, 4);
  json.copy(head, 8);
  return head;
}
function encodeSegment(s) {
  const { parts, sections, dataLength } = layout(s);
  const data = Buffer.alloc(dataLength);
  let at = 0;
  for (const { bytes, pad } of parts) {
    data.set(bytes, at);
    at += bytes.length + pad;
  }
  return Buffer.concat([frame(s, sections, dataLength, crc32 ? crc32(data) : null), data]);
}
var crcMore = (() => {
  const more = crc32;
  return more && more(Buffer.from("b"), more(Buffer.from("a"))) === more(Buffer.from("ab")) ? more : null;
})();
function writeSegment(s, write) {
  if (!crcMore) {
    const bytes = encodeSegment(s);
    write(bytes);
    return bytes.length;
  }
  const { parts, sections, dataLength } = layout(s);
  let crc = 0;
  for (const { bytes, pad } of parts) {
    if (bytes.length) crc = crcMore(bytes, crc);
    if (pad) crc = crcMore(new Uint8Array(pad), crc);
  }
  const head = frame(s, sections, dataLength, crc);
  write(head);
  for (const { bytes, pad } of parts) {
    write(bytes);
    if (pad) write(new Uint8Array(pad));
  }
  return head.length + dataLength;
}
function readHeader(read, size) {
  const head = size >= 8 ? read(0, 8) : null;
  if (!head || head.readUInt32LE(0) !== MAGIC) bad("not an index segment");
  const hlen = head.readUInt32LE(4);
  if (8 + hlen > size) bad("truncated header");
  const json = read(8, hlen);
  if (!json) bad("truncated header");
  let h;
  try {
    h = JSON.parse(json.toString("utf8"));
  } catch {
    bad("unreadable header");
  }
  if (!h || h.format !== SEGMENT_FORMAT) bad("other format");
  const start = 8 + hlen;
  if (size - start !== h.dataLength) bad("truncated or padded data");
  if (!Number.isInteger(h.n) || h.n < 0) bad("bad document count");
  if (!Array.isArray(h.lenSum) || h.lenSum.length !== NF || !h.lenSum.every((x) => Number.isFinite(x) && x >= 0)) bad("bad length sums");
  if (typeof h.tree !== "string" || typeof h.build !== "string" || !Array.isArray(h.cats) || !Array.isArray(h.scopes) || !Array.isArray(h.tags)) bad("bad header fields");
  if (h.kind !== "base" && h.kind !== "delta") bad("bad header fields");
  if (!h.cats.every(isString) || !h.scopes.every(isString) || !h.tags.every(isString)) bad("bad header fields");
  if (h.baseBuild !== null && typeof h.baseBuild !== "string" || h.baseTree !== null && typeof h.baseTree !== "string") bad("bad header fields");
  return { h, start };
}
var isString = (v) => typeof v === "string";
function sectionOf(h, name, kind) {
  const sec = h.sections?.[name];
  if (!sec || sec[2] !== kind || sec[0] % 8 || sec[0] + sec[1] > h.dataLength || sec[1] % CTOR[kind].BYTES_PER_ELEMENT) bad(`bad section ${name}`);
  return [sec[0], sec[1]];
}
function headerFields(h) {
  return { kind: h.kind, tree: h.tree, build: h.build, baseBuild: h.baseBuild, baseTree: h.baseTree, n: h.n, skipped: h.skipped | 0, dupes: dupesOf(h.dupes), cats: h.cats, scopes: h.scopes, tags: h.tags, lenSum: h.lenSum };
}
function dupesOf(v) {
  if (!Array.isArray(v) || v.length > MAX_DUPES) return null;
  return v.every((e) => Array.isArray(e) && e.length === 2 && typeof e[0] === "string" && typeof e[1] === "string") ? v : null;
}
function decodeSegment(input, opts = {}) {
  let buf = input;
  const { h, start } = readHeader((pos, len) => pos + len <= buf.length ? buf.subarray(pos, pos + len) : null, buf.length);
  if ((buf.byteOffset + start) % 8 !== 0) {
    const copy = Buffer.allocUnsafeSlow(buf.length);
    buf.copy(copy);
    buf = copy;
  }
  const data = buf.subarray(start);
  if (opts.checksum !== false && h.crc !== null && crc32 && crc32(data) !== h.crc) bad("checksum mismatch");
  const get = (name, kind) => {
    const [at, len] = sectionOf(h, name, kind);
    return new CTOR[kind](data.buffer, data.byteOffset + at, len / CTOR[kind].BYTES_PER_ELEMENT);
  };
  const col = (name) => {
    const a = get(name, "u8");
    const blob = Buffer.from(a.buffer, a.byteOffset, a.byteLength);
    const off = get(`${name}Off`, "u32");
    monotonic(off, blob.length, name);
    return new StringColumn(blob, off);
  };
  const n = h.n;
  const s = {
    ...headerFields(h),
    ids: col("ids"),
    idOrder: get("idOrder", "u32"),
    paths: col("paths"),
    oids: col("oids"),
    ts: get("ts", "f64"),
    prio: get("prio", "u8"),
    cat: get("cat", "u32"),
    scope: get("scope", "u32"),
    conv: get("conv", "u32"),
    tagOff: get("tagOff", "u32"),
    tagIds: get("tagIds", "u32"),
    len: get("len", "u32"),
    terms: col("terms"),
    postOff: get("postOff", "u32"),
    postDoc: get("postDoc", "u32"),
    postTf: get("postTf", "u8"),
    removed: get("removed", "u32")
  };
  if (s.ids.length !== n || s.paths.length !== n || s.oids.length !== n || s.ts.length !== n || s.prio.length !== n) bad("bad document table");
  if (s.cat.length !== n || s.scope.length !== n || s.conv.length !== n || s.tagOff.length !== n + 1 || s.len.length !== n * NF) bad("bad document table");
  checkIdOrder(s.ids, s.idOrder);
  monotonic(s.tagOff, s.tagIds.length, "tagOff");
  monotonic(s.postOff, s.postDoc.length, "postOff");
  if (s.postTf.length !== s.postDoc.length * NF) bad("bad postings");
  if (s.postOff.length !== s.terms.length + 1) bad("bad dictionary");
  for (let i = 0; i < n; i++) {
    if (s.cat[i] >= s.cats.length || s.scope[i] !== NO_SCOPE && s.scope[i] >= s.scopes.length || s.prio[i] > 2) bad("bad document table");
  }
  for (let i = 0; i < s.tagIds.length; i++) if (s.tagIds[i] >= s.tags.length) bad("bad tags");
  for (let i = 0; i < s.postDoc.length; i++) if (s.postDoc[i] >= n) bad("bad postings");
  return s;
}
function monotonic(off, end, name) {
  if (off.length < 1 || off[0] !== 0 || off[off.length - 1] !== end) bad(`bad offsets ${name}`);
  for (let i = 1; i < off.length; i++) if (off[i] < off[i - 1]) bad(`bad offsets ${name}`);
}

// src/search/segment/file.ts
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
var ORDER_READS_BEFORE_WHOLE = 1024;
var GATHER_BLOCK = 32768;
var SegmentFile = class _SegmentFile {
  kind;
  tree;
  build;
  baseBuild;
  baseTree;
  n;
  skipped;
  dupes;
  cats;
  scopes;
  tags;
  lenSum;
  fd;
  refs = 1;
  h;
  /** Where the data starts in the file. */
  start;
  terms_;
  postings_;
  /** Postings per chunk of {@link eachPostingChunk} (tests make it small to cross chunk edges). */
  static postingChunk = 65536;
  /** Buffers reused by {@link eachPostingChunk}. */
  chunkDoc;
  chunkTf;
  /** One buffer reused by {@link gather}: the values are copied out before the next read. */
  scratch = Buffer.allocUnsafeSlow(0);
  // Loaded on first use; `undefined` until then.
  ids_;
  idOrder_;
  paths_;
  oids_;
  terms__;
  ts_;
  prio_;
  cat_;
  scope_;
  conv_;
  tagOff_;
  tagIds_;
  len_;
  postOff_;
  postDoc_;
  postTf_;
  removed_;
  /**
   * Opens the segment file at `path`; `accept` may refuse the file by its stat (another version than
   * the one the caller verified). Throws {@link CorruptIndexError} for a header that does not
   * describe the file; the descriptor is closed on every failure.
   */
  static open(path, accept) {
    const fd = openSync(path, "r");
    try {
      const st = fstatSync(fd);
      if (accept && !accept(st)) bad("replaced while opening");
      return new _SegmentFile(fd, st.size);
    } catch (err) {
      closeSync(fd);
      throw err;
    }
  }
  /** Takes ownership of `fd` (a segment file of `size` bytes) when the header checks pass; the caller closes it when they do not. */
  constructor(fd, size) {
    this.fd = fd;
    const { h, start } = readHeader((pos, len) => this.readAbs(pos, len), size);
    this.h = h;
    this.start = start;
    this.kind = h.kind;
    this.tree = h.tree;
    this.build = h.build;
    this.baseBuild = h.baseBuild;
    this.baseTree = h.baseTree;
    this.n = h.n;
    const f = headerFields(h);
    this.skipped = f.skipped;
    this.dupes = f.dupes;
    this.cats = h.cats;
    this.scopes = h.scopes;
    this.tags = h.tags;
    this.lenSum = h.lenSum;
    const n = h.n;
    this.postings_ = sectionOf(h, "postDoc", "u32")[1] / 4;
    this.terms_ = sectionOf(h, "termsOff", "u32")[1] / 4 - 1;
    const sizes = [
      ["ids", "u8", -1],
      ["idsOff", "u32", n + 1],
      ["idOrder", "u32", n],
      ["paths", "u8", -1],
      ["pathsOff", "u32", n + 1],
      ["oids", "u8", -1],
      ["oidsOff", "u32", n + 1],
      ["terms", "u8", -1],
      ["termsOff", "u32", this.terms_ + 1],
      ["ts", "f64", n],
      ["prio", "u8", n],
      ["cat", "u32", n],
      ["scope", "u32", n],
      ["conv", "u32", n],
      ["tagOff", "u32", n + 1],
      ["tagIds", "u32", -1],
      ["len", "u32", n * NF],
      ["postOff", "u32", this.terms_ + 1],
      ["postDoc", "u32", this.postings_],
      ["postTf", "u8", this.postings_ * NF],
      ["removed", "u32", -1]
    ];
    for (const [name, kind, count] of sizes) {
      const [, len] = sectionOf(h, name, kind);
      if (count >= 0 && len !== count * CTOR[kind].BYTES_PER_ELEMENT) bad(`bad section ${name}`);
    }
  }
  get ids() {
    return this.ids_ ??= this.column("ids", this.n);
  }
  orderReads = 0;
  get idOrder() {
    return this.idOrder_ ??= this.array("idOrder", "u32");
  }
  /**
   * Entry `k` of the id order: from the array when it was read, else its four bytes from the file; after
   * {@link ORDER_READS_BEFORE_WHOLE} such reads (a delta removing many paths looks each one up) the
   * array is read whole.
   */
  orderAt(k) {
    if (this.idOrder_) return this.idOrder_[k];
    if (this.orderReads++ >= ORDER_READS_BEFORE_WHOLE) return this.idOrder[k];
    if (!(Number.isInteger(k) && k >= 0 && k < this.n)) bad("bad id order");
    const [at] = sectionOf(this.h, "idOrder", "u32");
    return this.read(at + k * 4, 4).readUInt32LE(0);
  }
  get paths() {
    return this.paths_ ??= this.column("paths", this.n);
  }
  get oids() {
    return this.oids_ ??= this.column("oids", this.n);
  }
  get terms() {
    return this.terms__ ??= this.column("terms", this.terms_);
  }
  get ts() {
    return this.ts_ ??= this.array("ts", "f64");
  }
  get prio() {
    return this.prio_ ??= this.array("prio", "u8");
  }
  get cat() {
    return this.cat_ ??= this.array("cat", "u32");
  }
  get scope() {
    return this.scope_ ??= this.array("scope", "u32");
  }
  get conv() {
    return this.conv_ ??= this.array("conv", "u32");
  }
  get tagOff() {
    return this.tagOff_ ??= this.array("tagOff", "u32");
  }
  get tagIds() {
    return this.tagIds_ ??= this.array("tagIds", "u32");
  }
  get len() {
    return this.len_ ??= this.array("len", "u32");
  }
  get postOff() {
    return this.postOff_ ??= this.array("postOff", "u32");
  }
  get postDoc() {
    return this.postDoc_ ??= this.array("postDoc", "u32");
  }
  get postTf() {
    return this.postTf_ ??= this.array("postTf", "u8");
  }
  get removed() {
    return this.removed_ ??= this.array("removed", "u32");
  }
  /** True once the file is closed (by {@link close} or the last {@link release}). */
  get closed() {
    return this.fd < 0;
  }
  /** One more holder: the file stays open until each calls {@link release}. */
  retain() {
    if (this.closed) throw new SegmentClosedError();
    this.refs++;
    return this;
  }
  /** A holder is done with the segment; the last one closes the file. */
  release() {
    if (this.refs > 0 && --this.refs === 0) this.close();
  }
  /** Closes the file now, whoever else holds the segment (arrays already read stay readable). */
  close() {
    if (this.fd < 0) return;
    const fd = this.fd;
    this.fd = -1;
    this.refs = 0;
    try {
      closeSync(fd);
    } catch {
    }
  }
  /**
   * The postings of term `t`: documents, and term frequencies (`tf[i * 3 + field]`). From the arrays
   * when a scan has read them, else one range of the file.
   */
  postings(t) {
    const [from, to] = this.postingRange(t);
    if (this.postDoc_ && this.postTf_) return { doc: this.postDoc_.subarray(from, to), tf: this.postTf_.subarray(from * NF, to * NF) };
    const [docAt] = sectionOf(this.h, "postDoc", "u32");
    const [tfAt] = sectionOf(this.h, "postTf", "u8");
    const d = this.read(docAt + from * 4, (to - from) * 4);
    const f = this.read(tfAt + from * NF, (to - from) * NF);
    return { doc: new Uint32Array(d.buffer, 0, to - from), tf: new Uint8Array(f.buffer, 0, (to - from) * NF) };
  }
  /**
   * Where term `t`'s postings are, as [from, to). From its own two offsets, not the offset array: at
   * 1,000,000 memories the dictionary holds a million terms (every note number), 4 MB of offsets a
   * search would otherwise read.
   */
  postingRange(t) {
    let from;
    let to;
    if (this.postOff_) {
      from = this.postOff_[t];
      to = this.postOff_[t + 1];
    } else {
      if (!(Number.isInteger(t) && t >= 0 && t < this.terms_)) bad("bad term");
      const [offAt] = sectionOf(this.h, "postOff", "u32");
      const b = this.read(offAt + t * 4, 8);
      from = b.readUInt32LE(0);
      to = b.readUInt32LE(4);
    }
    if (!(from >= 0 && to >= from && to <= this.postings_)) bad("bad postings");
    return [from, to];
  }
  /**
   * Term `t`'s postings chunk by chunk through two reused buffers (`tf` is null unless asked for):
   * a pass that needs each posting once touches ~0.5 MB of memory instead of 7 bytes a posting
   * (6 MB for the most common word of 1,000,000 memories; a fresh megabyte costs ~7 ms here).
   */
  eachPostingChunk(t, withTf, visit) {
    const [from, to] = this.postingRange(t);
    if (this.postDoc_ && this.postTf_) return visit(this.postDoc_.subarray(from, to), withTf ? this.postTf_.subarray(from * NF, to * NF) : null, to - from);
    const [docAt] = sectionOf(this.h, "postDoc", "u32");
    const [tfAt] = sectionOf(this.h, "postTf", "u8");
    const chunk = _SegmentFile.postingChunk;
    if (!this.chunkDoc || this.chunkDoc.length !== chunk * 4) {
      this.chunkDoc = Buffer.allocUnsafeSlow(chunk * 4);
      this.chunkTf = Buffer.allocUnsafeSlow(chunk * NF);
    }
    const docBuf = this.chunkDoc;
    const tfBuf = this.chunkTf;
    const doc = new Uint32Array(docBuf.buffer, docBuf.byteOffset, chunk);
    const tf = new Uint8Array(tfBuf.buffer, tfBuf.byteOffset, chunk * NF);
    for (let at = from; at < to; at += chunk) {
      const n = Math.min(chunk, to - at);
      this.fill(docBuf, n * 4, this.start + docAt + at * 4);
      if (withTf) this.fill(tfBuf, n * NF, this.start + tfAt + at * NF);
      visit(doc, withTf ? tf : null, n);
    }
  }
  /**
   * The values at `indices` (ascending) of a per-document array. From the array when it was read,
   * else block by block into one reused buffer, reading only the blocks holding an index: on this kind
   * of machine a fresh megabyte costs ~7 ms to touch and a reused one ~1 ms, so this is several times
   * cheaper than reading the array and much cheaper than a read per value (a pruned search scores a
   * few thousand documents of a million).
   */
  gather(name, indices) {
    const out = new Float64Array(indices.length);
    const loaded = { len: this.len_, ts: this.ts_, prio: this.prio_, cat: this.cat_, scope: this.scope_, tagOff: this.tagOff_, tagIds: this.tagIds_ }[name];
    if (loaded) {
      for (let k2 = 0; k2 < indices.length; k2++) out[k2] = loaded[indices[k2]];
      return out;
    }
    let k = 0;
    while (k < indices.length) {
      const from = Math.floor(indices[k] / GATHER_BLOCK) * GATHER_BLOCK;
      let end = k;
      while (end < indices.length && indices[end] < from + GATHER_BLOCK) end++;
      const values = this.elements(name, indices[k], indices[end - 1] - indices[k] + 1);
      for (let j = k; j < end; j++) out[j] = values[indices[j] - indices[k]];
      k = end;
    }
    return out;
  }
  /** `count` elements of a per-document array from element `from`, in the reused buffer. */
  elements(name, from, count) {
    const kind = name === "ts" ? "f64" : name === "prio" ? "u8" : "u32";
    const [at, len] = sectionOf(this.h, name, kind);
    const width = CTOR[kind].BYTES_PER_ELEMENT;
    if (from < 0 || count < 0 || (from + count) * width > len) bad(`bad ${name} index`);
    const bytes = count * width;
    if (this.scratch.length < bytes) this.scratch = Buffer.allocUnsafeSlow(Math.max(bytes, 1 << 16));
    this.fill(this.scratch, bytes, this.start + at + from * width);
    return new CTOR[kind](this.scratch.buffer, 0, count);
  }
  /** A whole array section, read from the file (its size was checked when the file was opened). */
  array(name, kind) {
    const [at, len] = sectionOf(this.h, name, kind);
    const b = this.read(at, len);
    return new CTOR[kind](b.buffer, 0, len / CTOR[kind].BYTES_PER_ELEMENT);
  }
  /** A string column whose rows are read one by one until a caller reads many (column.ts). */
  column(name, count) {
    const [at, len] = sectionOf(this.h, name, "u8");
    const [offAt] = sectionOf(this.h, `${name}Off`, "u32");
    if (this.read(offAt, 4).readUInt32LE(0) !== 0 || this.read(offAt + count * 4, 4).readUInt32LE(0) !== len) bad(`bad offsets ${name}`);
    const lazy = {
      count,
      total: len,
      row: (i) => {
        if (!(i >= 0 && i < count)) bad(`bad row ${name}`);
        const b = this.read(offAt + i * 4, 8);
        const a = b.readUInt32LE(0);
        const z = b.readUInt32LE(4);
        if (a > z || z > len) bad(`bad offsets ${name}`);
        return [a, z];
      },
      all: () => {
        const off = this.array(`${name}Off`, "u32");
        if (off[0] !== 0 || off[count] !== len) bad(`bad offsets ${name}`);
        return off;
      }
    };
    return new StringColumn(null, lazy, (pos, l) => this.read(at + pos, l));
  }
  /** `len` bytes at `pos` of the data, in a buffer of their own (any typed array can view it). */
  read(pos, len) {
    const buf = Buffer.allocUnsafeSlow(len);
    this.fill(buf, len, this.start + pos);
    return buf;
  }
  /** `len` bytes at `pos` of the file, or null when the file is shorter (the header reader's view). */
  readAbs(pos, len) {
    const buf = Buffer.allocUnsafeSlow(len);
    let got = 0;
    while (got < len) {
      const k = readSync(this.fd, buf, got, len - got, pos + got);
      if (k <= 0) return null;
      got += k;
    }
    return buf;
  }
  fill(buf, len, pos) {
    if (this.fd < 0) throw new SegmentClosedError();
    let got = 0;
    while (got < len) {
      const k = readSync(this.fd, buf, got, len - got, pos + got);
      if (k <= 0) bad("truncated data");
      got += k;
    }
  }
};
function postingsOf(seg, t) {
  if (seg instanceof SegmentFile) return seg.postings(t);
  const from = seg.postOff[t];
  const to = seg.postOff[t + 1];
  return { doc: seg.postDoc.subarray(from, to), tf: seg.postTf.subarray(from * NF, to * NF) };
}
function postingCount(seg, t) {
  if (seg instanceof SegmentFile) {
    const [from, to] = seg.postingRange(t);
    return to - from;
  }
  return seg.postOff[t + 1] - seg.postOff[t];
}
function eachPostingChunk(seg, t, withTf, visit) {
  if (seg instanceof SegmentFile) return seg.eachPostingChunk(t, withTf, visit);
  const { doc, tf } = postingsOf(seg, t);
  visit(doc, withTf ? tf : null, doc.length);
}
function gatherValues(seg, name, indices) {
  if (seg instanceof SegmentFile) return seg.gather(name, indices);
  const out = new Float64Array(indices.length);
  const arr = seg[name];
  for (let k = 0; k < indices.length; k++) out[k] = arr[indices[k]];
  return out;
}
function gatherTags(seg, docs) {
  const bounds = new Uint32Array(2 * docs.length);
  for (let j = 0; j < docs.length; j++) bounds[2 * j] = docs[j], bounds[2 * j + 1] = docs[j] + 1;
  const off = gatherValues(seg, "tagOff", bounds);
  const from = new Uint32Array(docs.length + 1);
  for (let j = 0; j < docs.length; j++) from[j + 1] = from[j] + off[2 * j + 1] - off[2 * j];
  const at = new Uint32Array(from[docs.length]);
  for (let j = 0, k = 0; j < docs.length; j++) for (let i = off[2 * j]; i < off[2 * j + 1]; i++) at[k++] = i;
  return { from, ids: gatherValues(seg, "tagIds", at) };
}
function retainSegment(seg) {
  if (seg instanceof SegmentFile) seg.retain();
  return seg;
}
function releaseSegment(seg) {
  if (seg instanceof SegmentFile) seg.release();
}
function docsWithId(seg, id, dead, max = Infinity) {
  const at = seg instanceof SegmentFile ? (k) => seg.orderAt(k) : (k) => seg.idOrder[k];
  return docsWithIdIn(seg, Buffer.from(id, "utf8"), at, dead, max);
}

// src/model/closers.ts
var closers = /* @__PURE__ */ new WeakMap();
function onClose(owner, fn) {
  const list = closers.get(owner);
  if (list) list.push(fn);
  else closers.set(owner, [fn]);
}
function runClosers(owner) {
  const list = closers.get(owner);
  if (!list) return;
  closers.delete(owner);
  let first = null;
  for (const fn of list) {
    try {
      fn();
    } catch (err) {
      first ??= err;
    }
  }
  if (first) throw first;
}

export {
  onClose,
  runClosers,
  pipelineWord,
  analyze,
  terms,
  queryTerms,
  queryNames,
  SEGMENT_FORMAT,
  FIELDS,
  MAGIC,
  PRIORITY_CODE,
  PRIORITY_NAME,
  NO_SCOPE,
  StringColumn,
  SegmentBuilder,
  mergeSegments,
  concatSegments,
  joinParts,
  writeSegment,
  readHeader,
  decodeSegment,
  SegmentFile,
  postingsOf,
  postingCount,
  eachPostingChunk,
  gatherValues,
  gatherTags,
  retainSegment,
  releaseSegment,
  docsWithId
};

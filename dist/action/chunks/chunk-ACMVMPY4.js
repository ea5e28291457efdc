import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  BOUND_SHIFT,
  DAY,
  DEFAULT_WEIGHTS,
  IndexView,
  addFile,
  adopt,
  advanceDelta,
  baseBoost,
  baseSegmentFile,
  bestOf,
  boostOf,
  buildDelta,
  codeLength,
  computeDocBounds,
  dropOtherFormats,
  fullBuild,
  keepBest,
  matches,
  needsCompaction,
  newestFirst,
  newestPage,
  pageOrder,
  paths,
  readDocBounds,
  readSegment,
  round,
  setLastOpen,
  stateOf,
  states,
  trusted,
  viewOf,
  writeAtomic,
  writeDocBounds
} from "./chunk-5VCWNMQA.js";
import {
  FIELDS,
  NO_SCOPE,
  PRIORITY_CODE,
  SegmentBuilder,
  eachPostingChunk,
  gatherTags,
  gatherValues,
  mergeSegments,
  pipelineWord,
  postingCount,
  postingsOf,
  queryTerms,
  terms
} from "./chunk-CFTP24FZ.js";
import {
  ARCHIVE_DIR,
  MEMORIES_DIR
} from "./chunk-CQNYWYCJ.js";
import {
  citationFree,
  isPriority,
  memoryFromFile,
  normalizeTags,
  publicMemory
} from "./chunk-EYKMHHKG.js";
import {
  checkQuery,
  limitOf
} from "./chunk-XRSA6KWW.js";
import {
  copyWins,
  duplicateIdWarning
} from "./chunk-FBFUYQWQ.js";
import {
  InvalidInputError
} from "./chunk-FJGJKBHJ.js";

// src/search/label-match.ts
var CONTENT_FIELD = 0;
var TAGS_FIELD = 1;
var CATEGORY_FIELD = 2;
function valueWords(text) {
  return text.normalize("NFKC").toLowerCase().split(/[^\p{L}\p{N}+#]+/u).filter(Boolean);
}
function sameWord(a, b) {
  return a === b || a === b + "s" || b === a + "s" || a === b + "es" || b === a + "es";
}
function termWords(text, qterms) {
  const byTerm = /* @__PURE__ */ new Map();
  for (const w of new Set(valueWords(text))) {
    for (const t of /* @__PURE__ */ new Set([w, ...queryTerms(w)])) {
      const list = byTerm.get(t);
      if (list) list.push(w);
      else byTerm.set(t, [w]);
    }
  }
  return qterms.map((t) => byTerm.get(t) ?? [t]);
}
function labelValueMatch(seg, d, field, words) {
  const names = field === TAGS_FIELD ? Array.from(seg.tagIds.subarray(seg.tagOff[d], seg.tagOff[d + 1]), (t) => seg.tags[t]) : [seg.cats[seg.cat[d]]];
  for (const name of names) if (labelWords(name).some((x) => words.some((w) => sameWord(x, w)))) return true;
  return false;
}
function labelAlwaysMatches(seg, field, term, words) {
  const table = field === TAGS_FIELD ? seg.tags : seg.cats;
  for (const name of table) {
    if (!labelTerms(name).includes(term)) continue;
    if (!labelWords(name).some((x) => words.some((w) => sameWord(x, w)))) return false;
  }
  return true;
}
var labelTermCache = /* @__PURE__ */ new Map();
function labelTerms(name) {
  let ts = labelTermCache.get(name);
  if (!ts) {
    ts = terms(name ?? "", true);
    if (labelTermCache.size > 5e4) labelTermCache.clear();
    labelTermCache.set(name, ts);
  }
  return ts;
}
var labelWordCache = /* @__PURE__ */ new Map();
function labelWords(name) {
  let ws = labelWordCache.get(name);
  if (!ws) {
    ws = valueWords(name ?? "");
    if (labelWordCache.size > 5e4) labelWordCache.clear();
    labelWordCache.set(name, ws);
  }
  return ws;
}
var WORD = /^[\p{L}\p{N}]+$/u;
function nameMatches(name, qwords) {
  const need = nameTerms(name);
  return need.length > 0 && need.every((t) => qwords.has(t) || qwords.has(t + "s") || qwords.has(t + "es") || t.endsWith("s") && qwords.has(t.slice(0, -1)));
}
var nameTermCache = /* @__PURE__ */ new Map();
function nameTerms(name) {
  let need = nameTermCache.get(name);
  if (!need) {
    const ws = valueWords(name);
    const words = ws.filter((t) => WORD.test(t) && pipelineWord(t));
    need = words.length ? words : ws.length ? ws : [name.trim().toLowerCase()];
    if (nameTermCache.size > 5e4) nameTermCache.clear();
    nameTermCache.set(name, need);
  }
  return need;
}

// src/search/terms.ts
function idf(df, n) {
  return Math.log(1 + Math.abs((n - df + 0.5) / (df + 0.5)));
}
var QUESTION_WORDS = /* @__PURE__ */ new Set(["whose", "whether", "shall", "tell", "explain", "describ", "pleas", "anyon", "anyth", "someon", "someth"]);
var HOW_WORDS = /* @__PURE__ */ new Set(["long", "much", "many", "far", "old", "soon", "big", "large", "fast", "frequently"]);
function questionPhraseTerms(text) {
  const out = /* @__PURE__ */ new Set();
  const words = text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  for (let i = 1; i < words.length && i < 200; i++) {
    if (words[i - 1] !== "how" || !HOW_WORDS.has(words[i])) continue;
    const t = pipelineWord(words[i]);
    if (t) out.add(t);
  }
  return out;
}
var NON_TERM_SHARE = 0.5;
var NON_TERM_MIN_MEMORIES = 20;
function termInformation(qterms, dfs, n, text = "") {
  const common = n >= NON_TERM_MIN_MEMORIES ? NON_TERM_SHARE * n : Infinity;
  const phrase = text ? questionPhraseTerms(text) : null;
  return qterms.map((t, i) => QUESTION_WORDS.has(t) || phrase?.has(t) || dfs[i] > common ? 0 : idf(dfs[i], n));
}
function termPostings(view, term) {
  let cache = postingsCache.get(view);
  if (!cache) postingsCache.set(view, cache = { terms: /* @__PURE__ */ new Map(), size: 0 });
  const hit = cache.terms.get(term);
  if (hit) return hit;
  const key = Buffer.from(term, "utf8");
  const tids = view.parts.map((p) => p.seg.terms.find(key));
  const counts = view.parts.map((p, pi) => tids[pi] < 0 ? 0 : postingCount(p.seg, tids[pi]));
  let df = 0;
  let size = 0;
  view.parts.forEach(({ seg, dead }, pi) => {
    if (tids[pi] < 0) return;
    size += counts[pi];
    if (!dead) df += counts[pi];
    else
      eachPostingChunk(seg, tids[pi], false, (doc, _, n) => {
        for (let p = 0; p < n; p++) if (!dead[doc[p]]) df++;
      });
  });
  let lists = null;
  const out = {
    tids,
    counts,
    df,
    get lists() {
      return lists ??= view.parts.map((p, pi) => tids[pi] < 0 ? null : postingsOf(p.seg, tids[pi]));
    }
  };
  if (cache.size + size > POSTINGS_CACHE_MAX || cache.terms.size >= POSTINGS_CACHE_TERMS) {
    cache.terms.clear();
    cache.size = 0;
  }
  cache.terms.set(term, out);
  cache.size += size;
  return out;
}
var POSTINGS_CACHE_MAX = 2e6;
var POSTINGS_CACHE_TERMS = 2e4;
var postingsCache = /* @__PURE__ */ new WeakMap();
function docFrequency(view, term) {
  return termPostings(view, term).df;
}
function isQuestionWord(term) {
  return QUESTION_WORDS.has(term);
}
function knownShare(view, text) {
  const phrase = questionPhraseTerms(text);
  const qterms = queryTerms(text).filter((t) => !QUESTION_WORDS.has(t) && !phrase.has(t));
  if (!qterms.length || !view.n) return 0;
  let known = 0;
  for (const t of qterms) if (termPostings(view, t).df > 0) known++;
  return known / qterms.length;
}

// src/search/bm25.ts
var NF = FIELDS.length;
var DEFAULT_BM25 = { k1: 0.6, b: 0.3, boost: [1, 1, 1], coord: 0.5, idfPow: 1.5 };
function textScores(view, text, params = DEFAULT_BM25) {
  const out = [];
  eachTextScore(view, text, params, (part, doc, score, coverage) => out.push({ part, doc, score, coverage }));
  return out;
}
function eachTextScore(view, text, params, visit) {
  const qterms = queryTerms(text);
  if (!qterms.length || !view.n) return;
  const { k1, b, boost } = params;
  const keys = qterms;
  const scratch = view.borrowScratch();
  const touched = view.parts.map(() => []);
  const coord = params.coord ?? 0;
  const matched = view.borrowCounts();
  const postings = keys.map((key) => termPostings(view, key));
  const info = termInformation(qterms, postings.map((p) => p.df), view.n, text);
  const mass = info.reduce((a, x) => a + x, 0);
  const covered = view.borrowCoverage();
  const qwords = termWords(text, qterms);
  for (let qi = 0; qi < keys.length; qi++) {
    const { lists, df } = postings[qi];
    if (!df) continue;
    const w = Math.pow(idf(df, view.n), params.idfPow ?? 1);
    const share = mass > 0 ? info[qi] / mass : 0;
    view.parts.forEach(({ seg, dead }, pi) => {
      const list = lists[pi];
      if (!list) return;
      const scores = scratch[pi];
      const tl = touched[pi];
      for (let p = 0; p < list.doc.length; p++) {
        const d = list.doc[p];
        if (dead?.[d]) continue;
        let s = 0;
        for (let f = 0; f < NF; f++) {
          const tf = list.tf[p * NF + f];
          if (!tf || f !== CONTENT_FIELD && !labelValueMatch(seg, d, f, qwords[qi])) continue;
          const norm = 1 - b + b * seg.len[d * NF + f] / view.avgLen[f];
          s += boost[f] * ((k1 + 1) * tf) / (k1 * norm + tf);
        }
        if (s === 0) continue;
        if (scores[d] === 0) tl.push(d);
        scores[d] += w * s;
        matched[pi][d]++;
        covered[pi][d] += share;
      }
    });
  }
  touched.forEach((tl, pi) => {
    const scores = scratch[pi];
    const cov = covered[pi];
    for (const d of tl) {
      if (scores[d] > 0) visit(pi, d, coord ? scores[d] * Math.pow(matched[pi][d] / keys.length, coord) : scores[d], Math.min(1, cov[d]));
      scores[d] = 0;
      matched[pi][d] = 0;
      cov[d] = 0;
    }
  });
}

// src/search/confidence.ts
var MIN_COVERAGE = 0.6;
var HYBRID_MIN_COVERAGE = 0.65;
var SEMANTIC_LINE = 0.85;
var PAIR_COVERAGE = 0.3;
var PAIR_SEMANTIC = 0.68;
var KNOWN_COVERAGE = 0.2;
var SEMANTIC_Z = 2.8;
var LEXICAL_SEMANTIC = 0.3;
var NEAREST_GAP = 0.37;
var NEAREST_SEMANTIC = 0.76;
var KNOWN_Z = 1;
var PAIR_Z = 2;
var NEAREST_Z = 2.5;
var STANDOUT_Z = 2.8;
var STANDOUT_COVERAGE = 0.35;
var SUPPORT_SEMANTIC = 0.6;
function around(x, line) {
  const v = Math.max(0, Math.min(1, x));
  if (line <= 0) return 1;
  if (line >= 1) return v >= 1 ? 0.5 : 0.5 * v;
  return v < line ? 0.5 * v / line : 0.5 + 0.5 * (v - line) / (1 - line);
}
var NAME_CAP = 0.49;
var WORDS_ELSEWHERE = 0.5;
function confidence(s) {
  const c = ruleConfidence(s);
  return s.lacksName ? Math.min(c, NAME_CAP) : c;
}
function ruleConfidence(s) {
  const nameAgrees = s.cosine !== void 0 && s.floor !== void 0 && s.cosine >= SEMANTIC_LINE * s.floor;
  const cov = s.nameOnly && !nameAgrees ? 0 : Math.max(0, Math.min(1, s.coverage));
  let c = around(cov, s.minCoverage ?? MIN_COVERAGE);
  const relative = s.small || s.notes;
  const stands = (line) => !relative || s.z === void 0 || s.z >= line;
  if (!s.notes && s.known >= 1 && cov > 0 && stands(KNOWN_Z)) c = Math.max(c, around(cov, KNOWN_COVERAGE));
  if (s.z !== void 0 && s.cosine !== void 0 && s.floor !== void 0 && Number.isFinite(s.floor) && s.cosine < LEXICAL_SEMANTIC * s.floor) c = Math.min(c, 0.49);
  if (s.cosine !== void 0 && s.floor !== void 0 && Number.isFinite(s.floor)) {
    const floor = s.floor;
    if (floor <= 0) return 1;
    const semantic = around(s.cosine, SEMANTIC_LINE * floor);
    const wordsElsewhere = s.handful === true && s.coverage <= 0 && s.known >= WORDS_ELSEWHERE;
    c = Math.max(c, s.z === void 0 ? wordsElsewhere ? Math.min(semantic, 0.49) : semantic : Math.min(semantic, around(s.z / (2 * SEMANTIC_Z), 0.5)));
    if (stands(PAIR_Z)) c = Math.max(c, Math.min(around(cov, PAIR_COVERAGE), around(s.cosine, PAIR_SEMANTIC * floor)));
    if (s.nearestGap !== void 0 && stands(NEAREST_Z)) c = Math.max(c, Math.min(around(s.cosine, NEAREST_SEMANTIC * floor), around(s.nearestGap, NEAREST_GAP * floor)));
    if (relative && s.nearestGap !== void 0 && s.z !== void 0 && s.cosine >= LEXICAL_SEMANTIC * floor) c = Math.max(c, Math.min(around(cov, STANDOUT_COVERAGE), around(s.z / (2 * STANDOUT_Z), 0.5)));
  }
  return c;
}
function semanticConfidence(cos, floor) {
  return Number.isFinite(floor) ? around(cos, floor) : 0;
}
var CONFIDENT = 0.5;
function supported(coverage, cosine, floor) {
  return coverage > 0 || cosine !== void 0 && Number.isFinite(floor) && cosine >= SUPPORT_SEMANTIC * floor;
}
function supportedConfidence(own) {
  return Math.max(own, CONFIDENT + Math.min(own, CONFIDENT) / 5);
}
function roundConfidence(x) {
  return Math.round(x * 1e3) / 1e3;
}
function nothingConfidentNote(weak) {
  return weak ? `no memory matches the query confidently; ${weak} weak candidate${weak === 1 ? "" : "s"} (sharing only part of the query's words or meaning) ${weak === 1 ? "is" : "are"} under "weak"` : "no memory matches the query";
}

// src/search/filter.ts
var NF2 = FIELDS.length;
var DAY2 = 864e5;
var ISO = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;
function parseDate(v, field) {
  const s = typeof v === "string" ? v.trim() : v instanceof Date ? v.toISOString() : "";
  if (!ISO.test(s)) throw new InvalidInputError(`${field} must be an ISO date or datetime such as 2026-01-31 or 2026-01-31T12:00:00Z, got ${JSON.stringify(v)}`, { field });
  const [y, mo, d] = s.slice(0, 10).split("-").map(Number);
  const day = new Date(Date.UTC(y, mo - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d) {
    throw new InvalidInputError(`${field} is not a valid date: ${JSON.stringify(v)}`, { field });
  }
  let norm = s.replace(" ", "T");
  if (norm.length > 10 && !/(Z|[+-]\d{2}:?\d{2})$/i.test(norm)) norm += "Z";
  const ms = Date.parse(norm.length === 10 ? `${norm}T00:00:00Z` : norm);
  if (!Number.isFinite(ms)) throw new InvalidInputError(`${field} is not a valid date: ${JSON.stringify(v)}`, { field });
  return ms;
}
function normalizeFilter(q, now) {
  const f = { tags: normalizeTags(q.tags) };
  if (q.category !== void 0 && q.category !== null) f.category = String(q.category).trim();
  if (q.scope !== void 0 && q.scope !== null) f.scope = String(q.scope);
  if (q.priority !== void 0 && q.priority !== null) {
    if (!isPriority(q.priority)) throw new InvalidInputError(`priority must be low, medium or high, got ${JSON.stringify(q.priority)}`, { field: "priority" });
    f.priority = q.priority;
  }
  if (q.after !== void 0 && q.after !== null && q.after !== "") f.after = parseDate(q.after, "after");
  if (q.before !== void 0 && q.before !== null && q.before !== "") f.before = parseDate(q.before, "before");
  if (q.days !== void 0 && q.days !== null) {
    const d = Number(q.days);
    if (!Number.isFinite(d) || d <= 0) throw new InvalidInputError(`days must be a positive number, got ${JSON.stringify(q.days)}`, { field: "days" });
    f.since = now - d * DAY2;
  }
  return f;
}
function noFilter(f) {
  return !f.tags.length && f.category === void 0 && f.scope === void 0 && f.priority === void 0 && f.after === void 0 && f.before === void 0 && f.since === void 0;
}
function compileFilter(view, f, matches2 = filterMatches(view, f)) {
  if (noFilter(f)) return () => true;
  if (matches2) {
    const bits = matches2.map(({ docs }, pi) => {
      const b = new Uint8Array(view.parts[pi].seg.n);
      for (const d of docs) b[d] = 1;
      return b;
    });
    return (pi, d) => bits[pi][d] === 1;
  }
  const per = view.parts.map(({ seg }) => {
    const tagIdx = f.tags.map((t) => seg.tags.indexOf(t));
    const cat = f.category !== void 0 ? seg.cats.indexOf(f.category) : -2;
    const scope = f.scope !== void 0 ? seg.scopes.indexOf(f.scope) : -2;
    const none = tagIdx.includes(-1) || cat === -1 || scope === -1;
    return { seg, tagIdx, cat, scope, none };
  });
  const prio = f.priority !== void 0 ? PRIORITY_CODE[f.priority] : -1;
  return (pi, d) => {
    const p = per[pi];
    if (p.none) return false;
    const seg = p.seg;
    if (p.cat >= 0 && seg.cat[d] !== p.cat) return false;
    if (p.scope >= 0 && seg.scope[d] !== p.scope) return false;
    if (f.scope !== void 0 && seg.scope[d] === NO_SCOPE) return false;
    if (prio >= 0 && seg.prio[d] !== prio) return false;
    const ts = seg.ts[d];
    if (f.after !== void 0 && !(ts > f.after)) return false;
    if (f.before !== void 0 && !(ts < f.before)) return false;
    if (f.since !== void 0 && !(ts >= f.since)) return false;
    if (p.tagIdx.length) {
      const a = seg.tagOff[d];
      const z = seg.tagOff[d + 1];
      for (const want of p.tagIdx) {
        let ok = false;
        for (let i = a; i < z; i++) if (seg.tagIds[i] === want) ok = true;
        if (!ok) return false;
      }
    }
    return true;
  };
}
function intersectAscending(a, b) {
  let n = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] < b[j]) i++;
    else if (a[i] > b[j]) j++;
    else a[n++] = a[i++], j++;
  }
  return a.subarray(0, n);
}
function filterMatches(view, f) {
  if (!f.tags.length) return null;
  const words = f.tags.map((t) => terms(t, true));
  if (words.some((w) => !w.length)) return null;
  const prio = f.priority !== void 0 ? PRIORITY_CODE[f.priority] : -1;
  return view.parts.map(({ seg, dead }) => {
    const empty = { docs: new Uint32Array(0), ts: new Float64Array(0) };
    const tagIdx = f.tags.map((t) => seg.tags.indexOf(t));
    const cat = f.category !== void 0 ? seg.cats.indexOf(f.category) : -2;
    const scope = f.scope !== void 0 ? seg.scopes.indexOf(f.scope) : -2;
    if (tagIdx.includes(-1) || cat === -1 || scope === -1) return empty;
    let cands = null;
    for (const term of new Set(words.flat())) {
      const t = seg.terms.find(Buffer.from(term, "utf8"));
      if (t < 0) return empty;
      const { doc, tf } = postingsOf(seg, t);
      const have = new Uint32Array(doc.length);
      let n = 0;
      for (let p = 0; p < doc.length; p++) if (tf[p * NF2 + TAGS_FIELD] > 0 && !dead?.[doc[p]]) have[n++] = doc[p];
      cands = cands === null ? have.subarray(0, n) : intersectAscending(cands, have.subarray(0, n));
      if (!cands.length) return empty;
    }
    const c = cands ?? new Uint32Array(0);
    const { from: tagFrom, ids } = gatherTags(seg, c);
    const ts = gatherValues(seg, "ts", c);
    const cats = cat >= 0 ? gatherValues(seg, "cat", c) : null;
    const scopes = f.scope !== void 0 ? gatherValues(seg, "scope", c) : null;
    const prios = prio >= 0 ? gatherValues(seg, "prio", c) : null;
    const docs = new Uint32Array(c.length);
    const times = new Float64Array(c.length);
    let kept = 0;
    for (let k = 0; k < c.length; k++) {
      const from = tagFrom[k];
      const j = tagFrom[k + 1];
      if (cats && cats[k] !== cat) continue;
      if (scopes && (scopes[k] === NO_SCOPE || scope >= 0 && scopes[k] !== scope)) continue;
      if (prios && prios[k] !== prio) continue;
      const t = ts[k];
      if (f.after !== void 0 && !(t > f.after)) continue;
      if (f.before !== void 0 && !(t < f.before)) continue;
      if (f.since !== void 0 && !(t >= f.since)) continue;
      let ok = true;
      for (const want of tagIdx) {
        let has = false;
        for (let i = from; i < j; i++) if (ids[i] === want) has = true;
        if (!has) ok = false;
      }
      if (!ok) continue;
      docs[kept] = c[k];
      times[kept++] = t;
    }
    return { docs: docs.slice(0, kept), ts: times.slice(0, kept) };
  });
}

// src/search/rank-bounded.ts
var NF3 = FIELDS.length;
var NO_TF = new Uint8Array(NF3);
var BOUNDED_FROM = 25e4;
var TIGHT_FROM = 2e4;
var ALWAYS_TABLE = 2e3;
function rankBounded(view, qterms, limit, w, now, params, text = qterms.join(" "), minCoverage = MIN_COVERAGE, pass = null, labels = null) {
  const N = view.n;
  if (!qterms.length || qterms.length > 8 || limit <= 0) return null;
  const { k1, b, boost } = params;
  if (!(b >= 0 && b <= 1 && k1 >= 0 && boost.every((x) => x > 0) && w.contentMatch >= 0)) return null;
  const coord = params.coord ?? 0;
  const terms2 = qterms.map((t) => {
    const tp = termPostings(view, t);
    return {
      tids: tp.tids,
      counts: tp.counts,
      get lists() {
        return tp.lists;
      },
      df: tp.df,
      w: tp.df ? Math.pow(idf(tp.df, N), params.idfPow ?? 1) : 0
    };
  });
  let postings = 0;
  for (const t of terms2) for (const c of t.counts) postings += c;
  const tight = postings * 8 >= N && w.recencyPerDay >= 0;
  if (N < (tight ? TIGHT_FROM : BOUNDED_FROM) && params.prune !== true) return null;
  const info = termInformation(qterms, terms2.map((t) => t.df), N);
  const mass = info.reduce((a, x) => a + x, 0);
  const qwords = termWords(text, qterms);
  const always = /* @__PURE__ */ new Map();
  const labelMatch = (pi, seg, d, f, i) => {
    const key = (pi * 8 + i) * NF3 + f;
    let all = always.get(key);
    if (all === void 0) {
      const table = f === TAGS_FIELD ? seg.tags : seg.cats;
      all = table.length <= ALWAYS_TABLE && labelAlwaysMatches(seg, f, qterms[i], qwords[i]);
      always.set(key, all);
    }
    return all || labelValueMatch(seg, d, f, qwords[i]);
  };
  const maxRec = Math.max(0, w.recencyPerDay * w.recencyDays);
  const labelMost = view.parts.map((_, pi) => labels ? labels.most(pi) : 0);
  const prioBoost = [w.priority.low ?? 0, w.priority.medium ?? 0, w.priority.high ?? 0];
  const MARGIN = 1e-4;
  const cmp = pageOrder(view);
  let total = 0;
  let confident = 0;
  const most = terms2.map((t) => {
    const tab = new Float64Array(NF3 * 256);
    for (let f = 0; f < NF3; f++) for (let tf = 1; tf < 256; tf++) tab[f * 256 + tf] = t.w * (boost[f] * ((k1 + 1) * tf) / (k1 * (1 - b) + tf));
    return tab;
  });
  const sets = 1 << qterms.length;
  const factor = new Float64Array(sets);
  const coverOf = new Float64Array(sets);
  const countOf = new Uint8Array(sets);
  for (let m = 1; m < sets; m++) {
    let c = 0;
    let cov = 0;
    for (let i = 0; i < qterms.length; i++) {
      if (!(m & 1 << i)) continue;
      c++;
      cov += mass > 0 ? info[i] / mass : 0;
    }
    countOf[m] = c;
    factor[m] = coord ? Math.pow(c / qterms.length, coord) : 1;
    coverOf[m] = round(Math.min(1, cov));
  }
  const top = [];
  const scoreDocs = (pi, docs, masks, prio, tfs = null) => {
    const { seg } = view.parts[pi];
    if (!docs.length) return;
    const lenIdx = new Float64Array(docs.length * NF3);
    for (let j = 0; j < docs.length; j++) for (let f = 0; f < NF3; f++) lenIdx[j * NF3 + f] = docs[j] * NF3 + f;
    const lens = gatherValues(seg, "len", lenIdx);
    const times = gatherValues(seg, "ts", docs);
    const score = new Float64Array(docs.length);
    for (let i = 0; i < terms2.length; i++) {
      if (!terms2[i].df || terms2[i].tids[pi] < 0) continue;
      const list = tfs ? null : terms2[i].lists[pi];
      const tfOf = tfs ?? list.tf;
      let from2 = 0;
      for (let j = 0; j < docs.length; j++) {
        if (!(masks[j] & 1 << i)) continue;
        const d = docs[j];
        let p = j;
        if (list) {
          let lo2 = from2;
          let hi2 = list.doc.length;
          while (lo2 < hi2) {
            const mid = lo2 + hi2 >>> 1;
            if (list.doc[mid] < d) lo2 = mid + 1;
            else hi2 = mid;
          }
          from2 = lo2;
          p = lo2;
        }
        let s = 0;
        for (let f = 0; f < NF3; f++) {
          const tf = tfOf[p * NF3 + f];
          if (!tf || f !== CONTENT_FIELD && !labelMatch(pi, seg, d, f, i)) continue;
          const norm = 1 - b + b * lens[j * NF3 + f] / view.avgLen[f];
          s += boost[f] * ((k1 + 1) * tf) / (k1 * norm + tf);
        }
        if (s === 0) continue;
        score[j] += terms2[i].w * s;
      }
    }
    const named = labels ? labels.hits(pi, docs) : null;
    for (let j = 0; j < docs.length; j++) {
      const sc = coord ? score[j] * Math.pow(countOf[masks[j]] / qterms.length, coord) : score[j];
      const ts = times[j];
      const relevance = round(w.contentMatch * sc + w.tagMatch * (named ? named.tags[j] : 0) + w.categoryMatch * (named ? named.cat[j] : 0) + boostOf(prio(j), ts, w, now));
      if (top.length >= limit && relevance < top[top.length - 1].relevance) continue;
      keepBest(top, { part: pi, doc: docs[j], relevance, ts, coverage: coverOf[masks[j]] }, limit, cmp);
    }
  };
  const need = () => top.length < limit ? -Infinity : top[top.length - 1].relevance - MARGIN;
  const result = () => ({ ranked: top.map(({ part, doc, relevance, coverage }) => ({ part, doc, relevance, coverage })), total, confident });
  if (tight) {
    const cm = w.contentMatch;
    const normK = new Float64Array(256);
    for (let c = 0; c < 256; c++) normK[c] = k1 * (1 - b + b * codeLength(c) / view.avgLen[CONTENT_FIELD]);
    const cw = terms2.map((t) => t.w * boost[CONTENT_FIELD] * (k1 + 1));
    const recOf = (ts) => {
      const ageDays = Math.max(0, (now - ts) / DAY);
      return ageDays < w.recencyDays ? w.recencyPerDay * (w.recencyDays - ageDays) : 0;
    };
    const prioB = Float64Array.from(prioBoost);
    const K = limit * 4;
    const heap = new Float64Array(K);
    let heapN = 0;
    let theta = -Infinity;
    const cands = view.parts.map(() => ({ docs: [], masks: [], bounds: [], tfs: [] }));
    const offer = (pi, d, mask, bound, tf, p) => {
      const c = cands[pi];
      c.docs.push(d);
      c.masks.push(mask);
      c.bounds.push(bound);
      c.tfs.push(tf[p * NF3], tf[p * NF3 + 1], tf[p * NF3 + 2]);
      if (heapN < K) {
        let i = heapN++;
        while (i > 0 && heap[i - 1 >> 1] > bound) heap[i] = heap[i - 1 >> 1], i = i - 1 >> 1;
        heap[i] = bound;
      } else if (bound > heap[0]) {
        let i = 0;
        for (; ; ) {
          let m = 2 * i + 1;
          if (m >= K) break;
          if (m + 1 < K && heap[m + 1] < heap[m]) m++;
          if (heap[m] >= bound) break;
          heap[i] = heap[m];
          i = m;
        }
        heap[i] = bound;
      } else return;
      if (heapN === K) theta = heap[0];
    };
    const otherBound = (pi, seg, d, i, p, tf, nk) => {
      const t0 = tf[p * NF3];
      const t1 = tf[p * NF3 + 1];
      const t2 = tf[p * NF3 + 2];
      if (!t0 && !(t1 && labelMatch(pi, seg, d, TAGS_FIELD, i) || t2 && labelMatch(pi, seg, d, CATEGORY_FIELD, i))) return -1;
      return (t0 ? cw[i] * t0 / (nk + t0) : 0) + most[i][256 + t1] + most[i][512 + t2];
    };
    const walkOne = (pi, i, band, lo2, hi2) => {
      const { seg, dead } = view.parts[pi];
      const t = terms2[i].tids[pi];
      if (t < 0) return;
      const lenCode = view.docBounds(pi).lenCode;
      const recB = recBlocks[pi];
      const prio = seg.prio;
      const scale = cm * factor[1 << i] * (1 + 1e-9);
      const c = cw[i];
      const confidentOne = coverOf[1 << i] >= minCoverage ? 1 : 0;
      const most2 = labelMost[pi];
      const out = cands[pi];
      let count = 0;
      eachPostingChunk(seg, t, true, (doc, tfs, n) => {
        const tf = tfs;
        for (let p = 0; p < n; p++) {
          const d = doc[p];
          if (dead !== null && dead[d] === 1) continue;
          const t0 = tf[p * 3];
          const nk = normK[lenCode[d]];
          let ub = t0 && !tf[p * 3 + 1] && !tf[p * 3 + 2] ? c * t0 / (nk + t0) : otherBound(pi, seg, d, i, p, tf, nk);
          if (ub < 0 || pass !== null && !pass(pi, d)) continue;
          ub = scale * ub + prioB[prio[d]] + recB[d >>> BOUND_SHIFT] + most2;
          if (band) {
            if (ub >= lo2 && ub < hi2) out.docs.push(d), out.masks.push(1 << i), out.tfs.push(t0, tf[p * 3 + 1], tf[p * 3 + 2]);
            continue;
          }
          count++;
          if (ub >= theta) offer(pi, d, 1 << i, ub, tf, p);
        }
      });
      total += count;
      confident += count * confidentOne;
    };
    const walkMany = (pi, band, lo2, hi2) => {
      const { seg, dead } = view.parts[pi];
      const live = terms2.map((t, i) => t.df ? i : -1).filter((i) => i >= 0 && terms2[i].lists[pi]);
      const lists = live.map((i) => terms2[i].lists[pi]);
      const lenCode = view.docBounds(pi).lenCode;
      const recB = recBlocks[pi];
      const prio = seg.prio;
      const L = lists.length;
      const at = new Uint32Array(L);
      for (; ; ) {
        let d = 4294967295;
        for (let j = 0; j < L; j++) if (at[j] < lists[j].doc.length && lists[j].doc[at[j]] < d) d = lists[j].doc[at[j]];
        if (d === 4294967295) break;
        let ub = 0;
        let mask = 0;
        const nk = normK[lenCode[d]];
        for (let j = 0; j < L; j++) {
          const list = lists[j];
          const p = at[j];
          if (p >= list.doc.length || list.doc[p] !== d) continue;
          at[j] = p + 1;
          if (dead?.[d]) continue;
          const x = otherBound(pi, seg, d, live[j], p, list.tf, nk);
          if (x < 0) continue;
          ub += x;
          mask |= 1 << live[j];
        }
        if (!mask || pass !== null && !pass(pi, d)) continue;
        const bound = cm * ub * factor[mask] * (1 + 1e-9) + prioB[prio[d]] + recB[d >>> BOUND_SHIFT] + labelMost[pi];
        if (band) {
          if (bound >= lo2 && bound < hi2) cands[pi].docs.push(d), cands[pi].masks.push(mask);
          continue;
        }
        total++;
        if (coverOf[mask] >= minCoverage) confident++;
        if (bound >= theta) offer(pi, d, mask, bound, NO_TF, 0);
      }
    };
    const recBlocks = view.parts.map((_, pi) => Float64Array.from(view.docBounds(pi).tsMax, recOf));
    const one = terms2.filter((t) => t.df).length === 1 ? terms2.findIndex((t) => t.df) : -1;
    const walk = (pi, band, lo2, hi2) => one >= 0 ? walkOne(pi, one, band, lo2, hi2) : walkMany(pi, band, lo2, hi2);
    const score = (pi, docs, masks, tfs) => {
      const prio = view.parts[pi].seg.prio;
      scoreDocs(pi, docs, masks, (j) => prio[docs[j]], one >= 0 ? tfs : null);
    };
    for (let pi = 0; pi < view.parts.length; pi++) walk(pi, false, 0, 0);
    cands.forEach(({ docs, masks, bounds, tfs }, pi) => {
      const keep = docs.map((_, k) => k).filter((k) => bounds[k] >= theta);
      score(
        pi,
        keep.map((k) => docs[k]),
        keep.map((k) => masks[k]),
        keep.flatMap((k) => [tfs[3 * k], tfs[3 * k + 1], tfs[3 * k + 2]])
      );
    });
    let from2 = theta;
    while (from2 > -Infinity) {
      const line = need();
      if (line >= from2) break;
      for (let pi = 0; pi < view.parts.length; pi++) {
        cands[pi] = { docs: [], masks: [], bounds: [], tfs: [] };
        walk(pi, true, line, from2);
        score(pi, cands[pi].docs, cands[pi].masks, cands[pi].tfs);
      }
      from2 = line;
    }
    return result();
  }
  const per = view.parts.map(({ seg, dead }, pi) => {
    const live = terms2.map((t, i) => t.df ? i : -1).filter((i) => i >= 0 && terms2[i].lists[pi]);
    const lists = live.map((i) => terms2[i].lists[pi]);
    let size = 0;
    for (const l of lists) size += l.doc.length;
    const docs = new Uint32Array(size);
    const ubs = new Float64Array(size);
    const masks = new Uint8Array(size);
    const at = new Uint32Array(lists.length);
    let n = 0;
    for (; ; ) {
      let d = 4294967295;
      for (let j = 0; j < lists.length; j++) if (at[j] < lists[j].doc.length && lists[j].doc[at[j]] < d) d = lists[j].doc[at[j]];
      if (d === 4294967295) break;
      let ub = 0;
      let mask = 0;
      for (let j = 0; j < lists.length; j++) {
        const list = lists[j];
        const p = at[j];
        if (p >= list.doc.length || list.doc[p] !== d) continue;
        at[j] = p + 1;
        if (dead?.[d]) continue;
        const i = live[j];
        const t0 = list.tf[p * NF3];
        const t1 = list.tf[p * NF3 + 1];
        const t2 = list.tf[p * NF3 + 2];
        if (!t0 && !(t1 && labelMatch(pi, seg, d, TAGS_FIELD, i) || t2 && labelMatch(pi, seg, d, CATEGORY_FIELD, i))) continue;
        const tab = most[i];
        ub += tab[t0] + tab[256 + t1] + tab[512 + t2];
        mask |= 1 << i;
      }
      if (!mask || pass !== null && !pass(pi, d)) continue;
      docs[n] = d;
      ubs[n] = ub;
      masks[n] = mask;
      n++;
    }
    const dense = n * 8 > seg.n;
    const prioCol = dense ? seg.prio : null;
    const prios = dense ? null : gatherValues(seg, "prio", docs.subarray(0, n));
    const bound = ubs.subarray(0, n);
    for (let k = 0; k < n; k++) {
      const m = masks[k];
      const pr = prioCol ? prioCol[docs[k]] : prios[k];
      bound[k] = w.contentMatch * bound[k] * factor[m] * (1 + 1e-9) + (prioBoost[pr] ?? 0) + maxRec + labelMost[pi];
      if (coverOf[m] >= minCoverage) confident++;
    }
    total += n;
    return { docs: docs.subarray(0, n), bound, masks: masks.subarray(0, n), prio: (k) => prioCol ? prioCol[docs[k]] : prios[k] };
  });
  let lo = Infinity;
  let hi = -Infinity;
  if (total === 0) return result();
  for (const { bound } of per) {
    for (const x of bound) {
      if (x < lo) lo = x;
      if (x > hi) hi = x;
    }
  }
  const BUCKETS = 4096;
  const hist = new Uint32Array(BUCKETS);
  const width = (hi - lo) / BUCKETS || 1;
  const bucket = (x) => Math.min(BUCKETS - 1, Math.floor((x - lo) / width));
  for (const { bound } of per) for (const x of bound) hist[bucket(x)]++;
  let want = limit * 4;
  let first = BUCKETS - 1;
  for (; first > 0; first--) if ((want -= hist[first]) <= 0) break;
  const scored = per.map(({ docs }) => new Uint8Array(docs.length));
  const scoreFrom = (from2) => {
    per.forEach(({ docs, bound, masks, prio }, pi) => {
      const pick = [];
      for (let k = 0; k < docs.length; k++) if (!scored[pi][k] && bound[k] >= from2) pick.push(k), scored[pi][k] = 1;
      scoreDocs(
        pi,
        pick.map((k) => docs[k]),
        pick.map((k) => masks[k]),
        (j) => prio(pick[j])
      );
    });
  };
  let from = lo + first * width;
  scoreFrom(from);
  while (from > -Infinity) {
    const line = need();
    if (line >= from) break;
    from = line;
    scoreFrom(from);
  }
  return result();
}

// src/search/rank-pruned.ts
var NF4 = FIELDS.length;
function rankPruned(view, qterms, limit, w, now, params, text = qterms.join(" "), minCoverage = MIN_COVERAGE) {
  const N = view.n;
  if (qterms.length < 2 || limit <= 0 || N < 1e4 && params.prune !== true) return null;
  const { k1, b, boost } = params;
  if (!(b >= 0 && b <= 1 && k1 >= 0 && boost.every((x) => x >= 0) && w.contentMatch >= 0)) return null;
  const coord = params.coord ?? 0;
  const terms2 = qterms.map((t) => {
    const { lists, df } = termPostings(view, t);
    return { lists, df, w: df ? Math.pow(idf(df, N), params.idfPow ?? 1) : 0 };
  });
  const info = termInformation(qterms, terms2.map((t) => t.df), N, text);
  const mass = info.reduce((a, x) => a + x, 0);
  const qwords = termWords(text, qterms);
  const byDf = terms2.map((t, i) => i).sort((x, y) => terms2[x].df - terms2[y].df);
  const rare = /* @__PURE__ */ new Set();
  let candidatesAtMost = 0;
  for (const i of byDf) {
    if (!terms2[i].df) continue;
    if (candidatesAtMost + terms2[i].df > N / 50) break;
    candidatesAtMost += terms2[i].df;
    rare.add(i);
  }
  const common = terms2.map((t, i) => i).filter((i) => !rare.has(i) && terms2[i].df > 0);
  if (!rare.size || !common.length) return null;
  if (mass > 0 && common.reduce((a, i) => a + info[i], 0) / mass >= minCoverage) return null;
  let bm25Bound = 0;
  for (const i of common) {
    const tfMax = [0, 0, 0];
    terms2[i].lists.forEach((list) => {
      if (!list) return;
      for (let p = 0; p < list.tf.length; p++) if (list.tf[p] > tfMax[p % NF4]) tfMax[p % NF4] = list.tf[p];
    });
    let s = 0;
    for (let f = 0; f < NF4; f++) if (tfMax[f]) s += boost[f] * ((k1 + 1) * tfMax[f]) / (k1 * (1 - b) + tfMax[f]);
    bm25Bound += terms2[i].w * s;
  }
  if (coord) bm25Bound *= Math.pow(common.length / qterms.length, coord);
  const maxBase = Math.max(w.priority.low, w.priority.medium, w.priority.high, 0) + Math.max(0, w.recencyPerDay * w.recencyDays);
  const bound = w.contentMatch * bm25Bound + maxBase;
  const top = [];
  const cmp = pageOrder(view);
  let total = 0;
  let confident = 0;
  for (let pi = 0; pi < view.parts.length; pi++) {
    const { seg, dead } = view.parts[pi];
    const mark = new Uint8Array(seg.n);
    const cands = [];
    for (const i of rare) {
      const list = terms2[i].lists[pi];
      if (!list) continue;
      for (let p = 0; p < list.doc.length; p++) {
        const d = list.doc[p];
        if (dead?.[d] || mark[d]) continue;
        mark[d] = 1;
        cands.push(d);
      }
    }
    cands.sort((x, y) => x - y);
    const slot = /* @__PURE__ */ new Map();
    cands.forEach((d, k) => slot.set(d, k));
    const score = new Float64Array(cands.length);
    const matched = new Uint16Array(cands.length);
    const covered = new Float64Array(cands.length);
    const lenIdx = new Float64Array(cands.length * NF4);
    cands.forEach((d, k) => {
      for (let f = 0; f < NF4; f++) lenIdx[k * NF4 + f] = d * NF4 + f;
    });
    const lens = gatherValues(seg, "len", lenIdx);
    const times = gatherValues(seg, "ts", cands);
    const prios = gatherValues(seg, "prio", cands);
    for (let i = 0; i < terms2.length; i++) {
      const list = terms2[i].lists[pi];
      if (!list || !terms2[i].df) continue;
      for (let p = 0; p < list.doc.length; p++) {
        const d = list.doc[p];
        if (dead?.[d]) continue;
        if (mark[d] !== 1) {
          if (!mark[d] && (list.tf[p * NF4 + CONTENT_FIELD] > 0 || labelValueMatch(seg, d, TAGS_FIELD, qwords[i]) || labelValueMatch(seg, d, CATEGORY_FIELD, qwords[i]))) {
            mark[d] = 2;
            total++;
          }
          continue;
        }
        const k = slot.get(d);
        let s = 0;
        for (let f = 0; f < NF4; f++) {
          const tf = list.tf[p * NF4 + f];
          if (!tf || f !== CONTENT_FIELD && !labelValueMatch(seg, d, f, qwords[i])) continue;
          const norm = 1 - b + b * lens[k * NF4 + f] / view.avgLen[f];
          s += boost[f] * ((k1 + 1) * tf) / (k1 * norm + tf);
        }
        if (s === 0) continue;
        score[k] += terms2[i].w * s;
        matched[k]++;
        covered[k] += mass > 0 ? info[i] / mass : 0;
      }
    }
    for (let k = 0; k < cands.length; k++) {
      const d = cands[k];
      if (!(score[k] > 0)) continue;
      total++;
      if (round(Math.min(1, covered[k])) >= minCoverage) confident++;
      const sc = coord ? score[k] * Math.pow(matched[k] / qterms.length, coord) : score[k];
      const ts = times[k];
      const relevance = round(w.contentMatch * sc + w.tagMatch * 0 + w.categoryMatch * 0 + boostOf(prios[k], ts, w, now));
      if (top.length >= limit && relevance < top[top.length - 1].relevance) continue;
      keepBest(top, { part: pi, doc: d, relevance, ts, coverage: round(Math.min(1, covered[k])) }, limit, cmp);
    }
  }
  if (top.length < limit || !(top[top.length - 1].relevance > bound + 1e-3)) return null;
  return { ranked: top.map(({ part, doc, relevance, coverage }) => ({ part, doc, relevance, coverage })), total, confident };
}

// src/search/engine.ts
function rank(view, text, filter, limit, w, now, params = DEFAULT_BM25, minCoverage = MIN_COVERAGE) {
  const pass = compileFilter(view, filter);
  const hasText = queryTerms(text).length > 0;
  const candidates = [];
  if (!hasText && limit <= SMALL_PAGE) {
    const newest2 = newestFirst(view);
    const top2 = [];
    let total2 = 0;
    view.parts.forEach(({ seg, dead }, pi) => {
      const ts = seg.ts;
      for (let d = 0; d < seg.n; d++) {
        if (dead?.[d] || !pass(pi, d)) continue;
        total2++;
        if (top2.length >= limit) {
          const last = top2[top2.length - 1];
          if (ts[d] < view.parts[last.part].seg.ts[last.doc]) continue;
        }
        keepBest(top2, { part: pi, doc: d, relevance: 0 }, limit, newest2);
      }
    });
    for (const r of top2) r.relevance = round(baseBoost(view.parts[r.part].seg, r.doc, w, now));
    return { ranked: top2, total: total2, confident: total2 };
  }
  if (!hasText) {
    view.parts.forEach(({ seg, dead }, pi) => {
      for (let d = 0; d < seg.n; d++) {
        if (dead?.[d] || !pass(pi, d)) continue;
        candidates.push({ part: pi, doc: d, relevance: round(baseBoost(seg, d, w, now)) });
      }
    });
    return { ranked: bestOf(candidates, limit, newestFirst(view)), total: candidates.length, confident: candidates.length };
  }
  const qterms = queryTerms(text);
  const qset = new Set(valueWords(text));
  const nameCache = view.parts.map(({ seg }) => ({ tags: new Uint8Array(seg.tags.length), cats: new Uint8Array(seg.cats.length) }));
  const named = (pi, kind, i) => {
    const cache = nameCache[pi][kind];
    if (!cache[i]) cache[i] = nameMatches(view.parts[pi].seg[kind][i], qset) ? 2 : 1;
    return cache[i] === 2;
  };
  const anyNamed = view.parts.map(({ seg }, pi) => ({
    tags: seg.tags.some((_, i) => named(pi, "tags", i)),
    cats: seg.cats.some((_, i) => named(pi, "cats", i))
  }));
  const unfiltered = noFilter(filter);
  if (limit <= SMALL_PAGE && params.prune !== false) {
    const labelled = anyNamed.some((a) => a.tags || a.cats);
    const pruned = (unfiltered && !labelled ? rankPruned(view, qterms, limit, w, now, params, text, minCoverage) : null) ?? rankBounded(view, qterms, limit, w, now, params, text, minCoverage, unfiltered ? null : pass, labelled ? labelBonus(view, w, anyNamed, named) : null);
    if (pruned) return pruned;
  }
  const newest = newestFirst(view);
  const cmp = (a, b) => b.relevance - a.relevance || newest(a, b);
  const top = [];
  let total = 0;
  let confident = 0;
  const tagStamps = [];
  eachTextScore(view, text, params, (part, doc, score, cov) => {
    if (!pass(part, doc)) return;
    total++;
    const seg = view.parts[part].seg;
    let tagHits = 0;
    if (anyNamed[part].tags) {
      const stamp = tagStamps[part] ??= new Uint32Array(seg.tags.length);
      for (let i = seg.tagOff[doc]; i < seg.tagOff[doc + 1]; i++) {
        const t = seg.tagIds[i];
        if (stamp[t] !== doc + 1 && named(part, "tags", t)) stamp[t] = doc + 1, tagHits++;
      }
    }
    const catHit = anyNamed[part].cats && named(part, "cats", seg.cat[doc]) ? 1 : 0;
    const relevance = round(w.contentMatch * score + w.tagMatch * tagHits + w.categoryMatch * catHit + baseBoost(seg, doc, w, now));
    const coverage = round(cov);
    if (coverage >= minCoverage) confident++;
    if (limit > SMALL_PAGE) return void candidates.push({ part, doc, relevance, coverage });
    if (top.length >= limit && relevance < top[top.length - 1].relevance) return;
    keepBest(top, { part, doc, relevance, coverage }, limit, cmp);
  });
  return { ranked: limit > SMALL_PAGE ? bestOf(candidates, limit, cmp) : top, total, confident };
}
function labelBonus(view, w, anyNamed, named) {
  const namedTags = view.parts.map(({ seg }, pi) => anyNamed[pi].tags ? seg.tags.filter((_, i) => named(pi, "tags", i)).length : 0);
  return {
    most: (pi) => Math.max(0, w.tagMatch) * namedTags[pi] + (anyNamed[pi].cats ? Math.max(0, w.categoryMatch) : 0),
    hits: (pi, docs) => {
      const seg = view.parts[pi].seg;
      const tags = new Float64Array(docs.length);
      const cat = new Float64Array(docs.length);
      if (anyNamed[pi].tags) {
        const { from, ids } = gatherTags(seg, docs);
        const stamp = new Uint32Array(seg.tags.length);
        for (let j = 0; j < docs.length; j++) {
          for (let k = from[j]; k < from[j + 1]; k++) {
            const t = ids[k];
            if (stamp[t] !== j + 1 && named(pi, "tags", t)) stamp[t] = j + 1, tags[j]++;
          }
        }
      }
      if (anyNamed[pi].cats) {
        const cats = gatherValues(seg, "cat", docs);
        for (let j = 0; j < docs.length; j++) cat[j] = named(pi, "cats", cats[j]) ? 1 : 0;
      }
      return { tags, cat };
    }
  };
}
var SMALL_PAGE = 256;

// src/search/index.ts
function remember(store, tree, base, delta, view) {
  const st = stateOf(store);
  const prevTree = st.tree;
  st.setGeneration(tree, base, delta, view);
  view.boundsSource = (seg) => seg.kind === "base" ? baseDocBounds(store, seg) : null;
  if (tree && prevTree !== tree) warnDupes(store, tree, view);
  return view;
}
function baseDocBounds(store, seg) {
  const file = paths(store).base;
  const read = readDocBounds(file, seg);
  if (read) return read;
  const bounds = computeDocBounds(seg);
  writeDocBounds(file, seg, bounds);
  return bounds;
}
function warnDupes(store, tree, view) {
  for (const part of view.parts) {
    for (const [path, oid] of part.seg.dupes ?? []) {
      if (store.git.entryAt(tree, path)?.oid !== oid) continue;
      let id;
      try {
        id = memoryFromFile(path, store.git.readBlob(oid).toString("utf8")).id;
      } catch {
        continue;
      }
      let used = null;
      for (const q of view.parts) {
        for (let d = 0; d < q.seg.n && !used; d++) if (!q.dead?.[d] && q.seg.ids.get(d) === id) used = q.seg.paths.get(d);
      }
      if (used) store.warn(duplicateIdWarning(id, used, path));
    }
  }
}
function openIndex(store, opts = {}) {
  const tree = store.treeOf(store.tip());
  if (!tree) {
    setLastOpen("empty");
    return remember(store, null, null, null, IndexView.empty());
  }
  const st = states.get(store);
  if (st && st.tree === tree) {
    setLastOpen("memory");
    return st.view;
  }
  const files = paths(store);
  let base = st?.base ?? null;
  if (!base || base.tree !== tree) {
    const disk = readSegment(store, files.base);
    if (disk && (disk.tree === tree || !base)) base = disk;
  }
  if (base && base.tree === tree && !trusted(base) && matches(store, base, null, tree)) adopt(base, files.base);
  if (base && base.tree === tree && trusted(base)) {
    setLastOpen("cached");
    return remember(store, tree, base, null, viewOf(base, null));
  }
  if (base) {
    const fits = (d) => !!d && d.kind === "delta" && d.tree === tree && d.baseBuild === base.build;
    let delta = fits(st?.delta ?? null) ? st.delta : null;
    if (!delta) {
      const disk = readSegment(store, files.delta);
      if (fits(disk)) delta = disk;
    }
    if (delta && !trusted(delta)) {
      if (matches(store, base, delta, tree)) adopt(delta, files.delta);
      else delta = null;
    }
    if (delta) {
      setLastOpen("cached");
      return remember(store, tree, base, delta, viewOf(base, delta));
    }
    const before = [st?.delta ?? null, readSegment(store, files.delta)].find((d) => d && d.kind === "delta" && d.baseBuild === base.build && d.tree !== tree) ?? null;
    delta = before ? advanceDelta(store, base, before, tree) : null;
    if (!delta) {
      try {
        delta = buildDelta(store, base, tree);
      } catch {
        delta = null;
      }
    }
    if (delta) {
      if (needsCompaction(base, delta)) {
        const merged = mergeSegments(base, delta);
        writeAtomic(store, files.base, merged);
        return remember(store, tree, merged, null, viewOf(merged, null));
      }
      writeAtomic(store, files.delta, delta);
      return remember(store, tree, base, delta, viewOf(base, delta));
    }
  }
  const built = fullBuild(store, tree, opts);
  setLastOpen("full");
  writeAtomic(store, files.base, built);
  dropOtherFormats(store);
  return remember(store, tree, built, null, viewOf(built, null));
}
async function rebuildIndex(store, opts = {}) {
  const t0 = performance.now();
  const tree = store.treeOf(store.tip());
  if (!tree) {
    remember(store, null, null, null, IndexView.empty());
    return { success: true, indexed: 0, skipped: 0, tree: null, bytes: 0, durationMs: Math.round(performance.now() - t0) };
  }
  const built = fullBuild(store, tree, opts);
  const bytes = writeAtomic(store, paths(store).base, built);
  dropOtherFormats(store);
  remember(store, tree, built, null, viewOf(built, null));
  return { success: true, indexed: built.n, skipped: built.skipped, tree, bytes, durationMs: Math.round(performance.now() - t0) };
}
function weightsOf(store) {
  const r = store.config().searchRelevance ?? {};
  const num = (v, d) => typeof v === "number" && Number.isFinite(v) ? v : d;
  return {
    ...DEFAULT_WEIGHTS,
    tagMatch: num(r.tagMatch, DEFAULT_WEIGHTS.tagMatch),
    categoryMatch: num(r.categoryMatch, DEFAULT_WEIGHTS.categoryMatch),
    contentMatch: num(r.contentMatch, DEFAULT_WEIGHTS.contentMatch)
  };
}
function toLimit(v) {
  return limitOf(v, 10);
}
function readMemory(store, seg, d) {
  const st = states.get(store);
  const oid = seg.oids.get(d);
  const hit = st?.memories.get(oid);
  if (hit) return hit;
  const path = seg.paths.get(d);
  const stored = memoryFromFile(path, store.git.readBlob(oid).toString("utf8"));
  const m = publicMemory(stored);
  if (stored.extra.citations === void 0) citationFree.add(m);
  if (st) {
    if (st.memories.size > 5e3) st.memories.clear();
    st.memories.set(oid, m);
  }
  return m;
}
async function search(store, q = {}, opts = {}) {
  if (q === null || typeof q !== "object") throw new InvalidInputError("search takes an options object", { field: "query" });
  checkQuery(q.query);
  const now = store.now().getTime();
  const limit = toLimit(q.limit);
  const filter = normalizeFilter(q, now);
  let view = openIndex(store, opts);
  let archivePart = -1;
  if (q.archived) {
    const arch = archiveSegment(store, view.tree);
    if (arch) {
      archivePart = view.parts.length;
      view = new IndexView([...view.parts, { seg: arch, dead: null }], view.tree);
    }
  }
  const known = knownShare(view, q.query ?? "");
  const minCoverage = opts.minCoverage ?? MIN_COVERAGE;
  const line = known >= 1 ? Math.min(minCoverage, KNOWN_COVERAGE) : minCoverage;
  const { ranked, total, confident } = newestUnfiltered(store, view, q.query ?? "", filter, limit, now, archivePart) ?? rank(view, q.query ?? "", filter, limit, weightsOf(store), now, opts.bm25 ?? DEFAULT_BM25, line);
  const seen = /* @__PURE__ */ new Map();
  const results = [];
  const weak = [];
  const hasText = queryTerms(q.query ?? "").length > 0;
  for (const r of ranked) {
    const seg = view.parts[r.part].seg;
    const m = readMemory(store, seg, r.doc);
    const path = seg.paths.get(r.doc);
    const prev = seen.get(m.id);
    if (prev) {
      const kept = prev.list[prev.at];
      if (r.part !== archivePart && !kept.archived) {
        const win = copyWins({ id: m.id, path }, { id: m.id, path: prev.path });
        store.warn(duplicateIdWarning(m.id, win ? path : prev.path, win ? prev.path : path));
        if (win) {
          prev.list[prev.at] = { ...m, relevance: kept.relevance, ...kept.confidence !== void 0 ? { confidence: kept.confidence } : {} };
          if (citationFree.has(m)) citationFree.add(prev.list[prev.at]);
          prev.path = path;
        }
      }
      continue;
    }
    const out = r.part === archivePart ? { ...m, archived: true, relevance: r.relevance } : { ...m, relevance: r.relevance };
    if (citationFree.has(m)) citationFree.add(out);
    let list = results;
    if (hasText) {
      out.confidence = roundConfidence(confidence({ coverage: r.coverage ?? 0, known, minCoverage }));
      if ((r.coverage ?? 0) < line) list = weak;
    }
    seen.set(m.id, { list, at: list.length, path });
    list.push(out);
  }
  if (!hasText) return { success: true, results, total };
  const res = { success: true, results, weak, total: confident };
  if (!results.length) res.nothingConfident = nothingConfidentNote(weak.length);
  return res;
}
function newestUnfiltered(store, view, text, f, limit, now, archivePart) {
  if (archivePart >= 0 || queryTerms(text).length) return null;
  if (!noFilter(f)) return null;
  const page = newestPage(view, baseSegmentFile(store), limit);
  if (!page) return null;
  const w = weightsOf(store);
  const ranked = page.map(({ part, doc }) => ({ part, doc, relevance: round(baseBoost(view.parts[part].seg, doc, w, now)) }));
  return { ranked, total: view.n, confident: view.n };
}
var archiveSegments = /* @__PURE__ */ new WeakMap();
function archiveSegment(store, tree) {
  if (!tree) return null;
  const hit = archiveSegments.get(store);
  if (hit?.tree === tree) return hit.seg;
  const blobs = store.git.listBlobs(tree, ARCHIVE_DIR);
  if (!blobs.length) return null;
  const b = new SegmentBuilder();
  for (const f of blobs) addFile(store, b, MEMORIES_DIR + f.path.slice(ARCHIVE_DIR.length), f.oid);
  const seg = b.finish({ kind: "delta", tree });
  archiveSegments.set(store, { tree, seg });
  return seg;
}
function fullTextScores(store, text, opts = {}) {
  const out = /* @__PURE__ */ new Map();
  for (const [id, { score }] of fullTextMatches(store, text, opts)) out.set(id, score);
  return out;
}
function fullTextMatches(store, text, opts = {}, view = openIndex(store, opts)) {
  const ids = docIds(view);
  const out = /* @__PURE__ */ new Map();
  for (const h of textScores(view, text, opts.bm25 ?? DEFAULT_BM25)) out.set(ids[h.part][h.doc], { score: h.score, coverage: h.coverage });
  return out;
}
function docIds(view) {
  let ids = idCache.get(view);
  if (!ids) {
    ids = view.parts.map(({ seg }) => {
      const out = new Array(seg.n);
      for (let d = 0; d < seg.n; d++) out[d] = seg.ids.get(d);
      return out;
    });
    idCache.set(view, ids);
  }
  return ids;
}
var idCache = /* @__PURE__ */ new WeakMap();
var allIdsCache = /* @__PURE__ */ new WeakMap();
function filterIds(store, q, opts = {}, view = openIndex(store, opts)) {
  const f = normalizeFilter(q, store.now().getTime());
  const unfiltered = noFilter(f);
  if (unfiltered) {
    const hit = allIdsCache.get(view);
    if (hit) return hit;
  }
  const pass = compileFilter(view, f);
  const ids = docIds(view);
  const out = /* @__PURE__ */ new Set();
  view.parts.forEach(({ dead }, pi) => {
    for (let d = 0; d < ids[pi].length; d++) if (!dead?.[d] && pass(pi, d)) out.add(ids[pi][d]);
  });
  if (unfiltered) allIdsCache.set(view, out);
  return out;
}

export {
  valueWords,
  normalizeFilter,
  noFilter,
  compileFilter,
  filterMatches,
  NON_TERM_SHARE,
  NON_TERM_MIN_MEMORIES,
  docFrequency,
  isQuestionWord,
  knownShare,
  DEFAULT_BM25,
  textScores,
  HYBRID_MIN_COVERAGE,
  confidence,
  semanticConfidence,
  CONFIDENT,
  supported,
  supportedConfidence,
  roundConfidence,
  nothingConfidentNote,
  rank,
  openIndex,
  rebuildIndex,
  readMemory,
  search,
  archiveSegment,
  fullTextScores,
  fullTextMatches,
  docIds,
  filterIds
};

import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  CALIBRATION_MIN_MEMORIES,
  DIVERSITY,
  EXPANSION,
  FEEDBACK_DOCS,
  FEEDBACK_MIN_MEMORIES,
  NAME_HOLDERS,
  NOTE_STORE_SHARE,
  PAGE_SUPPORT,
  SESSION_CAP,
  SMALL_STORE_MEMORIES,
  feedbackDefault,
  hybridSettings,
  minSimilarity
} from "./chunk-XELRKWAE.js";
import {
  SEARCH_EMBED_BUDGET_MS,
  branchVectors,
  embedInput,
  readOnlyView,
  searchBudgetMs,
  storeEmbedder,
  topK
} from "./chunk-QH6BDPGY.js";
import {
  normalize
} from "./chunk-UIE3Y3TH.js";
import "./chunk-G6ED4QC4.js";
import {
  CONFIDENT,
  HYBRID_MIN_COVERAGE,
  NON_TERM_MIN_MEMORIES,
  NON_TERM_SHARE,
  confidence,
  docFrequency,
  docIds,
  filterIds,
  fullTextMatches,
  isQuestionWord,
  knownShare,
  nothingConfidentNote,
  openIndex,
  readMemory,
  roundConfidence,
  search,
  semanticConfidence,
  supported,
  supportedConfidence,
  valueWords
} from "./chunk-ACMVMPY4.js";
import {
  NO_CONVERSATION,
  bestOf
} from "./chunk-5VCWNMQA.js";
import "./chunk-YTZHN34W.js";
import {
  queryNames,
  queryTerms
} from "./chunk-CFTP24FZ.js";
import "./chunk-UCBYA3PT.js";
import "./chunk-E3OSZJLW.js";
import "./chunk-CQNYWYCJ.js";
import "./chunk-Z5YN2S7E.js";
import "./chunk-OQDIJSBS.js";
import "./chunk-EYKMHHKG.js";
import "./chunk-VIW2RCAO.js";
import "./chunk-SSV3AZGT.js";
import {
  checkQuery,
  limitOf
} from "./chunk-XRSA6KWW.js";
import "./chunk-FBFUYQWQ.js";
import "./chunk-5EVQ5UWQ.js";
import {
  InvalidInputError,
  MemoryError
} from "./chunk-FJGJKBHJ.js";
import "./chunk-VBFOSH5Y.js";

// src/search/hybrid-confidence.ts
function calibration(queryCosines, ok, okCount) {
  let sum = 0;
  let sq = 0;
  for (let r = 0; r < queryCosines.length; r++)
    if (ok[r]) {
      sum += queryCosines[r];
      sq += queryCosines[r] * queryCosines[r];
    }
  const mean = okCount ? sum / okCount : 0;
  const spread = okCount ? Math.sqrt(Math.max(0, sq / okCount - mean * mean)) : 0;
  const near10 = topK(queryCosines, 10, (x) => ok[x] === 1);
  return {
    calibrated: okCount >= CALIBRATION_MIN_MEMORIES && spread > 0,
    mean,
    spread,
    nearestRow: near10.length ? near10[0] : -1,
    tenthCosine: near10.length ? queryCosines[near10[near10.length - 1]] : 0
  };
}
function candidateConfidence(s, id, row) {
  const { calibrated, mean, spread, nearestRow, tenthCosine } = s.calibration;
  const signals = {
    coverage: s.coverage.get(id) ?? 0,
    known: s.known,
    minCoverage: s.minCoverage,
    small: s.small,
    ...s.notes ? { notes: true } : {},
    ...s.handful ? { handful: true } : {},
    ...s.names?.lacks(id) ? { lacksName: true } : {},
    ...s.names?.nameOnly(id) ? { nameOnly: true } : {},
    ...row === void 0 ? {} : { cosine: s.queryCosines[row], floor: s.floor, ...calibrated ? { z: (s.queryCosines[row] - mean) / spread, ...row === nearestRow ? { nearestGap: s.queryCosines[row] - tenthCosine } : {} } : {} }
  };
  const c = confidence(signals);
  s.onSignals?.(id, signals, c);
  return c;
}
function supportPage(page, floor, total) {
  if (!page.some((s) => s.confidence >= CONFIDENT)) return total;
  for (const s of page) if (s.confidence < CONFIDENT && supported(s.coverage ?? 0, s.queryCosine, floor)) s.confidence = supportedConfidence(s.confidence);
  return Math.max(total, page.reduce((a, x) => a + (x.confidence >= CONFIDENT ? 1 : 0), 0));
}

// src/search/hybrid-page.ts
function dot(a, b) {
  let x = 0;
  for (let i = 0; i < a.length; i++) x += a[i] * b[i];
  return x;
}
var round = (x) => Math.round(x * 1e4) / 1e4;
var better = (a, b) => b.relevance - a.relevance || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
function pickPage(ranking, limit, index, diversity, sessionCap) {
  const { candidates, sessionOf } = ranking;
  if (sessionCap > 0 && sessionOf) {
    const kept = [];
    const later = [];
    const per = /* @__PURE__ */ new Map();
    for (const c of bestOf(candidates, limit * 3, better)) {
      const sid = sessionOf(c.id);
      const k = per.get(sid) ?? 0;
      if (sid >= 0 && k >= sessionCap) later.push(c);
      else {
        kept.push(c);
        per.set(sid, k + 1);
      }
    }
    return [...kept, ...later].slice(0, limit);
  }
  if (diversity < 1) {
    const kept = [];
    const later = [];
    const vecs = [];
    for (const c of bestOf(candidates, limit * 3, better)) {
      if (kept.length >= limit) break;
      const v = index.vector(c.id);
      const dup = v ? vecs.some((u) => dot(u, v) > diversity) : false;
      if (dup) later.push(c);
      else {
        kept.push(c);
        if (v) vecs.push(v);
      }
    }
    return [...kept, ...later].slice(0, limit);
  }
  return bestOf(candidates, limit, better);
}
function toResponse(page, total, memoryOf, coverage) {
  const results = [];
  const weak = [];
  for (const s of page) {
    const scores = { vector: round(s.vectorScore ?? 0) };
    if (s.textScore !== void 0) scores.fulltext = round(s.textScore);
    if (s.feedbackScore !== void 0) scores.feedback = round(s.feedbackScore);
    if (s.contextScore) scores.context = round(s.contextScore);
    if (coverage) scores.coverage = round(coverage.get(s.id) ?? 0);
    (s.confidence >= CONFIDENT ? results : weak).push({ ...memoryOf(s.id), relevance: round(s.relevance), confidence: roundConfidence(s.confidence), scores });
  }
  const response = { success: true, results, weak, total };
  if (!results.length) response.nothingConfident = nothingConfidentNote(weak.length);
  return response;
}

// src/search/expand.ts
import { readFileSync, statSync } from "node:fs";
function termWordsOf(text) {
  const out = /* @__PURE__ */ new Map();
  for (const w of new Set(valueWords(text))) {
    const ts = queryTerms(w);
    if (ts.length === 1 && !out.has(ts[0])) out.set(ts[0], w);
  }
  return out;
}
function usable(view, term) {
  if (isQuestionWord(term)) return 0;
  const df = docFrequency(view, term);
  const common = view.n >= NON_TERM_MIN_MEMORIES ? NON_TERM_SHARE * view.n : Infinity;
  return df > 0 && df <= common ? df : 0;
}
function neighbourWords(view, query, texts, most, minDocs) {
  const q = new Set(queryTerms(query));
  const count = /* @__PURE__ */ new Map();
  for (const t of texts) {
    for (const [term, word] of termWordsOf(t)) {
      if (q.has(term)) continue;
      const c = count.get(term);
      if (c) c.n++;
      else count.set(term, { n: 1, word });
    }
  }
  const scored = [];
  for (const [term, { n, word }] of count) {
    if (n < minDocs) continue;
    const df = usable(view, term);
    if (df) scored.push([word, n * Math.log(1 + view.n / df)]);
  }
  return scored.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, most).map(([w]) => w);
}
var tables = /* @__PURE__ */ new Map();
var MAX_SYNONYM_TABLE_BYTES = 32 * 1024 * 1024;
function synonymTable(path) {
  let t = tables.get(path);
  if (!t) {
    const bad = (why) => new InvalidInputError(`synonyms: ${why}`, { field: "synonyms" });
    let parsed;
    try {
      if (statSync(path).size > MAX_SYNONYM_TABLE_BYTES) throw bad(`the file is larger than ${MAX_SYNONYM_TABLE_BYTES} bytes`);
      parsed = JSON.parse(readFileSync(path, "utf8"));
    } catch (err) {
      if (err instanceof InvalidInputError) throw err;
      throw bad(`cannot read a JSON synonym table (${err.message.slice(0, 200)})`);
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw bad("a synonym table is a JSON object of word lists");
    tables.set(path, t = parsed);
  }
  return t;
}
function tableWords(view, query, table, perTerm) {
  const qterms = queryTerms(query);
  const q = new Set(qterms);
  const out = [];
  for (const t of qterms) {
    const words = Object.prototype.hasOwnProperty.call(table, t) ? table[t] : void 0;
    if (!Array.isArray(words) || isQuestionWord(t)) continue;
    const cands = [];
    for (const [term, word] of termWordsOf(words.slice(0, 200).join(" "))) {
      if (q.has(term)) continue;
      const df = usable(view, term);
      if (df) cands.push([word, df]);
    }
    cands.sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
    for (const [w] of cands.slice(0, perTerm)) out.push(w);
  }
  return out;
}

// src/search/hybrid-candidates.ts
function textScores(input, text, coveragePower) {
  const scores = /* @__PURE__ */ new Map();
  const coverage = /* @__PURE__ */ new Map();
  let max = 0;
  for (const [id, { score, coverage: cv }] of fullTextMatches(input.store, text, input.opts, input.view)) {
    if (!input.allowed.has(id)) continue;
    scores.set(id, score);
    if (coveragePower !== null) coverage.set(id, cv);
    if (score > max) max = score;
  }
  for (const [id, sc] of scores) scores.set(id, (max > 0 ? sc / max : 0) * (coveragePower ? Math.pow(coverage.get(id) ?? 0, coveragePower) : 1));
  return { scores, coverage };
}
function nameSelector(input) {
  const most = input.opts.nameHolders ?? NAME_HOLDERS;
  if (!(most >= 0)) return null;
  const holders = [];
  const names = [];
  for (const name of queryNames(input.query)) {
    const ids = new Set(textScores(input, name, null).scores.keys());
    if (ids.size > most) continue;
    holders.push(ids);
    names.push(name);
  }
  if (!holders.length) return null;
  const bare = (w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "").replace(/['’]s$/u, "");
  const named = new Set(names.map(bare));
  const rest = input.query.split(/\s+/).filter((w) => !named.has(bare(w))).join(" ");
  const others = new Set(textScores(input, rest, null).scores.keys());
  return { lacks: (id) => holders.some((h) => !h.has(id)), nameOnly: (id) => others.size > 0 && !others.has(id) };
}
function expansionWords(input, queryCosines) {
  const { opts, index, ok, view, query } = input;
  const expansion = opts.expansion ?? EXPANSION;
  if (expansion === "store") {
    const near = topK(queryCosines, opts.expansionNeighbours ?? 5, (r) => ok[r] === 1 && queryCosines[r] > 0);
    return neighbourWords(view, query, near.map((r) => embedInput(input.entries.get(index.ids[r]).read().content)), opts.expansionWords ?? 5, opts.expansionMinDocs ?? 2);
  }
  if (expansion === "table" && opts.synonyms) return tableWords(view, query, synonymTable(opts.synonyms), opts.synonymsPerTerm ?? 3);
  return [];
}
function candidateRows(input, queryCosines, matchIds, semanticCandidates) {
  const { index, ok, floor } = input;
  const match = new Uint8Array(index.size);
  for (let r = 0; r < index.size; r++) if (ok[r] && queryCosines[r] >= floor) match[r] = 1;
  for (const ids of matchIds) {
    for (const id of ids) {
      const r = index.rowOf.get(id);
      if (r !== void 0 && ok[r]) match[r] = 1;
    }
  }
  if (semanticCandidates > 0 && Number.isFinite(floor)) for (const r of topK(queryCosines, semanticCandidates, (x) => ok[x] === 1 && queryCosines[x] > 0)) match[r] = 1;
  return match;
}

// src/search/hybrid-context.ts
var neighbourCache = /* @__PURE__ */ new WeakMap();
function neighboursOf(index, view, windowMs, placeOf) {
  const hit = neighbourCache.get(index);
  if (hit && hit.view === view && hit.windowMs === windowMs) return hit.nb;
  const n = index.size;
  const ts = new Float64Array(n);
  const scope = new Int32Array(n);
  const scopes = /* @__PURE__ */ new Map();
  const order = [];
  for (let r = 0; r < n; r++) {
    const at = placeOf(index.ids[r]);
    if (!at || !Number.isFinite(at.ts) || at.conv === NO_CONVERSATION) continue;
    ts[r] = at.ts;
    const key = `${at.scope}\0${at.conv}`;
    let code = scopes.get(key);
    if (code === void 0) scopes.set(key, code = scopes.size);
    scope[r] = code;
    order.push(r);
  }
  order.sort((a, b) => scope[a] - scope[b] || ts[a] - ts[b] || a - b);
  const prev = new Int32Array(n).fill(-1);
  const next = new Int32Array(n).fill(-1);
  for (let k = 1; k < order.length; k++) {
    const a = order[k - 1];
    const b = order[k];
    if (scope[a] === scope[b] && ts[b] - ts[a] <= windowMs) {
      prev[b] = a;
      next[a] = b;
    }
  }
  const nb = { prev, next };
  neighbourCache.set(index, { view, windowMs, nb });
  return nb;
}
function addContext(candidates, index, nb, contextWeight) {
  const lent = new Float64Array(index.size);
  for (const s of candidates) {
    const r = index.rowOf.get(s.id);
    if (r === void 0) continue;
    for (const j of [nb.prev[r], nb.next[r]]) if (j >= 0 && lent[j] < s.relevance) lent[j] = s.relevance;
  }
  for (const s of candidates) {
    const r = index.rowOf.get(s.id);
    const contextScore = r === void 0 ? 0 : contextWeight * lent[r];
    s.contextScore = contextScore;
    s.relevance += contextScore;
  }
}
function sessionsOf(index, chain) {
  const root = new Int32Array(index.size).fill(-2);
  const rootOf = (r) => {
    const path = [];
    let x = r;
    while (root[x] === -2 && chain.prev[x] >= 0) {
      path.push(x);
      x = chain.prev[x];
    }
    const top = root[x] === -2 ? x : root[x];
    root[x] = top;
    for (const y of path) root[y] = top;
    return top;
  };
  return (id) => {
    const r = index.rowOf.get(id);
    return r === void 0 ? -1 : rootOf(r);
  };
}
var NOTE_SAMPLE = 1e4;
function noteShare(index, ok, okCount, convOf) {
  if (!okCount) return 0;
  const step = Math.ceil(okCount / NOTE_SAMPLE);
  let seen = 0;
  let notes = 0;
  for (let r = 0, k = 0; r < ok.length; r++) {
    if (!ok[r] || k++ % step) continue;
    seen++;
    if (convOf(index.ids[r]) === NO_CONVERSATION) notes++;
  }
  return seen ? notes / seen : 0;
}

// src/search/hybrid-rank.ts
function nearestRanking(input, limit, matchesOnly) {
  const { index, ok, floor } = input;
  const cos = index.scoreAll(input.queryVector);
  let total = 0;
  for (let r = 0; r < index.size; r++) if (ok[r] && cos[r] >= floor) total++;
  const rows = topK(cos, limit, matchesOnly ? (r) => ok[r] === 1 && cos[r] >= floor : (r) => ok[r] === 1);
  const candidates = rows.map((r) => ({ id: index.ids[r], relevance: cos[r], vectorScore: cos[r], confidence: semanticConfidence(cos[r], floor) }));
  return { candidates, total, pageSupport: false, coverage: /* @__PURE__ */ new Map(), sessionOf: null };
}
function blend(b, cosines, feedback) {
  const { index, settings, text, expanded, signals } = b;
  const w = settings.vectorWeight;
  const out = [];
  const add = (id, vectorScore, row) => {
    const textScore = (text.scores.get(id) ?? 0) + (expanded ? settings.expansionWeight * (expanded.get(id) ?? 0) : 0);
    const feedbackScore = feedback ? feedback.get(id) ?? 0 : void 0;
    out.push({
      id,
      relevance: w * vectorScore + (1 - w) * (textScore + (feedbackScore ?? 0)),
      vectorScore,
      textScore,
      ...feedbackScore !== void 0 ? { feedbackScore } : {},
      confidence: candidateConfidence(signals, id, row),
      coverage: text.coverage.get(id) ?? 0,
      ...row === void 0 ? {} : { queryCosine: signals.queryCosines[row] }
    });
  };
  for (let r = 0; r < index.size; r++) if (b.candidates[r]) add(index.ids[r], Math.max(0, cosines[r]), r);
  for (const id of text.scores.keys()) if (!index.rowOf.has(id)) add(id, 0, void 0);
  return out;
}
function feedbackQuery(input, firstPass, candidates) {
  const { index, queryVector, floor } = input;
  const ranked = bestOf(firstPass, FEEDBACK_DOCS, (a, b) => b.relevance - a.relevance || (a.id < b.id ? 1 : -1));
  const top = ranked.length && (ranked[0].vectorScore ?? 0) >= floor ? ranked.map((x) => x.id) : [];
  if (!top.length) return null;
  const moved = Float32Array.from(queryVector);
  for (const id of top) {
    const v = index.vector(id);
    if (v) for (let j = 0; j < moved.length; j++) moved[j] += v[j] / top.length;
  }
  const text = textScores(input, top.map((id) => embedInput(input.entries.get(id).read().content)).join("\n"), null).scores;
  return { cosines: index.scoreAll(normalize(moved), candidates), text };
}
function hybridRanking(input) {
  const { store, view, opts, index, entries, query } = input;
  const settings = hybridSettings(store, opts);
  const nb = settings.contextWeight > 0 ? neighboursOf(index, view, settings.windowMs, (id) => entries.get(id)) : null;
  const sessionOf = (opts.sessionCap ?? SESSION_CAP) > 0 ? sessionsOf(index, nb ?? neighboursOf(index, view, settings.windowMs, (id) => entries.get(id))) : null;
  const text = textScores(input, query, settings.coveragePower);
  const queryCosines = index.scoreAll(input.queryVector);
  const words = expansionWords(input, queryCosines);
  const expanded = words.length && settings.expansionWeight > 0 ? textScores(input, words.join(" "), null).scores : null;
  const expansionCandidates = expanded && (opts.expansionCandidates ?? true) ? expanded : null;
  const candidates = candidateRows(input, queryCosines, [text.scores.keys(), expansionCandidates?.keys() ?? []], settings.semanticCandidates);
  const small = input.okCount < (opts.smallStoreMemories ?? SMALL_STORE_MEMORIES);
  const cal = calibration(queryCosines, input.ok, input.okCount);
  const few = input.okCount < CALIBRATION_MIN_MEMORIES;
  const share = opts.noteStoreShare ?? NOTE_STORE_SHARE;
  const noteStore = (!small && cal.calibrated || few) && share <= 1 && noteShare(index, input.ok, input.okCount, (id) => entries.get(id)?.conv) >= share;
  const notes = !small && cal.calibrated && noteStore;
  const handful = noteStore && few && [...text.coverage.values()].some((c) => c > 0);
  const signals = { coverage: text.coverage, queryCosines, known: knownShare(view, query), minCoverage: opts.minCoverage ?? HYBRID_MIN_COVERAGE, small, notes, handful, floor: input.floor, calibration: cal, names: small ? nameSelector(input) : null, ...opts.onSignals ? { onSignals: opts.onSignals } : {} };
  const b = { index, settings, candidates, text, expanded, signals };
  const pass = (cosines, feedback) => {
    const out = blend(b, cosines, feedback);
    if (nb) addContext(out, index, nb, settings.contextWeight);
    return out;
  };
  let scored = pass(queryCosines, null);
  if (opts.feedback ?? (feedbackDefault() && input.allowed.size >= FEEDBACK_MIN_MEMORIES)) {
    const fb = feedbackQuery(input, scored, candidates);
    if (fb) scored = pass(fb.cosines, fb.text);
  }
  return {
    candidates: scored,
    total: scored.reduce((a, x) => a + (x.confidence >= CONFIDENT ? 1 : 0), 0),
    // Among a handful of memories the nearest are near only because there is nothing else; among
    // notes (hybrid-options.ts NOTE_STORE_SHARE) each is one fact, and a confident one makes the
    // others on its page no answer.
    pageSupport: (opts.pageSupport ?? PAGE_SUPPORT) && cal.calibrated && !small && !notes,
    coverage: text.coverage,
    sessionOf
  };
}

// src/search/hybrid-vectors.ts
var MIN_VECTOR_SHARE = 0.01;
var EMBEDDED_PER_BUDGET_SECOND = 32;
var IndexEntry = class {
  constructor(id, oid, path, ts, scope, at) {
    this.id = id;
    this.oid = oid;
    this.path = path;
    this.ts = ts;
    this.scope = scope;
    this.at = at;
  }
  id;
  oid;
  path;
  ts;
  scope;
  at;
  /** The hash of the conversation it was stored in (src/search/conversation.ts), or NO_CONVERSATION. */
  get conv() {
    return this.at.seg.conv[this.at.doc];
  }
  /** Parsed from its blob, cached by blob id per branch (src/search/index.ts, readMemory). */
  read() {
    return readMemory(this.at.store, this.at.seg, this.at.doc);
  }
};
function entriesOf(store, view) {
  const hit = entryCache.get(view);
  if (hit && hit.store === store) return hit;
  const ids = docIds(view);
  const entries = /* @__PURE__ */ new Map();
  view.parts.forEach(({ seg, dead }, pi) => {
    for (let d = 0; d < seg.n; d++) {
      if (dead?.[d]) continue;
      const id = ids[pi][d];
      if (entries.has(id)) continue;
      entries.set(id, new IndexEntry(id, seg.oids.get(d), seg.paths.get(d), seg.ts[d], seg.scopes[seg.scope[d]] ?? "", { store, seg, doc: d }));
    }
  });
  const out = { store, entries, list: [...entries.values()] };
  entryCache.set(view, out);
  return out;
}
var entryCache = /* @__PURE__ */ new WeakMap();
function rowsPassing(index, allowed) {
  const hit = okCache.get(index);
  if (hit && hit.allowed === allowed) return hit;
  const ok = new Uint8Array(index.size);
  let okCount = 0;
  for (let r = 0; r < ok.length; r++) if (allowed.has(index.ids[r])) okCount += ok[r] = 1;
  const out = { allowed, ok, okCount };
  okCache.set(index, out);
  return out;
}
var okCache = /* @__PURE__ */ new WeakMap();
async function embedQuery(embedder, text) {
  let cache = queryVectors.get(embedder);
  if (!cache) queryVectors.set(embedder, cache = /* @__PURE__ */ new Map());
  let v = cache.get(text);
  if (v) {
    cache.delete(text);
    cache.set(text, v);
  } else {
    [v] = await embedder.embed([text]);
    if (!v) return v;
    cache.set(text, v);
    if (cache.size > QUERY_VECTORS) cache.delete(cache.keys().next().value);
  }
  return Float32Array.from(v);
}
var QUERY_VECTORS = 64;
var queryVectors = /* @__PURE__ */ new WeakMap();
function tooFewVectors(cov, budgetMs, embedder) {
  const fits = budgetMs / 1e3 * EMBEDDED_PER_BUDGET_SECOND;
  if (!(cov.without > fits && cov.with < MIN_VECTOR_SHARE * (cov.with + cov.without))) return null;
  return { vectors: { model: embedder.id, embedded: 0, reused: cov.with, missing: cov.without }, skipped: `${cov.without} of ${cov.with + cov.without} memories have no vector yet` };
}

// src/search/hybrid.ts
var SEARCH_MODES = ["hybrid", "vector", "fulltext"];
function understood(text) {
  return !new RegExp("\\p{L}", "u").test(text) || new RegExp("\\p{Script=Latin}", "u").test(text);
}
async function vectorRank(store, embedder, q, mode, opts, matchesOnly = false) {
  const query = q.query ?? "";
  const limit = limitOf(q.limit, 10);
  const view = openIndex(store, opts);
  const allowed = filterIds(store, q, opts, view);
  if (!allowed.size) return { response: { success: true, results: [], total: 0 } };
  const { entries, list } = entriesOf(store, view);
  const bv = branchVectors(readOnlyView(store), embedder);
  const budgetMs = opts.embedBudgetMs ?? searchBudgetMs();
  if (mode === "hybrid" || matchesOnly) {
    const skipped = tooFewVectors(bv.coverage(list), budgetMs, embedder);
    if (skipped) return { response: { success: true, results: [], total: 0 }, ...skipped };
  }
  const queryVector = await embedQuery(embedder, embedInput(query.trim()));
  const { index, report } = await bv.ensure(list, { budgetMs, prefer: (id) => allowed.has(id) });
  const vectors = { model: report.model, embedded: report.embedded, reused: report.reused, missing: report.missing };
  const { ok, okCount } = rowsPassing(index, allowed);
  const floor = embedder.englishOnly && !understood(query) ? Infinity : minSimilarity(store, embedder, opts.minSimilarity).value;
  const input = { store, view, opts, query, queryVector, index, entries, allowed, ok, okCount, floor };
  const hybrid = mode === "hybrid";
  const ranking = hybrid ? hybridRanking(input) : nearestRanking(input, limit, matchesOnly);
  const page = pickPage(ranking, limit, index, hybrid ? opts.diversity ?? DIVERSITY : 1, hybrid && ranking.sessionOf ? opts.sessionCap ?? SESSION_CAP : 0);
  const total = ranking.pageSupport ? supportPage(page, floor, ranking.total) : ranking.total;
  return { response: toResponse(page, total, (id) => entries.get(id).read(), hybrid ? ranking.coverage : null), vectors };
}
function searchStart(store, q, override) {
  const text = typeof q.query === "string" ? q.query.trim() : "";
  let embedder;
  let embedderError = null;
  try {
    embedder = storeEmbedder(store, override);
  } catch (err) {
    if (!(err instanceof MemoryError) || err.code !== "EMBEDDER_ERROR") throw err;
    embedder = null;
    embedderError = err;
  }
  const requested = q.mode ?? (embedder || embedderError ? "hybrid" : "fulltext");
  const ignoredQuery = text && !queryTerms(text).length ? 'the query has no searchable words (punctuation and common words such as "the" are ignored): filters alone list memories newest first' : void 0;
  let early;
  if (requested !== "fulltext") {
    if (!text) early = { reason: "no query text: filters alone list memories newest first" };
    else if (ignoredQuery) early = { reason: ignoredQuery };
    else if (embedderError) early = { reason: embedderError.message, code: embedderError.code };
    else if (!embedder) early = { reason: "no embedder configured (MEMORY_EMBEDDER=none)" };
    else if (q.archived) early = { reason: "archived memories are searched by full text only" };
  }
  return { text, embedder, requested, ...ignoredQuery ? { ignoredQuery } : {}, ...early ? { early } : {} };
}
function mayReadVectors(store, q) {
  if (q === null || typeof q !== "object") return false;
  try {
    const st = searchStart(store, q);
    return !!st.embedder && (st.requested !== "fulltext" && !st.early || !!q.relax && !!st.text);
  } catch {
    return true;
  }
}
async function modeSearch(store, q = {}, opts = {}) {
  if (q === null || typeof q !== "object") throw new InvalidInputError("search takes an options object", { field: "query" });
  checkQuery(q.query);
  if (q.mode !== void 0 && q.mode !== null && !SEARCH_MODES.includes(q.mode)) {
    throw new InvalidInputError(`mode must be hybrid, vector or fulltext, got ${JSON.stringify(q.mode)}`, { field: "mode" });
  }
  const start = searchStart(store, q, opts.embedder);
  const { text, requested, ignoredQuery } = start;
  let embedder = start.embedder;
  let mode = requested;
  let fallback;
  const fallBack = (reason, code) => {
    fallback = { from: mode, to: "fulltext", reason, ...code ? { code } : {} };
    mode = "fulltext";
  };
  if (start.early) fallBack(start.early.reason, start.early.code);
  const relaxed = [];
  let current = { ...q };
  let vectors;
  const runOnce = async () => {
    if (mode !== "fulltext" && embedder) {
      try {
        const r = await vectorRank(store, embedder, current, mode, opts, relaxed.includes("vector"));
        vectors = r.vectors;
        if (!r.skipped) return r.response;
        if (relaxed.includes("vector")) return r.response;
        fallBack(r.skipped);
      } catch (err) {
        if (!(err instanceof MemoryError) || err.code !== "EMBEDDER_ERROR") throw err;
        fallBack(err.message, err.code);
        embedder = null;
      }
    }
    const { mode: _m, relax: _r, ...plain } = current;
    return search(store, plain, opts);
  };
  let res = await runOnce();
  while (q.relax && res.total === 0) {
    if (current.after || current.before || current.days !== void 0) {
      const { after: _a, before: _b, days: _d, ...rest } = current;
      current = rest;
      relaxed.push("date");
    } else if (current.tags !== void 0 && (Array.isArray(current.tags) ? current.tags.length : String(current.tags).trim())) {
      const { tags: _t, ...rest } = current;
      current = rest;
      relaxed.push("tags");
    } else if (mode === "fulltext" && text && embedder && (!embedder.englishOnly || understood(text))) {
      mode = "vector";
      relaxed.push("vector");
    } else break;
    res = await runOnce();
  }
  if (relaxed.includes("date") || relaxed.includes("tags")) res = relaxedToWeak(res, relaxed);
  const out = { ...res, mode };
  if (fallback) out.fallback = fallback;
  if (q.relax) out.relaxed = relaxed;
  if (vectors) out.vectors = vectors;
  if (ignoredQuery) out.ignoredQuery = ignoredQuery;
  return out;
}
function relaxedToWeak(res, relaxed) {
  const demoted = res.results.map((m) => m.confidence === void 0 ? m : { ...m, confidence: Math.min(m.confidence, RELAXED_CONFIDENCE) });
  const weak = [...demoted, ...res.weak ?? []];
  const dropped = relaxed.filter((x) => x !== "vector").map((x) => x === "date" ? "the date range" : "the tags").join(" and ");
  return {
    ...res,
    results: [],
    weak,
    total: 0,
    nothingConfident: `no memory matches the query with its filters; ${weak.length} weak candidate${weak.length === 1 ? "" : "s"} found without ${dropped} ${weak.length === 1 ? "is" : "are"} under "weak"`
  };
}
var RELAXED_CONFIDENCE = 0.49;
export {
  SEARCH_EMBED_BUDGET_MS,
  SEARCH_MODES,
  mayReadVectors,
  modeSearch,
  storeEmbedder
};

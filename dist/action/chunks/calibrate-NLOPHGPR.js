import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  configSet
} from "./chunk-HINIP47P.js";
import "./chunk-FVI276PZ.js";
import "./chunk-IQD4E6NP.js";
import {
  CALIBRATED_MIN_SIMILARITY,
  minSimilarity
} from "./chunk-XELRKWAE.js";
import {
  storeEmbedder
} from "./chunk-QH6BDPGY.js";
import "./chunk-UIE3Y3TH.js";
import "./chunk-G6ED4QC4.js";
import "./chunk-UCBYA3PT.js";
import "./chunk-VIW2RCAO.js";
import "./chunk-XRSA6KWW.js";
import "./chunk-FBFUYQWQ.js";
import "./chunk-5EVQ5UWQ.js";
import {
  EmbedderError,
  InvalidInputError
} from "./chunk-FJGJKBHJ.js";
import "./chunk-VBFOSH5Y.js";

// src/lifecycle/calibration-pairs.json
var calibration_pairs_default = {
  about: "Sentence pairs for calibrating the hybrid similarity threshold of an embedding model (bench/calibrate.mjs, docs/hybrid.md). 'related' pairs mean the same thing (kind 'paraphrase') or are a search query and the note that answers it (kind 'query'); each has a topic, and pairs of different topics crossed give the unrelated distribution, together with the hand-written 'unrelated' pairs. Written for this project; engineering notes and everyday conversation.",
  related: [
    { topic: "ci-env", kind: "paraphrase", a: "Deploy failed because an env var was missing", b: "CI broke because an environment variable was not set" },
    { topic: "ci-env", kind: "query", a: "why did the build fail on main", b: "The main pipeline has been red since Tuesday: the integration tests time out waiting for the database container" },
    { topic: "ci-cache", kind: "paraphrase", a: "The CI cache is keyed on the lockfile hash, so changing dependencies invalidates it", b: "Whenever package-lock.json changes, the pipeline starts with a cold dependency cache" },
    { topic: "ci-cache", kind: "query", a: "speed up slow pipeline", b: "Caching node_modules between CI runs cut the build from 14 minutes to 5" },
    { topic: "rollback", kind: "paraphrase", a: "We rolled back the release after error rates spiked", b: "The new version was reverted once the errors jumped" },
    { topic: "rollback", kind: "query", a: "how do I undo a bad deployment", b: "To roll back, run the deploy job with the previous image tag; the database migrations are backward compatible for one version" },
    { topic: "rate-limit", kind: "paraphrase", a: "The API allows 100 requests per minute per token", b: "Each access token is throttled at a hundred calls a minute" },
    { topic: "rate-limit", kind: "query", a: "getting 429 too many requests", b: "The partner API throttles us above 100 requests per minute; back off and retry with jitter" },
    { topic: "db-index", kind: "paraphrase", a: "Adding an index on user_id made the orders query fast again", b: "The slow orders lookup was fixed by indexing the user_id column" },
    { topic: "db-index", kind: "query", a: "postgres query slow", b: "The reporting query did a sequential scan over 40 million rows until we added a composite index" },
    { topic: "db-migration", kind: "paraphrase", a: "Never rename a column in the same release that stops using the old name", b: "Column renames must be split across two deploys so old code keeps working" },
    { topic: "db-migration", kind: "query", a: "schema change checklist", b: "Migrations must be additive: add the new column, backfill, switch reads, and drop the old one a release later" },
    { topic: "auth-token", kind: "paraphrase", a: "Access tokens expire after one hour and must be refreshed", b: "The login token is only valid for sixty minutes, then the client has to renew it" },
    { topic: "auth-token", kind: "query", a: "users keep getting logged out", b: "Sessions ended early because the refresh token cookie was not sent on cross-site requests" },
    { topic: "tls-cert", kind: "paraphrase", a: "The TLS certificate for the staging domain expired last night", b: "Staging's HTTPS cert ran out overnight" },
    { topic: "tls-cert", kind: "query", a: "certificate renewal", b: "Let's Encrypt certificates are renewed by the cert-manager job every 60 days; check its logs if a renewal fails" },
    { topic: "memory-leak", kind: "paraphrase", a: "The worker leaks memory and gets killed by the OOM killer every few hours", b: "Every couple of hours the background job runs out of memory and the kernel kills it" },
    { topic: "memory-leak", kind: "query", a: "process keeps running out of memory", b: "Heap snapshots showed the event listeners on the socket were never removed, so memory grew until the container restarted" },
    { topic: "flaky-test", kind: "paraphrase", a: "The checkout test fails randomly about one run in ten", b: "The checkout spec is flaky and breaks roughly ten percent of the time" },
    { topic: "flaky-test", kind: "query", a: "intermittent test failure", b: "The timing-dependent assertion in the retry test fails when the runner is slow; it now waits on the event instead of sleeping" },
    { topic: "dns", kind: "paraphrase", a: "The outage was caused by a DNS record pointing at the old load balancer", b: "A stale DNS entry still sent traffic to the decommissioned balancer, which took the site down" },
    { topic: "dns", kind: "query", a: "domain not resolving", b: "After the registrar transfer the nameservers were not updated, so the domain stopped resolving for a day" },
    { topic: "vpn", kind: "paraphrase", a: "You need to be on the VPN to reach the internal dashboards", b: "Internal monitoring pages are only reachable through the corporate VPN" },
    { topic: "vpn", kind: "query", a: "cannot connect to vpn", b: "WireGuard fails to connect if the laptop clock is off by more than a few minutes; sync the time first" },
    { topic: "backup", kind: "paraphrase", a: "Database backups run nightly and are kept for thirty days", b: "We snapshot the database every night and keep a month of snapshots" },
    { topic: "backup", kind: "query", a: "restore from backup", b: "Restoring the nightly dump to a fresh instance takes about 40 minutes; the runbook is in the ops wiki" },
    { topic: "code-review", kind: "paraphrase", a: "Every pull request needs two approvals before it can be merged", b: "A PR cannot be merged until two reviewers approve it" },
    { topic: "code-review", kind: "query", a: "merge rules for pull requests", b: "Branch protection requires green checks and an approval from a code owner before merging to main" },
    { topic: "queue", kind: "paraphrase", a: "Messages that fail three times go to the dead letter queue", b: "After the third failed attempt a message is moved to the DLQ" },
    { topic: "queue", kind: "query", a: "messages stuck in queue", b: "The consumer group stalled because one poison message kept failing and blocked its partition" },
    { topic: "cache-invalidation", kind: "paraphrase", a: "Stale prices were shown because the cache was not invalidated after the update", b: "Customers saw old prices since nobody cleared the cached entries when prices changed" },
    { topic: "cache-invalidation", kind: "query", a: "redis cache shows old data", b: "Product pages are cached for ten minutes; publishing now purges the keys of the changed products" },
    { topic: "logging", kind: "paraphrase", a: "Debug logging filled the disk on the API servers", b: "The API hosts ran out of disk space because verbose logs were left on" },
    { topic: "logging", kind: "query", a: "where are the application logs", b: "Service logs are shipped to Loki; query them in Grafana by the app label" },
    { topic: "oncall", kind: "paraphrase", a: "The on-call engineer got paged at 3am for a disk alert", b: "Whoever was on call was woken up in the middle of the night by a storage alarm" },
    { topic: "oncall", kind: "query", a: "who is on call this week", b: "The on-call rotation changes on Mondays; the schedule lives in PagerDuty" },
    { topic: "kubernetes", kind: "paraphrase", a: "The pods were stuck in CrashLoopBackOff after the config change", b: "After changing the configuration the containers kept crashing and restarting" },
    { topic: "kubernetes", kind: "query", a: "pod keeps restarting", b: "The liveness probe hit a path that needs the database, so any database hiccup restarted every pod" },
    { topic: "frontend-perf", kind: "paraphrase", a: "The landing page takes six seconds to load on mobile", b: "On phones the home page needs about six seconds before it is usable" },
    { topic: "frontend-perf", kind: "query", a: "reduce javascript bundle size", b: "Lazy-loading the charting library took 400 kB off the main bundle" },
    { topic: "payments", kind: "paraphrase", a: "Customers were charged twice when the payment webhook was retried", b: "A retried webhook led to duplicate charges on some cards" },
    { topic: "payments", kind: "query", a: "double charge bug", b: "Idempotency keys on the charge endpoint stop a retried request from billing the customer again" },
    { topic: "timezone", kind: "paraphrase", a: "The report was off by a day because dates were stored in local time", b: "Storing timestamps without a timezone shifted the daily report by one day" },
    { topic: "timezone", kind: "query", a: "dates wrong around midnight", b: "Always store UTC and convert at display time; the billing cutoff bug came from mixing the two" },
    { topic: "secrets", kind: "paraphrase", a: "An API key was accidentally committed to the public repository", b: "Someone pushed a secret token to the open source repo by mistake" },
    { topic: "secrets", kind: "query", a: "leaked credentials", b: "Rotate the key first, then purge it from git history; the scanner in pre-commit should have caught it" },
    { topic: "decision-db", kind: "paraphrase", a: "We chose PostgreSQL over MongoDB because we need transactions", b: "The team picked Postgres instead of Mongo since transactional guarantees matter to us" },
    { topic: "decision-db", kind: "query", a: "why did we pick postgres", b: "Decision: relational store, because orders and payments must change together atomically" },
    { topic: "hiking", kind: "paraphrase", a: "We went hiking in the mountains last weekend", b: "Last Saturday we took a trail up into the hills" },
    { topic: "hiking", kind: "query", a: "what did you do on the weekend", b: "We spent Sunday walking along the coast path and had lunch in a little harbour town" },
    { topic: "dog", kind: "paraphrase", a: "My dog got sick after eating chocolate", b: "The puppy fell ill because he ate some chocolate" },
    { topic: "dog", kind: "query", a: "how is your pet doing", b: "The vet says the cat's leg has healed and she is climbing the curtains again" },
    { topic: "moving", kind: "paraphrase", a: "I'm moving to a new apartment next month", b: "Next month I relocate to another flat" },
    { topic: "moving", kind: "query", a: "where do you live now", b: "We finally settled into the house near the river, the boxes are almost all unpacked" },
    { topic: "job", kind: "paraphrase", a: "She started a new job as a nurse at the city hospital", b: "She has just begun working as a nurse in the town's hospital" },
    { topic: "job", kind: "query", a: "career change", b: "After ten years in accounting he quit to train as a carpenter" },
    { topic: "painting", kind: "paraphrase", a: "I finished a watercolor of the lake at sunset", b: "I just completed a painting of the lake as the sun went down" },
    { topic: "painting", kind: "query", a: "art hobby", b: "She has been taking pottery classes on Thursday evenings and made her first bowl" },
    { topic: "kids", kind: "paraphrase", a: "My daughter learned to ride her bike without training wheels", b: "Our girl can now cycle on her own, no stabilisers" },
    { topic: "kids", kind: "query", a: "how are the children", b: "The twins started school this week and the younger one cried at the gate" },
    { topic: "travel", kind: "paraphrase", a: "Our flight to Lisbon was cancelled because of the strike", b: "The strike grounded our plane to Lisbon" },
    { topic: "travel", kind: "query", a: "vacation plans", b: "We booked two weeks in Japan for April, mostly Kyoto and a few days in the Alps" },
    { topic: "health", kind: "paraphrase", a: "I have been running every morning to get fit", b: "To get in shape I go jogging each morning" },
    { topic: "health", kind: "query", a: "are you feeling better", b: "The flu lasted a week, but I'm back on my feet and went to the gym today" },
    { topic: "music", kind: "paraphrase", a: "He plays guitar in a band on weekends", b: "On weekends he is the guitarist of a small band" },
    { topic: "music", kind: "query", a: "concert last night", b: "The show was amazing, they played all the old songs and the crowd sang along" },
    { topic: "cooking", kind: "paraphrase", a: "I baked bread for the first time and it came out great", b: "My first attempt at making a loaf turned out really well" },
    { topic: "cooking", kind: "query", a: "dinner recipe ideas", b: "Try the lentil curry: onions, garlic, ginger, red lentils and coconut milk, thirty minutes" },
    { topic: "books", kind: "paraphrase", a: "I'm reading a novel about a family in post-war Italy", b: "The book I'm on follows an Italian family after the Second World War" },
    { topic: "books", kind: "query", a: "book recommendations", b: "If you liked that one, read The Remains of the Day, it is quiet and devastating" },
    { topic: "volunteering", kind: "paraphrase", a: "She volunteers at the animal shelter on Saturdays", b: "Every Saturday she helps out at the rescue shelter for animals" },
    { topic: "volunteering", kind: "query", a: "charity work", b: "I joined the food bank's Tuesday shift, sorting donations and packing boxes" },
    { topic: "garden", kind: "paraphrase", a: "The tomatoes in my garden finally turned red", b: "My homegrown tomatoes have ripened at last" },
    { topic: "garden", kind: "query", a: "growing vegetables", b: "The raised beds did well this year: zucchini, beans and more lettuce than we could eat" },
    { topic: "wedding", kind: "paraphrase", a: "My sister is getting married in June", b: "In June my sister has her wedding" },
    { topic: "wedding", kind: "query", a: "family celebration", b: "Grandma turned ninety and the whole family came over for a big lunch in the garden" },
    { topic: "study", kind: "paraphrase", a: "I passed my driving test on the second try", b: "Second attempt, and I finally got my driver's license" },
    { topic: "study", kind: "query", a: "exam results", b: "He got the grades he needed and will start university in September" },
    { topic: "api-design", kind: "paraphrase", a: "The endpoint returns 404 instead of an empty list when there are no results", b: "When nothing matches, the API answers not found rather than an empty array" },
    { topic: "api-design", kind: "query", a: "pagination for list endpoint", b: "List endpoints use cursor pagination: pass the next_cursor from the previous page" },
    { topic: "monitoring", kind: "paraphrase", a: "We alert when p99 latency stays above 500 ms for five minutes", b: "An alarm fires if the 99th percentile response time exceeds half a second for five minutes" },
    { topic: "monitoring", kind: "query", a: "dashboard for latency", b: "The service overview board in Grafana shows request rate, errors and duration per endpoint" },
    { topic: "git", kind: "paraphrase", a: "Force-pushing to main rewrote history and lost two commits", b: "Two commits disappeared because someone force pushed over the main branch" },
    { topic: "git", kind: "query", a: "recover deleted branch", b: "The reflog still had the tip of the deleted branch, so we recreated it from that hash" },
    { topic: "search-feature", kind: "paraphrase", a: "Search results ignore typos, so misspelled product names find nothing", b: "The search has no fuzzy matching: a spelling mistake in a product name returns no hits" },
    { topic: "search-feature", kind: "query", a: "search is not finding anything", b: "The search index was not rebuilt after the import, so new documents were invisible" },
    { topic: "email", kind: "paraphrase", a: "Password reset emails land in the spam folder", b: "Reset-password mails are being flagged as junk" },
    { topic: "email", kind: "query", a: "emails not delivered", b: "Our SPF record did not include the new mail provider, so Gmail rejected the messages" },
    { topic: "meeting", kind: "paraphrase", a: "The weekly sync moved from Monday to Wednesday afternoon", b: "Our weekly meeting now happens on Wednesday afternoons instead of Mondays" },
    { topic: "meeting", kind: "query", a: "when is the planning meeting", b: "Sprint planning is every other Tuesday at 10, right after the demo" },
    { topic: "dependency", kind: "paraphrase", a: "Upgrading the ORM to version 5 broke all the date comparisons", b: "After moving to the ORM's fifth major release, every date comparison stopped working" },
    { topic: "dependency", kind: "query", a: "library upgrade problems", b: "The new major version of the HTTP client changed its default timeout from none to 10 seconds" },
    { topic: "cost", kind: "paraphrase", a: "The cloud bill doubled because of unused GPU instances", b: "Idle GPU machines made our cloud costs twice as high" },
    { topic: "cost", kind: "query", a: "reduce aws spending", b: "Moving the batch jobs to spot instances and deleting old snapshots saved about 30 percent" },
    { topic: "accessibility", kind: "paraphrase", a: "Screen readers cannot announce the icons in the toolbar", b: "The toolbar icons have no labels, so blind users hear nothing" },
    { topic: "accessibility", kind: "query", a: "a11y audit findings", b: "The contrast of the grey placeholder text fails WCAG AA; the form fields also lack labels" }
  ],
  unrelated: [
    { a: "recipe for chocolate cake with strawberries", b: "The deploy pipeline runs the integration tests against a throwaway database" },
    { a: "recipe for chocolate cake with strawberries", b: "Rotate the signing keys every ninety days and revoke the old ones" },
    { a: "who won the world cup in 1998", b: "Caching node_modules between CI runs cut the build from 14 minutes to 5" },
    { a: "best time of year to plant tulip bulbs", b: "The consumer group stalled because one poison message kept failing" },
    { a: "how many moons does jupiter have", b: "My sister is getting married in June" },
    { a: "the history of the roman empire", b: "The VPN config lives in the ops repository" },
    { a: "knitting a scarf for beginners", b: "Access tokens expire after one hour and must be refreshed" },
    { a: "symptoms of vitamin D deficiency", b: "Sprint planning is every other Tuesday at 10" },
    { a: "how to tune a violin", b: "The reporting query did a sequential scan over 40 million rows" },
    { a: "migration patterns of arctic terns", b: "Branch protection requires green checks before merging to main" },
    { a: "vpn deploy", b: "Grandma turned ninety and the whole family came over for lunch" },
    { a: "vpn deploy", b: "The lentil curry takes thirty minutes" },
    { a: "rollback incident", b: "We booked two weeks in Japan for April" },
    { a: "postgres connection pool", b: "She has been taking pottery classes on Thursday evenings" },
    { a: "what is the capital of mongolia", b: "The liveness probe hit a path that needs the database" },
    { a: "rules of cricket explained", b: "Idempotency keys on the charge endpoint stop double billing" },
    { a: "how to care for a bonsai tree", b: "The on-call rotation changes on Mondays" },
    { a: "the plot of moby dick", b: "Log retention is fourteen days in the cheap tier" },
    { a: "baroque architecture in prague", b: "The twins started school this week" },
    { a: "how volcanoes form", b: "I passed my driving test on the second try" }
  ]
};

// src/lifecycle/calibrate.ts
var DATA = calibration_pairs_default;
var EVERYDAY = /* @__PURE__ */ new Set(["hiking", "dog", "moving", "job", "painting", "kids", "travel", "health", "music", "cooking", "books", "volunteering", "garden", "wedding", "study"]);
var DEFAULT_FAR = 0.01;
function checkFar(far) {
  const v = Number(far);
  if (typeof far === "boolean" || !Number.isFinite(v) || v <= 0 || v >= 0.5) throw new InvalidInputError(`the target false-accept rate must be a number above 0 and below 0.5 (0.01 is 1%), got ${JSON.stringify(far)}`, { field: "far" });
  return v;
}
function cosine(a, b) {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}
var share = (xs, t) => xs.length ? xs.filter((x) => x >= t).length / xs.length : 0;
function distribution(name, xs) {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.max(0, Math.floor(p * (s.length - 1))))];
  return { name, n: s.length, min: s[0], p5: q(0.05), median: q(0.5), p95: q(0.95), p999: q(0.999), max: s[s.length - 1] };
}
async function calibrateEmbedder(embedder, far = DEFAULT_FAR) {
  const targetFar = checkFar(far);
  const texts = [.../* @__PURE__ */ new Set([...DATA.related.flatMap((p) => [p.a, p.b]), ...DATA.unrelated.flatMap((p) => [p.a, p.b])])];
  const vecs = await embedder.embed(texts);
  if (vecs.length !== texts.length || vecs.some((v) => !v || !v.length || v.length !== vecs[0].length || !v.every(Number.isFinite))) {
    throw new EmbedderError(`${embedder.id} answered ${vecs.length} vectors for ${texts.length} texts, not all of one length with finite values: nothing to calibrate`, { reason: "vectors" });
  }
  const byText = new Map(texts.map((t, i) => [t, vecs[i]]));
  const sim = (a, b) => cosine(byText.get(a), byText.get(b));
  const paraphrase = [];
  const query = [];
  for (const p of DATA.related) (p.kind === "paraphrase" ? paraphrase : query).push(sim(p.a, p.b));
  const sides = DATA.related.flatMap((p) => [
    { t: p.a, topic: p.topic, query: p.kind === "query" },
    { t: p.b, topic: p.topic, query: false }
  ]);
  const crossed = [];
  const crossedQuery = [];
  const sameDomain = [];
  const otherDomain = [];
  for (let i = 0; i < sides.length; i++) {
    for (let j = i + 1; j < sides.length; j++) {
      if (sides[i].topic === sides[j].topic) continue;
      const s = sim(sides[i].t, sides[j].t);
      crossed.push(s);
      if (sides[i].query !== sides[j].query) crossedQuery.push(s);
      (EVERYDAY.has(sides[i].topic) === EVERYDAY.has(sides[j].topic) ? sameDomain : otherDomain).push(s);
    }
  }
  const hand = DATA.unrelated.map((p) => sim(p.a, p.b));
  const unrelated = [...crossed, ...hand];
  let threshold = 1;
  for (let t = 1; t >= 0; t = Math.round((t - 0.01) * 100) / 100) {
    if (share(unrelated, t) <= targetFar) threshold = t;
    else break;
  }
  const para = distribution("related: paraphrase", paraphrase);
  const all = distribution("unrelated: all", unrelated);
  if (share(unrelated, threshold) > targetFar || threshold <= 0 || all.p95 - all.p5 < 0.01 || para.median <= all.median) {
    throw new EmbedderError(
      `${embedder.id} does not separate related from unrelated text (unrelated pairs: median cosine ${all.median.toFixed(3)}, 5%-95% ${all.p5.toFixed(3)}-${all.p95.toFixed(3)}; paraphrases: median ${para.median.toFixed(3)}): no threshold to calibrate; check that the model answers sentence embeddings`,
      { reason: "uncalibratable" }
    );
  }
  const row = (t) => ({ threshold: t, falseAccepts: share(unrelated, t), sameDomain: share(sameDomain, t), otherDomain: share(otherDomain, t), paraphrases: share(paraphrase, t), queries: share(query, t) });
  const below = Math.round((threshold - 0.01) * 100) / 100;
  const grid = [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, threshold, ...below >= 0 ? [below] : []].sort((a, b) => a - b).filter((x, i, a) => a.indexOf(x) === i);
  return {
    model: embedder.id,
    sentences: texts.length,
    pairs: { paraphrase: paraphrase.length, query: query.length, unrelated: unrelated.length },
    targetFar,
    threshold,
    far: share(unrelated, threshold),
    accepted: { paraphrase: share(paraphrase, threshold), query: share(query, threshold) },
    distributions: [
      para,
      distribution("related: query \u2192 note", query),
      all,
      distribution("unrelated: query \u2192 note", crossedQuery),
      distribution("unrelated: same domain", sameDomain),
      distribution("unrelated: other domain", otherDomain),
      distribution("unrelated: hand-written", hand)
    ],
    table: grid.map(row)
  };
}
async function calibrate(store, opts = {}) {
  const far = checkFar(opts.far ?? DEFAULT_FAR);
  const embedder = storeEmbedder(store, opts.embedder);
  if (!embedder) throw new EmbedderError("no embedder configured (MEMORY_EMBEDDER=none): set MEMORY_EMBEDDER to use, openai or onnx", { reason: "none" });
  const c = await calibrateEmbedder(embedder, far);
  const out = { success: true, ...c, current: minSimilarity(store, embedder), builtIn: CALIBRATED_MIN_SIMILARITY[embedder.id] ?? null };
  if (opts.set) {
    const r = await configSet(store, "hybrid.minSimilarity", c.threshold);
    out.set = { commit: r.commit, changed: r.changed };
    out.current = minSimilarity(store, embedder);
  }
  return out;
}
export {
  DEFAULT_FAR,
  calibrate,
  calibrateEmbedder,
  checkFar
};

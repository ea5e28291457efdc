// A deterministic synthetic store of engineering notes (bench/abstention.mjs): the kind of memories a
// team's agents write: incidents, decisions, runbook steps, conventions, meeting notes. Sentences are
// built from templates and slot values, seeded, so every run sees the same N notes.
import { rng } from './search-lib.mjs';

const S = {
  svc: ['payments-api', 'auth-service', 'search-indexer', 'billing-worker', 'notification-service', 'gateway', 'user-profile', 'orders-api', 'inventory-sync', 'report-builder', 'webhook-relay', 'media-transcoder', 'feature-flags', 'scheduler', 'ledger'],
  db: ['Postgres', 'the primary database', 'Redis', 'the read replica', 'Elasticsearch', 'the Kafka cluster', 'S3', 'DynamoDB', 'ClickHouse', 'the Mongo shard'],
  err: ['a connection pool exhaustion', 'an expired TLS certificate', 'a missing environment variable', 'a bad feature flag', 'a slow migration', 'a memory leak', 'a DNS misconfiguration', 'a race condition in the retry queue', 'disk pressure on the nodes', 'a thundering herd after a cache flush', 'an unbounded query', 'a deadlock between two transactions', 'rate limiting by the upstream provider', 'a stale config map', 'clock skew between hosts'],
  person: ['Alice', 'Bob', 'Chen', 'Dana', 'Emeka', 'Farah', 'Goran', 'Hiro', 'Ines', 'Jonas', 'Kemal', 'Lena', 'Mateo', 'Nadia', 'Omar', 'Priya'],
  team: ['platform', 'payments', 'growth', 'infra', 'mobile', 'data', 'security', 'search', 'billing', 'support tooling'],
  tool: ['Terraform', 'Helm', 'GitHub Actions', 'ArgoCD', 'Grafana', 'PagerDuty', 'Sentry', 'Datadog', 'Vault', 'Jenkins', 'k6', 'Playwright', 'pnpm', 'Docker', 'Bazel'],
  metric: ['p99 latency', 'error rate', 'CPU usage', 'queue depth', 'memory usage', 'cold start time', 'build time', 'cache hit ratio', 'replication lag', 'request rate'],
  env: ['staging', 'production', 'the canary', 'eu-west', 'us-east', 'the preview environment', 'the load-test cluster'],
  day: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'the weekend', 'last night', 'this morning'],
  lang: ['TypeScript', 'Go', 'Python', 'Rust', 'Kotlin', 'Java'],
  thing: ['the checkout flow', 'the login page', 'the admin dashboard', 'the mobile app', 'the public API', 'the CSV export', 'the onboarding wizard', 'the invoice PDF', 'the search box', 'the settings page'],
};

const T = [
  '{svc} went down in {env} on {day} because of {err}; {person} rolled back and wrote the postmortem.',
  'Incident: {metric} on {svc} spiked to {n}x normal in {env}. Root cause was {err}.',
  'Decision ({team}): we move {svc} from {db} to {db2} because {reason}.',
  'Runbook for {svc}: if {metric} stays above {n}0% for five minutes, scale the deployment and check {tool}.',
  'Convention: every service exposes /healthz and /readyz; {svc} was the last one to adopt it.',
  '{person} found that {err} in {svc} only shows up under load; reproduce it with {tool} at {n}00 requests per second.',
  'The {team} team owns {svc}; escalate to {person} during business hours and page on-call otherwise.',
  'Upgraded {svc} to {lang} {n}.{m}; watch for changes in {metric} for a week.',
  'Retro notes: the {env} deploy of {svc} took {n}0 minutes because {tool} was rate limited.',
  '{thing} is slow on {env}: {metric} went from {m}00 ms to {n}00 ms after the last release.',
  'Secrets for {svc} live in {tool} under the {team} path; never put them in the repository.',
  'Migration plan for {db}: add the column, backfill in batches of {n}000, switch reads, drop the old column next release.',
  'On-call handover: {svc} alert on {metric} is noisy, {person} is tuning the threshold.',
  'Backups of {db} run nightly at 0{m}:00 UTC and are kept for {n}0 days; restore tested by {person} on {day}.',
  'Feature flag for {thing} is at {n}0% in {env}; full rollout after {person} signs off.',
  'Bug: {thing} shows stale data because the cache of {svc} is not invalidated on update.',
  'Postmortem action item: add an alert when {metric} of {svc} doubles within ten minutes.',
  'Load test with {tool}: {svc} handles {n}00 RPS at {m}0 ms p95 before {db} becomes the bottleneck.',
  'Code review rule: changes to {svc} need an approval from the {team} team.',
  'Cost note: {env} spends about {n}{m}00 dollars a month on {db}; reserved capacity would save a third.',
  'The {svc} client retries three times with exponential backoff and then gives up with a timeout error.',
  '{person} and {person2} paired on the {svc} outage; the fix was a config change in {tool}.',
  'Meeting notes ({team} sync, {day}): agreed to freeze deploys of {svc} until {metric} is back to normal.',
  'Dependency upgrade of {tool} broke the {svc} build; pinned the previous version for now.',
  'Security review of {thing}: tokens are validated server side, CSRF protection is on, logs contain no emails.',
  'To debug {svc} locally, run it with LOG_LEVEL=debug and point it at the {env} replica of {db}.',
  'Architecture: {svc} publishes events to {db}; {svc2} consumes them and updates the read models.',
  'We deprecate the v{m} endpoints of {svc} on the first of next quarter; clients were emailed by {person}.',
  'Flaky test in {svc}: the {lang} integration suite times out when {db} starts slowly in CI.',
  'Capacity planning: {svc} needs {n} more nodes in {env} before the seasonal peak.',
  'Alert fatigue: the {team} team silenced {m} alerts on {metric}; review them at the next retro.',
  'Onboarding: new engineers on {team} get access to {tool} and {db} in their first week.',
  'The {env} cluster was upgraded by {person}; {svc} needed a new resource limit of {n} GB.',
  'Known issue: {thing} times out for accounts with more than {n}0,000 records.',
  '{svc} writes audit logs to {db} with a retention of {n} months, required by the compliance team.',
  'Tried caching {thing} responses in Redis; the {metric} improved by {n}0% but invalidation got complicated.',
  'Release checklist: changelog, migration dry run on {env}, smoke test of {thing}, then tag.',
  'API contract: {svc} returns 409 when the resource version does not match, clients must refetch.',
  'The nightly job in {svc} overlaps with the backup window of {db}; moved it one hour later.',
  'Observation: {metric} of {svc} correlates with the {day} batch import from {svc2}.',
];
const REASONS = ['we need transactions', 'the costs were too high', 'latency was not acceptable', 'the team already runs it', 'it scales horizontally', 'the old one is end of life'];

/** `n` synthetic engineering notes as memory inputs (content, tags, category, priority, timestamp). */
export function engineeringNotes(n, seed = 2026) {
  const r = rng(seed);
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  const start = Date.parse('2025-01-01T00:00:00Z');
  const out = [];
  for (let i = 0; i < n; i++) {
    const fill = {
      svc: pick(S.svc), svc2: pick(S.svc), db: pick(S.db), db2: pick(S.db), err: pick(S.err), person: pick(S.person), person2: pick(S.person),
      team: pick(S.team), tool: pick(S.tool), metric: pick(S.metric), env: pick(S.env), day: pick(S.day), lang: pick(S.lang), thing: pick(S.thing),
      reason: pick(REASONS), n: String(2 + Math.floor(r() * 8)), m: String(1 + Math.floor(r() * 9)),
    };
    let content = pick(T).replace(/\{(\w+)\}/g, (_, k) => fill[k]);
    // A second sentence now and then, as real notes grow.
    if (r() < 0.35) content += ' ' + pick(T).replace(/\{(\w+)\}/g, (_, k) => fill[k]);
    out.push({
      content,
      tags: [fill.team.replace(/\s+/g, '-'), fill.svc],
      category: pick(['general', 'infrastructure', 'decisions', 'lessons', 'incidents']),
      priority: pick(['low', 'medium', 'high']),
      // Hours apart: independent notes, never each other's conversation context.
      timestamp: new Date(start + i * 3 * 3_600_000).toISOString(),
    });
  }
  return out;
}

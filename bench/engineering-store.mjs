// The synthetic engineering store of the search-quality sets (bench/quality.mjs): about 1,000
// memories of the kind CI jobs and coding agents write into a team's memory branch: build failures,
// flaky tests, deploy notes, API limits, configuration facts, incidents, decisions, dependency
// upgrades, runbook steps, on-call handovers, review rules. Each kind has its own sentence shapes,
// tags and category, as a real store has; slot values are varied (services, tools, people, numbers)
// so the vocabulary is not a handful of words repeated. Seeded: every run sees the same notes, and
// bench/data/engineering-notes.json is this module's output, committed so it can be read and diffed
// (`node bench/engineering-store.mjs > bench/data/engineering-notes.json` regenerates it).
//
// Written apart from bench/abstention-notes.mjs (whose 40 shapes repeat every 40 notes).
// None of it answers bench/data/unanswerable-questions.json: no tax, law, medicine, cooking, travel,
// sports, gardening, cars, and none of the programming languages those questions name.
import { rng } from './search-lib.mjs';
import { fileURLToPath } from 'node:url';

const V = {
  svc: ['checkout-api', 'identity', 'ledger-writer', 'catalog-sync', 'email-dispatcher', 'edge-proxy', 'pricing-engine', 'shipment-tracker', 'avatar-resizer', 'audit-trail', 'quota-service', 'doc-renderer', 'session-store', 'cron-runner', 'geo-lookup', 'recommendations', 'invoice-generator', 'webhooks-out', 'feature-gate', 'metrics-gateway'],
  repo: ['monorepo', 'web-frontend', 'mobile-shell', 'infra-live', 'platform-charts', 'design-system', 'data-pipelines', 'sdk-js'],
  ci: ['GitHub Actions', 'Buildkite', 'CircleCI', 'the self-hosted runners', 'the arm64 runners', 'the macOS runners', 'the nightly pipeline', 'the merge queue'],
  job: ['lint', 'unit', 'e2e', 'integration', 'docker-build', 'publish', 'typecheck', 'smoke', 'contract-tests', 'release-notes', 'coverage', 'bundle-size'],
  tool: ['Terraform', 'Helm', 'Argo Rollouts', 'Vault', 'Grafana', 'Loki', 'Sentry', 'Honeycomb', 'OpenTelemetry', 'Renovate', 'Dependabot', 'esbuild', 'webpack', 'Vite', 'Cypress', 'Playwright', 'Jest', 'pytest', 'Gradle', 'Bazel', 'Nx', 'Turborepo', 'pnpm', 'Yarn', 'Docker Buildx', 'Kustomize', 'Flux', 'Consul', 'Envoy', 'nginx'],
  store: ['Postgres 15', 'the Aurora cluster', 'Redis', 'Memcached', 'RabbitMQ', 'Kafka', 'the S3 bucket', 'DynamoDB', 'BigQuery', 'OpenSearch', 'SQLite', 'the GCS bucket', 'NATS', 'Cassandra'],
  vendor: ['Stripe', 'Twilio', 'SendGrid', 'the GitHub API', 'the Slack API', 'Auth0', 'Algolia', 'Mapbox', 'the OpenAI API', 'Cloudflare', 'Fastly', 'PagerDuty', 'Segment', 'the npm registry', 'Docker Hub', 'Shopify'],
  person: ['Aiko', 'Bruno', 'Camille', 'Deepa', 'Eitan', 'Fatou', 'Grzegorz', 'Hana', 'Ivo', 'Jamal', 'Katja', 'Luis', 'Mireille', 'Nikhil', 'Olga', 'Pavel', 'Quinn', 'Rosa', 'Soren', 'Tunde', 'Uma', 'Viktor', 'Wen', 'Yusuf', 'Zofia', 'the release bot', 'the triage agent'],
  team: ['platform', 'checkout', 'identity', 'data', 'mobile', 'web', 'sre', 'developer-experience', 'security', 'growth'],
  env: ['staging', 'production', 'prod-eu', 'prod-us', 'the canary pool', 'preview environments', 'the perf cluster', 'dev'],
  err: ['ECONNRESET', 'ETIMEDOUT', 'OOMKilled', 'exit code 137', 'ENOSPC: no space left on device', 'a segmentation fault in the image library', 'certificate has expired', 'permission denied (publickey)', 'too many open files', '502 Bad Gateway', '429 Too Many Requests', 'deadlock detected', 'heap out of memory', 'ENOTFOUND registry.npmjs.org', 'a checksum mismatch', 'context deadline exceeded', 'unexpected end of JSON input', 'lock file is out of date', 'read-only file system', 'a stale snapshot'],
  cause: ['a cache key that ignored the lockfile', 'parallel jobs sharing one database', 'a test that depends on the wall clock', 'the runner image update', 'a transitive dependency bump', 'a missing await', 'leaked file handles', 'an unpinned base image', 'shared state between test files', 'DNS caching in the container', 'a port collision on 5432', 'the timezone of the runner', 'a race between two migrations', 'a debug flag left on', 'an expired deploy key', 'log volume filling the disk', 'a retry storm after a brief outage', 'a schema change without a default value'],
  metric: ['p95 latency', 'p99 latency', 'error budget burn', 'queue lag', 'heap usage', 'build duration', 'cold start', 'cache hit rate', 'connection count', 'GC pause time', 'bundle size', 'test duration', 'consumer lag', 'disk IOPS'],
  day: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  flag: ['new-checkout-flow', 'async-invoices', 'dark-launch-search', 'v2-auth-tokens', 'batch-webhooks', 'lazy-avatars', 'regional-pricing', 'streaming-export'],
  region: ['eu-west-1', 'us-east-1', 'us-west-2', 'ap-southeast-1', 'eu-central-1'],
  node: ['Node 18', 'Node 20', 'Node 22'],
  os: ['ubuntu-22.04', 'ubuntu-24.04', 'macos-14', 'windows-2022', 'debian bookworm'],
  endpoint: ['/v1/orders', '/v2/search', '/v1/users/{id}', '/internal/reindex', '/v1/exports', '/graphql', '/v1/payments/refund', '/healthz', '/v1/uploads', '/v3/prices'],
  file: ['.npmrc', 'docker-compose.yml', 'tsconfig.base.json', 'renovate.json', 'values-prod.yaml', 'Makefile', '.github/workflows/ci.yml', 'jest.config.js', '.env.example', 'CODEOWNERS', 'terraform/backend.tf', 'nginx.conf'],
  secretStore: ['Vault', 'AWS Secrets Manager', 'the GitHub environment secrets', 'SOPS-encrypted files', 'Doppler'],
};

// Each kind: category, extra tags, priority weights, and its sentence shapes.
const KINDS = {
  build: {
    category: 'ci', tags: ['ci', 'build'],
    t: [
      'Build of {repo} failed on {ci} with "{err}"; cause was {cause}. Fixed by pinning the version in {file}.',
      'The {job} job in {repo} breaks on {os} only: {err}. Workaround: run it on {os2} until the image is fixed.',
      '{ci}: {job} started failing after {tool} {n}.{m} landed; rolling back to {n}.{m2} made it green again.',
      'docker-build for {svc} takes {n}{m} minutes because layer caching is off on {ci}; enabling the registry cache cut it to {m} minutes.',
      'If {job} fails with "{err}" in {repo}, clear the {tool} cache and rerun; it is not a code problem.',
      'Compiling {svc} needs {n} GB of memory; the default runner has less, so the job uses the large runner class.',
      'The {repo} build is reproducible only with {node} and {tool}; other versions produce a different lockfile.',
      '{person} traced the broken {job} step in {repo} to {cause}.',
      'Publishing {svc} images to the registry failed with "{err}" on {day}; the robot account token had been rotated.',
      'Incremental builds in {repo} were skipped because {tool} did not see changes under generated/; added it to the inputs.',
    ],
  },
  flaky: {
    category: 'testing', tags: ['flaky-test', 'testing'],
    t: [
      'Flaky: the {svc} {job} suite fails about one run in {n}0 with "{err}". Root cause: {cause}.',
      'Quarantined the {svc} test "handles concurrent refunds" because of {cause}; ticket assigned to {person}.',
      '{tool} tests in {repo} time out on {ci} but pass locally; the runner has {m} cores, so lower the worker count to {m}.',
      'The snapshot test of {svc} flips when {cause}; regenerate snapshots only with TZ=UTC.',
      'A test in {svc} asserts on ordering that {store} does not guarantee; sort the rows before comparing.',
      'Retried flaky tests hide real bugs: the {team} team allows at most one retry in {job}.',
      'e2e tests against {env} fail when {vendor} sandbox is slow; mock it in CI and keep one nightly run against the real sandbox.',
      '{person} fixed the intermittent {err} in the {svc} integration tests: {cause}.',
    ],
  },
  deploy: {
    category: 'deploy', tags: ['deploy', 'release'],
    t: [
      'Deployed {svc} {n}.{m}.{m2} to {env} on {day}; migrations ran in {n} minutes, no errors.',
      'Rollout of {svc} to {env} paused at {n}0% by {tool} because {metric} crossed the analysis threshold.',
      'Deploys of {svc} must go to {env} first and soak for {n} hours before {env2}.',
      'Rolled back {svc} in {env}: the new build returned {err} for requests to {endpoint}.',
      'The deploy pipeline for {svc} needs the {flag} flag off until the mobile client ships {n}.{m}.',
      'Blue/green switch for {svc} takes {n} minutes; keep the old color for an hour in case of rollback.',
      'Release train: {repo} cuts a release branch every {day}; hotfixes are cherry-picked by {person}.',
      'Deploy freeze for {svc} from the {n}th to the {m}th while the {team} team migrates {store}.',
      '{tool} sync of {svc} stuck in progressing: a pod could not pull its image because of {err}.',
      'After deploying {svc}, warm the cache with the /internal/warmup call or the first minutes show high {metric}.',
    ],
  },
  limit: {
    category: 'api-limits', tags: ['api', 'rate-limit'],
    t: [
      '{vendor} allows {n}00 requests per minute per key; {svc} batches calls to stay under it.',
      'Hitting "{err}" from {vendor} means the burst limit; back off with jitter starting at {m}00 ms.',
      'Our {vendor} plan has a monthly quota of {n}0,000 calls; {svc} used {m}0% of it by mid-month.',
      '{endpoint} on {svc} is limited to {n}0 requests per second per tenant; larger tenants get a separate pool.',
      'Payloads to {endpoint} over {n} MB are rejected with 413; upload large files to {store} and send a reference.',
      '{vendor} webhooks retry for {n} days with exponential backoff; {svc} must answer within {m} seconds or they count as failed.',
      'The free tier of {vendor} caps us at {n} concurrent connections; the {team} team pays for the next plan in {env}.',
      'Pagination on {vendor} is cursor based and pages hold at most {n}00 items; never use offsets.',
      'The GitHub API token used by CI has {n},000 requests per hour; the {job} job used it up on busy days.',
    ],
  },
  config: {
    category: 'config', tags: ['config'],
    t: [
      '{svc} reads its settings from {file}; {env} overrides live in {secretStore}.',
      'Connection pool of {svc} to {store}: max {n}0 connections, idle timeout {m}0 seconds.',
      'The default request timeout in {svc} is {n} seconds; {endpoint} overrides it to {n2}0 seconds for exports.',
      'LOG_LEVEL for {svc} is info in {env}; switch to debug only through the runtime config, never a redeploy.',
      '{svc} runs in {region} and {region2}; writes go to {region} only.',
      'Feature flag {flag} is evaluated by {svc} at request time, cached for {m}0 seconds.',
      'The registry mirror is configured in {file}; without it installs in CI hit the public registry directly.',
      'Secrets of {svc} come from {secretStore}; the service account can read only its own path.',
      'CORS for {svc} allows the web app origins listed in {file}; wildcards are not allowed.',
      '{svc} uses {store} as its job queue with a visibility timeout of {n} minutes.',
      'Memory limit of {svc} pods is {n} GiB with a request of {m}00 MiB; the JVM-free image keeps it low.',
    ],
  },
  incident: {
    category: 'incidents', tags: ['incident', 'postmortem'],
    t: [
      'Incident on {day}: {svc} returned {err} for {n}0 minutes in {env}. Cause: {cause}. {person} led the response.',
      'Postmortem: {store} ran out of connections because {cause}; {svc} now uses a bounded pool.',
      'SEV{m2s}: checkout errors rose to {n}% in {env} when {vendor} degraded; the fallback provider was not configured.',
      'Outage of {svc}: the certificate on the edge expired; alerts went to a channel nobody watches. Moved expiry alerts to the on-call rotation.',
      'Data incident: {svc} wrote duplicates to {store} for {n} hours after {cause}; a cleanup script deduplicated them.',
      'The {region} region lost {store} for {n}0 minutes; {svc} failed over to {region2} but sessions were dropped.',
      'Action item from the {svc} outage: add a synthetic check on {endpoint} every minute.',
      'Near miss: a migration on {store} would have locked the orders table for {n}0 minutes; {person} caught it in review.',
      '{metric} of {svc} doubled on {day} because {cause}; no customer impact.',
    ],
  },
  decision: {
    category: 'decisions', tags: ['decision', 'adr'],
    t: [
      'Decision: {svc} moves from {store} to {store2} because {reason}. Owner: {person}.',
      'ADR-{n}{m}: we standardise on {tool} for {purpose}; existing {tool2} setups migrate by next quarter.',
      'We decided against a service mesh for now: the {team} team cannot operate it, and {tool} covers retries.',
      'Decision: all new services expose metrics through OpenTelemetry; {svc} is the reference implementation.',
      'The {team} team chose monthly dependency upgrades with {tool} instead of daily pull requests; too much noise.',
      'Decision: {repo} keeps one lockfile at the root; per-package lockfiles caused drift.',
      'We keep {svc} as a separate deployable because its release cadence differs from the monolith.',
      'Agreed in the {team} sync: no deploys after 16:00 on {day}s unless it is a rollback.',
      'Decision: public endpoints of {svc} are versioned in the path ({endpoint}); breaking changes need a new version.',
    ],
  },
  deps: {
    category: 'dependencies', tags: ['dependencies', 'upgrade'],
    t: [
      'Upgrading {tool} from {n}.{m} to {n2}.0 in {repo} needs the config file renamed; see the migration guide.',
      '{repo} is pinned to {node} until {tool} supports the newer one.',
      'A {tool} minor release changed the default output directory and broke the {job} job; pinned with a tilde range.',
      'Renovate groups all lint packages into one weekly pull request for {repo}.',
      'The {vendor} SDK {n}.x drops support for callbacks; {svc} still uses them in the retry helper.',
      'Security advisory in a transitive dependency of {svc}; patched by an override in package.json until upstream releases.',
      'The base image of {svc} moved to {os}; glibc changed, so native modules had to be rebuilt.',
    ],
  },
  runbook: {
    category: 'runbook', tags: ['runbook', 'ops'],
    t: [
      'Runbook, {svc} queue backlog: check {metric}, scale consumers to {n}, then look for poison messages in the dead letter queue.',
      'To rotate the {vendor} key: create the new key, store it in {secretStore}, restart {svc}, revoke the old key after an hour.',
      'When {store} disk is above {n}0%, run the vacuum job and expand the volume; do not delete WAL files by hand.',
      'Restore drill: restoring {store} from the nightly snapshot takes about {n}0 minutes; last tested by {person}.',
      'To replay failed webhooks for {svc}, call /internal/replay with the time window; it is idempotent.',
      'If {svc} pods crash loop with {err}, check the config map version first; a bad rollout is the usual cause.',
      'Purging the CDN cache for {svc} assets is done in {vendor}; purge by tag, never everything.',
      'Scaling {svc} for a launch: raise the HPA minimum to {n}0 a day before and lower it after {m} days.',
    ],
  },
  oncall: {
    category: 'on-call', tags: ['on-call', 'handover'],
    t: [
      'Handover: {svc} alert on {metric} fired {n} times this week, all noise; {person} is raising the threshold.',
      'On-call note: {vendor} status page reported degraded service on {day}; our retries covered it.',
      'The {team} on-call rotation changes on {day} at 10:00; the pager app must be on the new schedule.',
      'Escalation for {svc}: page the {team} team, then {person} as secondary.',
      'Known noisy alert: {svc} disk usage on the {env} nodes during the nightly compaction; safe to ack.',
    ],
  },
  review: {
    category: 'conventions', tags: ['convention', 'code-review'],
    t: [
      'Changes to {file} need approval from the {team} team (CODEOWNERS).',
      'Commit messages in {repo} follow conventional commits; the release notes job reads them.',
      'Pull requests in {repo} must keep {metric} within {n}% of main; the {job} job comments the diff.',
      'Database migrations for {svc} must be backward compatible for one release: expand, migrate, contract.',
      'Every public function in the {repo} SDK needs a docstring and a test; reviewers block without them.',
      'Logs of {svc} must not contain emails or tokens; the log scrubber in {tool} masks known patterns.',
    ],
  },
  perf: {
    category: 'performance', tags: ['performance'],
    t: [
      'Profiling {svc}: {n}0% of CPU goes to JSON serialisation of large responses to {endpoint}.',
      '{metric} of {svc} improved from {n}00 ms to {m}0 ms after adding an index on the tenant column in {store}.',
      'Load test with k6: {svc} sustains {n},{m}00 requests per second before {store} saturates.',
      'The N+1 query in {svc} for {endpoint} was replaced by one batched query; {metric} dropped by half.',
      'Bundle of the web app grew by {n}0 KB after adding a chart library; lazy loading brought it back.',
      'Cold starts of {svc} take {n} seconds because of eager module loading; lazy imports saved {m}00 ms.',
    ],
  },
  security: {
    category: 'security', tags: ['security'],
    t: [
      'Pen test finding: {endpoint} on {svc} leaked stack traces on errors; fixed by the error middleware.',
      'Tokens issued by {svc} expire after {n} hours; refresh tokens after {m}0 days.',
      'The CI deploy role reaches {env} only through OIDC; no long-lived keys in {ci}.',
      'Dependabot alerts for {repo} are triaged weekly by {person}; criticals within two days.',
      'Service accounts for {svc} were over-privileged in {env}; scoped down to the {store} tables it uses.',
    ],
  },
};
const REASONS = ['operational cost was too high', 'we need stronger consistency', 'the managed offering removes on-call load', 'latency under load was poor', 'the team already runs it elsewhere', 'the current version reaches end of life'];
const PURPOSES = ['infrastructure as code', 'end-to-end testing', 'bundling', 'secret management', 'tracing', 'dependency updates'];
// Kind weights: builds, tests and deploys dominate a CI store.
const MIX = [['build', 15], ['flaky', 11], ['deploy', 13], ['limit', 7], ['config', 10], ['incident', 9], ['decision', 7], ['deps', 7], ['runbook', 6], ['oncall', 4], ['review', 4], ['perf', 4], ['security', 3]];

/** `n` engineering memories: { content, tags, category, priority, timestamp }. */
export function engineeringStore(n = 1000, seed = 2501) {
  const r = rng(seed);
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  const other = (xs, x) => {
    const rest = xs.filter((y) => y !== x);
    return pick(rest);
  };
  const total = MIX.reduce((a, [, w]) => a + w, 0);
  const kindOf = () => {
    let x = r() * total;
    for (const [k, w] of MIX) if ((x -= w) < 0) return k;
    return MIX[0][0];
  };
  let t = Date.parse('2025-03-03T08:00:00Z');
  const out = [];
  const seen = new Set();
  while (out.length < n) {
    const kind = kindOf();
    const K = KINDS[kind];
    const f = {};
    for (const [k, xs] of Object.entries(V)) f[k] = pick(xs);
    Object.assign(f, {
      os2: other(V.os, f.os), env2: other(V.env, f.env), region2: other(V.region, f.region), store2: other(V.store, f.store), tool2: other(V.tool, f.tool),
      reason: pick(REASONS), purpose: pick(PURPOSES),
      n: String(2 + Math.floor(r() * 8)), n2: String(3 + Math.floor(r() * 6)), m: String(1 + Math.floor(r() * 9)), m2: String(Math.floor(r() * 10)), m2s: String(1 + Math.floor(r() * 3)),
    });
    const content = pick(K.t).replace(/\{(\w+)\}/g, (_, k) => f[k] ?? `{${k}}`);
    if (seen.has(content)) continue;
    seen.add(content);
    // Memories a few hours apart (independent notes), with a job now and then writing two in a row.
    t += r() < 0.12 ? 4 * 60_000 : Math.floor((2 + r() * 10) * 3_600_000);
    const tags = [...K.tags];
    if (/\{svc\}/.test(content) || content.includes(f.svc)) tags.push(f.svc);
    if (kind === 'build' || kind === 'flaky') tags.push(f.repo);
    out.push({
      content,
      tags: [...new Set(tags)],
      category: K.category,
      priority: kind === 'incident' || kind === 'security' ? pick(['high', 'high', 'medium']) : pick(['low', 'medium', 'medium', 'high']),
      timestamp: new Date(t).toISOString(),
    });
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const notes = engineeringStore(Number(process.argv[2] ?? 1000));
  process.stdout.write(JSON.stringify({ about: 'Synthetic engineering memories for the search-quality sets (#25): generated by bench/engineering-store.mjs (seeded); regenerate with `node bench/engineering-store.mjs > bench/data/engineering-notes.json`.', memories: notes }, null, 1) + '\n');
}

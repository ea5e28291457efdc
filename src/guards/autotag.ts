/**
 * Tags derived from content when none are given. Deterministic (same text, same tags, on any machine,
 * no model): known technical terms first, then words that recur, then the longest distinctive words.
 */

const STOP = new Set(
  (
    'a about above after again against all also am an and any are aren as at be because been before being below between both but by ' +
    'can cannot could did do does doing don down during each else even ever every few for from further get gets got had has have having he ' +
    'her here hers him his how however i if in into is isn it its itself just let like make makes many may me might more most much must my ' +
    'need needs never new no nor not now of off often on once one only or other our ours out over own per please rather really same say says ' +
    'see seems shall she should since so some still such than that the their theirs them then there these they thing things this those ' +
    'though through thus to too two under until up upon us use used uses using very via was wasn way we well were what when where whether ' +
    'which while who whom whose why will with within without would yet you your yours always already another around back better first ' +
    'good great instead last less least next old put right set sets take takes time times user users want wants work works note notes ' +
    'remember prefers prefer preferred should know known keep kept able across based call called cause done each either enough etc ' +
    'everything fine given goes going gone however include includes including less look looks lot lots maybe mean means nothing okay ' +
    'part place run runs running seem sure tell told try tried went yes ' +
    // Units and counters: "100 requests/minute" is about a limit, not about minutes.
    'millisecond milliseconds second seconds minute minutes hour hours day days week weeks month months year years ' +
    'kilobyte kilobytes megabyte megabytes'
  ).split(' '),
);

/** Canonical tag for a known term and its spellings. */
// No prototype: "constructor" or "__proto__" in a text must not look up Object.prototype.
const TECH: Record<string, string> = Object.create(null) as Record<string, string>;
const TECH_GROUPS: string[] = [
  'typescript ts',
  'javascript js ecmascript',
  'python py',
  'golang go-lang',
  'rust',
  'java',
  'kotlin',
  'swift',
  'ruby',
  'php',
  'csharp c# .net dotnet',
  'react reactjs',
  'vue vuejs',
  'angular',
  'svelte',
  'nextjs next.js',
  'node nodejs node.js',
  'deno',
  'bun',
  'npm',
  'pnpm',
  'yarn',
  'docker dockerfile container containers',
  'kubernetes k8s kubectl helm',
  'terraform',
  'ansible',
  'aws amazon',
  'gcp',
  'azure',
  'git',
  'github',
  'gitlab',
  'ci ci/cd cicd pipeline pipelines',
  'api apis rest graphql grpc endpoint endpoints',
  'database databases db',
  'postgres postgresql psql',
  'mysql',
  'sqlite',
  'mongodb mongo',
  'redis',
  'sql',
  'migration migrations',
  'ssl tls https',
  'auth authentication oauth login sso',
  'security vulnerability cve',
  'testing test tests unittest jest vitest pytest',
  'linux',
  'macos',
  'windows',
  'bash shell',
  'nginx',
  'cache caching',
  'performance latency',
  'logging logs',
  'monitoring metrics',
  'deploy deployment deployments deploys deploying',
  'production prod',
  'staging',
  'release releases',
  'config configuration',
  'pagination',
  'rate-limit rate-limiting ratelimit throttling',
  'webpack',
  'vite',
  'esbuild',
  'eslint',
  'json',
  'yaml yml',
  'markdown',
  'llm',
  'openai',
  'embedding embeddings',
  'vpn',
  'dns',
  'http',
  'websocket websockets',
  'cli',
  'css',
  'html',
  'tailwind',
];
for (const g of TECH_GROUPS) {
  const [canon, ...alts] = g.split(' ');
  TECH[canon] = canon;
  for (const a of alts) TECH[a] = canon;
}

/** A light stemmer: enough to count "deploys", "deployed" and "deploying" as one word. */
export function stem(w: string): string {
  if (w.length > 5 && w.endsWith('ies')) return w.slice(0, -3) + 'y';
  if (w.length > 5 && w.endsWith('ing')) return w.slice(0, -3);
  if (w.length > 4 && w.endsWith('ed')) return w.slice(0, -2);
  if (w.length > 4 && w.endsWith('es') && /(?:ss|sh|ch|x)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) return w.slice(0, -1);
  return w;
}

interface Candidate {
  tag: string;
  count: number;
  first: number;
  tech: boolean;
}

/** Two-word technical terms, joined with "-" before words are split ("rate limit" is one tag). */
const PHRASES: Array<[RegExp, string]> = [
  [/\brate[\s_-]+limit(?:s|ing|ed|er)?\b/g, 'rate-limit'],
  [/\bpull[\s_-]+requests?\b/g, 'pull-request'],
  [/\bfeature[\s_-]+flags?\b/g, 'feature-flag'],
  [/\bcode[\s_-]+reviews?\b/g, 'code-review'],
  [/\bload[\s_-]+balanc(?:er|ers|ing)\b/g, 'load-balancer'],
  [/\bconnection[\s_-]+pool(?:s|ing)?\b/g, 'connection-pool'],
  [/\btime[\s_-]?zones?\b/g, 'timezone'],
  [/\bunit[\s_-]+tests?\b/g, 'testing'],
  [/\bcode[\s_-]+style\b/g, 'code-style'],
];
for (const [, tag] of PHRASES) TECH[tag] ??= tag;

/** 1 to `max` tags for `content` (none for text with no usable words, e.g. only numbers). */
export function autoTags(content: string, max = 5): string[] {
  let text = content.toLowerCase();
  for (const [re, tag] of PHRASES) text = text.replace(re, tag);
  const words = text.match(/[a-z][a-z0-9+#]*(?:[./-][a-z0-9+#]+)*/g) ?? [];
  const cands = new Map<string, Candidate & { forms: Map<string, number> }>();
  words.forEach((raw, i) => {
    const parts = TECH[raw] ? [raw] : raw.split(/[./]/);
    for (const w of parts) {
      const tech = TECH[w];
      if (!tech && (w.length < 3 || STOP.has(w) || /^[a-z]?\d/.test(w) || w.length > 30)) continue;
      const key = tech ?? stem(w);
      let c = cands.get(key);
      if (!c) cands.set(key, (c = { tag: tech ?? w, count: 0, first: i, tech: !!tech, forms: new Map() }));
      c.count++;
      if (!tech) c.forms.set(w, (c.forms.get(w) ?? 0) + 1);
    }
  });
  const all = [...cands.values()];
  // The spelling used most often (then the shortest) names a stemmed group.
  for (const c of all) {
    if (c.tech) continue;
    let best = c.tag;
    let n = -1;
    for (const [f, k] of c.forms) if (k > n || (k === n && (f.length < best.length || (f.length === best.length && f < best)))) [best, n] = [f, k];
    c.tag = best;
  }
  const tech = all.filter((c) => c.tech).sort((a, b) => b.count - a.count || a.first - b.first);
  const recurring = all.filter((c) => !c.tech && c.count >= 2 && c.tag.length >= 4).sort((a, b) => b.count - a.count || a.first - b.first);
  let out = [...tech, ...recurring].map((c) => c.tag);
  if (out.length < 2) {
    const longest = all
      .filter((c) => !c.tech && c.tag.length >= 5 && !out.includes(c.tag))
      .sort((a, b) => b.tag.length - a.tag.length || a.first - b.first)
      .slice(0, 3 - out.length)
      .map((c) => c.tag);
    out = [...out, ...longest];
  }
  return [...new Set(out)].slice(0, max);
}

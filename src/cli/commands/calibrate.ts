import { command } from '../command.js';
import { run, type GlobalArgs } from '../context.js';
import { color } from '../output.js';
import type { CalibrateResult } from '../../lifecycle/calibrate.js';

interface Args extends GlobalArgs {
  far?: number;
  set?: boolean;
}

const pct = (x: number, digits = 2) => `${(100 * x).toFixed(digits)}%`;
const f3 = (x: number) => x.toFixed(3);

const SOURCES: Record<CalibrateResult['current']['source'], string> = {
  option: 'a library option',
  config: 'hybrid.minSimilarity',
  calibrated: 'built in for this model',
  default: 'the default for a model nobody calibrated',
};

function human(r: CalibrateResult): string {
  const lines = [`Calibration of ${color.bold(r.model)}: ${r.sentences} sentences, ${r.pairs.paraphrase + r.pairs.query} related and ${r.pairs.unrelated} unrelated pairs`, ''];
  lines.push('| pairs | n | min | 5% | median | 95% | 99.9% | max |', '|---|---|---|---|---|---|---|---|');
  for (const d of r.distributions) lines.push(`| ${d.name} | ${d.n} | ${f3(d.min)} | ${f3(d.p5)} | ${f3(d.median)} | ${f3(d.p95)} | ${f3(d.p999)} | ${f3(d.max)} |`);
  lines.push('', '| threshold | false accepts | same domain | other domain | paraphrases kept | query → note kept |', '|---|---|---|---|---|---|');
  for (const t of r.table) lines.push(`| ${t.threshold.toFixed(2)}${t.threshold === r.threshold ? ' (chosen)' : ''} | ${pct(t.falseAccepts)} | ${pct(t.sameDomain)} | ${pct(t.otherDomain)} | ${pct(t.paraphrases, 0)} | ${pct(t.queries, 0)} |`);
  lines.push('', `threshold for a false-accept rate of at most ${pct(r.targetFar, 1)}: ${color.bold(r.threshold.toFixed(2))}` + (r.builtIn === null ? ' (no value is built in for this model)' : ` (built in for this model: ${r.builtIn.toFixed(2)})`));
  lines.push(`searches use ${r.current.value.toFixed(2)} (${SOURCES[r.current.source]})`);
  if (r.set) lines.push(r.set.changed ? `set hybrid.minSimilarity ${r.threshold.toFixed(2)} on the branch ${color.dim(`(${(r.set.commit ?? '').slice(0, 7)})`)}; it applies whatever the model: calibrate again after changing it` : `hybrid.minSimilarity was already ${r.threshold.toFixed(2)}`);
  else if (r.current.value !== r.threshold) lines.push(`to use it for everyone on the branch: memory calibrate --set (or memory config set hybrid.minSimilarity ${r.threshold.toFixed(2)})`);
  return lines.join('\n');
}

export const calibrateCommand = command<Args>({
  command: 'calibrate',
  describe: "Read the configured model's similarity threshold off the model itself (embeds about 230 built-in sentences); --set makes it the branch's hybrid.minSimilarity",
  builder: (y) =>
    y
      .option('far', { type: 'number', describe: 'Target false-accept rate over the unrelated pairs (default 0.01: 1%)' })
      .option('set', { type: 'boolean', describe: 'Write the threshold to the branch setting hybrid.minSimilarity (one commit; it applies to every model)' })
      .example('MEMORY_EMBEDDER=onnx MEMORY_EMBEDDER_MODEL=./models/bge-small-en $0 calibrate', 'The distributions and the threshold for a local ONNX model')
      .example('MEMORY_EMBEDDER=openai MEMORY_EMBEDDER_MODEL=text-embedding-3-small $0 calibrate --set', 'Calibrate an HTTP model and use the result on this branch')
      .example('$0 calibrate --far 0.005 --json', 'A stricter line, as JSON'),
  handler: (argv) => run(argv, (m) => m.calibrate({ far: argv.far, set: argv.set === true }), human, { op: argv.set === true ? 'config.write' : 'calibrate' }),
});

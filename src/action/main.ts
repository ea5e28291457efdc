// The GitHub Action's logic: reads the step's inputs, runs one command through the library, writes
// the step outputs and the job summary. The only module that imports @actions/core; index.ts runs it
// (the split the actions/typescript-action template uses, which @github/local-action expects).
import * as core from '@actions/core';
import { execute } from './execute.js';
import { failureMessage, toMemoryError } from './failure.js';
import { safeText } from '../model/error-format.js';
import { parseInputs, type ActionInputs } from './inputs.js';
import { workflowSafe } from './log.js';

// GitHub's limit for one step output.
const OUTPUT_LIMIT = 1024 * 1024;

/**
 * The one way the action writes to the step log: memory text, ids and error messages all pass
 * through workflowSafe, so none of them can be read by the runner as a workflow command.
 */
const log = {
  info: (m: string) => core.info(workflowSafe(m)),
  warning: (m: string) => core.warning(workflowSafe(m)),
  debug: (m: string) => core.debug(workflowSafe(m)),
  failed: (m: string) => core.setFailed(workflowSafe(m)),
};

/** One action step. Never throws: a failure becomes `core.setFailed` (exit code 1). */
export async function run(): Promise<void> {
  let inputs: ActionInputs | undefined;
  try {
    // Untrimmed: content keeps its leading indentation; parseInputs trims the other inputs.
    const parsed = parseInputs((name) => core.getInput(name, { trimWhitespace: false }));
    inputs = parsed.inputs;
    // Masked in every later log line, whatever prints it (git's own messages included).
    if (inputs.token) core.setSecret(inputs.token);
    for (const name of parsed.ignored) log.warning(`input \`${name}\` is not used by command ${inputs.command}; ignored`);
    const r = await execute(inputs, { info: log.info, warning: log.warning, debug: log.debug });
    const results = JSON.stringify(r.results);
    const json = JSON.stringify(r.json);
    for (const [name, text] of [['results', results], ['json', json]]) {
      const bytes = Buffer.byteLength(text);
      if (bytes > OUTPUT_LIMIT) log.warning(`output \`${name}\` is ${bytes} bytes; GitHub keeps at most 1 MB per output: lower \`limit\``);
    }
    core.setOutput('id', r.id);
    core.setOutput('results', results);
    core.setOutput('count', String(r.count));
    core.setOutput('json', json);
    if (r.summary && process.env.GITHUB_STEP_SUMMARY) {
      // The summary is for people; the memory is already stored (and pushed), so it cannot fail the step.
      try {
        await core.summary.addRaw(r.summary, true).write();
      } catch (err) {
        log.warning(`could not write the job summary: ${(err as Error).message}`);
      }
    }
    if (r.failed) log.failed(r.failed);
  } catch (err) {
    const me = toMemoryError(err);
    if (me.code === 'INTERNAL') log.debug(safeText(String((err as Error)?.stack ?? err), 4000));
    // Steps with continue-on-error can still read what went wrong.
    core.setOutput('json', JSON.stringify({ success: false, error: me.toJSON() }));
    log.failed(failureMessage(me, inputs));
  }
}

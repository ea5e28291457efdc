/**
 * Text for the step log, made inert for the runner. The runner reads workflow commands from every line
 * a step prints: `::name args::value` at the start of a line, and (legacy parser) `##[name args]value`
 * anywhere in a line. A memory holding `##[set-output name=count;]999` or `::stop-commands::x` would
 * otherwise set outputs, stop command processing or mask text. A zero-width space after the first
 * character of each such sequence keeps the text readable and the parser blind to it. Every line the
 * action logs goes through this (src/action/main.ts); outputs and the job summary are files, not log.
 */
export function workflowSafe(text: string): string {
  return text.replace(/##\[/g, '#\u200b#[').replace(/::/g, ':\u200b:');
}

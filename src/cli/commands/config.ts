import { command } from '../command.js';
import { InvalidInputError } from '../../errors.js';
import { run, type GlobalArgs } from '../context.js';
import { color } from '../output.js';

interface Args extends GlobalArgs {
  action: string;
  key?: string;
  value?: string;
}

function flatten(obj: Record<string, unknown>, prefix = ''): Array<[string, unknown]> {
  return Object.entries(obj).flatMap(([k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    return v && typeof v === 'object' && !Array.isArray(v) ? flatten(v as Record<string, unknown>, key) : [[key, v] as [string, unknown]];
  });
}

export const configCommand = command<Args>({
  command: 'config [action] [key] [value]',
  describe: 'Settings shared by every job: show, get <key>, set <key> <value>, unset <key>',
  builder: (y) =>
    y
      .positional('action', { type: 'string', choices: ['show', 'get', 'set', 'unset'], default: 'show', describe: 'What to do' })
      .positional('key', { type: 'string', describe: 'A dotted key, e.g. retention.enabled' })
      .positional('value', { type: 'string', describe: 'set: the value (true/false, a number, a string or JSON)' })
      .example('$0 config show', 'Every setting, and where its value comes from')
      .example('$0 config set retention.enabled true', 'Commit a shared setting to .memory/config.json on the branch')
      .example('$0 config get maxMemories --json', 'One value')
      .epilog(
        'Precedence (later wins): defaults < .memory/config.json on the memory branch < .git-memory.json in the work tree root < ' +
          'MEMORY_<KEY> env vars (e.g. MEMORY_RETENTION_DELETE_AFTER_DAYS=60) < command flags. Unknown keys are warned about and ignored.',
      ),
  handler: (argv) =>
    run<Record<string, unknown>>(
      argv,
      async (m) => {
        const needKey = () => {
          if (!argv.key) throw new InvalidInputError(`give a key: memory config ${argv.action} <key>`, { field: 'key' });
          return argv.key;
        };
        if (argv.action === 'get') return m.configGet(needKey());
        if (argv.action === 'set') {
          const key = needKey();
          if (argv.value === undefined) throw new InvalidInputError(`give a value: memory config set ${key} <value>`, { field: 'value' });
          const r = await m.configSet(key, argv.value);
          return { success: true, key: r.key, value: r.value, changed: r.changed, commit: r.commit };
        }
        if (argv.action === 'unset') {
          const r = await m.configUnset(needKey());
          return { success: true, key: r.key, changed: r.changed, commit: r.commit };
        }
        if (argv.key) throw new InvalidInputError('"config show" takes no key; use "memory config get <key>"', { field: 'key' });
        return { ...(await m.config()) };
      },
      (r) => {
        if (argv.action === 'get') return typeof r.value === 'object' ? JSON.stringify(r.value) : String(r.value);
        if (argv.action === 'set') return r.changed ? `set ${r.key} = ${JSON.stringify(r.value)} ${color.dim(`(.memory/config.json, commit ${String(r.commit).slice(0, 12)})`)}` : `${r.key} already is ${JSON.stringify(r.value)}`;
        if (argv.action === 'unset') return r.changed ? `unset ${r.key}` : `${r.key} was not set on the branch`;
        const origin = r.origin as Record<string, string>;
        // Columns as wide as their longest entry (a value such as "OPENAI_API_KEY" is longer than most).
        const cells = flatten(r.config as Record<string, unknown>).map(([k, v]) => [k, JSON.stringify(v) ?? String(v), origin[k] ?? 'defaults'] as const);
        const wk = Math.max(0, ...cells.map(([k]) => k.length));
        const wv = Math.max(0, ...cells.map(([, v]) => v.length));
        const rows = cells.map(([k, v, o]) => `${k.padEnd(wk)}  ${v.padEnd(wv)}  ${color.dim(o)}`);
        const layers = (r.layers as Array<{ name: string; source: string }>).map((l) => `${l.name}: ${l.source}`);
        return [...rows, '', color.dim(layers.length ? `layers: ${layers.join('; ')}` : 'layers: defaults only')].join('\n');
      },
      // Not in the automatic-sync table (the first word does not say): set and unset commit to the
      // branch, get and show read it.
      { op: argv.action === 'set' || argv.action === 'unset' ? 'config.write' : 'config.read' },
    ),
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Cli, isContent, UsageError } from '../../src/cli/args.js';
import { MAX_ERROR_MESSAGE, safeError, safeText } from '../../src/model/error-format.js';
import { InvalidIdError, MemoryError } from '../../src/errors.js';
import { scanText } from '../../src/model/secrets.js';
// @ts-expect-error: a plain .mjs module shared with bench/secrets.mjs
import { SECRETS } from './secret-corpus.mjs';
import { runs } from '../fc-runs.js';

const secrets = (SECRETS as Array<[string, string]>).map(([, s]) => s);
const withSecret = fc.tuple(fc.string({ maxLength: 200 }), fc.constantFrom(...secrets), fc.string({ maxLength: 200 })).map(([a, s, b]) => `${a} ${s} ${b}`);

describe('the error formatter', () => {
  it('masks every credential and bounds every message (property)', () => {
    fc.assert(
      fc.property(fc.oneof(withSecret, fc.string({ maxLength: 20_000 })), (s) => {
        const out = safeText(s);
        expect(scanText(out)).toEqual([]);
        expect(out.length).toBeLessThanOrEqual(MAX_ERROR_MESSAGE + 60);
        const me = safeError(new MemoryError('INVALID_INPUT', `bad value ${s}`, { value: s, nested: { list: [s, s] } }));
        const json = JSON.stringify(me.toJSON());
        expect(scanText(json)).toEqual([]);
        expect(json.length).toBeLessThan(5000);
        expect(me.code).toBe('INVALID_INPUT');
      }),
      { numRuns: runs(300), seed: 14 },
    );
  });

  it('keeps short, harmless messages as they are; non-MemoryErrors become INTERNAL', () => {
    expect(safeError(new InvalidIdError('abc')).message).toBe(new InvalidIdError('abc').message);
    expect(safeError(new Error('boom')).code).toBe('INTERNAL');
    expect(safeText('a'.repeat(5000))).toMatch(/^a{60}…\[4940 more characters\]$/);
  });

  it('an argument over 64 KiB: one marker with the right count, and an id error keeps its hint', () => {
    // Scanned text cut short by the run rule, then the unscanned tail counted once.
    expect(safeText('b'.repeat(70_000))).toBe(`${'b'.repeat(60)}…[65476 more characters]…[${70_000 - 65_536} more characters]`);
    const words = Array.from({ length: 20_000 }, (_, i) => `w${i}`).join(' ');
    const out = safeText(words);
    expect(out.match(/more characters\]/g)).toHaveLength(1);
    expect(out).toMatch(new RegExp(`…\\[${words.length - MAX_ERROR_MESSAGE} more characters\\]$`));
    const id = safeError(new InvalidIdError('B'.repeat(70_000))).message;
    expect(id).toContain('(70000 characters)');
    expect(id).toMatch(/e\.g\. mem_0k2x9d1ab7q4ce3m\)$/);
  });
});

describe('the argument parser', () => {
  const program = {
    name: 'memory',
    version: 't',
    usage: '',
    globals: { json: { type: 'boolean' as const } },
    commands: [
      {
        command: 'store [content]',
        builder: (y: any) => y.option('tags', { type: 'string', array: true }).option('confirm', { type: 'boolean' }).option('meta', { type: 'string', array: true }),
        handler: (argv: any) => void (seen = argv),
      },
    ],
    examples: [],
    epilog: '',
  };
  let seen: any;

  it('an argument with whitespace is content, whatever it starts with', async () => {
    for (const c of ['-----BEGIN KEY-----\nabc', '- a\n- b', '-x y', '--not an option', '--tags=a b c']) {
      seen = undefined;
      await new Cli(program).run(['store', c]);
      if (c.startsWith('--tags=')) expect(seen.tags).toEqual(['a b c']);
      else expect(seen.content).toBe(c);
    }
    expect(isContent('--meta=k=v w', (k) => k === 'meta')).toBe(false);
    expect(isContent('--nope=v w', () => false)).toBe(true);
  });

  it('random argv: parses, or fails with a UsageError that never echoes a credential (property)', async () => {
    const token = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom('--tags', '--confirm', '--confirm=', '--confirm=no', '--json', '--', '-', '--meta', '-x', '--x=1'),
      fc.constantFrom(...secrets),
      fc.constantFrom(...secrets).map((s) => `--${s}`),
      fc.constantFrom(...secrets).map((s) => `--confirm=${s}`),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(token, { maxLength: 6 }), async (args) => {
        try {
          await new Cli(program).run(['store', ...args]);
        } catch (err) {
          expect(err).toBeInstanceOf(UsageError);
          // What the user sees goes through the formatter (src/cli/main.ts → reportError).
          expect(scanText(safeText((err as Error).message))).toEqual([]);
        }
      }),
      { numRuns: runs(400), seed: 7 },
    );
  });

  it('--confirm= (empty) and other non-boolean values are refused, not true', async () => {
    for (const v of ['', 'maybe', ' ']) await expect(new Cli(program).run(['store', 'x', `--confirm=${v}`])).rejects.toBeInstanceOf(UsageError);
    await new Cli(program).run(['store', 'x', '--confirm=no']);
    expect(seen.confirm).toBe(false);
    await new Cli(program).run(['store', 'x', '--confirm=YES']);
    expect(seen.confirm).toBe(true);
  });
});

describe('auto-tags', () => {
  it('"The API rate limit is 100 requests/minute" gives api and rate-limit, not units', async () => {
    const { autoTags } = await import('../../src/guards/autotag.js');
    expect(autoTags('The API rate limit is 100 requests/minute')).toEqual(['api', 'rate-limit']);
    // Words that name Object.prototype members are plain words.
    expect(autoTags('constructor toString __proto__ hasOwnProperty')).not.toContain(undefined);
  });
});

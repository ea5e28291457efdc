import { describe, expect, it } from 'vitest';
import { redactText, scanText } from '../../src/model/secrets.js';
// @ts-expect-error: a plain .mjs module shared with bench/secrets.mjs
import { LOOK_ALIKES, SECRETS } from './secret-corpus.mjs';

const secrets = SECRETS as Array<[string, string]>;
const lookAlikes = LOOK_ALIKES as string[];

describe('secret corpus', () => {
  it.each(secrets)('catches %s', (kind, secret) => {
    const text = `note before\nsome context: ${secret} and after`;
    const found = scanText(text);
    expect(found.map((f) => f.kind)).toContain(kind);
    const f = found.find((x) => x.kind === kind)!;
    expect(f.line).toBe(2);
    expect(f.column).toBeGreaterThan(1);
    // Masking removes every trace the guard knows of (the span is inside the secret).
    const masked = redactText(text, found);
    expect(masked).toContain(`[REDACTED:${kind}]`);
    expect(scanText(masked)).toEqual([]);
  });

  it.each(lookAlikes)('leaves alone: %s', (text) => {
    expect(scanText(text)).toEqual([]);
  });

  it('has a corpus large enough to mean something', () => {
    expect(secrets.length).toBeGreaterThanOrEqual(50);
    expect(lookAlikes.length).toBeGreaterThanOrEqual(40);
  });
});

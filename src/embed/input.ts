/**
 * Characters of a text a model is given: its opening. A sentence model says what the opening of a
 * long note is about as well as it can say anything about it, and the offline model's tokenizer is
 * quadratic in the text's length (it copies the rest of the text at every character): one 60 KB
 * memory made a default search take 61 s, a 1 MiB one never finished. 2,000 characters
 * (about 300-400 words) cost the offline model what a short note does; texts up to it are embedded
 * whole, as before. Applied to every embedder (HTTP models have their own input limits too).
 */
export const MAX_EMBED_CHARS = 2000;

/** What an embedder is given for `text`: at most {@link MAX_EMBED_CHARS} characters, never half a surrogate pair. */
export function embedInput(text: string): string {
  if (text.length <= MAX_EMBED_CHARS) return text;
  const end = /[\uD800-\uDBFF]/.test(text[MAX_EMBED_CHARS - 1]) ? MAX_EMBED_CHARS - 1 : MAX_EMBED_CHARS;
  return text.slice(0, end);
}

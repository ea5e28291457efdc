// A sentence-embedding model small enough to write byte by byte, in the Hugging Face folder layout the
// ONNX embedder (src/embed/onnx.ts) loads: config.json, tokenizer.json, tokenizer_config.json and
// onnx/model.onnx. The network is one Gather: each token id picks a row of an embedding table
// (input_ids [batch, seq] int64 -> last_hidden_state [batch, seq, dims] float); the feature-extraction
// pipeline then mean-pools over the attention mask and normalises, as for a real model. The tokenizer
// is a WordLevel vocabulary with [CLS] ... [SEP] around every text (so no text is empty of tokens),
// and each word's row is a fixed pseudo-random vector: texts sharing words are nearer than texts that
// share none. The ONNX file is protobuf (onnx.proto3's ModelProto), written here field by field.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const varint = (n: number): number[] => {
  const out: number[] = [];
  let v = n;
  do {
    let b = v % 128;
    v = Math.floor(v / 128);
    if (v) b |= 0x80;
    out.push(b);
  } while (v);
  return out;
};
const LEN = 2;
const VARINT = 0;
const key = (field: number, wire: number) => varint(field * 8 + wire);
const bytes = (field: number, b: ArrayLike<number>): number[] => [...key(field, LEN), ...varint(b.length), ...Array.from(b)];
const str = (field: number, s: string) => bytes(field, Buffer.from(s, 'utf8'));
const int = (field: number, n: number) => [...key(field, VARINT), ...varint(n)];
const msg = (field: number, ...parts: number[][]) => bytes(field, parts.flat());

const FLOAT = 1;
const INT64 = 7;
/** ValueInfoProto: a name and a tensor type with a shape of named (symbolic) or fixed dimensions. */
const valueInfo = (field: number, name: string, elemType: number, dims: Array<string | number>) =>
  msg(field, str(1, name), msg(2, msg(1, int(1, elemType), msg(2, ...dims.map((d) => msg(1, typeof d === 'string' ? str(2, d) : int(1, d)))))));

/** The ONNX bytes of `input_ids -> Gather(table) -> last_hidden_state`; `table` is vocab x dims, row-major. */
export function gatherModel(vocab: number, dims: number, table: Float32Array): Buffer {
  const weights = msg(5, int(1, vocab), int(1, dims), int(2, FLOAT), str(8, 'embeddings'), bytes(9, new Uint8Array(table.buffer, table.byteOffset, table.byteLength)));
  const node = msg(1, str(1, 'embeddings'), str(1, 'input_ids'), str(2, 'last_hidden_state'), str(3, 'gather'), str(4, 'Gather'));
  const graph = msg(7, node, str(2, 'tiny'), weights, valueInfo(11, 'input_ids', INT64, ['batch', 'sequence']), valueInfo(12, 'last_hidden_state', FLOAT, ['batch', 'sequence', dims]));
  // ir_version 7, producer "git-memory test", opset 13 of the default domain.
  return Buffer.from([...int(1, 7), ...str(2, 'git-memory test'), ...graph, ...msg(8, str(1, ''), int(2, 13))]);
}

const SPECIAL = ['[PAD]', '[UNK]', '[CLS]', '[SEP]'];

/** Writes the model folder into `dir` (its name becomes part of the embedder's id); `words`: the vocabulary. */
export function writeTinyModel(dir: string, words: string[], dims = 32, seed = 1): string {
  const vocab = [...SPECIAL, ...words];
  let s = seed;
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2 ** 31), s / 2 ** 31 - 0.5);
  const table = new Float32Array(vocab.length * dims);
  for (let i = 1; i < vocab.length; i++) for (let d = 0; d < dims; d++) table[i * dims + d] = rnd(); // [PAD] stays zero
  mkdirSync(join(dir, 'onnx'), { recursive: true });
  writeFileSync(join(dir, 'onnx', 'model.onnx'), gatherModel(vocab.length, dims, table));
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ model_type: 'bert', hidden_size: dims, vocab_size: vocab.length, seed }));
  writeFileSync(
    join(dir, 'tokenizer_config.json'),
    JSON.stringify({ tokenizer_class: 'BertTokenizer', model_max_length: 512, do_lower_case: true, pad_token: '[PAD]', unk_token: '[UNK]', cls_token: '[CLS]', sep_token: '[SEP]' }),
  );
  const ids = Object.fromEntries(vocab.map((w, i) => [w, i]));
  writeFileSync(
    join(dir, 'tokenizer.json'),
    JSON.stringify({
      version: '1.0',
      truncation: { direction: 'Right', max_length: 512, strategy: 'LongestFirst', stride: 0 },
      padding: null,
      added_tokens: SPECIAL.map((content, id) => ({ id, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true })),
      normalizer: { type: 'Lowercase' },
      pre_tokenizer: { type: 'Whitespace' },
      post_processor: {
        type: 'TemplateProcessing',
        single: [{ SpecialToken: { id: '[CLS]', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }, { SpecialToken: { id: '[SEP]', type_id: 0 } }],
        pair: [{ SpecialToken: { id: '[CLS]', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }, { SpecialToken: { id: '[SEP]', type_id: 0 } }, { Sequence: { id: 'B', type_id: 1 } }, { SpecialToken: { id: '[SEP]', type_id: 1 } }],
        special_tokens: { '[CLS]': { id: '[CLS]', ids: [2], tokens: ['[CLS]'] }, '[SEP]': { id: '[SEP]', ids: [3], tokens: ['[SEP]'] } },
      },
      decoder: null,
      model: { type: 'WordLevel', vocab: ids, unk_token: '[UNK]' },
    }),
  );
  return dir;
}

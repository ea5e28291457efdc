// The public API is what src/index.ts exports, and nothing else: a change to this list is a change to
// the package's contract (CHANGELOG.md, semantic versioning). Internals (vector codec, branch paths,
// the embedders, command helpers) stay out.
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as api from '../../src/index.js';
import { CLI } from '../helpers.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const VALUES = [
  'BinaryContentError',
  'CitationInvalidError',
  'ConfirmationRequiredError',
  'ConflictError',
  'ContentTooLargeError',
  'CorruptObjectError',
  'DEFAULT_BRANCH',
  'DEFAULT_CONFIG',
  'EmptyContentError',
  'InvalidIdError',
  'InvalidInputError',
  'LockedError',
  'MAX_CONTENT_BYTES',
  'MemoryError',
  'MemoryStore',
  'NotARepositoryError',
  'NotFoundError',
  'PRIORITIES',
  'SecretDetectedError',
  'UnsupportedRepositoryError',
  'assertNoSecrets',
  'isValidId',
  'openMemory',
  'purgeTrash',
  'redactText',
  'scanText',
];

const TYPES = [
  'Citation',
  'CitationCheck',
  'CitationCounts',
  'CitationState',
  'CiteSpec',
  'ConfigIssue',
  'ConfigShowResult',
  'ConflictKind',
  'CoreOperation',
  'CoreSnapshot',
  'CoreUpdateInput',
  'CoreViewResult',
  'CoreWriteResult',
  'DeleteResult',
  'ErrorCode',
  'ExportFormat',
  'GetAtResult',
  'GetResult',
  'GitMemory',
  'ImportError',
  'ImportInput',
  'ImportResult',
  'ListFilter',
  'ListResult',
  'Memory',
  'MemoryConfig',
  'MemoryStats',
  'MemoryVersion',
  'OpenOptions',
  'Priority',
  'PruneItem',
  'PruneOptions',
  'PruneResult',
  'RebuildIndexResult',
  'RecentResult',
  'Relaxation',
  'ResolvedConfig',
  'SearchFallback',
  'SearchMode',
  'SearchQuery',
  'SearchResponse',
  'SearchResult',
  'SecretFinding',
  'SecretKind',
  'StoreInput',
  'StoreOptions',
  'StoreResult',
  'SyncConflict',
  'SyncOptions',
  'SyncProgress',
  'SyncResult',
  'TrashInput',
  'TrashItem',
  'TrashResult',
  'UpdateInput',
  'UpdateResult',
  'VectorReport',
  'VerifiedMemory',
  'VerifyOptions',
  'VerifyResult',
];

describe('the public API', { timeout: 120_000 }, () => {
  it('exports exactly these values from the source entry', () => {
    expect(Object.keys(api).sort()).toEqual(VALUES);
  });

  it('exports the same values from the built CommonJS and ES-module entries', async () => {
    const dist = dirname(CLI());
    expect(Object.keys(createRequire(import.meta.url)(join(dist, 'index.cjs'))).sort()).toEqual(VALUES);
    const esm = await import(pathToFileURL(join(dist, 'index.js')).href);
    expect(Object.keys(esm).sort()).toEqual(VALUES);
    // One implementation behind both: the ES-module entry re-exports the CommonJS bundle's objects.
    expect(esm.MemoryError).toBe(createRequire(import.meta.url)(join(dist, 'index.cjs')).MemoryError);
  });

  it('exports exactly these types (and the values above) to TypeScript', () => {
    const entry = join(root, 'src', 'index.ts');
    const program = ts.createProgram([entry], { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, noEmit: true, skipLibCheck: true });
    const checker = program.getTypeChecker();
    const mod = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
    const names = checker.getExportsOfModule(mod).map((s) => s.getName());
    expect(names.filter((n) => !VALUES.includes(n)).sort()).toEqual(TYPES);
    expect(VALUES.filter((n) => !names.includes(n))).toEqual([]);
  });

  it('keeps internals out', () => {
    for (const internal of ['encodeVector', 'decodeVector', 'vectorPath', 'BranchVectors', 'VectorIndex', 'createEmbedder', 'newId', 'pathFor', 'RefMovedError', 'formatStats', 'prune']) expect(api).not.toHaveProperty(internal);
  });
});

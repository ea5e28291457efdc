// The error classes live in src/errors.ts (the bottom layer, imported by src/git too); this file is
// kept so existing imports keep working. MemoryError and ErrorCode are imported into scope so classes
// appended here still compile.
import { MemoryError, type ErrorCode } from '../errors.js';
export * from '../errors.js';
export type { ErrorCode };
export { MemoryError };

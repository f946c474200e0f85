// Types of exemption-ignorer.mjs, for the TypeScript that uses it (the exemption tools and tests).
import type { Exemption } from './exemption-ledger.mjs';

interface IgnorerValue { shouldIgnore(path: unknown): string | undefined }
export declare const strykerPlugins: ReadonlyArray<{ readonly name: string; readonly value: IgnorerValue }>;
/** The ignorer; `entriesOf` (file relative to the project → its entries) defaults to the committed ledger. */
export declare function exemptionIgnorer(entriesOf?: (file: string) => readonly Exemption[]): IgnorerValue;
/** The directive comments of a file's entries, keyed by the offset of the node each leads. */
export declare function exemptionDirectives(file: string, code: string, entries: readonly Exemption[]): Map<number, { line: number; comments: string[] }>;

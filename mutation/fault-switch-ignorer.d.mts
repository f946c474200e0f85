// Types of fault-switch-ignorer.mjs, for its test.
export declare const strykerPlugins: ReadonlyArray<{
  readonly name: string;
  readonly value: { shouldIgnore(path: unknown): string | undefined };
}>;

// --only: one glob or several separated by commas (WH-SIG-*,WH-ACK-01); `*` is any
// run of characters and `?` one character; ids match case-insensitively.

export function parseIdPatterns(spec: string): RegExp[] {
  return spec.split(',').map((part) => part.trim()).filter(Boolean).map((glob) => {
    const body = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
    return new RegExp(`^${body}$`, 'i');
  });
}

export function matchesAny(id: string, patterns: readonly RegExp[]): boolean {
  return patterns.some((pattern) => pattern.test(id));
}

// 204 rules 6 is about "one reused connection": it judges framing where a connection
// is reused, and does not require a server to keep one open. RFC 9112 §9.3 lets a
// server decline persistence by sending the "close" connection option; after an
// answer that announces it there is no reused connection left to judge, and the
// framing checks are skipped saying so. A close that is NOT announced stays a failure:
// the client had no way to know its connection was gone.

/** True when the values of a Connection header hold the "close" option (any letter case). */
export function announcesClose(values: readonly string[]): boolean {
  return values.join(',').split(',').some((option) => option.trim().toLowerCase() === 'close');
}

/** The skip reason when the server announced its close on `where` (an answer). */
export function notReused(where: string): string {
  return `not applicable: the server announced "Connection: close" on ${where}, so the connection was not reused after it: `
    + 'there is no reused connection to judge (RFC 9112 §9.3 lets a server decline persistent connections)';
}

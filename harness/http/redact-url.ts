// A URL as it may be shown: user and password replaced (a database URL carries both).

export function redactUrl(url: string): string {
  return url.replace(/\/\/([^/@]*)@/, '//[REDACTED]@');
}

import { describe, expect, it } from 'vitest';
import { redactedCommandLine } from './command-line.ts';

describe('redactedCommandLine', () => {
  it('keeps the command as typed, secrets as placeholders, in both option forms', () => {
    expect(redactedCommandLine('run', ['webhook', '--target', 'external', '--secret', 'hunter22', '--token=tok-123', '--only', 'WH-SIG-*', '--database-url', 'postgres://u:pw@db/x']))
      .toBe("wirecheck run webhook --target external --secret '<secret>' --token='<token>' --only 'WH-SIG-*' --database-url 'postgres://[REDACTED]@db/x'");
    expect(redactedCommandLine('run', ['all', '--reason', 'two words'])).toBe("wirecheck run all --reason 'two words'");
    // Every secret option of the systems' option tables, --other-token among them.
    expect(redactedCommandLine('run', ['resource-api', '--other-token', 'tok-456'])).toBe("wirecheck run resource-api --other-token '<other-token>'");
  });

  it('keeps a --secret-header\'s name and shows its value as an environment reference', () => {
    expect(redactedCommandLine('run', ['webhook', '--secret-header', 'X-Gateway-Key: gw-secret-1', '--secret-header=X-Other: env:OTHER_KEY', '--header', 'X-Tag: t']))
      .toBe("wirecheck run webhook --secret-header 'X-Gateway-Key: env:X_GATEWAY_KEY' --secret-header='X-Other: env:OTHER_KEY' --header 'X-Tag: t'");
  });
});


// The wirecheck command line as the manifest records it: exactly as typed, with the
// value of every secret-bearing option replaced by a placeholder. Which options bear
// secrets is read from the systems' option tables (a row with a reproduce placeholder),
// so a secret option added there is hidden here too. A --secret-header keeps its name,
// its value shown as an environment reference.
import { secretHeaderArgument } from '../../http/extra-headers.ts';
import { redactUrl } from '../../http/redact-url.ts';
import { quote } from '../../systems/option-table.ts';
import { systemModules } from '../../systems/registry.ts';

function placeholders(): Map<string, (value: string) => string> {
  const secret = systemModules().flatMap((m) => m.options).filter((row) => typeof row.reproduce === 'object');
  return new Map<string, (value: string) => string>([
    ...secret.map((row) => [`--${row.flag}`, () => `<${row.flag}>`] as const),
    ['--database-url', (value) => redactUrl(value)],
    ['--secret-header', (value) => secretHeaderArgument(value)],
  ]);
}

export function redactedCommandLine(command: string, args: readonly string[]): string {
  const placeholder = placeholders();
  const out = ['wirecheck', command];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const hide = placeholder.get(flag);
    if (hide && inline !== undefined) out.push(`${flag}=${quote(hide(inline))}`);
    else if (hide && i + 1 < args.length) {
      out.push(flag, quote(hide(args[i + 1] ?? '')));
      i += 1;
    } else out.push(quote(arg));
  }
  return out.join(' ');
}

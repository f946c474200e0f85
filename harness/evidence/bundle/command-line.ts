// The wirecheck command line as the manifest records it: exactly as typed, with the
// value of every secret-bearing option replaced by a placeholder.
import { redactUrl } from '../../http/redact-url.ts';

const PLACEHOLDER: Readonly<Record<string, (value: string) => string>> = {
  '--secret': () => '<secret>',
  '--token': () => '<token>',
  '--database-url': (value) => redactUrl(value),
};

function quote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

export function redactedCommandLine(command: string, args: readonly string[]): string {
  const out = ['wirecheck', command];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const hide = PLACEHOLDER[flag];
    if (hide && inline !== undefined) out.push(`${flag}=${quote(hide(inline))}`);
    else if (hide && i + 1 < args.length) {
      out.push(flag, quote(hide(args[i + 1] ?? '')));
      i += 1;
    } else out.push(quote(arg));
  }
  return out.join(' ');
}

// A Dockerfile read the way the builder reads it: continuation lines joined, comments
// dropped, each instruction with its flags (--from=deps), its arguments and its stage.
// Enough for the lint rules of dockerfile-lint.ts and for running the image's steps
// on the host; not a full parser (no heredocs, no parser directives but comments).

export interface Instruction {
  readonly keyword: string;
  /** The arguments after the flags, continuation lines joined with a space. */
  readonly args: string;
  readonly flags: Readonly<Record<string, string>>;
  /** 1-based line of the instruction's first line. */
  readonly line: number;
  readonly stage: number;
}

export interface Stage {
  readonly index: number;
  readonly image: string;
  readonly name?: string;
  readonly instructions: readonly Instruction[];
}

export interface Dockerfile {
  readonly instructions: readonly Instruction[];
  readonly stages: readonly Stage[];
}

function logicalLines(text: string): Array<{ text: string; line: number }> {
  const out: Array<{ text: string; line: number }> = [];
  let current: { text: string; line: number } | undefined;
  text.split(/\r?\n/).forEach((raw, i) => {
    const trimmed = raw.trim();
    if (trimmed.startsWith('#')) return; // comments, also inside a continued instruction
    if (!current && trimmed === '') return;
    const continues = /\\\s*$/.test(raw);
    const part = continues ? raw.replace(/\\\s*$/, '') : raw;
    current = current ? { text: `${current.text} ${part.trim()}`, line: current.line } : { text: part.trim(), line: i + 1 };
    if (!continues) {
      out.push(current);
      current = undefined;
    }
  });
  if (current) out.push(current);
  return out;
}

function splitFlags(rest: string): { flags: Record<string, string>; args: string } {
  const flags: Record<string, string> = {};
  let args = rest;
  for (let match = /^--([\w-]+)(?:=(\S*))?\s*/.exec(args); match; match = /^--([\w-]+)(?:=(\S*))?\s*/.exec(args)) {
    flags[match[1] ?? ''] = match[2] ?? '';
    args = args.slice(match[0].length);
  }
  return { flags, args: args.trim() };
}

export function parseDockerfile(text: string): Dockerfile {
  const instructions: Instruction[] = [];
  const stages: Array<{ index: number; image: string; name?: string; instructions: Instruction[] }> = [];
  for (const { text: line, line: number } of logicalLines(text)) {
    const [, keyword = '', rest = ''] = /^(\S+)\s*([\s\S]*)$/.exec(line) ?? [];
    const upper = keyword.toUpperCase();
    // HEALTHCHECK's flags come before CMD; FROM's (--platform) before the image.
    const { flags, args } = ['COPY', 'ADD', 'FROM', 'HEALTHCHECK', 'RUN'].includes(upper) ? splitFlags(rest) : { flags: {}, args: rest.trim() };
    if (upper === 'FROM') {
      const [image = '', as, name] = args.split(/\s+/);
      stages.push({ index: stages.length, image, ...(as?.toUpperCase() === 'AS' && name ? { name } : {}), instructions: [] });
    }
    const instruction: Instruction = { keyword: upper, args, flags, line: number, stage: Math.max(0, stages.length - 1) };
    instructions.push(instruction);
    stages.at(-1)?.instructions.push(instruction);
  }
  return { instructions, stages };
}

/** `["node", "x"]` → ['node', 'x']; shell form → undefined. */
export function execForm(args: string): string[] | undefined {
  if (!args.trimStart().startsWith('[')) return undefined;
  try {
    const parsed: unknown = JSON.parse(args);
    return Array.isArray(parsed) && parsed.every((p) => typeof p === 'string') ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** `ENV A=1 B="two words"` (and the legacy `ENV A 1`) → { A: '1', B: 'two words' }. */
export function envOf(instructions: readonly Instruction[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const instruction of instructions.filter((i) => i.keyword === 'ENV')) {
    if (!instruction.args.includes('=')) {
      const [name = '', ...value] = instruction.args.split(/\s+/);
      env[name] = value.join(' ');
      continue;
    }
    for (const match of instruction.args.matchAll(/([\w.-]+)=("(?:[^"\\]|\\.)*"|\S*)/g)) {
      const raw = match[2] ?? '';
      env[match[1] ?? ''] = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
    }
  }
  return env;
}

/** The (source..., destination) words of a COPY or ADD, exec or shell form. */
export function copyPaths(instruction: Instruction): { sources: string[]; destination: string } {
  const words = execForm(instruction.args) ?? instruction.args.split(/\s+/);
  return { sources: words.slice(0, -1), destination: words.at(-1) ?? '' };
}

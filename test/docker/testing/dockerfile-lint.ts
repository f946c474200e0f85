// hadolint-style rules for docker/Dockerfile, in TypeScript so `npm test` checks them
// without hadolint or a Docker engine. Each rule names the hadolint rule it follows
// where there is one. dockerfile.test.ts shows every rule failing on a broken file.
import { copyPaths, envOf, execForm, parseDockerfile, type Dockerfile, type Instruction, type Stage } from './dockerfile.ts';

export interface LintProblem {
  readonly rule: string;
  readonly line: number;
  readonly message: string;
}

export interface LintContext {
  /** The build-context paths the runtime stage may COPY (directories end with '/'). */
  readonly allowedCopySources: readonly string[];
  /** Whether a build-context path exists (COPY of a missing path fails the build). */
  readonly exists: (path: string) => boolean;
  readonly entrypoint: readonly string[];
  readonly exposedPorts: readonly number[];
}

interface Rule {
  readonly id: string;
  readonly title: string;
  check(file: Dockerfile, context: LintContext): Array<Omit<LintProblem, 'rule'>>;
}

const SECRET_NAME = /(SECRET|PASSWORD|PASSWD|TOKEN|API_?KEY|PRIVATE_?KEY|CREDENTIAL)/i;
const at = (instruction: Instruction | undefined, message: string) => ({ line: instruction?.line ?? 0, message });
const finalStage = (file: Dockerfile): Stage | undefined => file.stages.at(-1);
const inFinal = (file: Dockerfile, keyword: string) => finalStage(file)?.instructions.filter((i) => i.keyword === keyword) ?? [];

export const DOCKERFILE_RULES: readonly Rule[] = [
  {
    id: 'WC-DF-01', title: 'multi-stage: packages are installed in an earlier stage and copied into the runtime stage',
    check: (file) => {
      if (file.stages.length < 2) return [at(file.instructions[0], `one stage only: install packages in a deps stage and COPY --from it`)];
      return inFinal(file, 'COPY').some((i) => i.flags['from'] !== undefined) ? [] : [at(finalStage(file)?.instructions[0], 'the runtime stage copies nothing from an earlier stage')];
    },
  },
  {
    id: 'WC-DF-02', title: 'every base image is pinned by a tag or digest, never latest (DL3006, DL3007)',
    check: (file) => file.stages.flatMap((stage) => {
      const earlier = file.stages.slice(0, stage.index).map((s) => s.name).filter(Boolean);
      if (earlier.includes(stage.image)) return [];
      const from = stage.instructions[0];
      if (stage.image.includes('@sha256:')) return [];
      const tag = /:([^/:]+)$/.exec(stage.image)?.[1];
      if (!tag) return [at(from, `${stage.image} has no tag: pin one, e.g. node:20.20.2-bookworm-slim`)];
      return tag === 'latest' ? [at(from, `${stage.image}: latest is not a pin`)] : [];
    }),
  },
  {
    id: 'WC-DF-03', title: 'the runtime stage runs as a non-root USER, set before ENTRYPOINT and CMD (DL3002)',
    check: (file) => {
      const stage = finalStage(file)?.instructions ?? [];
      const users = stage.filter((i) => i.keyword === 'USER');
      const last = users.at(-1);
      if (!last) return [at(stage[0], 'no USER: the container would run as root')];
      if (/^(root|0)(:|$)/.test(last.args)) return [at(last, `USER ${last.args} is root`)];
      const start = stage.find((i) => i.keyword === 'ENTRYPOINT' || i.keyword === 'CMD');
      return start && start.line < last.line ? [at(last, 'USER comes after ENTRYPOINT/CMD')] : [];
    },
  },
  {
    id: 'WC-DF-04', title: 'a HEALTHCHECK in exec form, with Node (slim images have no curl or wget)',
    check: (file) => {
      const check = inFinal(file, 'HEALTHCHECK').at(-1);
      if (!check) return [at(finalStage(file)?.instructions[0], 'no HEALTHCHECK')];
      const command = execForm(check.args.replace(/^CMD\s+/i, ''));
      if (!/^CMD\s/i.test(check.args) || !command) return [at(check, 'HEALTHCHECK must be CMD ["node", ...] (exec form)')];
      return command[0] === 'node' && command.join(' ').includes('/healthz') ? [] : [at(check, `HEALTHCHECK runs ${command[0] ?? '?'}, not node fetching /healthz`)];
    },
  },
  {
    id: 'WC-DF-05', title: 'no ADD: COPY for files, never a URL fetched at build time (DL3020)',
    check: (file) => file.instructions.filter((i) => i.keyword === 'ADD').map((i) =>
      at(i, /https?:\/\//.test(i.args) ? `ADD of a URL (${i.args}): unpinned, unverified download` : 'ADD where COPY does')),
  },
  {
    id: 'WC-DF-06', title: 'npm ci from the lockfile, never npm install (DL3016)',
    check: (file) => {
      const runs = file.instructions.filter((i) => i.keyword === 'RUN');
      const installs = runs.filter((i) => /\bnpm\s+(install|i|add)\b/.test(i.args)).map((i) => at(i, `npm install: use npm ci (the lockfile's versions)`));
      return runs.some((i) => /\bnpm\s+ci\b/.test(i.args)) ? installs : [...installs, at(file.instructions[0], 'no RUN npm ci')];
    },
  },
  {
    id: 'WC-DF-07', title: 'no secrets in ENV or ARG: they stay in the image for anyone who pulls it',
    check: (file) => file.instructions.filter((i) => i.keyword === 'ENV' || i.keyword === 'ARG').flatMap((i) => {
      const names = i.keyword === 'ENV' ? Object.keys(envOf([i])) : [i.args.split('=')[0] ?? ''];
      return names.filter((n) => SECRET_NAME.test(n)).map((n) => at(i, `${i.keyword} ${n}: pass secrets at run time (-e, compose environment)`));
    }),
  },
  {
    id: 'WC-DF-08', title: 'the runtime stage copies only what `wirecheck serve` needs, and each of it exists',
    check: (file, context) => inFinal(file, 'COPY').filter((i) => i.flags['from'] === undefined).flatMap((i) =>
      copyPaths(i).sources.flatMap((source) => {
        if (!context.allowedCopySources.includes(source)) return [at(i, `COPY ${source}: not needed by the image (allowed: ${context.allowedCopySources.join(' ')})`)];
        return context.exists(source) ? [] : [at(i, `COPY ${source}: no such path in the build context`)];
      })),
  },
  {
    id: 'WC-DF-09', title: 'ENTRYPOINT is `node bin/wirecheck.js serve` and CMD a system, both in exec form (DL3025)',
    check: (file, context) => {
      const entrypoint = inFinal(file, 'ENTRYPOINT').at(-1);
      const cmd = inFinal(file, 'CMD').at(-1);
      const problems = [];
      if (JSON.stringify(execForm(entrypoint?.args ?? '')) !== JSON.stringify(context.entrypoint)) problems.push(at(entrypoint, `ENTRYPOINT must be ${JSON.stringify(context.entrypoint)}`));
      if (!cmd || !execForm(cmd.args)) problems.push(at(cmd, 'CMD must be in exec form, e.g. ["webhook"]'));
      return problems;
    },
  },
  {
    id: 'WC-DF-10', title: 'WORKDIR is set, to an absolute path, before anything is copied (DL3000)',
    check: (file) => file.stages.flatMap((stage) => {
      const workdir = stage.instructions.find((i) => i.keyword === 'WORKDIR');
      const copy = stage.instructions.find((i) => i.keyword === 'COPY');
      if (!workdir) return [at(stage.instructions[0], `stage ${stage.name ?? stage.index} has no WORKDIR`)];
      if (!workdir.args.startsWith('/')) return [at(workdir, `WORKDIR ${workdir.args} is relative`)];
      return copy && copy.line < workdir.line ? [at(copy, 'COPY before WORKDIR')] : [];
    }),
  },
  {
    id: 'WC-DF-11', title: 'EXPOSE names every port the systems listen on; HOST=0.0.0.0 so they are reachable',
    check: (file, context) => {
      const exposed = new Set(inFinal(file, 'EXPOSE').flatMap((i) => i.args.split(/\s+/)).map((p) => Number(p.split('/')[0])));
      const problems = context.exposedPorts.filter((p) => !exposed.has(p)).map((p) => at(inFinal(file, 'EXPOSE')[0], `port ${p} is not EXPOSEd`));
      const host = envOf(finalStage(file)?.instructions ?? [])['HOST'];
      return host === '0.0.0.0' ? problems : [...problems, at(finalStage(file)?.instructions[0], `ENV HOST=${host ?? '(unset)'}: the references bind 127.0.0.1 unless HOST=0.0.0.0`)];
    },
  },
];

export function lintDockerfile(text: string, context: LintContext): LintProblem[] {
  const file = parseDockerfile(text);
  return DOCKERFILE_RULES.flatMap((rule) => rule.check(file, context).map((p) => ({ rule: rule.id, ...p })));
}

// The options of `wirecheck run` that are the core's own (target, selection, reports,
// evidence, the reference's store and faults), as option tables; each system adds its
// own (SystemModule.options). From these: the parseArgs spec, --help, the README table.
import { helpSectionOf, parseSpecOf, readmeRowsOf, type OptionRow, type OptionSection, type OptionSpec } from '../systems/option-table.ts';
import { systemModules } from '../systems/registry.ts';

const TARGET: OptionSection = {
  title: 'Target:',
  rows: [
    {
      flag: 'target', type: 'string', usage: '--target reference', help: ['(default) start the bundled reference on a free loopback port'],
      readme: ['`--target reference`', 'default: start the bundled reference as a child process on a free loopback port, stop it afterwards (also on Ctrl-C)'],
    },
    { flag: 'target', type: 'string', usage: '--target external', help: ['test a deployment that is already running; needs --base-url'] },
    {
      flag: 'target', type: 'string', usage: '--target docker',
      help: ['start the reference stack (PostgreSQL, two webhook receivers', 'and a worker, resource API, device server) in throwaway', 'containers; needs a Docker engine (DOCKER_HOST or the socket)'],
      readme: ['`--target docker`', 'start the reference stack in throwaway containers (PostgreSQL, two webhook receivers and a worker, the resource API, the device server) and remove it afterwards (also on Ctrl-C); needs a Docker engine, else exit 2. See [Containers](../README.md#the-docker-reference-image)'],
    },
    {
      flag: 'image', type: 'string', usage: '--image NAME', help: ['docker: run this reference image instead of building', 'docker/Dockerfile as wirecheck-reference:local'],
      readme: ['`--image NAME`', '`--target docker` only: run this reference image instead of building `docker/Dockerfile` as `wirecheck-reference:local`'],
    },
    {
      flag: 'base-url', type: 'string', multiple: true, usage: '--base-url URL',
      help: [
        'service root (webhook, resource-api) or server URL with its base',
        'path (device-server, e.g. http://127.0.0.1:4723/wd/hub/).',
        'webhook: give it once per instance of one deployment (instances',
        'sharing one store): the duplicate races run across them',
      ],
      readme: ['`--target external --base-url URL`', 'test a running deployment. webhook, resource-api: URL is the service root (`URL/webhooks/payments`, `URL/v1/...`); device-server: URL includes the server\'s base path (`http://host:4723/` or `http://host:4723/wd/hub/`)'],
    },
    {
      flag: 'base-url', type: 'string', multiple: true,
      readme: ['`--target external --base-url URL --base-url URL2 …`', 'webhook: the instances of one deployment, sharing one store: the duplicate races run across them (WH-CONC-02); with one URL that check is skipped, saying so'],
    },
    {
      flag: 'probe', type: 'boolean',
      help: ['the external target exposes the probe API (CONTRACTS §4);', 'without it, side-effect checks are skipped: "needs probe".', 'The preflight proves it sees what it must (else exit 2)'],
      readme: ['`--probe`', 'the external target implements the probe API; without it, checks that need it are `skipped: needs probe` (the reference always has it). The preflight proves it sees what it must'],
    },
    {
      flag: 'wait-for', type: 'string', usage: '--wait-for S',
      help: ['external: while the target does not answer (still starting),', 'retry reaching it for up to S seconds, one progress line', 'meanwhile (default 0: exit 2 at once)'],
      readme: ['`--wait-for S`', 'external targets: while nothing answers at a `--base-url` (a deployment still starting), retry reaching it for up to S seconds (at most 3600), showing one progress line; then the usual exit 2, saying how long it waited. Any HTTP answer ends the wait (the preflight judges it). Default 0: exit 2 at once. See [Staging](#staging-a-config-file-and-waiting-for-the-target)'],
    },
    {
      flag: 'work-timeout', type: 'string', usage: '--work-timeout S',
      help: ['seconds an accepted event\'s business work may show no progress', 'before the checks waiting for it fail, naming why (default 10);', 'a slow worker that keeps completing work is waited for'],
      readme: ['`--work-timeout S`', 'seconds an accepted event\'s business work may show no progress before the checks waiting for it fail, naming why (default 10); a worker that keeps completing work is waited for'],
    },
    {
      flag: 'max-response-bytes', type: 'string', usage: '--max-response-bytes N',
      help: ['bytes one answer of the target may take (default 4194304, 4 MiB):', 'past it the check fails naming it and the connection is dropped'],
      readme: ['`--max-response-bytes N`', 'bytes one answer of the target may take, in every client of the harness (raw exchanges, undici, Pact\'s verifier, webdriverio); default 4194304 (4 MiB), far above anything the specs need. An answer that declares a larger Content-Length, or keeps coming past it (an endless chunked body), fails its check with "the answer to … was larger than 4 MiB (--max-response-bytes); the connection was dropped", and the connection is dropped at once, so a hostile target cannot make the harness buffer without end'],
    },
    {
      flag: 'workers', type: 'string', usage: '--workers N',
      help: ['external targets: suite files run N at a time where they cannot', 'interfere (default 1: one after another; over a network try 4).', 'Races and files that arm the probe\'s fail switch run alone'],
      readme: ['`--workers N`', 'external targets: how many suite files run at once where they cannot interfere with each other (default 1: one after another, as against a reference; over a network `--workers 4` saves most of the round trips: at 50 ms RTT the webhook run took 28 s, 1.11× its default loopback time, against 72 s with 1; bench/README.md). A system names those files (`concurrentSuites` of its module: the webhook\'s, which each work on events of their own); the duplicate races and the files that arm the probe\'s fail switch, and every resource API and device server file (they share the user\'s preferences, the device and its sessions), always run alone. Against a bundled reference files run one after another'],
    },
  ],
};

const TRAFFIC: OptionSection = {
  title: 'Traffic to the target (staging):',
  rows: [
    {
      flag: 'header', type: 'string', multiple: true, usage: '--header "NAME: VALUE"',
      help: [
        'add this header to every request sent to the target (repeat',
        'it for more), e.g. the key an API gateway wants. A header a',
        'check sets itself wins over it. Refused: the framing headers',
        '(Content-Length, Host, Connection, ...) and those checks vary',
        'on purpose (Authorization, Content-Type, Origin, If-Match, ...)',
      ],
      readme: ['`--header "NAME: VALUE"`', 'add this header to every request the run sends to the target, from every client (raw exchanges and races, undici, webdriverio, Pact\'s verifier, the preflight); repeat it for more headers. A header a check sets itself wins: that request carries the check\'s own value, not this one. The value shows in transcripts and in the reproduce command; for a key use `--secret-header`. Refused with exit 2: names that frame a request or keep its connection (Content-Length, Transfer-Encoding, Host, Connection, Keep-Alive, Upgrade, TE, Trailer, Expect), and names checks send or leave out on purpose (Authorization and X-Webhook-Signature: give them with `--token`, `--secret`; Content-Type, Origin, Access-Control-Request-Method/-Headers, If-Match, If-None-Match, Prefer), which on every request would fail a correct target. See [Staging](#staging)'],
    },
    {
      flag: 'secret-header', type: 'string', multiple: true, usage: '--secret-header "NAME: VALUE"',
      help: [
        'the same, its value a secret: redacted in every transcript,',
        'report, bundle and message; commands show it as env:NAME.',
        'VALUE env:VAR reads it from the environment variable VAR',
      ],
      readme: ['`--secret-header "NAME: VALUE"`', 'like `--header`, the value a secret (at least 4 characters): redacted in every transcript, report, bundle and error message; the reproduce command and the bundle\'s manifest show it as an environment reference, `NAME: env:X_API_KEY`. A value `env:VAR` is read from the environment variable `VAR`, so the key is never on the command line: `--secret-header "X-Api-Key: env:STAGING_API_KEY"`'],
    },
    {
      flag: 'rate-limit', type: 'string', usage: '--rate-limit N/s',
      help: [
        'send at most N requests a second (N/min: a minute) to the',
        'target across the whole run, one every 1/N s. Requests a check',
        'sends together (a race, a pipeline) still go together; a check',
        'that sends more than N at once is skipped, saying why',
      ],
      readme: ['`--rate-limit N/s`', 'send at most N requests a second (`N/min`: a minute; N from 1 to 10000) to the target, across the whole run and all its processes, spaced one every 1/N s. Time spent waiting for a slot does not count against a check\'s time limit. Requests a check must send together (a race, a pipelined exchange) go together and are paid for in full; a check that sends more than N at once is skipped, `not applicable under --rate-limit …`. See [Staging](#staging)'],
    },
  ],
};

const SELECTION: OptionSection = {
  title: 'Selection and reports:',
  rows: [
    {
      flag: 'only', type: 'string', multiple: true, usage: '--only GLOB[,GLOB]', help: ['run only checks whose id matches, e.g. "WH-SIG-*"'],
      readme: ['`--only GLOB`', 'run only checks whose id matches; several globs separated by commas: `--only "WH-SIG-*,WH-ACK-01"`'],
    },
    {
      flag: 'seed', type: 'string', usage: '--seed N', help: ['seed of every property-based check (printed and recorded always)'],
      readme: ['`--seed N`', 'seed of every property-based check; the seed used is always printed and written to the summary'],
    },
    { flag: 'strict', type: 'boolean', help: ['SHOULD failures fail the run too'], readme: ['`--strict`', 'SHOULD-level failures also fail the run'] },
    {
      flag: 'fail-on-skipped-must', type: 'boolean',
      help: ['a skipped MUST check fails the run (exit 1), whatever its', 'reason (needs probe, needs --version-field, not applicable, ...)'],
      readme: ['`--fail-on-skipped-must`', 'a MUST check that was skipped, for whatever reason (`needs probe`, `needs --version-field`, `not applicable: …`), fails the run: exit 1, the verdict naming how many were skipped and why. Without it a skipped MUST check does not gate, and the verdict line and report.html still say how many were skipped and why'],
    },
    {
      flag: 'report-dir', type: 'string', usage: '--report-dir DIR', help: ['where reports go (default reports/<run-id>/)'],
      readme: ['`--report-dir DIR`', 'where reports go; default `reports/<run-id>/`'],
    },
    {
      flag: 'no-allure', type: 'boolean', help: ['skip generating the Allure HTML report (results are still written)'],
      readme: ['`--no-allure`', 'do not generate the Allure HTML report (its raw results are still written)'],
    },
    {
      flag: 'keep-reports', type: 'string', usage: '--keep-reports N', reproduce: 'never',
      help: ['after the run, keep the N newest run dirs in reports/ (this run\'s', 'among them) and remove older ones; wirecheck\'s only (reports prune)'],
      readme: ['`--keep-reports N`', 'after the run, keep the N newest run dirs in `reports/` (where runs without `--report-dir` go; this run\'s own dir always stays) and remove the older ones: only wirecheck run dirs, recognised by their run-id name and their `summary.json` or `run-error.txt`, never anything else. `wirecheck reports prune --keep N` does the same at any time. See [Reports](evidence.md#reports)'],
    },
  ],
};

const EVIDENCE: OptionSection = {
  title: 'Evidence (report.html is always written):',
  rows: [
    {
      flag: 'repeat', type: 'string', usage: '--repeat K',
      help: ['run every selected check K times (1-20) against the same target;', 'a check whose outcome varies is flaky: failed (MUST), warned', '(SHOULD), never passed'],
      readme: ['`--repeat K`', 'run every selected check K times (1–20) against the same target; a check whose outcome varies is reported flaky: `failed` (MUST, and SHOULD with `--strict`), `warned` (SHOULD), never `passed`. See [Evidence](evidence.md#replay-and-flaky-checks)'],
    },
    {
      flag: 'baseline', type: 'string', usage: '--baseline FILE',
      help: ['known failures (YAML or JSON: id, reason, expires YYYY-MM-DD):', 'listed failures do not gate until they expire'],
      readme: ['`--baseline FILE`', 'known failures (YAML or JSON entries `{id, reason, expires}`): a listed failure is reported but does not gate until its entry expires. See [Evidence](evidence.md#baselines)'],
    },
    {
      flag: 'bundle', type: 'boolean',
      help: ['write bundle.tar.gz: reports, transcripts, logs and a manifest', 'of sha256 sums, harness version, lockfile, suites, target, env'],
      readme: ['`--bundle`', 'also write `bundle.tar.gz`: the reports, transcripts and logs with a manifest of sha256 sums, harness version, lockfile and suite hashes, target fingerprint and environment'],
    },
    {
      flag: 'sign-key', type: 'string', usage: '--sign-key KEY.pem', help: ['sign the manifest with this Ed25519 private key (with --bundle)'],
      readme: ['`--sign-key KEY.pem`', 'with `--bundle`: sign the manifest with this Ed25519 private key (`manifest.sig`)'],
    },
  ],
};

/** The file of run options; the name differs from serve device-server's --config, the server's own file. */
export const CONFIG_FILE_ROW: OptionRow = {
  flag: 'config-file', type: 'string', usage: '--config-file FILE', reproduce: 'never',
  help: ['run options from FILE (JSON or YAML, keys named like the options);', 'default: wirecheck.config.json, .yaml or .yml in the current', 'directory. The command line wins over the file'],
  readme: ['`--config-file FILE`', 'read run options from FILE (`.json`, `.yaml` or `.yml`; keys are the long option names, e.g. `base-url: https://…`) instead of `wirecheck.config.json`, `wirecheck.config.yaml` or `wirecheck.config.yml` in the current directory, which is read when present; an option on the command line wins over the file. See [Staging](#staging-a-config-file-and-waiting-for-the-target)'],
};

const CONFIG: OptionSection = { title: 'Options from a file:', rows: [CONFIG_FILE_ROW] };

/** --database-url, with its environment fallback (run-config.ts reads it through this row). */
export const DATABASE_URL_ROW: OptionRow = {
  flag: 'database-url', type: 'string', usage: '--database-url URL', env: 'DATABASE_URL',
  help: ['run the reference on PostgreSQL (default: env DATABASE_URL;', 'without either, embedded PGlite). With PostgreSQL the webhook', 'reference runs as several instances for the multi-instance checks.'],
  readme: ['`--database-url URL`', 'reference target only: run the reference on PostgreSQL (default: env `DATABASE_URL`; with neither, embedded PGlite). With PostgreSQL the webhook reference runs as two instances sharing one database, which the multi-instance race checks need'],
};

const REFERENCE_ONLY: OptionSection = {
  title: 'Reference only:',
  rows: [
    DATABASE_URL_ROW,
    {
      flag: 'reference-fault', type: 'string', usage: '--reference-fault NAME',
      help: ['self-test: start the reference with a deliberate bug', '(sender-NAME: a bug of the bundled sender, for the WH-SEND checks)'],
      readme: ['`--reference-fault NAME`', 'reference target only, for the self-test: start the reference with a named deliberate bug'],
    },
  ],
};

/** Every section of `wirecheck run --help`, in order: the core's, then each system's. */
export function runOptionSections(): OptionSection[] {
  return [TARGET, TRAFFIC, SELECTION, EVIDENCE, CONFIG, ...systemModules().map((m) => ({ title: `${m.name}:`, rows: m.options })), REFERENCE_ONLY];
}

export function runOptionRows(): OptionRow[] {
  return runOptionSections().flatMap((section) => section.rows);
}

/** The parseArgs spec of `wirecheck run` (and of replay and baseline, which take its options). */
export function runOptionSpec(): OptionSpec {
  return { ...parseSpecOf(runOptionRows()), help: { type: 'boolean', short: 'h' } };
}

export function runHelpSections(): string {
  return runOptionSections().map(helpSectionOf).join('\n\n');
}

/** The README's "Options of run" table. */
export function runOptionsReadmeTable(): string {
  return ['| option | meaning |', '|---|---|', ...readmeRowsOf(runOptionRows())].join('\n');
}

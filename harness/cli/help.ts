// Help texts: what a user reads before the README. The options of run come from the
// option tables (harness/run/run-options.ts and each system's), the systems from the registry.
import { runHelpSections } from '../run/run-options.ts';
import { systemModules, systemNames } from '../systems/registry.ts';

export function mainHelp(): string {
  return `wirecheck — conformance harness for signed webhook receivers, 204-style REST APIs
and Appium-3-style device automation servers.

Usage:
  wirecheck run <system> [options]     certify a system: ${[...systemNames(), 'all'].join(' | ')}
  wirecheck list [<system>]            print every check: id, level, title, clause
  wirecheck list --faults [<system>]   the self-test's deliberate bugs (--reference-fault NAME)
  wirecheck serve <system> [options]   run the bundled reference implementation in the foreground
  wirecheck send --url U --event FILE  deliver one signed webhook event with the bundled sender
  wirecheck deliveries list|replay     the sender's dead-lettered (exhausted) deliveries
  wirecheck replay <check-id> --seed N rerun one check and print its transcript
  wirecheck baseline write ...         a baseline file of known failures from a run
  wirecheck keygen --out DIR           an Ed25519 key pair for signing bundles
  wirecheck verify BUNDLE --pub KEY    check a certification bundle's signature and hashes
  wirecheck reports prune --keep N     keep the N newest run dirs in reports/, remove older ones
  wirecheck help [<command>]           this text, or a command's options

Exit codes of run: 0 passed · 1 a gating check failed · 2 usage/configuration error or
target unreachable · 3 nothing was executed · 4 inconclusive: no check failed, but the
harness could not judge a gating check (outcome error: its own trouble, never the target's).
Exit codes of send and deliveries replay: 0 delivered · 1 rejected or exhausted · 2 usage.
Exit codes of verify: 0 valid · 1 tampered or invalid · 2 usage.

Run \`wirecheck run --help\` for every option of run.`;
}

export function runHelp(): string {
  return `wirecheck run <system> [options]

  <system>                  ${[...systemNames(), 'all'].join(' | ')}

${runHelpSections()}

Outcomes: passed · failed · warned (SHOULD) · skipped (with a reason) · info · error: the
harness could not judge the check — its own machinery failed (a module, a helper process)
or a limit of its own ran out (a check's wall-clock limit, a sender command's start); never
a finding about the target. Before the checks the run measures the machine (a process
start, timer lateness, load) and stretches its own limits on a busy one (×10 at most); the
target's limits (the spec's, --work-timeout) are never stretched. A check that fails while the
machine held the harness longer than that allows (0.9 s at once) ends error, saying what it saw.

Exit codes: 0 passed · 1 a gating check failed · 2 usage/configuration error or target
unreachable · 3 nothing was executed · 4 inconclusive: no gating check failed, but one ended
in error (the message names it and what to do). Precedence: 2, then 1, then 4, then 3.`;
}

export const LIST_HELP = `wirecheck list [<system>] [--json]
wirecheck list --faults [<system>] [--json]

Prints every check (id, level, title, clause) without a target; --json for machines.
With --faults: the deliberate bugs the self-test switches on with --reference-fault NAME,
each with what it breaks (the reference's, and the webhook's bundled sender's).`;

/** `wirecheck serve --help`: each system's reference and its options, from the modules. */
export function serveHelp(): string {
  const modules = systemModules().filter((m) => m.reference);
  const width = Math.max(...modules.map((m) => m.name.length)) + 2;
  const about = modules.map((m) => `  ${m.name.padEnd(width)}${m.reference?.about ?? ''}`.trimEnd());
  const options = modules.flatMap((m) => m.reference?.serveOptions ?? []);
  const column = Math.max('--port N'.length, ...options.map((o) => o.usage.length)) + 2;
  const row = (usage: string, help: readonly string[]) => help.map((line, i) => `  ${(i === 0 ? usage : '').padEnd(column)}${line}`).join('\n');
  const sections = modules.filter((m) => m.reference?.serveOptions?.length).map((m) => {
    const own = m.reference?.serveOptions ?? [];
    const steps = own.filter((o) => o.before).map((o) => `--${o.flag}`);
    const rows = own.map((o) => row(o.usage, o.help));
    return `\nOptions of serve ${m.name} (${steps.length > 0 ? `all but ${steps.join(', ')} are` : 'each is'} handed to its program as given):\n${rows.join('\n')}`;
  });
  return `wirecheck serve <system> [--port N] [its options] [-- ARGS]

Runs the bundled reference implementation in the foreground (Ctrl-C stops it).
${about.join('\n')}
The references with a database read DATABASE_URL (PostgreSQL) or DATA_DIR (embedded
PGlite), and CONFORMANCE_PROBE=1 enables the probe API (never in production).

${row('--port N', ['the port to listen on (0-65535)'])}
${row('-- ARGS', ['anything after -- is handed to the reference\'s program as it is,', 'e.g. wirecheck serve device-server -- driver list --installed'])}
${sections.join('\n')}

Exit codes: the reference's own · 2 usage (an unknown system or option), or a step before
it failed.`;
}

export const SEND_HELP = `wirecheck send --url U --event FILE [options]

Delivers one event with the bundled sender: signs the file's exact bytes (HMAC-SHA256,
hex, x-webhook-signature) and POSTs them as application/json. A 2xx ends the delivery;
a 4xx ends it at once (permanent rejection); anything else — another status, a reset, a
timeout — is retried after min(250 x 2^(n-1), 2000) ms while attempts remain. A
delivery that reaches the cap is written to the dead-letter file for replay.

  --url U                   the receiver's full delivery URL (http:// or https://, no
                            user:password@), e.g. http://127.0.0.1:3000/webhooks/payments
  --secret S                the shared secret (or env WEBHOOK_SECRET, which keeps it out of
                            the process list); never printed or written anywhere
  --event FILE              the event's JSON, sent byte for byte as it is in the file
  --max-attempts N          attempt cap, 1-100 (default 4)
  --timeout-ms N            per attempt, until the whole answer is in (default 10000)
  --jitter                  randomize each delay uniformly within [d/2, d] (default off)
  --dead-letter FILE        where exhausted deliveries go
                            (default ./wirecheck-dead-letters.jsonl)

Prints one line per attempt (answer, delay before the next) and the outcome.
Exit codes: 0 delivered · 1 rejected or exhausted · 2 usage error or unusable dead-letter file.`;

export const DELIVERIES_HELP = `wirecheck deliveries list [--dead-letter FILE] [--json]
wirecheck deliveries replay <delivery-id>...|--all [--secret S] [options]

The sender's dead-letter file (JSON lines; default ./wirecheck-dead-letters.jsonl): one
entry per exhausted delivery, with its id, URL, event id, exact body (base64) and every
attempt — never the secret or a signature.

list                        every entry; a corrupt line is reported on stderr and kept
  --json                    {"file", "entries", "corrupt"} for machines
replay                      re-delivers the entries with the sender's rules, signing again
                            with the secret given now. Delivered: the entry is removed from
                            the file. Not delivered: it stays, the replay added to "replays".
  --all                     every entry (instead of ids)
  --secret S                the shared secret (or env WEBHOOK_SECRET)
  --url U                   deliver to U instead of each entry's URL
  --max-attempts N --timeout-ms N --jitter      as for send
  --dead-letter FILE        the file to use (both actions)

Exit codes of replay: 0 every replayed entry delivered · 1 one was not · 2 usage (an
unknown id, a missing secret, an unusable file).`;

export const REPLAY_HELP = `wirecheck replay <check-id> --seed N [target options of run]

Reruns one check with the seed of the run it failed in (its summary.json has the seed;
its reproduce command every option) and prints the outcome and its redacted wire
transcript. Takes the target options of \`wirecheck run\` (--target, --base-url, --secret,
--reference-fault, ...) and --repeat K to rerun it K times; reports go to --report-dir.
Transcripts are recorded for failed and warned checks.

Exit codes: those of run (0 passed · 1 failed · 2 usage or target · 3 nothing executed ·
4 inconclusive).`;

export const BASELINE_HELP = `wirecheck baseline write --out FILE --expires YYYY-MM-DD --reason TEXT
                         (--from reports/<run-id>/summary.json | <system> [run options])

Writes a baseline with one entry per failed check of a run: of a finished run
(--from its summary.json), or of a run made now with the options of \`wirecheck run\`.
  --out FILE                .yaml/.yml for YAML, anything else JSON
  --expires YYYY-MM-DD      every entry holds through that day (UTC), then gates again
  --reason TEXT             why the failures are accepted (a ticket, an owner)
  --force                   replace --out if it exists (otherwise an existing file is kept: exit 2)

Use it with \`wirecheck run ... --baseline FILE\`: a listed failure is reported (summary.json:
"baselined": true) but does not gate; a new failure gates; an expired entry gates and says
so; a listed check that passes is reported "fixed — remove from baseline".
Exit codes: 0 written · 2 usage (every problem listed).`;

export const KEYGEN_HELP = `wirecheck keygen --out DIR [--name NAME]

Writes an Ed25519 key pair for signing certification bundles: DIR/NAME.key.pem (private,
mode 600: keep it secret) and DIR/NAME.pub.pem (for auditors). NAME defaults to
wirecheck-signing. Never overwrites a key. OpenSSL makes the same keys:
  openssl genpkey -algorithm ed25519 -out signing.key.pem
  openssl pkey -in signing.key.pem -pubout -out signing.pub.pem`;

export const REPORTS_HELP = `wirecheck reports prune --keep N [--dir DIR] [--dry-run]

Report retention: each run writes reports/<run-id>/ (its Allure report alone is some 5 MB)
and nothing removes them. prune keeps the N newest wirecheck run dirs in DIR and removes
the older ones. Only a wirecheck run's dir is ever removed: its name is a run id
(2026-11-29T07-57-44-669Z-c1d9, its start in UTC) and it holds a summary.json of schema
wirecheck.summary/v1 or the run-error.txt of a run that ended before its reports; any other
file or folder in DIR is left as it is. \`wirecheck run ... --keep-reports N\` does the same
for reports/ after a run.
  --keep N                  how many of the newest run dirs to keep (0 to 10000)
  --dir DIR                 the folder of run dirs (default reports, in the current directory)
  --dry-run                 say what would be removed, remove nothing

Exit codes: 0 done · 2 usage.`;

export const VERIFY_HELP = `wirecheck verify BUNDLE --pub KEY.pem [--json]

Checks a certification bundle (bundle.tar.gz from \`wirecheck run ... --bundle --sign-key\`):
manifest.sig must be an Ed25519 signature of manifest.json by KEY.pem's key, and the
bundle must hold exactly the files the manifest lists, each with its sha256. Every problem
is named: a file changed, added or removed, the manifest unsigned, the signature invalid.
  --pub KEY.pem             the signer's public key (PEM)
  --json                    the verdict and problems for machines

Exit codes: 0 valid · 1 tampered or invalid · 2 usage (no bundle, no usable key).`;

#!/usr/bin/env python3
"""A webhook sender by the spec's sender-side delivery rules, on requests + urllib3's Retry.

Delivers one event file to a receiver: POST, the file's exact bytes, Content-Type
application/json, x-webhook-signature = lowercase hex HMAC-SHA256 of those bytes under the
shared secret. The retries are urllib3's own (HTTPAdapter(max_retries=Retry(...))), with a
Retry subclass for the spec's delay rule: min(250 * 2^(n-1), 2000) ms before attempt n+1,
no jitter. 2xx stops (exit 0); 400-499 stops at once (exit 1); everything else (3xx, 5xx,
resets, timeouts) is retried up to the cap, and an exhausted delivery is appended to the
dead-letter file (exit 1). Usage errors exit 2 before anything is sent.

    python3 sender.py URL EVENT_FILE [--secret S] [--max-attempts N] [--timeout-ms MS] [--dead-letter FILE]
    python3 sender.py --list-dead-letters [--dead-letter FILE]

Two deliberate misconfigurations, for the project's self-test (README.md):
RETRY_429=1 retries 429 too; GIVE_UP_501=1 treats 501 as permanent.
"""

import argparse
import base64
import datetime
import hashlib
import hmac
import json
import os
import sys
import urllib.parse

import requests
from requests.adapters import HTTPAdapter
from urllib3.exceptions import MaxRetryError
from urllib3.util.retry import Retry

DEFAULT_MAX_ATTEMPTS = 4
DEFAULT_TIMEOUT_MS = 5000
DEFAULT_DEAD_LETTER = "./dead-letters.jsonl"

EXIT_DELIVERED = 0
EXIT_NOT_DELIVERED = 1
EXIT_USAGE = 2


def say(line):
    print(f"python-requests: {line}", file=sys.stderr, flush=True)


def flag(name):
    return os.environ.get(name, "") == "1"


def retried_statuses():
    """Every status that is neither a success (2xx) nor a permanent rejection (400-499).

    urllib3 retries only what status_forcelist names, so the spec's "any other non-success"
    is spelled out: 1xx, 3xx (redirects are not followed), 5xx and odd statuses up to 999.
    """
    statuses = {s for s in range(100, 1000) if not (200 <= s <= 299 or 400 <= s <= 499)}
    if flag("RETRY_429"):
        # Fault: "429 Too Many Requests" retried, as many retry libraries do by default.
        statuses.add(429)
    if flag("GIVE_UP_501"):
        # Fault: "501 Not Implemented" taken as permanent, a common hand-written exception.
        statuses.discard(501)
    return frozenset(statuses)


class SpecRetry(Retry):
    """urllib3's Retry with the spec's delays, and one stderr line per failed attempt.

    urllib3 1.26 waits 0 before the first retry, then backoff_factor * 2^(n-1), capped at
    120 s, and counts only the errors since the last redirect. The spec wants 250 ms before
    the second attempt, doubling, capped at 2 s; and since redirects are never followed
    here, every entry of the history is one failed attempt (a 3xx with a Location header
    is recorded as a redirect, yet it was an attempt like any other).
    """

    DEFAULT_BACKOFF_MAX = 2.0

    def get_backoff_time(self):
        failed = len(self.history)
        if failed == 0:
            return 0.0
        return min(self.backoff_factor * 2 ** (failed - 1), self.DEFAULT_BACKOFF_MAX)

    def increment(self, method=None, url=None, response=None, error=None, _pool=None, _stacktrace=None):
        attempt = len(self.history) + 1
        result = describe_error(error) if error is not None else f"HTTP {response.status if response is not None else '?'}"
        try:
            retry = super().increment(method=method, url=url, response=response, error=error, _pool=_pool, _stacktrace=_stacktrace)
        except MaxRetryError:
            say(f"attempt {attempt}: {result}; no attempts left")
            raise
        say(f"attempt {attempt}: {result}; retrying in {round(retry.get_backoff_time() * 1000)} ms")
        return retry


def describe_error(error):
    """A short reason without the request (never the signature): the innermost cause's type and message."""
    seen = set()
    while id(error) not in seen:
        seen.add(id(error))
        # urllib3 keeps the cause in .reason (MaxRetryError) or args (ProtocolError, requests' wrappers).
        inner = getattr(error, "reason", None)
        if not isinstance(inner, BaseException):
            inner = next((a for a in getattr(error, "args", ()) if isinstance(a, BaseException)), None)
        if inner is None:
            break
        error = inner
    return f"{type(error).__name__}: {error}"


def sign(secret, body):
    return hmac.new(secret.encode("utf-8"), body, hashlib.sha256).hexdigest()


def event_id_of(body):
    try:
        parsed = json.loads(body)
    except ValueError:
        return None
    if isinstance(parsed, dict) and isinstance(parsed.get("id"), str):
        return parsed["id"]
    return None


def session_for(max_attempts):
    retry = SpecRetry(
        total=max_attempts - 1,
        backoff_factor=0.25,
        status_forcelist=retried_statuses(),
        allowed_methods=frozenset({"POST"}),
        # The last retried answer is returned, not raised, at the cap: it decides the outcome.
        raise_on_status=False,
        # The spec's schedule, not the receiver's Retry-After (and no retry of a 413/429 for carrying one).
        respect_retry_after_header=False,
    )
    session = requests.Session()
    adapter = HTTPAdapter(max_retries=retry)
    session.mount("http://", adapter)
    session.mount("https://", adapter)
    return session


def deliver(url, body, secret, max_attempts, timeout_s):
    """Returns (outcome, attempts, last result): outcome delivered, rejected or exhausted."""
    headers = {"Content-Type": "application/json", "x-webhook-signature": sign(secret, body)}
    session = session_for(max_attempts)
    try:
        # stream=True: the status decides and the body is never read (a receiver could echo
        # the signature into it); closing the response releases the connection.
        with session.post(url, data=body, headers=headers, timeout=timeout_s, allow_redirects=False, stream=True) as response:
            status = response.status_code
            history = response.raw.retries.history if response.raw.retries is not None else ()
    except (requests.ConnectionError, requests.Timeout, requests.exceptions.RetryError) as error:
        # urllib3 raises (MaxRetryError, wrapped by requests) only once the cap is used up.
        return "exhausted", max_attempts, describe_error(error)
    finally:
        session.close()
    attempts = len(history) + 1
    if 200 <= status <= 299:
        say(f"attempt {attempts}: HTTP {status}; delivered")
        return "delivered", attempts, f"HTTP {status}"
    if status in retried_statuses():
        # urllib3 returned the last retried answer: the cap is reached (logged by SpecRetry).
        return "exhausted", attempts, f"HTTP {status}"
    say(f"attempt {attempts}: HTTP {status}; rejected, not retried")
    return "rejected", attempts, f"HTTP {status}"


def append_dead_letter(path, entry):
    """One O_APPEND write per entry, file mode 0600: senders sharing the file never interleave lines."""
    line = (json.dumps(entry, ensure_ascii=False) + "\n").encode("utf-8")
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        os.write(fd, line)
    finally:
        os.close(fd)


def list_dead_letters(path):
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
    except FileNotFoundError:
        return EXIT_DELIVERED
    bad = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
            if not isinstance(entry, dict) or "eventId" not in entry or "exhaustedAt" not in entry:
                raise ValueError(line)
        except ValueError:
            bad.append(number)
            continue
        shown = {k: entry.get(k) for k in ("eventId", "url", "attempts", "lastResult", "exhaustedAt")}
        print(json.dumps(shown, ensure_ascii=False), flush=True)
    if bad:
        say(f"{path}: line(s) {', '.join(map(str, bad))} are not dead-letter entries")
        return EXIT_NOT_DELIVERED
    return EXIT_DELIVERED


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="sender.py", description="Deliver one webhook event by the spec's sender-side delivery rules.")
    parser.add_argument("url", nargs="?", help="the receiver URL (http: or https:)")
    parser.add_argument("event", nargs="?", help="the event file; its bytes are sent as they are")
    parser.add_argument("--secret", help="the shared secret (default: env WEBHOOK_SECRET)")
    parser.add_argument("--max-attempts", type=int, default=DEFAULT_MAX_ATTEMPTS, help=f"attempt cap, >= 1 (default {DEFAULT_MAX_ATTEMPTS})")
    parser.add_argument("--timeout-ms", type=int, help=f"per-attempt connect and read timeout (default: env SENDER_TIMEOUT_MS, else {DEFAULT_TIMEOUT_MS})")
    parser.add_argument("--dead-letter", help=f"JSON-lines file of exhausted deliveries (default: env DEAD_LETTER_FILE, else {DEFAULT_DEAD_LETTER})")
    parser.add_argument("--list-dead-letters", action="store_true", help="print the exhausted deliveries, one JSON line each, and exit")
    args = parser.parse_args(argv)
    args.dead_letter = args.dead_letter or os.environ.get("DEAD_LETTER_FILE") or DEFAULT_DEAD_LETTER
    if args.list_dead_letters:
        return args
    if not args.url or not args.event:
        parser.error("URL and EVENT_FILE are required")
    parsed = urllib.parse.urlsplit(args.url)
    if parsed.scheme not in ("http", "https") or not parsed.netloc:
        parser.error(f"URL {args.url!r} is not an absolute http: or https: URL, e.g. http://127.0.0.1:3000/webhooks/payments")
    args.secret = args.secret or os.environ.get("WEBHOOK_SECRET")
    if not args.secret:
        parser.error("no secret: give --secret, or set WEBHOOK_SECRET")
    if args.max_attempts < 1:
        parser.error("--max-attempts must be 1 or more")
    if args.timeout_ms is None:
        raw = os.environ.get("SENDER_TIMEOUT_MS") or str(DEFAULT_TIMEOUT_MS)
        if not raw.isdigit():
            parser.error(f"SENDER_TIMEOUT_MS must be a whole number of ms, not {raw!r}")
        args.timeout_ms = int(raw)
    if args.timeout_ms < 1:
        parser.error("the timeout must be 1 ms or more")
    # The dead-letter file is written only after the last attempt: a bad path is caught now.
    directory = os.path.dirname(os.path.abspath(args.dead_letter))
    if not os.path.isdir(directory):
        parser.error(f"--dead-letter {args.dead_letter}: directory {directory} does not exist")
    try:
        with open(args.event, "rb") as f:
            args.body = f.read()
    except OSError as error:
        parser.error(f"cannot read the event file {args.event}: {error.strerror}")
    return args


def main(argv):
    args = parse_args(argv)
    if args.list_dead_letters:
        return list_dead_letters(args.dead_letter)
    outcome, attempts, last = deliver(args.url, args.body, args.secret, args.max_attempts, args.timeout_ms / 1000)
    if outcome == "delivered":
        return EXIT_DELIVERED
    if outcome == "exhausted":
        entry = {
            "eventId": event_id_of(args.body),
            "url": args.url,
            "attempts": attempts,
            "lastResult": last,
            "exhaustedAt": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="milliseconds"),
            "bodyBase64": base64.b64encode(args.body).decode("ascii"),
        }
        try:
            append_dead_letter(args.dead_letter, entry)
            say(f"{attempts} attempt(s) used ({last}); event {entry['eventId']} written to {args.dead_letter} for replay")
        except OSError as error:
            say(f"{attempts} attempt(s) used, and event {entry['eventId']} could NOT be written to {args.dead_letter}: {error}")
    return EXIT_NOT_DELIVERED


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

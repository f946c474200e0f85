#!/usr/bin/env bash
# Installs wirecheck for the GitHub Action (action.yml) and prints where its executable is.
#
# By default from the checkout this script is part of — the action's own, at the ref of
# `uses: <owner>/wirecheck@<ref>` — with `npm ci --omit=dev` there: the lockfile's versions,
# no devDependency (the run needs none: test/package/packed-install.test.ts). With
# WIRECHECK_PACKAGE set (an npm package spec: a tarball path or URL, git+https://…#<sha>), that
# package instead, with `npm install --omit=dev` into a directory of its own under RUNNER_TEMP.
#
# Writes `bin=<path of bin/wirecheck.js>` to $GITHUB_OUTPUT when it is set. Never traces its
# commands (xtrace stays off): nothing it runs holds a secret, but the rule is the same everywhere.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
spec="${WIRECHECK_PACKAGE:-}"

if [ -z "$spec" ]; then
  echo "wirecheck: installing from $here (npm ci --omit=dev)"
  (cd "$here" && npm ci --omit=dev --no-audit --no-fund)
  bin="$here/bin/wirecheck.js"
else
  # A relative path names a file of the caller's workspace, not of the install directory.
  case "$spec" in
    ./* | ../*) spec="$(pwd)/$spec" ;;
  esac
  dir="${RUNNER_TEMP:-$(mktemp -d)}/wirecheck-package"
  rm -rf "$dir" && mkdir -p "$dir"
  echo "wirecheck: installing $spec into $dir (npm install --omit=dev)"
  (cd "$dir" && printf '{"private":true}\n' > package.json && npm install --omit=dev --no-audit --no-fund "$spec")
  bin="$dir/node_modules/wirecheck/bin/wirecheck.js"
fi

if [ ! -f "$bin" ]; then
  echo "::error::wirecheck: the install has no $bin" >&2
  exit 2
fi
echo "wirecheck: $(node -p "require(process.argv[1]).version" "$(dirname "$bin")/../package.json") at $bin"
if [ -n "${GITHUB_OUTPUT:-}" ]; then echo "bin=$bin" >> "$GITHUB_OUTPUT"; fi

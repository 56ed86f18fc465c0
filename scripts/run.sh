#!/usr/bin/env bash
# The README's two command lines land here:
#   npm start  ->  scripts/run.sh start   install everything, start the whole local stack
#   npm test   ->  scripts/run.sh test    install everything, run every check and test suite
#   npm run bench -> scripts/run.sh bench  build, seed the large data set, print the figures
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/toolchain.sh

cmd=${1:-}
case "$cmd" in
  start)
    ensure_node; ensure_pnpm; ensure_deps
    # The scale-out shape needs PostgreSQL and HAProxy from Debian.
    if [[ " ${*:2} " == *" --instances "* ]]; then ensure_postgres; ensure_haproxy; fi
    # The stack against the third-party OpenID provider needs LemonLDAP::NG from Debian.
    if [[ " ${*:2} " == *" --provider lemonldap "* || " ${*:2} " == *" --provider=lemonldap "* ]]; then ensure_lemonldap yes; fi
    exec node scripts/stack.ts "${@:2}"
    ;;
  test)
    ensure_node; ensure_pnpm; ensure_chromium; ensure_postgres; ensure_haproxy; ensure_lemonldap; ensure_deps
    rm -rf test-results */*/test-results e2e/test-results
    mkdir -p test-results
    steps=()
    step() {
      local name=$1; shift
      say "$name: $*"
      local start=$SECONDS
      "$@"; local rc=$?
      steps+=("{\"name\":\"$name\",\"exitCode\":$rc,\"seconds\":$((SECONDS - start))}")
      return 0
    }
    step lint pnpm run lint
    step typecheck pnpm run typecheck
    step build pnpm run build
    step unit pnpm run test:unit
    step architecture pnpm run test:arch
    step e2e pnpm run test:e2e
    (IFS=,; echo "[${steps[*]}]") > test-results/steps.json
    node scripts/summarize.ts
    ;;
  bench)
    ensure_node; ensure_pnpm; ensure_chromium; ensure_deps
    exec pnpm --filter @portal/bench bench "${@:2}"
    ;;
  *)
    echo "usage: scripts/run.sh start|test|bench" >&2; exit 2 ;;
esac

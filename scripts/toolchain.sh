# Sourced by scripts/run.sh: makes the pinned toolchain the first on PATH, installing what
# the machine lacks. Never touches the system's Node. See docs/adr/0002-toolchain.md.
NODE_VERSION=24.21.0
PNPM_VERSION=12.21.0
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TOOLS="$ROOT/.tools"

say() { printf '\033[1m▸ %s\033[0m\n' "$*" >&2; }

ensure_node() {
  local bin="$TOOLS/node/node_modules/.bin"
  if [ "$(node --version 2>/dev/null)" != "v$NODE_VERSION" ] && [ ! -x "$bin/node" -o "$("$bin/node" --version 2>/dev/null)" != "v$NODE_VERSION" ]; then
    say "Installing Node $NODE_VERSION into .tools/node (from the npm registry)"
    command -v npm >/dev/null || { echo "npm is needed to install the pinned Node" >&2; exit 1; }
    npm install --prefix "$TOOLS/node" --no-save --no-audit --no-fund --loglevel=error "node@$NODE_VERSION" >&2
  fi
  [ -x "$bin/node" ] && export PATH="$bin:$PATH"
}

ensure_pnpm() {
  local bin="$TOOLS/pnpm/node_modules/.bin"
  if [ ! -x "$bin/pnpm" ] || [ "$("$bin/pnpm" --version 2>/dev/null)" != "$PNPM_VERSION" ]; then
    say "Installing pnpm $PNPM_VERSION into .tools/pnpm"
    npm install --prefix "$TOOLS/pnpm" --no-save --no-audit --no-fund --loglevel=error "pnpm@$PNPM_VERSION" >&2
  fi
  export PATH="$bin:$PATH"
}

# Stops the run with one line saying why, and the summary line `npm test` ends with.
fatal() {
  printf '\033[1;31m✗ %s\033[0m\n' "$*" >&2
  echo "0 passed, 1 failed"
  exit 1
}

# apt-get as root, waiting up to APT_LOCK_WAIT seconds (10 min) while another apt or dpkg run
# holds one of their locks (on a fresh machine, provisioning or unattended upgrades may hold
# them for minutes; `-o DPkg::Lock::Timeout` would cover only dpkg's own lock, not `update`'s
# nor the download cache's). apt gives up on a held lock before changing anything, so it is
# simply run again. Leaves apt's last error line in APT_ERROR.
APT_LOCK_WAIT=${APT_LOCK_WAIT:-600}
apt_get() {
  local log rc waited=0 lock_held='Could not get lock\|Unable to lock'
  log=$(mktemp)
  while :; do
    DEBIAN_FRONTEND=noninteractive apt-get -qq "$@" 2>&1 | tee "$log" | grep --line-buffered -v "$lock_held" >&2
    rc=${PIPESTATUS[0]}
    if [ "$rc" = 0 ] || ! grep -q "$lock_held" "$log"; then break; fi
    if [ "$waited" -ge "$APT_LOCK_WAIT" ]; then
      APT_ERROR="another apt/dpkg run still holds a lock after $APT_LOCK_WAIT s ($(grep -o -m1 'held by process [0-9]* ([^)]*)' "$log" || grep -m1 "$lock_held" "$log"))"
      rm -f "$log"
      return "$rc"
    fi
    if [ $((waited % 30)) = 0 ]; then
      say "Waiting for another apt/dpkg run to finish ($(grep -o -m1 'held by process [0-9]* ([^)]*)' "$log" || echo 'a lock is held'); ${waited} s of ${APT_LOCK_WAIT} s)"
    fi
    sleep 5
    waited=$((waited + 5))
  done
  APT_ERROR=$(grep '^E:' "$log" | tail -1)
  rm -f "$log"
  return "$rc"
}

# Debian packages when `check` fails: installed as root (the run stops with one line if that
# fails), else `missing` is said; `required` (yes/no) says whether a non-root run stops there.
ensure_debian_package() {
  local check="$1" packages="$2" why="$3" missing="$4" required="${5:-no}"
  if eval "$check" >/dev/null 2>&1; then return; fi
  if [ "$(id -u)" = 0 ]; then
    say "Installing $why from Debian ($packages)"
    apt_get update || fatal "Cannot install $packages ($why): apt-get update failed: ${APT_ERROR:-see above}"
    # shellcheck disable=SC2086 # the package list is split on purpose
    apt_get install -y $packages || fatal "Cannot install $packages ($why): ${APT_ERROR:-apt-get install failed}"
    eval "$check" >/dev/null 2>&1 || fatal "Cannot install $packages ($why): installed, yet '$check' still fails"
  elif [ "$required" = yes ]; then
    fatal "$missing"
  else
    echo "$missing" >&2
  fi
}

# Chromium for Playwright, Vitest browser mode and Storybook tests, from Debian.
ensure_chromium() {
  ensure_debian_package '[ -x /usr/bin/chromium ]' 'chromium fonts-liberation' Chromium \
    "Chromium is missing: run 'sudo apt-get install -y chromium fonts-liberation' once." yes
}

# PostgreSQL server binaries from Debian, for the API's contract tests on a real server (CI).
ensure_postgres() {
  ensure_debian_package 'ls /usr/lib/postgresql/*/bin/postgres' postgresql PostgreSQL \
    "PostgreSQL is not installed; the API tests run on the embedded database only."
}

ensure_haproxy() {
  ensure_debian_package 'command -v haproxy' haproxy "HAProxy (the scale-out test's load balancer)" \
    "HAProxy is not installed; the scale-out test will fail (apt-get install haproxy)."
}

# LemonLDAP::NG, the third-party OpenID provider of the suite and of `npm start -- --provider
# lemonldap` (scripts/lemonldap.ts): its portal's FastCGI server and an nginx to serve it.
# Installing starts no server here (scripts/lemonldap.ts starts its own, on 127.0.0.1 only).
# `ensure_lemonldap yes`: a non-root run stops when it is missing (the stack cannot run without it).
ensure_lemonldap() {
  ensure_debian_package \
    '[ -x /usr/sbin/llng-fastcgi-server ] && [ -x /usr/sbin/nginx ] && [ -e /usr/share/lemonldap-ng/portal/htdocs/index.psgi ]' \
    'lemonldap-ng lemonldap-ng-fastcgi-server nginx-light' "LemonLDAP::NG (the third-party OpenID provider)" \
    "LemonLDAP::NG is not installed (sudo apt-get install lemonldap-ng lemonldap-ng-fastcgi-server nginx-light); the third-party provider's test fails without it." \
    "${1:-no}"
}

ensure_deps() {
  say "Installing packages (pnpm install)"
  (cd "$ROOT" && pnpm install --frozen-lockfile --reporter=append-only >&2) || fatal "pnpm install failed"
}

export CHROMIUM_PATH=${CHROMIUM_PATH:-/usr/bin/chromium}
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1 STORYBOOK_DISABLE_TELEMETRY=1

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

# Chromium for Playwright, Vitest browser mode and Storybook tests, from Debian.
ensure_chromium() {
  if [ -x /usr/bin/chromium ]; then return; fi
  if [ "$(id -u)" = 0 ]; then
    say "Installing Chromium from Debian"
    apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation >&2
  else
    echo "Chromium is missing: run 'sudo apt-get install -y chromium fonts-liberation' once." >&2; exit 1
  fi
}

# A Debian package when `check` fails: installed as root, else `missing` is said.
ensure_debian_package() {
  local check="$1" package="$2" why="$3" missing="$4"
  if eval "$check" >/dev/null 2>&1; then return; fi
  if [ "$(id -u)" = 0 ]; then
    say "Installing $why from Debian"
    apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >&2
  else
    echo "$missing" >&2
  fi
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

ensure_deps() {
  say "Installing packages (pnpm install)"
  if ! (cd "$ROOT" && pnpm install --frozen-lockfile --reporter=append-only >&2); then
    echo "pnpm install failed" >&2
    echo "0 passed, 1 failed"
    exit 1
  fi
}

export CHROMIUM_PATH=${CHROMIUM_PATH:-/usr/bin/chromium}
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1 STORYBOOK_DISABLE_TELEMETRY=1

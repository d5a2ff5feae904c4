"""The external programs the report tests drive, and a clear failure when one is missing.

The report tests run the real tools (latexmk, poppler, headless Chromium).
A missing tool must fail the test with what to install, never skip it: a
skipped test would let CI pass without ever building the PDF or opening the
page.
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

TEX_LIVE = ("TeX Live with latexmk (Debian/Ubuntu: apt-get install texlive-latex-base "
            "texlive-latex-recommended latexmk lmodern; macOS: brew install --cask mactex-no-gui; "
            "Fedora: dnf install latexmk texlive-scheme-medium)")
POPPLER = "poppler-utils (Debian/Ubuntu: apt-get install poppler-utils; macOS: brew install poppler)"
CHROMIUM = "Chromium (Debian: apt-get install chromium; elsewhere any Chromium or Chrome binary on PATH)"

GRAPHVIZ = "Graphviz (Debian/Ubuntu: apt-get install graphviz; macOS: brew install graphviz)"

INSTALL = {"dot": GRAPHVIZ, "latexmk": TEX_LIVE, "pdflatex": TEX_LIVE, "pdfinfo": POPPLER, "pdftotext": POPPLER,
           "pdftoppm": POPPLER}
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def require(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        pytest.fail(f"{tool} not found on PATH: install {INSTALL.get(tool, tool)} (./install.sh does this "
                    f"on Debian/Ubuntu)", pytrace=False)
    return path


def chromium() -> str:
    for name in CHROMIUM_NAMES:
        path = shutil.which(name)
        if path:
            return path
    pytest.fail(f"no Chromium found (looked for {', '.join(CHROMIUM_NAMES)}): install {CHROMIUM} "
                f"(./install.sh does this on Debian/Ubuntu)", pytrace=False)


def run(cmd: list[str], cwd: Path | None = None, timeout: int = 120) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, errors="replace", timeout=timeout,
                          stdin=subprocess.DEVNULL)


# ---- LaTeX and PDF -----------------------------------------------------------------------------

def latexmk(tex: Path) -> str:
    """Compile tex in its own directory; return the .log text (the test asserts on it)."""
    require("pdflatex")
    done = run([require("latexmk"), "-norc", "-pdf", "-interaction=nonstopmode", "-halt-on-error",
                "-file-line-error", tex.name], cwd=tex.parent, timeout=300)
    log = tex.with_suffix(".log")
    text = log.read_text(encoding="utf-8", errors="replace") if log.exists() else ""
    assert done.returncode == 0, f"latexmk failed:\n{done.stdout[-3000:]}\n{text[-3000:]}"
    return text


def log_problems(log: str) -> list[str]:
    """Errors, undefined references and missing link targets reported by the last LaTeX pass."""
    # latexmk leaves the log of the last pass, the one that counts.
    problems = [line for line in log.splitlines()
                if line.startswith("! ") or re.match(r"^\S+\.tex:\d+: ", line)
                or "LaTeX Warning: Reference" in line or "LaTeX Warning: There were undefined" in line
                or re.search(r"\bundefined\b", line) or "has been referenced but does not exist" in line
                or "Package hyperref Warning" in line
                or "Rerun to get" in line]
    return problems


def overfull_boxes(log: str, tolerance_pt: float = 5.0) -> list[str]:
    return [m.group(0) for m in re.finditer(r"Overfull \\hbox \((\d+\.?\d*)pt too wide\)[^\n]*", log)
            if float(m.group(1)) > tolerance_pt]


def pdf_pages(pdf: Path) -> int:
    info = run([require("pdfinfo"), str(pdf)]).stdout
    match = re.search(r"^Pages:\s+(\d+)", info, re.M)
    assert match, f"pdfinfo gave no page count:\n{info}"
    return int(match.group(1))


def pdf_text(pdf: Path) -> str:
    done = run([require("pdftotext"), "-enc", "UTF-8", str(pdf), "-"])
    assert done.returncode == 0, done.stderr
    return done.stdout


# ---- Chromium ----------------------------------------------------------------------------------

def _chromium_cmd(profile: Path, *extra: str) -> list[str]:
    return [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--hide-scrollbars", f"--user-data-dir={profile}",
            # A proxy that does not exist: even a request the net log misses cannot leave the machine.
            "--proxy-server=127.0.0.1:9", *extra]


def screenshot(page: Path, png: Path, tmp: Path, size: tuple[int, int] = (1200, 2000)) -> Path:
    done = run(_chromium_cmd(tmp / "profile-shot", f"--screenshot={png}", f"--window-size={size[0]},{size[1]}",
                             page.resolve().as_uri()))
    assert png.exists(), f"chromium wrote no screenshot (exit {done.returncode}):\n{done.stderr[-2000:]}"
    return png


def dump_dom_with_net_log(page: Path, tmp: Path) -> tuple[str, list[dict]]:
    """The DOM after load, and every URL request the page itself made (from Chromium's net log)."""
    net_log = tmp / "net-log.json"
    done = run(_chromium_cmd(tmp / "profile-dom", f"--log-net-log={net_log}", "--net-log-capture-mode=Default",
                             "--dump-dom", page.resolve().as_uri()))
    assert done.returncode == 0 and "<html" in done.stdout, f"chromium --dump-dom failed:\n{done.stderr[-2000:]}"
    assert net_log.exists(), "chromium wrote no net log"
    return done.stdout, page_requests(net_log)


def page_requests(net_log: Path) -> list[dict]:
    """URL requests made on behalf of a file:// page.

    Chromium itself phones home (component updates, account checks) even
    with background networking disabled; those carry no page origin.  A
    request the page made is keyed to the file:// site.
    """
    log = json.loads(net_log.read_text(encoding="utf-8", errors="replace") or "{}")
    names = {v: k for k, v in log.get("constants", {}).get("logEventTypes", {}).items()}
    found = []
    for event in log.get("events", []):
        params = event.get("params") or {}
        if names.get(event.get("type")) != "URL_REQUEST_START_JOB" or "url" not in params:
            continue
        keyed_to_page = "file://" in str(params.get("network_isolation_key", "")) \
            or "file://" in str(params.get("site_for_cookies", "")) or params.get("initiator") == "null"
        if keyed_to_page and not params["url"].startswith(("file:", "data:", "blob:")):
            found.append({"url": params["url"], "initiator": params.get("initiator")})
    return found


def visible_text(dom: str) -> str:
    """What a reader sees: no MathML annotations (the LaTeX source), styles, scripts or tags."""
    import html as _html

    dom = re.sub(r"<annotation\b.*?</annotation>", " ", dom, flags=re.S | re.I)
    # The derivation files embedded at the end are folded away, and are Python source, not the report's text.
    dom = re.sub(r'<section class="source-files".*?</section>', " ", dom, flags=re.S)
    dom = re.sub(r"<(style|script)\b.*?</\1>", " ", dom, flags=re.S | re.I)
    dom = re.sub(r"<[^>]+>", " ", dom)
    return re.sub(r"\s+", " ", _html.unescape(dom))


def image_stats(png: Path) -> tuple[float, int]:
    """(share of non-white pixels, number of distinct colours) of a screenshot."""
    import numpy as np
    from matplotlib import image

    pixels = image.imread(str(png))[..., :3]
    non_white = float(np.mean(np.any(pixels < 0.97, axis=-1)))
    colours = len(np.unique((pixels * 255).astype(np.uint8).reshape(-1, 3), axis=0))
    return non_white, colours


# ---- Layout at a given window width ----------------------------------------------------------------

_MEASURE = """<script>
window.addEventListener('load', function () {
  var doc = document.documentElement, vw = doc.clientWidth, wide = [], outer = [];
  document.querySelectorAll('body *').forEach(function (el) {
    var r = el.getBoundingClientRect();
    if (r.right > vw + 0.5 && r.width > 0 && el.parentElement && el.parentElement.getBoundingClientRect().right <= vw + 0.5
        && el.getClientRects().length > 0) {
      outer.push(el.tagName.toLowerCase() + (typeof el.className === 'string' && el.className ? '.' + el.className.split(' ').join('.') : '') + (el.id ? '#' + el.id : '') + ':' + Math.round(r.right));
    }
    if (r.right > vw + 0.5 && r.width > 0 && el.offsetParent !== null) {
      var p = el.parentElement, clipped = false;
      for (; p && p !== document.body; p = p.parentElement) {
        var s = getComputedStyle(p);
        if (s.overflowX !== 'visible' || s.display === 'none') { clipped = true; break; }
      }
      if (!clipped) {
        var path = [], q = el;
        for (var k = 0; q && q !== document.body && k < 4; k++, q = q.parentElement)
          path.unshift(q.tagName.toLowerCase() + (typeof q.className === 'string' && q.className ? '.' + q.className.split(' ').join('.') : '') + (q.id ? '#' + q.id : ''));
        wide.push(path.join(' > ') + ':' + Math.round(r.right));
      }
    }
  });
  var shown = function (sel) {
    return Array.prototype.filter.call(document.querySelectorAll(sel), function (el) {
      return el.getClientRects().length > 0; }).map(function (el) { return el.id; });
  };
  var labels = Array.prototype.map.call(document.querySelectorAll('svg.depgraph text'), function (t) {
    return t.getBoundingClientRect().height; }).filter(function (h) { return h > 0; });
  parent.postMessage(JSON.stringify({scrollWidth: doc.scrollWidth, viewport: vw, wide: wide.slice(0, 20), outer: outer.slice(0, 20),
    derivations: shown('section.derivation'), groups: shown('section.group'),
    open: document.querySelectorAll('section.derivation > details[open]').length,
    scrolling: Array.prototype.filter.call(document.querySelectorAll('.expr, .graph-box, .table-wrap'), function (el) {
      return el.scrollWidth > el.clientWidth + 1; }).map(function (el) { return el.className; }),
    graphLabelPx: labels.length ? Math.min.apply(null, labels) : null}), '*');
});
</script>"""

# Headless Chromium lays a page out at least 500 px wide whatever --window-size says; a frame of
# exactly the width wanted is a viewport of exactly that width.
_FRAME = """<!doctype html><html><body style="margin:0">
<iframe src="{src}" style="width:{width}px;height:{height}px;border:0"></iframe>
<script>
window.addEventListener('message', function (e) {{
  var out = document.createElement('pre');
  out.id = 'layout-measure';
  out.textContent = e.data;
  document.body.appendChild(out);
}});
</script></body></html>"""


def measure_layout(page: Path, tmp: Path, width: int, height: int = 2000, check: str = "") -> dict:
    """The page's scroll width at a window `width` px wide, the elements that stick out unclipped, the
    derivations and groups shown (ids), and the smallest graph label in px.

    The page itself has no script; a copy with a measuring script is loaded in headless Chromium.
    `check` is the id of a radio button to tick first (a filter), as a reader's click would.
    """
    tmp.mkdir(parents=True, exist_ok=True)
    probe = tmp / f"measure-{width}-{check or 'plain'}.html"
    html = page.read_text(encoding="utf-8")
    if check:
        assert f'id="{check}"' in html, f"no input {check!r} to tick"
        html = re.sub(r'(<input type="radio" name="(\w+)" id="[^"]*") checked>', r"\1>", html)
        html = html.replace(f'id="{check}">', f'id="{check}" checked>', 1)
    probe.write_text(html.replace("</body>", _MEASURE + "</body>"), encoding="utf-8")
    frame = tmp / f"frame-{width}-{check or 'plain'}.html"
    frame.write_text(_FRAME.format(src=probe.name, width=width, height=height), encoding="utf-8")
    done = run(_chromium_cmd(tmp / f"profile-measure-{width}-{check or 'plain'}", f"--window-size={max(width, 800)},{height}",
                             "--virtual-time-budget=10000", "--dump-dom", frame.resolve().as_uri()), timeout=240)
    match = re.search(r'<pre id="layout-measure">(.*?)</pre>', done.stdout, re.S)
    assert match, f"chromium did not measure the page (exit {done.returncode}):\n{done.stderr[-2000:]}"
    import html as _html
    return json.loads(_html.unescape(match.group(1)))


# ---- The reader's path -------------------------------------------------------------------------

class _ReaderPath:
    """Collects the text a reader sees without a click: not inside a closed <details> (its <summary> is seen),
    nor in a hover text (a title attribute, an element marked hidden), a MathML annotation, a style or a script, and nothing from the machine record on."""

    MACHINE = ("machine-record", "mutation", "source-files", "repro")
    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
            "mspace"}

    def __init__(self):
        from html.parser import HTMLParser

        outer = self
        self.parts: list[str] = []
        self.stack: list[tuple[str, bool]] = []      # (tag, hides its content)
        self.stopped = False

        class Parser(HTMLParser):
            def handle_starttag(self, tag, attrs):
                outer.start(tag, dict(attrs))

            def handle_startendtag(self, tag, attrs):
                pass

            def handle_endtag(self, tag):
                outer.end(tag)

            def handle_data(self, data):
                outer.data(data)

        self.parser = Parser(convert_charrefs=True)

    def hidden(self) -> bool:
        return self.stopped or any(h for _, h in self.stack)

    def start(self, tag, attrs):
        if attrs.get("id") in self.MACHINE:
            self.stopped = True
        if tag in self.VOID:
            return
        # Inside a closed <details>, only its own <summary> shows.
        # A hover text (hidden until the pointer is on its box or link) is not read without a pointer either.
        hides = tag in ("style", "script", "annotation") or (tag == "details" and "open" not in attrs) \
            or "hidden" in attrs
        if tag == "summary" and self.stack and self.stack[-1][0] == "details" and self.stack[-1][1]:
            self.stack[-1] = ("details-summary", False)
            self.stack.append(("summary", False))
            return
        self.stack.append((tag, hides))

    def end(self, tag):
        while self.stack:
            top, _ = self.stack.pop()
            if top == "summary" and tag == "summary" and self.stack and self.stack[-1][0] == "details-summary":
                self.stack[-1] = ("details", True)
                return
            if top == tag or (top == "details-summary" and tag == "details"):
                return

    def data(self, text):
        if not self.hidden():
            self.parts.append(text)


def reader_path_text(html: str) -> str:
    """What a reader of the page sees before the machine record without opening anything (one space per run
    of white space)."""
    collector = _ReaderPath()
    collector.parser.feed(html)
    collector.parser.close()
    return re.sub(r"\s+", " ", " ".join(collector.parts))

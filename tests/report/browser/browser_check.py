#!/usr/bin/python3
"""Renders a --report page in headless Chromium and checks what a reader would meet.

Usage:
  browser_check.py PAGE.html [--artifacts DIR]   check the page; keep screenshots and a PDF
  browser_check.py --self-test PAGE.html         prove that every check can fail: faults put
                                                 into copies of a good page must each be caught,
                                                 and SIGTERM must leave no browser behind

Runs under Debian's /usr/bin/python3 (python3-websocket) and talks the Chrome DevTools Protocol
to a fresh `chromium --headless` with its own temporary profile. The page fails when:
  console    it logs an error or a warning (console.error, console.warn, console.assert);
  exception  a script throws;
  log        the browser logs an error about it (a Content-Security-Policy violation, a failed
             load);
  network    it requests anything but its own file (a data: URL aside);
  contract   an element of the contract is missing or has no size: svg#chart-outcomes,
             svg#chart-reasons, svg#chart-inputs, svg#chart-piece-count, svg#chart-material,
             svg#chart-side-to-move, svg#chart-castling, section#most-repeated with at least
             one svg.board, table#options, section#summary;
  phone      at a 390 px wide phone viewport the page is wider than the screen (horizontal
             scrolling);
  print      printing (print media) does not give a PDF;
  timeout    Chromium takes longer than START_TIMEOUT (120 s) to start, a step longer than
             --step-timeout seconds (default 60), or the whole check longer than --timeout
             (default 240): a hung page or browser;
  browser    Chromium is missing, will not start or dies.
Chromium is killed and its profile removed on every way out (SIGTERM and SIGINT included).
With --artifacts: report-desktop.png (1280 px wide, the whole page), report-phone.png (390 px),
report.pdf, their paths printed.
"""

import argparse
import base64
import json
import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

try:
    import websocket  # python3-websocket (Debian)
except ImportError:
    sys.exit(
        f"browser: {sys.executable} has no websocket module: run Debian's /usr/bin/python3 "
        "with python3-websocket (scripts/install-deps.sh installs it)"
    )

# The chart ids of the page's contract, as the structural check names them.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from report_structure import CHARTS  # noqa: E402

DESKTOP = {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False}
PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
# A full-page screenshot taller than this is cut (a runaway page must not fill the disk).
MAX_SCREENSHOT_HEIGHT = 16000


class Failed(Exception):
    """A failure that ends the check at once (timeout, browser)."""


class Interrupted(BaseException):
    """SIGTERM or SIGINT: leave, cleaning up on the way."""


def chromium_command():
    found = os.environ.get("FENBATCH_CHROMIUM") or shutil.which("chromium")
    if found is None:
        found = shutil.which("chromium-browser")
    if found is None:
        raise Failed(
            "browser: chromium is not installed (scripts/install-deps.sh installs Debian's "
            "chromium)"
        )
    return found


# Chromium's start in a fresh profile and HOME (its font cache built anew) took over 20 s on CI's
# 2-core machine with two sanitizer tests beside it; a browser that never starts still fails.
START_TIMEOUT = 120


class Browser:
    """A headless Chromium with a fresh profile, one page, and a DevTools session on it."""

    def __init__(self, step_timeout):
        self.step_timeout = step_timeout
        self.process = None
        self.socket = None
        self.session = None
        self.next_id = 0
        self.events = []
        self.scratch = tempfile.mkdtemp(prefix="fenbatch-browser-")
        self.profile = os.path.join(self.scratch, "profile")
        self.stderr_path = os.path.join(self.scratch, "chromium.stderr")

    def __enter__(self):
        try:
            self.start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def start(self):
        command = [
            chromium_command(),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-extensions",
            "--hide-scrollbars",
            "--mute-audio",
            f"--user-data-dir={self.profile}",
            "--remote-debugging-port=0",
            "about:blank",
        ]
        # Nothing written outside the scratch folder (a certificate store, caches, settings).
        environment = dict(os.environ, HOME=self.scratch,
                           XDG_CONFIG_HOME=os.path.join(self.scratch, "config"),
                           XDG_CACHE_HOME=os.path.join(self.scratch, "cache"))
        with open(self.stderr_path, "wb") as stderr:
            # Its own process group: the zygote, renderers and GPU process go with it.
            self.process = subprocess.Popen(
                command,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=stderr,
                env=environment,
                start_new_session=True,
            )
        endpoint = self.devtools_endpoint()
        self.socket = websocket.create_connection(
            endpoint, timeout=self.step_timeout, suppress_origin=True
        )
        target = self.command("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.command(
            "Target.attachToTarget", {"targetId": target, "flatten": True}
        )["sessionId"]

    def devtools_endpoint(self):
        # Chromium writes the port it chose, and the browser's path, to DevToolsActivePort.
        active_port = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.monotonic() + max(self.step_timeout, START_TIMEOUT)
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise Failed(f"browser: chromium exited at start ({self.process.returncode})"
                             f"{self.stderr_tail()}")
            try:
                lines = pathlib.Path(active_port).read_text().split("\n")
                if len(lines) >= 2 and lines[0].isdigit() and lines[1].startswith("/"):
                    return f"ws://127.0.0.1:{lines[0]}{lines[1]}"
            except FileNotFoundError:
                pass
            time.sleep(0.05)
        raise Failed(f"timeout: no DevTools port after {max(self.step_timeout, START_TIMEOUT)} s"
                     f"{self.stderr_tail()}")

    def stderr_tail(self):
        try:
            text = pathlib.Path(self.stderr_path).read_text(errors="replace")
        except OSError:
            return ""
        lines = [line for line in text.splitlines() if line.strip()][-8:]
        return "; chromium said:\n  " + "\n  ".join(lines) if lines else ""

    def receive(self, deadline, what):
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise Failed(f"timeout: {what} took more than {self.step_timeout} s")
        self.socket.settimeout(remaining)
        try:
            return json.loads(self.socket.recv())
        except websocket.WebSocketTimeoutException:
            raise Failed(f"timeout: {what} took more than {self.step_timeout} s") from None
        except (websocket.WebSocketException, OSError) as e:
            raise Failed(f"browser: the DevTools connection broke during {what}: {e}"
                         f"{self.stderr_tail()}") from None

    def command(self, method, params=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if self.session is not None:
            message["sessionId"] = self.session
        self.socket.send(json.dumps(message))
        deadline = time.monotonic() + self.step_timeout
        while True:
            reply = self.receive(deadline, method)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise Failed(f"browser: {method}: {reply['error'].get('message')}")
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)

    def wait_for(self, method, what):
        """The next event `method` not yet seen (earlier ones are kept in self.events)."""
        deadline = time.monotonic() + self.step_timeout
        for event in self.events:
            if event["method"] == method and not event.get("_waited"):
                event["_waited"] = True
                return event
        while True:
            event = self.receive(deadline, what)
            if "method" in event:
                self.events.append(event)
                if event["method"] == method:
                    event["_waited"] = True
                    return event

    def evaluate(self, expression, what):
        result = self.command(
            "Runtime.evaluate",
            {"expression": expression, "returnByValue": True, "awaitPromise": True,
             "timeout": self.step_timeout * 1000},
        )
        if "exceptionDetails" in result:
            raise Failed(f"browser: evaluating {what} threw: {result['exceptionDetails']}")
        return result["result"].get("value")

    def close(self):
        # Not to be cut short: a time-out or SIGTERM arriving now is delivered afterwards.
        held = {signal.SIGALRM, signal.SIGTERM, signal.SIGINT}
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, held)
        try:
            self.stop()
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)

    def stop(self):
        if self.socket is not None:
            try:
                self.socket.close()
            except Exception:
                pass
            self.socket = None
        if self.process is not None:
            group = self.process.pid
            for sig, grace in ((signal.SIGTERM, 5), (signal.SIGKILL, 5)):
                try:
                    os.killpg(group, sig)
                except ProcessLookupError:
                    break
                deadline = time.monotonic() + grace
                while time.monotonic() < deadline and group_alive(group):
                    try:
                        self.process.wait(timeout=0.05)
                    except subprocess.TimeoutExpired:
                        pass
                if not group_alive(group):
                    break
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                pass
        # Its processes outside the group: the crash handler (chrome_crashpad_handler, which
        # Debian's build starts whatever the flags) detaches; its command line names the
        # scratch folder, as only this browser's processes do.
        for pid in processes_naming(self.scratch + os.sep):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        shutil.rmtree(self.scratch, ignore_errors=True)


def group_alive(group):
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # A group whose members are all zombies of ours still answers; they are reaped by wait.
    return any(process_group_of(pid) == group and not is_zombie(pid) for pid in all_pids())


def processes_naming(path):
    """Live processes whose command line contains `path`."""
    return [pid for pid in all_pids() if path in command_of(pid) and not is_zombie(pid)]


def all_pids():
    return [int(name) for name in os.listdir("/proc") if name.isdigit()]


def process_stat(pid):
    try:
        text = pathlib.Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rfind(")") + 2:].split()  # after "pid (comm) "


def process_group_of(pid):
    fields = process_stat(pid)
    return int(fields[2]) if fields else None


def is_zombie(pid):
    fields = process_stat(pid)
    return fields is None or fields[0] == "Z"


CONTRACT_JS = """
(() => {
  const charts = %s;
  const failures = [];
  const sized = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const size = (e) => { const r = e.getBoundingClientRect(); return r.width + 'x' + r.height; };
  const expected = charts.map((id) => [id, 'svg']).concat(
      [['most-repeated', 'section'], ['options', 'table'], ['summary', 'section']]);
  for (const [id, tag] of expected) {
    const e = document.getElementById(id);
    if (!e) { failures.push('no #' + id); continue; }
    if (e.localName !== tag) {
      failures.push('#' + id + ' is a <' + e.localName + '>, not a <' + tag + '>');
    }
    if (!sized(e)) failures.push('#' + id + ' has no size (' + size(e) + ')');
  }
  const most = document.getElementById('most-repeated');
  const boards = most ? [...most.querySelectorAll('svg.board')] : [];
  if (boards.length === 0) failures.push('no svg.board inside #most-repeated');
  boards.forEach((b, i) => {
    if (!sized(b)) failures.push('board ' + i + ' has no size (' + size(b) + ')');
  });
  return {failures, boards: boards.length, title: document.title};
})()
""" % json.dumps(list(CHARTS))

WIDTH_JS = """
({scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth,
  height: document.documentElement.scrollHeight})
"""


def screenshot(browser, path, width):
    height = browser.evaluate("document.documentElement.scrollHeight", "the page's height")
    height = max(1, min(int(height), MAX_SCREENSHOT_HEIGHT))
    shot = browser.command(
        "Page.captureScreenshot",
        {"format": "png", "captureBeyondViewport": True,
         "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}},
    )
    data = base64.b64decode(shot["data"])
    if not data.startswith(b"\x89PNG"):
        raise Failed(f"browser: the screenshot {path} is not a PNG")
    if path is not None:
        pathlib.Path(path).write_bytes(data)


def load(browser, url, what):
    for event in browser.events:  # (a load before this one is not this one's)
        if event["method"] == "Page.loadEventFired":
            event["_waited"] = True
    navigated = browser.command("Page.navigate", {"url": url})
    if navigated.get("errorText"):
        raise Failed(f"browser: loading {url} failed: {navigated['errorText']}")
    browser.wait_for("Page.loadEventFired", f"loading the page ({what})")


class deadline:
    """Raises Failed (timeout) in whatever runs longer than `seconds` altogether."""

    def __init__(self, seconds):
        self.seconds = seconds

    def expired(self, signum, frame):
        raise Failed(f"timeout: the check took more than {self.seconds:g} s altogether")

    def __enter__(self):
        self.previous = signal.signal(signal.SIGALRM, self.expired)
        signal.setitimer(signal.ITIMER_REAL, self.seconds)
        return self

    def __exit__(self, *exc):
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, self.previous)
        return False


def check_page(page, artifacts, step_timeout, total_timeout):
    """Every failure found (an empty list: the page passes)."""
    with deadline(total_timeout):
        return checked_page(page, artifacts, step_timeout)


def checked_page(page, artifacts, step_timeout):
    page = pathlib.Path(page).resolve()
    url = page.as_uri()
    failures = []
    with Browser(step_timeout) as browser:
        for domain in ("Runtime", "Log", "Page", "Network"):
            browser.command(f"{domain}.enable")
        browser.command("Emulation.setDeviceMetricsOverride", DESKTOP)
        load(browser, url, "desktop")
        contract = browser.evaluate(CONTRACT_JS, "the element contract")
        failures += [f"contract: {f} (desktop)" for f in contract["failures"]]
        if artifacts is not None:
            screenshot(browser, artifacts / "report-desktop.png", DESKTOP["width"])

        # A phone: the page loaded again at its width, as a phone would.
        browser.command("Emulation.setDeviceMetricsOverride", PHONE)
        browser.command("Emulation.setTouchEmulationEnabled", {"enabled": True})
        load(browser, url, "phone")
        contract = browser.evaluate(CONTRACT_JS, "the element contract")
        failures += [f"contract: {f} (phone)" for f in contract["failures"]]
        widths = browser.evaluate(WIDTH_JS, "the page's width")
        if widths["scrollWidth"] > PHONE["width"] or widths["innerWidth"] > PHONE["width"]:
            failures.append(
                f"phone: the page is {widths['scrollWidth']} px wide in a viewport of "
                f"{widths['innerWidth']} px on a {PHONE['width']} px screen (horizontal "
                "scrolling)")
        if artifacts is not None:
            screenshot(browser, artifacts / "report-phone.png", PHONE["width"])

        # Paper.
        browser.command("Emulation.clearDeviceMetricsOverride")
        browser.command("Emulation.setEmulatedMedia", {"media": "print"})
        if browser.evaluate("matchMedia('print').matches", "print media") is not True:
            failures.append("print: print media not in effect")
        pdf = base64.b64decode(
            browser.command("Page.printToPDF", {"printBackground": True}).get("data", ""))
        if not pdf.startswith(b"%PDF-") or len(pdf) < 1000:
            failures.append(f"print: Page.printToPDF gave {len(pdf)} bytes, not a PDF")
        elif artifacts is not None:
            (artifacts / "report.pdf").write_bytes(pdf)

        # Whatever arrived on the way (a last round trip lets late events in).
        browser.evaluate("0", "a last round trip")
        failures += event_failures(browser.events, url)
    return list(dict.fromkeys(failures))  # (the page is loaded twice: each failure once)


def event_failures(events, url):
    failures = []
    for event in events:
        method, params = event["method"], event.get("params", {})
        if method == "Runtime.consoleAPICalled" and params.get("type") in (
                "error", "warning", "assert"):
            text = " ".join(str(a.get("value", a.get("description", "")))
                            for a in params.get("args", []))
            failures.append(f"console: console.{params['type']}: {text}")
        elif method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            text = details.get("exception", {}).get("description") or details.get("text")
            failures.append(f"exception: {text}")
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            entry = params["entry"]
            where = entry.get("url", "")
            failures.append(f"log: {entry.get('source')}: {entry.get('text')} {where}".rstrip())
        elif method == "Network.requestWillBeSent":
            requested = params.get("request", {}).get("url", "")
            if requested != url and not requested.startswith("data:"):
                failures.append(f"network: the page requested {requested}")
        elif method == "Network.loadingFailed" and params.get("type") == "Document":
            failures.append(f"network: the page itself failed to load: {params.get('errorText')}")
    return failures


# --self-test: faults put into copies of a good page, and the check that must catch each.
# The copies drop the page's Content-Security-Policy (if it has one), so that each fault
# reaches the check it is aimed at rather than being blocked first; two faults keep it and must
# fail all the same. A hung page is given a shorter step time-out (HANG_TIMEOUT).
POLICY = re.compile(r"<meta[^>]*http-equiv\s*=\s*[\"']?content-security-policy[^>]*>", re.I)
HANG_TIMEOUT = 5


def inserted(after, snippet):
    """Puts `snippet` right after the first tag matching the pattern `after` (<head>, <body>)."""
    def change(text):
        tag = re.search(after, text, re.I)
        if tag is None:
            raise Failed(f"self-test: the page has no {after} to put a fault into")
        return text[:tag.end()] + snippet + text[tag.end():]
    return change


def replaced(pattern, new):
    """Every match of the pattern `pattern` replaced by `new` (however the page quotes)."""
    def change(text):
        changed, count = re.subn(pattern, new, text)
        if count == 0:
            raise Failed(f"self-test: the page has nothing matching {pattern!r} to break")
        return changed
    return change


IN_HEAD, IN_BODY = r"<head[^>]*>", r"<body[^>]*>"
EXTERNAL_IMAGE = '<img src="http://example.com/x.png" alt="">'
# A data: image is no request, but a policy that allows no image refuses it: a log entry alone.
STRICT_POLICY = "<meta http-equiv=\"Content-Security-Policy\" content=\"img-src 'none'\">"
DATA_IMAGE = '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="">'


def both(first, second):
    return lambda text: second(first(text))

FAULTS = [  # (what, change, the check that must catch it or None for any, drop the policy)
    ("an external image", inserted(IN_BODY, EXTERNAL_IMAGE), "network", True),
    ("an external image, the page's policy kept", inserted(IN_BODY, EXTERNAL_IMAGE), None, False),
    ("a script, the page's policy kept",
     inserted(IN_BODY, "<script>console.error('x')</script>"), None, False),
    ("console.error", inserted(IN_BODY, "<script>console.error('x')</script>"), "console", True),
    ("console.warn", inserted(IN_BODY, "<script>console.warn('x')</script>"), "console", True),
    ("an exception", inserted(IN_BODY, "<script>null.x = 1;</script>"), "exception", True),
    ("a policy violation", both(inserted(IN_HEAD, STRICT_POLICY), inserted(IN_BODY, DATA_IMAGE)),
     "log", True),
    ("a missing chart", replaced(r"""\bid\s*=\s*(["']?)chart-castling\1(?=[\s/>])""", "id=gone"),
     "contract", True),
    ("a hidden chart", inserted(IN_HEAD, "<style>#chart-material { display: none }</style>"),
     "contract", True),
    ("no board", replaced(r"""(\bclass\s*=\s*["']?[^"'>]*?)\bboard\b""", r"\1no-board"),
     "contract", True),
    ("too wide for a phone",
     inserted(IN_BODY, '<div style="width: 1200px; height: 1px"></div>'), "phone", True),
    ("a page that never loads", inserted(IN_BODY, "<script>for (;;) {}</script>"), "timeout",
     True),
]


def faulty_copy(text, change, drop_policy):
    if drop_policy:
        text = POLICY.sub("", text)
    return change(text)


def profiles_left(before):
    return sorted(set(pathlib.Path(tempfile.gettempdir()).glob("fenbatch-browser-*")) - before)


def self_test(page, step_timeout, total_timeout):
    """Problems with the checks themselves (an empty list: each fault was caught)."""
    problems = []
    text = pathlib.Path(page).read_text(encoding="utf-8")
    work = pathlib.Path(tempfile.mkdtemp(prefix="fenbatch-self-test-"))
    try:
        before = set(pathlib.Path(tempfile.gettempdir()).glob("fenbatch-browser-*"))
        cases = [("the good page", None, None, False)] + FAULTS
        for name, fault, category, drop_policy in cases:
            copy = work / "page.html"
            copy.write_text(text if fault is None else faulty_copy(text, fault, drop_policy),
                            encoding="utf-8")
            started = time.monotonic()
            timeout = min(step_timeout, HANG_TIMEOUT) if category == "timeout" else step_timeout
            try:
                failures = check_page(copy, None, timeout, total_timeout)
            except Failed as e:
                failures = [str(e)]
            seconds = time.monotonic() - started
            caught = sorted({f.split(":", 1)[0] for f in failures})
            print(f"self-test: {name}: {seconds:.1f} s, caught by {caught or 'nothing'}")
            for f in failures:
                print(f"    {f}")
            if fault is None and failures:
                problems.append(f"{name}: failed, so no fault would prove anything")
                break
            elif fault is not None and not failures:
                problems.append(f"{name}: not caught")
            elif category is not None and category not in caught:
                problems.append(f"{name}: not caught by the {category} check")
            left = profiles_left(before)
            if left:
                problems.append(f"{name}: browser profiles left behind: {left}")
        problems += interrupted_check(work, text, before)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return problems


def interrupted_check(work, text, before):
    """SIGTERM to a check of a hung page: Chromium stopped, its profile removed, exit 1."""
    copy = work / "hung.html"
    copy.write_text(faulty_copy(text, inserted(IN_BODY, "<script>for (;;) {}</script>"), True),
                    encoding="utf-8")
    started = time.monotonic()
    check = subprocess.Popen([sys.executable, __file__, str(copy), "--step-timeout", "60"],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        profile = None
        while profile is None and time.monotonic() - started < 20 and check.poll() is None:
            time.sleep(0.1)
            running = [p / "profile" for p in profiles_left(before)]
            profile = next((p for p in running if (p / "DevToolsActivePort").exists()), None)
        if profile is None:
            return ["SIGTERM: the check never started its browser"]
        time.sleep(1)  # (loading the hung page)
        check.send_signal(signal.SIGTERM)
        output, _ = check.communicate(timeout=30)
    finally:
        if check.poll() is None:
            check.kill()
            check.wait()
    problems = []
    seconds = time.monotonic() - started
    print(f"self-test: SIGTERM during a hung page: {seconds:.1f} s, exit {check.returncode}")
    for line in output.splitlines():
        print(f"    {line}")
    if check.returncode != 1 or "interrupted by SIGTERM" not in output:
        problems.append(f"SIGTERM: exit {check.returncode}, expected 1 saying so")
    if profiles_left(before):
        problems.append(f"SIGTERM: browser profiles left behind: {profiles_left(before)}")
    still = processes_naming(str(profile.parent) + os.sep)
    if still:
        problems.append(f"SIGTERM: chromium processes still running: {still}")
    return problems


def command_of(pid):
    try:
        return pathlib.Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(
            errors="replace")
    except OSError:
        return ""


def interrupted(signum, frame):
    raise Interrupted(signal.Signals(signum).name)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("page")
    parser.add_argument("--artifacts", type=pathlib.Path)
    parser.add_argument("--self-test", action="store_true")
    parser.add_argument("--step-timeout", type=float, default=60,
                        help="seconds any one step may take (default 60)")
    parser.add_argument("--timeout", type=float, default=240,
                        help="seconds one check of a page may take altogether (default 240)")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, interrupted)
    signal.signal(signal.SIGINT, interrupted)
    started = time.monotonic()
    try:
        if args.self_test:
            problems = self_test(args.page, args.step_timeout, args.timeout)
            for p in problems:
                print(f"FAIL: {p}")
            print(f"self-test: {len(FAULTS)} faults and SIGTERM, "
                  f"{time.monotonic() - started:.1f} s")
            return 1 if problems else 0
        if args.artifacts is not None:
            args.artifacts.mkdir(parents=True, exist_ok=True)
        try:
            failures = check_page(args.page, args.artifacts, args.step_timeout, args.timeout)
        except Failed as e:
            failures = [str(e)]
    except Interrupted as e:
        print(f"FAIL: interrupted by {e}; chromium stopped and its profile removed")
        return 1
    for f in failures:
        print(f"FAIL: {f}")
    if args.artifacts is not None and not failures:
        for name in ("report-desktop.png", "report-phone.png", "report.pdf"):
            print(f"artifact: {(args.artifacts / name).resolve()}")
    print(f"browser check: {'failed' if failures else 'passed'} in "
          f"{time.monotonic() - started:.1f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Checks the structure of a --report page without a browser (the CLI cases use it).

Usage: report_structure.py REPORT.html [--expect-input NAME] [--expect-boards]

What is checked, and nothing of the renderer's own choices beyond it:
- the page starts with "<!DOCTYPE html>" (any case), is UTF-8 and parses as HTML with every
  element closed in order (void elements and the end tags HTML lets one omit aside);
- one <html>, <head>, <body>, a non-empty document <title> (SVG titles aside), <meta charset="utf-8">;
- the element contract: svg#chart-outcomes, svg#chart-reasons (or, in a run without an invalid
  line, p#chart-reasons.empty), svg#chart-inputs, svg#chart-piece-count, svg#chart-material,
  svg#chart-side-to-move, svg#chart-castling, section#most-repeated, table#options,
  section#summary; no id twice;
- with --expect-boards (a run with dedupe and repeated positions): at least one svg.board
  inside section#most-repeated;
- self-contained: no element loads anything (src, href of anything but a link, srcset, data,
  poster: only "#fragment" or "data:" allowed), no <script src>, no <link> to a resource, no
  @import or url() to anything but a fragment or data: in a style;
- with --expect-input: the page names that input (a name HTML does not escape).
Prints each failure and exits 1; exits 0 when the page passes.
"""

import html.parser
import re
import sys

CHARTS = (
    "chart-outcomes",
    "chart-reasons",
    "chart-inputs",
    "chart-piece-count",
    "chart-material",
    "chart-side-to-move",
    "chart-castling",
)
VOID = {
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
    "track", "wbr",
}
# End tags HTML lets a page leave out (closed by what follows or by the end of the document).
OPTIONAL_END = {
    "html", "head", "body", "p", "li", "dt", "dd", "tr", "td", "th", "thead", "tbody", "tfoot",
    "option", "optgroup", "colgroup", "caption", "rt", "rp",
}
LOADING_ATTRIBUTES = {"src", "href", "xlink:href", "srcset", "data", "poster", "background"}
LOCAL_URL = re.compile(r"^\s*(#|data:)", re.IGNORECASE)
STYLE_FETCH = re.compile(r"@import|url\(\s*(?![\"']?\s*(#|data:))", re.IGNORECASE)


class ReportParser(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.failures = []
        self.stack = []  # (tag, id, classes)
        self.elements = {}  # id -> (tag, ancestors' ids)
        self.counts = {}
        self.boards_in_most_repeated = 0
        self.title = ""
        self.in_title = False
        self.in_style = False
        self.charset = None

    def fail(self, what):
        self.failures.append(f"line {self.getpos()[0]}: {what}")

    def element(self, tag, attrs, closes_itself):
        attributes = dict(attrs)
        # An SVG <title> is a chart's or a bar's hover text, not the document's title.
        in_svg = any(t == "svg" for t, _, _ in self.stack)
        counted = "svg title" if tag == "title" and in_svg else tag
        self.counts[counted] = self.counts.get(counted, 0) + 1
        classes = (attributes.get("class") or "").split()
        element_id = attributes.get("id")
        if element_id is not None:
            if element_id in self.elements:
                self.fail(f"id {element_id!r} twice")
            self.elements[element_id] = (tag, classes)
        if tag == "svg" and "board" in classes:
            if any(i == "most-repeated" for _, i, _ in self.stack):
                self.boards_in_most_repeated += 1
        if tag == "meta" and attributes.get("charset") is not None:
            self.charset = attributes["charset"]
        for name, value in attrs:
            if name in LOADING_ATTRIBUTES and not (tag == "a" and name in ("href", "xlink:href")):
                if value is None or not LOCAL_URL.match(value):
                    self.fail(f"<{tag} {name}={value!r}> loads something")
        if tag == "link":
            self.fail(f"<link> to {attributes.get('href')!r}: a page that fetches nothing has none")
        if tag == "script" and "src" in attributes:
            self.fail("<script src>: an external script")
        style = attributes.get("style")
        if style and STYLE_FETCH.search(style):
            self.fail(f"style attribute fetches: {style!r}")
        if tag not in VOID and not closes_itself:
            self.stack.append((tag, element_id, classes))
        self.in_title = tag == "title" and not in_svg and not closes_itself
        self.in_style = tag == "style" and not closes_itself

    def handle_starttag(self, tag, attrs):
        self.element(tag, attrs, False)

    def handle_startendtag(self, tag, attrs):
        self.element(tag, attrs, True)

    def handle_endtag(self, tag):
        self.in_title = self.in_style = False
        if tag in VOID:
            return
        open_tags = [t for t, _, _ in self.stack]
        if tag not in open_tags:
            self.fail(f"</{tag}> closes nothing")
            return
        while self.stack:
            top, _, _ = self.stack.pop()
            if top == tag:
                return
            if top not in OPTIONAL_END:
                self.fail(f"<{top}> left open by </{tag}>")

    def handle_data(self, data):
        if self.in_title:
            self.title += data
        if self.in_style and STYLE_FETCH.search(data):
            self.fail("a style sheet fetches (@import or url() to a resource)")


def check(path, expect_inputs, expect_boards):
    failures = []
    raw = open(path, "rb").read()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        return [f"not UTF-8: {e}"]
    if not text[:15].lower() == "<!doctype html>":
        failures.append(f"does not start with <!DOCTYPE html>: {text[:40]!r}")
    parser = ReportParser()
    parser.feed(text)
    parser.close()
    failures += parser.failures
    left_open = [t for t, _, _ in parser.stack if t not in OPTIONAL_END]
    if left_open:
        failures.append(f"elements never closed: {left_open}")
    for tag in ("html", "head", "body", "title"):
        if parser.counts.get(tag, 0) != 1:
            failures.append(f"{parser.counts.get(tag, 0)} <{tag}> elements, expected 1")
    if not parser.title.strip():
        failures.append("empty <title>")
    if (parser.charset or "").lower() != "utf-8":
        failures.append(f'<meta charset> is {parser.charset!r}, expected "utf-8"')
    expected = {chart: "svg" for chart in CHARTS}
    expected.update({"most-repeated": "section", "options": "table", "summary": "section"})
    for element_id, tag in expected.items():
        found = parser.elements.get(element_id)
        if found is None:
            failures.append(f"no element #{element_id}")
        elif found[0] != tag and not (
            element_id == "chart-reasons" and found[0] == "p" and "empty" in found[1]
        ):
            failures.append(f"#{element_id} is a <{found[0]}>, expected <{tag}>")
    if expect_boards and parser.boards_in_most_repeated == 0:
        failures.append("no svg.board inside #most-repeated")
    if expect_inputs is not None and expect_inputs not in text:
        failures.append(f"the input {expect_inputs!r} is not named")
    return failures


def main(argv):
    arguments = argv[2:]
    expect_boards = "--expect-boards" in arguments
    if expect_boards:
        arguments.remove("--expect-boards")
    named_input = len(arguments) == 2 and arguments[0] == "--expect-input"
    if len(argv) < 2 or not (arguments == [] or named_input):
        print(__doc__, file=sys.stderr)
        return 2
    failures = check(argv[1], arguments[1] if arguments else None, expect_boards)
    for failure in failures:
        print(f"{argv[1]}: {failure}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

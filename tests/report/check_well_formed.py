#!/usr/bin/env python3
"""Checks report pages as XML (the page is written to be well-formed): each FILE must parse
with xml.etree (standard library only), decode as strict UTF-8, keep its ids unique, refer only
to symbols it defines, and hold no script, link, image or external reference."""
import re
import sys
import xml.etree.ElementTree as ElementTree

CONTRACT = ["summary", "chart-outcomes", "chart-reasons", "chart-inputs", "chart-piece-count",
            "chart-material", "chart-side-to-move", "chart-castling", "most-repeated", "options"]


def check(path):
    problems = []
    data = open(path, "rb").read()
    try:
        text = data.decode("utf-8", errors="strict")
    except UnicodeDecodeError as error:
        return [f"not UTF-8: {error}"]
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError as error:
        return [f"not well-formed XML: {error}"]
    if root.tag != "html":
        problems.append(f"root element is {root.tag}")
    ids = [element.get("id") for element in root.iter() if element.get("id") is not None]
    for id_ in sorted({i for i in ids if ids.count(i) > 1}):
        problems.append(f"id {id_} appears {ids.count(id_)} times")
    for id_ in CONTRACT:
        if id_ not in ids:
            problems.append(f"id {id_} is missing")
    symbols = {element.get("id") for element in root.iter("symbol")}
    for use in root.iter("use"):
        href = use.get("href", "")
        if not href.startswith("#") or href[1:] not in symbols:
            problems.append(f"<use href={href!r}> names no symbol of the page")
    for tag in ("script", "link", "img", "iframe", "object", "embed", "image"):
        if any(True for _ in root.iter(tag)):
            problems.append(f"has a <{tag}> element")
    for element in root.iter():
        for name, value in element.attrib.items():
            if name in ("src", "srcset", "xlink:href") or (name == "href" and
                                                           not value.startswith("#")):
                problems.append(f"<{element.tag} {name}={value!r}> refers outside the page")
    if re.search(r"https?:|//|url\(|@import", text):
        problems.append("mentions an external reference (http:, //, url(), @import)")
    metas = {(m.get("name") or m.get("http-equiv")): m.get("content") for m in root.iter("meta")}
    if "default-src 'none'" not in (metas.get("Content-Security-Policy") or ""):
        problems.append("no Content-Security-Policy default-src 'none'")
    if metas.get("viewport") != "width=device-width, initial-scale=1":
        problems.append("no viewport meta")
    for element in root.iter("svg"):
        if "chart" in (element.get("class") or "").split() and element.find("title") is None:
            problems.append(f"chart {element.get('id')} has no <title>")
    return problems


def main():
    failed = False
    for path in sys.argv[1:]:
        problems = check(path)
        for problem in problems:
            print(f"{path}: {problem}")
        failed = failed or bool(problems)
        if not problems:
            print(f"{path}: ok")
    return 1 if failed or len(sys.argv) < 2 else 0


if __name__ == "__main__":
    sys.exit(main())

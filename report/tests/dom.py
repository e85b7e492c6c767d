#!/usr/bin/env python3
"""The HTML report against its Markdown, as headless Chromium parsed it
(--dump-dom): every Markdown table is an HTML table with the same rows and
columns and the same cell texts, no table is left as raw text, verdict
cells carry their class, diff lines are coloured, the size chart is there.

usage: dom.py REPORT.md DOM.html
"""
import html.parser
import re
import sys


def md_tables(path):
    tables, cur = [], None
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.startswith("|"):
            cells = [c.strip() for c in
                     re.split(r"(?<!\\)\|", line.strip()[1:-1])]
            if cur is None:
                cur = []
                tables.append(cur)
            if not all(re.fullmatch(r"-+", c) for c in cells):
                cur.append(cells)
        else:
            cur = None
    return tables


def plain(md_cell):
    """A Markdown cell's text as the browser shows it."""
    t = md_cell.replace("\\|", "|")
    t = re.sub(r"\*\*(.*?)\*\*", r"\1", t)
    t = re.sub(r"`([^`]*)`", r"\1", t)
    return t


class Dom(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.tables, self.cell, self.classes = [], None, {}
        self.pre, self.pre_text, self.svg = 0, [], 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self.cell = []
            if a.get("class"):
                self.classes[a["class"]] = self.classes.get(a["class"], 0) + 1
        elif tag == "span" and a.get("class"):
            self.classes[a["class"]] = self.classes.get(a["class"], 0) + 1
        elif tag == "pre":
            self.pre += 1
        elif tag == "svg":
            self.svg += 1

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self.tables[-1][-1].append("".join(self.cell).strip())
            self.cell = None
        elif tag == "pre":
            self.pre -= 1

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)
        if self.pre:
            self.pre_text.append(data)


def main():
    md = md_tables(sys.argv[1])
    dom = Dom()
    dom.feed(open(sys.argv[2], encoding="utf-8").read())
    fails = []
    if len(md) != len(dom.tables):
        fails.append(f"{len(md)} Markdown tables, {len(dom.tables)} HTML tables")
    for i, (m, h) in enumerate(zip(md, dom.tables)):
        if len(m) != len(h):
            fails.append(f"table {i + 1} ({m[0][0]}): {len(m)} rows in "
                         f"Markdown, {len(h)} in HTML")
            continue
        for r, (mr, hr) in enumerate(zip(m, h)):
            if [plain(c) for c in mr] != hr:
                fails.append(f"table {i + 1} row {r + 1}: {mr} became {hr}")
                break
    if re.search(r"^\|.*\|$", "".join(dom.pre_text), re.M):
        fails.append("a table is still raw Markdown inside <pre>")
    for cls in ("same", "silent", "loud", "add", "del"):
        if not dom.classes.get(cls):
            fails.append(f"no element of class {cls}")
    if not dom.svg:
        fails.append("no size chart")
    for f in fails:
        print(f"FAIL: {f}")
    rows = sum(len(t) for t in dom.tables)
    print(f"html: {len(dom.tables)} tables, {rows} rows, as in the Markdown; "
          f"classes {dict(sorted(dom.classes.items()))}" if not fails else
          f"html: {len(fails)} problems")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())

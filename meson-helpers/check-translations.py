#!/usr/bin/env python3
"""Keeps Natter translatable: fails when a user-visible string is not marked for translation,
when POTFILES misses a file with marked strings, or when a catalogue is incomplete, fuzzy,
invalid, or changes a `{placeholder}`.

A user-visible string is a literal that reads like words ("Send", "No messages yet"); it must
be passed to `localized(...)` or `localizedPlural(...)` (NatterCore/Localization.swift). The
few literals that read like words but are not shown to people (log lines, GTK names, SQL) are
listed with the reason in po/untranslated.txt.

Run from the package root: meson-helpers/check-translations.py [--list]
"""

import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCES = ["Sources/GtkKit", "Sources/NatterCore", "Sources/NatterStore", "Sources/NatterUI"]
MARKERS = ("localized(", "localizedPlural(")
MARKED_BY = ("localized", "localizedPlural")
# Where the markers are defined, not used.
DEFINITIONS = {"Sources/NatterCore/Localization.swift", "Sources/GtkKit/Gettext.swift"}
# Literals passed to these are for developers, not shown in the window.
DEVELOPER_CALLS = re.compile(
    r"^(Log\.\w+|natter_log|fatalError|precondition(Failure)?|assert(ionFailure)?|debugPrint)\($")
# Whatever these calls get is shown, even a single word ("edited").
SHOWN_BY = re.compile(
    r"^(gtk_\w*(label|title|text|tooltip|placeholder)\w*|\w*\.?set\w*(Tooltip|Label|Title|Text|"
    r"Description)|\w*\.?show)$")
WORDS = re.compile(r"^\W*[A-Z][a-z]+\b|[A-Za-z]{2,}\s+(\w{1,2}\s+)*[A-Za-z]{2,}")


def literals(text):
    """(offset, contents) of each single-line string literal outside comments; the contents
    keep interpolations as written."""
    i, n = 0, len(text)
    while i < n:
        if text.startswith("//", i):
            i = text.find("\n", i)
            i = n if i < 0 else i
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2
        elif text.startswith('"""', i):
            end = text.find('"""', i + 3)
            i = n if end < 0 else end + 3
        elif text[i] == '"':
            start, i, depth = i, i + 1, 0
            while i < n and (text[i] != '"' or depth) and text[i] != "\n":
                if text.startswith("\\(", i):
                    depth += 1
                    i += 2
                    continue
                if depth and text[i] == ")":
                    depth -= 1
                elif depth and text[i] == '"':
                    # A literal inside an interpolation.
                    i = text.find('"', i + 1)
                elif text[i] == "\\":
                    i += 1
                i += 1
            yield start, text[start + 1:i]
            i += 1
        else:
            i += 1


def enclosing_call(text, offset):
    """The name called by the innermost unclosed parenthesis before `offset`."""
    depth = 0
    for i in range(offset - 1, max(-1, offset - 2000), -1):
        if text[i] == ")":
            depth += 1
        elif text[i] == "(":
            if depth == 0:
                match = re.search(r"([\w.]+)\s*$", text[max(0, i - 80):i])
                return match.group(1) if match else ""
            depth -= 1
        elif text[i] in "{}":
            return ""
    return ""


DECLARATION = re.compile(
    r"^(\s*)(?:@\w+ )*(?:(?:public|private|fileprivate|internal|static|override|mutating) )*"
    r"(func|var|let|init)\b(.*)$")


def enclosing_declaration(text, offset):
    lines = text[:offset].split("\n")
    indent = len(lines[-1]) - len(lines[-1].lstrip())
    for line in reversed(lines[:-1]):
        match = DECLARATION.match(line)
        if match and len(match.group(1)) < indent:
            return match.group(2) + match.group(3)
    return ""


def developer(text, offset):
    """Log lines, crashes and `description` (CustomStringConvertible, for logs) are read by
    developers, in English."""
    call = enclosing_call(text, offset)
    if DEVELOPER_CALLS.search(call + "("):
        return True
    declaration = enclosing_declaration(text, offset)
    return re.match(r"var (debugD|d)escription: String", declaration) is not None


def unmarked_strings(allowed):
    problems = []
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*.swift")):
            text = path.read_text()
            found = list(literals(text))
            # Parentheses and braces inside literals are not code.
            masked = list(text)
            for offset, contents in found:
                masked[offset + 1:offset + 1 + len(contents)] = " " * len(contents)
            masked = "".join(masked)
            for offset, contents in found:
                words = re.sub(r"\\\(.*?\)", "", contents)
                call = enclosing_call(masked, offset)
                shown = SHOWN_BY.match(call) and re.search(r"[A-Za-z]{2,}", words)
                if call in MARKED_BY or not (shown or WORDS.search(words)):
                    continue
                if any(pattern.fullmatch(contents) for pattern in allowed):
                    continue
                if developer(text, offset):
                    continue
                line = text.count("\n", 0, offset) + 1
                problems.append(f"{path.relative_to(ROOT)}:{line}: \"{contents}\"")
    return problems


def allowed_literals():
    allowed = []
    for line in (ROOT / "po/untranslated.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            allowed.append(re.compile(line.split("\t")[0]))
    return allowed


def files_with_marked_strings():
    found = set()
    for folder in SOURCES:
        for path in (ROOT / folder).rglob("*.swift"):
            if any(marker in path.read_text() for marker in MARKERS):
                found.add(str(path.relative_to(ROOT)))
    return found - DEFINITIONS


def catalogue_problems():
    problems = []
    listed = {line.strip() for line in (ROOT / "po/POTFILES").read_text().splitlines()
              if line.strip() and not line.startswith("#")}
    for missing in sorted(files_with_marked_strings() - listed):
        problems.append(f"po/POTFILES: {missing} has marked strings but is not listed")
    for gone in sorted(path for path in listed if not (ROOT / path).exists()):
        problems.append(f"po/POTFILES: {gone} does not exist")
    template = subprocess.run(
        [str(ROOT / "meson-helpers/update-po.sh"), "--template-only"], cwd=ROOT,
        capture_output=True, text=True)
    if template.returncode != 0:
        return problems + [f"po/natter.pot could not be made: {template.stderr.strip()}"]
    pot = template.stdout
    for language in (ROOT / "po/LINGUAS").read_text().split():
        po = ROOT / "po" / f"{language}.po"
        check = subprocess.run(["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(po)],
                               capture_output=True, text=True)
        if check.returncode != 0:
            problems.append(f"{po.relative_to(ROOT)}: {check.stderr.strip()}")
            continue
        merged = subprocess.run(["msgmerge", "--quiet", "--no-fuzzy-matching", "--no-wrap", "-o", "-",
                                 str(po), "-"], input=pot, capture_output=True, text=True)
        untranslated = subprocess.run(
            ["msgattrib", "--untranslated", "--no-obsolete", "--no-wrap", "-"], input=merged.stdout,
            capture_output=True, text=True).stdout
        fuzzy = subprocess.run(["msgattrib", "--only-fuzzy", "--no-obsolete", "--no-wrap", "-"],
                               input=merged.stdout, capture_output=True, text=True).stdout
        for kind, output in (("untranslated", untranslated), ("fuzzy", fuzzy)):
            for msgid in re.findall(r'^msgid "(.+)"$', output, re.M):
                problems.append(f"{po.relative_to(ROOT)}: {kind}: \"{msgid}\"")
        problems += placeholder_problems(po)
    return problems


def placeholder_problems(po):
    problems = []
    entries = re.split(r"\n\n+", po.read_text())
    for entry in entries:
        if entry.startswith("#~"):
            continue
        ids = "".join(re.findall(r'^msgid(?:_plural)? "(.*)"$', entry, re.M))
        strings = re.findall(r'^msgstr(?:\[\d\])? "(.*)"$', entry, re.M)
        wanted = set(re.findall(r"\{[a-z]+\}", ids))
        for text in strings:
            if text and set(re.findall(r"\{[a-z]+\}", text)) - wanted:
                problems.append(f"{po.relative_to(ROOT)}: unknown placeholder in \"{text}\"")
            if text and "{count}" not in ids and wanted - set(re.findall(r"\{[a-z]+\}", text)):
                problems.append(f"{po.relative_to(ROOT)}: a placeholder is missing in \"{text}\"")
    return problems


def main():
    problems = unmarked_strings(allowed_literals())
    if "--list" in sys.argv:
        print("\n".join(problems))
        return 0
    if problems:
        print("User-visible strings not marked for translation (wrap them in localized(...), or "
              "list them with the reason in po/untranslated.txt):", file=sys.stderr)
        print("\n".join(problems), file=sys.stderr)
        return 1
    problems = catalogue_problems()
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    print("translations: every user-visible string is marked and every catalogue complete")
    return 0


if __name__ == "__main__":
    sys.exit(main())

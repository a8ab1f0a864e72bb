"""Printing: Markdown tables (readable on a terminal, pasted as is into BENCHMARKS.md) and the
number formats they use."""

from __future__ import annotations

import sys


def seconds(value: float) -> str:
    if value < 1:
        return f"{value * 1000:.1f} ms"
    return f"{value:.2f} s"


def megabytes(kb: float) -> str:
    return f"{kb / 1024:.1f} MB"


def size(nbytes: float) -> str:
    if nbytes < 1 << 20:
        return f"{nbytes / 1024:.0f} KB"
    return f"{nbytes / (1 << 20):.1f} MB"


def ratio(value: float) -> str:
    return f"{value:.2f}×" if value < 10 else f"{value:.1f}×"


def count(value: float) -> str:
    return f"{value:,.0f}" if float(value).is_integer() else f"{value:,.1f}"


def heading(text: str) -> None:
    emit(f"\n### {text}\n")


def note(text: str) -> None:
    emit(text)


def table(headers: list[str], rows: list[list[str]]) -> None:
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]
    line = lambda cells: "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths)) + " |"
    emit(line(headers))
    emit("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for row in rows:
        emit(line(row))
    emit("")


def progress(text: str) -> None:
    """Status for the person waiting; stderr, so stdout is only the report."""
    print(f"… {text}", file=sys.stderr, flush=True)


captured: list[str] = []  # everything printed on stdout, for --update


def emit(text: str) -> None:
    print(text, flush=True)
    captured.append(text)


BEGIN, END = "<!-- scripts/bench output: begin -->", "<!-- scripts/bench output: end -->"


def update(path) -> None:
    """Replaces the text between the two markers in `path` with this run's report."""
    text = path.read_text(encoding="utf-8")
    if BEGIN not in text or END not in text:
        raise SystemExit(f"scripts/bench: {path} lacks the markers {BEGIN} and {END}")
    head, rest = text.split(BEGIN, 1)
    tail = rest.split(END, 1)[1]
    path.write_text(head + BEGIN + "\n\n" + "\n".join(captured).strip() + "\n\n" + END + tail, encoding="utf-8")

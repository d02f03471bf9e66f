"""Fails when a connect() call has no context object: connect(sender, &Signal, functor) runs the
functor even after whatever it captured is gone, and queues it on the sender's thread. Qt 6.7's
QT_NO_CONTEXTLESS_CONNECT rejects these at compile time; Debian 12 ships Qt 6.4, so this check
does the same over the source tree. Usage: check_connect_context.py SOURCE_DIR"""
import pathlib
import re
import sys

from source_tree import cpp_sources, line_of

CALL = re.compile(r"(?<![\w:])(?:QObject::)?connect\(")
OPEN, CLOSE = "([{", ")]}"


def strip_strings(text):
    return re.sub(r'"(?:\\.|[^"\\])*"', '""', text)


def arguments(text, start):
    """The top-level arguments of the call whose '(' is at text[start - 1]."""
    depth, args, current = 0, [], []
    for ch in text[start:]:
        if ch in OPEN:
            depth += 1
        elif ch in CLOSE:
            if depth == 0:
                args.append("".join(current).strip())
                return args
            depth -= 1
        elif ch == "," and depth == 0:
            args.append("".join(current).strip())
            current = []
            continue
        current.append(ch)
    return args


def contextless_calls(text):
    text = strip_strings(text)
    for match in CALL.finditer(text):
        args = arguments(text, match.end())
        if len(args) == 3 and args[1].startswith("&"):
            yield line_of(text, match.start()), args[2].split("\n")[0][:60]


def main():
    root = pathlib.Path(sys.argv[1])
    found = 0
    for relative, text in cpp_sources(root, ("app", "views", "core", "tests", "benchmarks")):
        for line, functor in contextless_calls(text):
            print(f"{relative}:{line}: connect() without a context object (functor {functor})")
            found += 1
    print(f"contextless connect() calls: {found}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())

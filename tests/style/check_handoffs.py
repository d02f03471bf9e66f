"""Fails when code of app/ or views/ hands work to another thread with QMetaObject::invokeMethod
instead of views::postTo / views::runAndWait (views/background/HandOff.h). Those two publish the
hand-off to ThreadSanitizer, which cannot see the locks inside Debian's Qt; a bare queued
invokeMethod would make the TSan stage report its captures as races.
Usage: check_handoffs.py SOURCE_DIR"""
import pathlib
import re
import sys

INVOKE = re.compile(r"QMetaObject::invokeMethod\(")
ALLOWED = {pathlib.Path("views/background/HandOff.h")}


def strip_comments(text):
    text = re.sub(r"//[^\n]*", "", text)
    return re.sub(r"/\*.*?\*/", "", text, flags=re.S)


def main():
    root = pathlib.Path(sys.argv[1])
    found = 0
    for folder in ("app", "views"):
        for path in sorted((root / folder).rglob("*")):
            relative = path.relative_to(root)
            if path.suffix not in (".cpp", ".h") or relative in ALLOWED:
                continue
            text = strip_comments(path.read_text(encoding="utf-8"))
            for match in INVOKE.finditer(text):
                line = text.count("\n", 0, match.start()) + 1
                print(f"{relative}:{line}: QMetaObject::invokeMethod: use views::postTo or views::runAndWait")
                found += 1
    print(f"unpublished hand-offs: {found}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())

"""Fails when code of app/ or views/ hands work to another thread with QMetaObject::invokeMethod
instead of views::postTo / views::runAndWait (views/background/HandOff.h). Those two publish the
hand-off to ThreadSanitizer, which cannot see the locks inside Debian's Qt; a bare queued
invokeMethod would make the TSan stage report its captures as races.
Usage: check_handoffs.py SOURCE_DIR"""
import pathlib
import re
import sys

from source_tree import cpp_sources, line_of

INVOKE = re.compile(r"QMetaObject::invokeMethod\(")
ALLOWED = {pathlib.Path("views/background/HandOff.h")}


def main():
    root = pathlib.Path(sys.argv[1])
    found = 0
    for relative, text in cpp_sources(root, ("app", "views")):
        if relative in ALLOWED:
            continue
        for match in INVOKE.finditer(text):
            print(f"{relative}:{line_of(text, match.start())}: QMetaObject::invokeMethod: use views::postTo or views::runAndWait")
            found += 1
    print(f"unpublished hand-offs: {found}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())

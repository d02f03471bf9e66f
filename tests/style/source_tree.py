"""What the style checks share: the C++ sources of a source tree's folders, read without comments."""
import re


def strip_comments(text):
    text = re.sub(r"//[^\n]*", "", text)
    return re.sub(r"/\*.*?\*/", "", text, flags=re.S)


def cpp_sources(root, folders):
    """(path relative to root, text without comments) of every .cpp and .h under the folders."""
    for folder in folders:
        for path in sorted((root / folder).rglob("*")):
            if path.suffix in (".cpp", ".h"):
                yield path.relative_to(root), strip_comments(path.read_text(encoding="utf-8"))


def line_of(text, offset):
    return text.count("\n", 0, offset) + 1

"""Fails when an #include crosses the project's layering:
- core/ includes no Qt, VTK or Qt-using code, and each core folder includes only the core folders
  its library names in DEPENDS (core/<folder>/CMakeLists.txt), directly or through them;
- views/ includes nothing of app/; core/ nothing of views/ or app/;
- in app/, gui/ (the window) and report/ (the bug-report writer) include nothing of each other:
  both build on pair/, and the window gets the writer handed in (app/WindowReportWriter.h);
- an include prefix ("io/", "rerun/", …) names exactly one folder in core/, views/ and app/;
- every .cpp of core/, views/ and app/ is named in the CMakeLists.txt of its folder or a parent
  (explicit source lists: a file nobody lists is a file nobody builds);
- every folder of core/, views/ and app/ has its row in docs/architecture.md ("| `folder/` |");
- views/ and app/ include only core's public headers, MESHDIFF_CORE_PUBLIC_HEADERS in
  core/CMakeLists.txt (docs/architecture.md, "Core's public headers"), and each listed one exists.
Usage: check_layering.py SOURCE_DIR"""
import pathlib
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)
PUBLIC_HEADERS = re.compile(r"set\(MESHDIFF_CORE_PUBLIC_HEADERS\s([^)]*)\)")
# Folders of app/ that must not include each other, in both directions.
APART = {("gui", "report"), ("report", "gui")}
DEPENDS = re.compile(r"DEPENDS\s+([\w\s]+?)(?:\n\s*[A-Z_]+\s|\))", re.S)


def folders(root):
    return {d.name for d in root.iterdir() if d.is_dir()}


def core_dependencies(core):
    direct = {}
    for folder in folders(core):
        cmake = core / folder / "CMakeLists.txt"
        match = DEPENDS.search(cmake.read_text()) if cmake.exists() else None
        direct[folder] = set(match.group(1).split()) if match else set()
    closure = {}
    def reach(folder, seen=()):
        if folder in seen:
            raise SystemExit(f"core/{folder}: dependency cycle through {' -> '.join(seen + (folder,))}")
        if folder not in closure:
            closure[folder] = set(direct.get(folder, ()))
            for dep in direct.get(folder, ()):
                closure[folder] |= reach(dep, seen + (folder,))
        return closure[folder]
    for folder in direct:
        reach(folder)
    return closure


def core_public_headers(core):
    match = PUBLIC_HEADERS.search((core / "CMakeLists.txt").read_text())
    if not match:
        raise SystemExit("core/CMakeLists.txt: no set(MESHDIFF_CORE_PUBLIC_HEADERS ...)")
    return set(re.sub(r"#[^\n]*", "", match.group(1)).split())


def sources(root):
    return sorted(p for p in root.rglob("*") if p.suffix in (".cpp", ".h"))


def unlisted_sources(top):
    found = []
    for layer in ("core", "views", "app"):
        for path in sources(top / layer):
            if path.suffix != ".cpp":
                continue
            folder, listed = path.parent, False
            while not listed and folder != top:
                cmake = folder / "CMakeLists.txt"
                if cmake.exists():
                    name = str(path.relative_to(folder))
                    listed = re.search(r"(^|[\s(/])" + re.escape(name) + r"($|[\s)])", cmake.read_text(), re.M)
                folder = folder.parent
            if not listed:
                found.append(f"{path.relative_to(top)}: not in any CMakeLists.txt source list")
    return found


def folders_without_a_row(top):
    doc = (top / "docs" / "architecture.md").read_text(encoding="utf-8")
    return [f"{layer}/{folder}: no row in docs/architecture.md"
            for layer in ("core", "views", "app") for folder in sorted(folders(top / layer))
            if f"| `{folder}/` |" not in doc]


def main():
    top = pathlib.Path(sys.argv[1])
    core, views, app = top / "core", top / "views", top / "app"
    owners = {}
    for layer in (core, views, app):
        for folder in folders(layer):
            owners.setdefault(folder, []).append(f"{layer.name}/{folder}")
    problems = [f"include prefix '{name}/' names {len(where)} folders: {', '.join(where)}"
                for name, where in sorted(owners.items()) if len(where) > 1]

    allowed = core_dependencies(core)
    public = core_public_headers(core)
    problems += [f"core/CMakeLists.txt: MESHDIFF_CORE_PUBLIC_HEADERS lists {name}, which is not in core/"
                 for name in sorted(public) if not (core / name).is_file()]
    core_folders, views_folders, app_folders = folders(core), folders(views), folders(app)
    for layer, forbidden in ((core, views_folders | app_folders), (views, app_folders), (app, set())):
        for path in sources(layer):
            own = path.relative_to(layer).parts[0]
            for kind, name in INCLUDE.findall(path.read_text(encoding="utf-8")):
                where = f"{path.relative_to(top)}: #include {name}"
                prefix = name.split("/")[0] if "/" in name else None
                if kind == '"' and prefix in forbidden:
                    problems.append(f"{where} reaches up a layer")
                if layer == app and kind == '"' and (own, prefix) in APART:
                    problems.append(f"{where}: app/{own} and app/{prefix} do not include each other")
                if layer != core and kind == '"' and (core / name).is_file() and name not in public:
                    problems.append(f"{where}: not one of core's public headers; if views/ and app/ are "
                                    f"meant to use it, add it to MESHDIFF_CORE_PUBLIC_HEADERS in "
                                    f"core/CMakeLists.txt (docs/architecture.md, \"Core's public headers\")")
                if layer == core and kind == "<" and re.match(r"(Q[A-Z]|Qt|vtk)", name):
                    problems.append(f"{where}: core/ is plain C++")
                if (layer == core and kind == '"' and prefix in core_folders and prefix != own
                        and prefix not in allowed[own]):
                    problems.append(f"{where}: core/{own} does not depend on core/{prefix} "
                                    f"(core/{own}/CMakeLists.txt DEPENDS)")
    problems += unlisted_sources(top)
    problems += folders_without_a_row(top)
    for p in problems:
        print(p)
    print(f"layering problems: {len(problems)}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

"""meshdiff's NumPy probe: what NumPy computes with on this host, as one JSON object on stdout.

Reruns run it with the recipe's Python and the job's environment (LD_LIBRARY_PATH,
NPY_DISABLE_CPU_FEATURES) just before the job, on the host the job runs on. It reports
  numpy_version  NumPy's version string,
  numpy_simd     NumPy's dispatch as np.show_runtime() shows it: the baseline, the dispatch targets,
                 which are on, the NPY_DISABLE_CPU_FEATURES in effect, and NumPy 2's x86 groups
                 (X86_V2/X86_V3/X86_V4) where the NumPy has them (NumPy 1 names single features),
  numpy_blas     the BLAS NumPy loads: threadpoolctl's account when installed, else the library
                 found in /proc/self/maps, with numpy.show_config()'s build information (NumPy >= 1.26),
  python         the interpreter (executable, version, prefix, whether it is a virtual environment).
Works with NumPy 1.x and 2.x and with the standard library alone. It never fails: whatever cannot
be read is named under "errors" ({"numpy": "ModuleNotFoundError: …"} when NumPy is missing) and
the exit status is 0 whenever the JSON was written.
"""

import json
import os
import sys

PROBE_VERSION = 1
BLAS_NAMES = ("openblas", "libblas", "libcblas", "mkl", "blis", "flexiblas", "libsci", "accelerate", "armpl")
LAPACK_NAMES = ("liblapack", "openblas", "mkl", "flame", "flexiblas")


def describe(error):
    return "%s: %s" % (type(error).__name__, error)


def guarded(report, key, function, *args):
    """function(*args), or None with the failure recorded under report["errors"][key]."""
    try:
        return function(*args)
    except BaseException as error:  # noqa: BLE001 — a probe reports, it never stops
        if isinstance(error, KeyboardInterrupt):
            raise
        report["errors"][key] = describe(error)
        return None


def python_description():
    import platform

    base = getattr(sys, "base_prefix", sys.prefix)
    return {
        "executable": sys.executable,
        "version": platform.python_version(),
        "implementation": platform.python_implementation(),
        "prefix": sys.prefix,
        "virtual_environment": sys.prefix != base or "CONDA_PREFIX" in os.environ,
    }


def multiarray_module():
    """NumPy 2 keeps the C core in numpy._core, NumPy 1 in numpy.core."""
    try:
        from numpy._core import _multiarray_umath as module  # NumPy 2

        return module
    except ImportError:
        from numpy.core import _multiarray_umath as module  # NumPy 1

        return module


def dispatch_description():
    module = multiarray_module()
    features = dict(getattr(module, "__cpu_features__", {}) or {})
    baseline = list(getattr(module, "__cpu_baseline__", []) or [])
    dispatch = list(getattr(module, "__cpu_dispatch__", []) or [])
    simd = {
        "NPY_DISABLE_CPU_FEATURES": os.environ.get("NPY_DISABLE_CPU_FEATURES", ""),
        "cpu_baseline": baseline,
        "cpu_dispatch": dispatch,
        # The dispatch targets NumPy takes here: present on the CPU and not turned off.
        "dispatch_enabled": [name for name in dispatch if features.get(name)],
        "cpu_features_enabled": sorted(name for name, on in features.items() if on),
        "cpu_features_disabled_or_absent": sorted(name for name, on in features.items() if not on),
    }
    if "NPY_ENABLE_CPU_FEATURES" in os.environ:
        simd["NPY_ENABLE_CPU_FEATURES"] = os.environ["NPY_ENABLE_CPU_FEATURES"]
    groups = sorted(name for name in set(features) | set(baseline) | set(dispatch) if name.startswith("X86_V"))
    simd["feature_names"] = "NumPy 2 groups" if groups else "NumPy 1 single features"
    if groups:
        simd["x86_groups"] = {name: bool(features.get(name, name in baseline)) for name in groups}
    return simd


def loaded_libraries():
    """Shared libraries mapped into this process that look like BLAS or LAPACK (Linux only)."""
    found = []
    with open("/proc/self/maps") as maps:
        for line in maps:
            parts = line.split(None, 5)
            if len(parts) < 6:
                continue
            path = parts[5].strip()
            name = os.path.basename(path).lower()
            if ".so" not in name or path in found:
                continue
            if any(key in name for key in BLAS_NAMES + LAPACK_NAMES):
                found.append(path)
    return found


def vendor_of(path):
    text = path.lower()
    for key, vendor in (("openblas", "OpenBLAS"), ("mkl", "Intel MKL"), ("blis", "BLIS"), ("flexiblas", "FlexiBLAS"),
                        ("atlas", "ATLAS"), ("accelerate", "Accelerate"), ("armpl", "Arm PL"), ("libsci", "Cray LibSci")):
        if key in text:
            return vendor
    if "/blas/" in text or "/lapack/" in text or os.path.basename(text).startswith(("libblas", "liblapack")):
        return "reference BLAS/LAPACK (Netlib)"
    return "unknown"


def openblas_details(path):
    """OpenBLAS's own account of its version and the CPU kernels it chose (wheels prefix the symbols)."""
    import ctypes

    library = ctypes.CDLL(path)
    details = {}
    for prefix in ("", "scipy_"):
        for suffix in ("", "64_"):
            config = getattr(library, prefix + "openblas_get_config" + suffix, None)
            core = getattr(library, prefix + "openblas_get_corename" + suffix, None)
            if config is None:
                continue
            config.restype = ctypes.c_char_p
            details["config"] = config().decode("utf-8", "replace").strip()
            words = details["config"].split()
            if len(words) > 1 and words[0] == "OpenBLAS":
                details["version"] = words[1]
            if core is not None:
                core.restype = ctypes.c_char_p
                details["corename"] = core().decode("utf-8", "replace").strip()
            return details
    return details


def threadpoolctl_blas():
    import threadpoolctl

    for entry in threadpoolctl.threadpool_info():
        if entry.get("user_api") == "blas":
            found = {
                "vendor": {"openblas": "OpenBLAS", "mkl": "Intel MKL", "blis": "BLIS", "flexiblas": "FlexiBLAS"}.get(
                    entry.get("internal_api"), entry.get("internal_api")),
                "version": entry.get("version"),
                "library": entry.get("filepath"),
                "threading_layer": entry.get("threading_layer"),
                "num_threads": entry.get("num_threads"),
            }
            if entry.get("architecture"):
                found["corename"] = entry["architecture"]
            return {key: value for key, value in found.items() if value is not None}
    return None


def build_configuration(numpy):
    """numpy.show_config(mode="dicts") (NumPy >= 1.26): the BLAS/LAPACK NumPy was built against."""
    config = numpy.show_config(mode="dicts")
    dependencies = config.get("Build Dependencies", {})
    return {key: dependencies[key] for key in ("blas", "lapack") if key in dependencies}


def blas_description(report, numpy):
    blas = guarded(report, "numpy_blas.threadpoolctl", threadpoolctl_blas) if has_module("threadpoolctl") else None
    blas = dict(blas or {})
    if blas:
        blas["found_by"] = "threadpoolctl"
    libraries = guarded(report, "numpy_blas.maps", loaded_libraries) or []
    if libraries:
        blas["loaded_libraries"] = libraries
    # NumPy links libblas.so.3 (Debian's alternative) or its bundled OpenBLAS; a LAPACK may pull in
    # another BLAS beside it, so the library named libblas/libcblas is the one NumPy calls.
    blas_files = sorted((path for path in libraries if any(key in os.path.basename(path).lower() for key in BLAS_NAMES)
                         and "lapack" not in os.path.basename(path).lower()),
                        key=lambda path: not os.path.basename(path).lower().startswith(("libblas", "libcblas")))
    lapack_files = [path for path in libraries if "lapack" in os.path.basename(path).lower()]
    if "library" not in blas and blas_files:
        blas["library"] = blas_files[0]
        blas["vendor"] = vendor_of(os.path.realpath(blas_files[0]))
        blas["found_by"] = "/proc/self/maps"
    if lapack_files:
        blas["lapack"] = lapack_files[0]
    library = blas.get("library", "")
    if "openblas" in os.path.realpath(library).lower() or blas.get("vendor") == "OpenBLAS":
        details = guarded(report, "numpy_blas.openblas", openblas_details, library) or {}
        for key, value in details.items():
            blas.setdefault(key, value)
    if hasattr(numpy, "show_config"):
        try:
            import inspect

            takes_mode = "mode" in inspect.signature(numpy.show_config).parameters
        except (TypeError, ValueError):
            takes_mode = False
        if takes_mode:  # NumPy 1.24 prints its configuration instead of returning it
            build = guarded(report, "numpy_blas.show_config", build_configuration, numpy)
            if build:
                blas["build"] = build
                built = build.get("blas", {})
                if "vendor" not in blas and built.get("name"):
                    blas["vendor"] = built["name"]
                    blas["version"] = built.get("version")
                    blas["found_by"] = "numpy.show_config()"
    return blas


def has_module(name):
    import importlib.util

    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def main():
    report = {"probe": "numpy_host", "probe_version": PROBE_VERSION, "errors": {}}
    report["python"] = guarded(report, "python", python_description)
    import warnings

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        numpy = guarded(report, "numpy", __import__, "numpy")
    if caught:  # e.g. NPY_DISABLE_CPU_FEATURES naming features this NumPy does not have
        report["warnings"] = [str(warning.message) for warning in caught]
    if numpy is not None:
        report["numpy_version"] = str(getattr(numpy, "__version__", "unknown"))
        report["numpy_path"] = os.path.dirname(getattr(numpy, "__file__", "") or "")
        report["numpy_simd"] = guarded(report, "numpy_simd", dispatch_description)
        report["numpy_blas"] = guarded(report, "numpy_blas", blas_description, report, numpy)
    report = {key: value for key, value in report.items() if value is not None and value != {}}
    sys.stdout.write(json.dumps(report, indent=1, sort_keys=False, default=str) + "\n")


if __name__ == "__main__":
    try:
        main()
    except BaseException as error:  # noqa: BLE001 — the last resort: still one JSON object
        sys.stdout.write(json.dumps({"probe": "numpy_host", "errors": {"probe": describe(error)}}) + "\n")

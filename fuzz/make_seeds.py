"""Writes the seed inputs of the fuzz corpora into fuzz/corpus/<target>/ (run once by hand with
Debian's /usr/bin/python3; the committed corpora are these seeds plus what libFuzzer minimised).
Usage: make_seeds.py FIXTURE_DIR (the folder tests/fixtures/generate_all.py wrote)."""
import json
import pathlib
import shutil
import subprocess
import sys

import h5py
import numpy as np

here = pathlib.Path(__file__).resolve().parent
fixtures = pathlib.Path(sys.argv[1])
corpus = here / "corpus"


def seed(target, name, source=None, data=None):
    folder = corpus / target
    folder.mkdir(parents=True, exist_ok=True)
    if source is not None:
        shutil.copyfile(source, folder / name)
    else:
        (folder / name).write_bytes(data if isinstance(data, bytes) else data.encode())


npy = fixtures / "npy"
for name in ["f4_le_C_v1.npy", "f8_be_F_v2.npy", "f2_le_F_v3.npy", "b1_le_C_v1.npy", "empty_i8_2x0x3.npy",
             "complex.npy", "bad_magic.npy"]:
    seed("npy", name, npy / name)
for name in ["compressed.npz", "corrupt_stored.npz"]:
    seed("npz", name, npy / name)
seed("npz", "stride7_fields.npz", fixtures / "runs" / "stride7" / "fields.npz")
seed("graph_npz", "graph.npz", fixtures / "runs" / "a" / "graph.npz")
seed("graph_npz", "aliased.npz", fixtures / "runs" / "aliased" / "graph.npz")

# meshdiff's HDF5 graph layout (docs/formats.md), from the small run fixture graph.
graph = np.load(fixtures / "runs" / "a" / "graph.npz")
(corpus / "graph_hdf5").mkdir(parents=True, exist_ok=True)
for name, compress in [("graph.h5", None), ("graph_deflate.h5", "gzip")]:
    with h5py.File(corpus / "graph_hdf5" / name, "w") as f:
        f.attrs["meshdiff_format"] = "graph"
        f.attrs["meshdiff_format_version"] = 1
        f.attrs["metadata"] = '{"label": "seed"}'
        for dst, src in [("grid/lat", "grid_lat"), ("grid/lon", "grid_lon"), ("mesh/lat", "mesh_lat"),
                         ("mesh/lon", "mesh_lon"), ("mesh/faces", "mesh_faces"), ("grid2mesh/senders", "g2m_senders"),
                         ("grid2mesh/receivers", "g2m_receivers"), ("mesh2grid/senders", "m2g_senders"),
                         ("mesh2grid/receivers", "m2g_receivers")]:
            data = graph[src]
            if data.dtype.kind in "iu":
                data = data.astype("i4")
            f.create_dataset(dst, data=data, compression=compress)

nc = corpus / "netcdf_fields"
nc.mkdir(parents=True, exist_ok=True)
subprocess.run([sys.executable, str(here.parent / "tests" / "robustness" / "make_netcdf_seed.py"), str(nc / "seed.nc")],
               check=True)
for name in ["h5py_plain.h5", "h5py_scales.nc", "era5_descending.nc"]:
    seed("netcdf_fields", name, fixtures / "netcdf" / name)

# GRIB written by ecCodes' Python bindings (tests/fixtures/make_grib_fixtures.py); the rollout cut
# to its first four messages keeps the seed small.
for name in ["south_north.grib1", "east_west.grib2", "columns.grib2", "analyses.grib2"]:
    seed("grib_fields", name, fixtures / "grib" / name)
rollout = (fixtures / "grib" / "rollout.grib2").read_bytes()
seed("grib_fields", "rollout_head.grib2", data=rollout[:rollout.index(b"GRIB", 1200)])

seed("run_metadata", "a.json", fixtures / "runs" / "a" / "run.json")
seed("run_metadata", "nested.json", data=json.dumps(
    {"label": "run B", "host": {"cpu": "x86_64", "flags": ["avx2", "fma"]}, "numbers": [1, 2.5, -3e10, None, True]}))
seed("run_metadata", "not_object.json", data="[1, 2, 3]")

for recipe in sorted((here.parent / "resources" / "recipes").glob("*.json")):
    seed("recipe", recipe.name, recipe)

#!/usr/bin/env bash
# meshdiff compare on a table of malformed inputs written with numpy/zipfile/h5py/netCDF4: every one
# is exit 2 with one stderr line naming the file and the problem, no "identical": true JSON, and
# inputs left unchanged; good pairs still give 0 and 1.
set -uo pipefail
meshdiff=$1 fixtures=$2
py=${MESHDIFF_PYTHON:-/usr/bin/python3}
source "$(dirname "$0")/lib/expect.sh"
cases=$tmp/cases
mkdir -p "$cases" "$tmp/json"

# One line per case: NAME|A|B|OPTIONS|TEXT NAMING THE FILE|TEXT OF THE PROBLEM
"$py" - "$fixtures/runs" "$cases" >"$tmp/table" <<'PY' || { echo "FAIL: writing the malformed inputs"; exit 1; }
import io, os, shutil, sys, zipfile
import h5py, netCDF4, numpy as np

runs, out = sys.argv[1:]
good = os.path.join(out, "good")
shutil.copytree(os.path.join(runs, "a"), good)
graph = dict(np.load(os.path.join(good, "graph.npz")))
fields = dict(np.load(os.path.join(good, "fields.npz")))
rows = []

def path(name):
    p = os.path.join(out, name)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    return p

def case(name, a, b=good, options="", names=None, problem=""):
    rows.append((name, a, b, options, names if names is not None else a, problem))

def graph_npz(name, arrays):
    np.savez(path(name), **arrays)
    return path(name)

def without(key):
    return {k: v for k, v in graph.items() if k != key}

def replaced(key, value):
    g = dict(graph)
    g[key] = value
    return g

good_graph, good_fields = os.path.join(good, "graph.npz"), os.path.join(good, "fields.npz")
graph_bytes = open(good_graph, "rb").read()
fields_bytes = open(good_fields, "rb").read()

# truncated archives, whatever they held
for what, data in (("graph", graph_bytes), ("fields", fields_bytes)):
    for keep in (2, 10, 100, len(data) // 3, len(data) // 2, len(data) - 30, len(data) - 1):
        p = path(f"truncated_{what}_{keep}.npz")
        open(p, "wb").write(data[:keep])
        case(f"truncated {what} at {keep}", p, problem="damaged archive")

# a central directory that disagrees with the local headers, or points nowhere
start = graph_bytes.find(b"PK\x01\x02")
for field, at, value in (("crc", 16, b"\0\0\0\0"), ("method", 10, b"\x63\0"), ("name_length", 28, b"\xff\0"),
                         ("compressed_size", 20, b"\xff\xff\0\0"), ("local_offset", 42, b"\xf0\xff\xff\x7f")):
    data = bytearray(graph_bytes)
    data[start + at:start + at + len(value)] = value
    p = path(f"central_directory_{field}.npz")
    open(p, "wb").write(bytes(data))
    case(f"central directory with a wrong {field}", p, problem="damaged archive")

# graphs with an array missing, empty, of the wrong shape, out of range, pickled, or a 0-byte member
for key in graph:
    case(f"graph without {key}", graph_npz(f"missing_{key}.npz", without(key)), problem=f"'{key}'")
for key in graph:
    empty = np.zeros((0, 3) if key == "mesh_faces" else 0, graph[key].dtype)
    case(f"graph with 0-length {key}", graph_npz(f"empty_{key}.npz", replaced(key, empty)), problem="damaged graph")
case("g2m lengths differ", graph_npz("short_receivers.npz", replaced("g2m_receivers", graph["g2m_receivers"][:-1])),
     problem="damaged graph")
case("mesh lat/lon lengths differ", graph_npz("short_mesh_lon.npz", replaced("mesh_lon", graph["mesh_lon"][:-1])),
     problem="damaged graph")
case("faces of 4 nodes", graph_npz("faces4.npz", replaced("mesh_faces", np.zeros((10, 4), np.int32))),
     problem="damaged graph")
case("2-D edge array", graph_npz("edges2d.npz", replaced("g2m_senders", graph["g2m_senders"].reshape(-1, 2))),
     problem="damaged graph")
bad = graph["m2g_senders"].copy()
bad[5] = len(graph["mesh_lat"])
case("out-of-range index", graph_npz("out_of_range.npz", replaced("m2g_senders", bad)), problem="damaged graph")
bad = graph["g2m_senders"].copy()
bad[0] = -1
case("negative index", graph_npz("negative.npz", replaced("g2m_senders", bad)), problem="damaged graph")
case("float edge array", graph_npz("float_edges.npz", replaced("g2m_senders", graph["g2m_senders"].astype(float))),
     problem="damaged graph")
case("NaN coordinate", graph_npz("nan_coord.npz", replaced("mesh_lat", np.full_like(graph["mesh_lat"], np.nan))),
     problem="damaged graph")
case("pickled member", graph_npz("pickled.npz", replaced("g2m_senders", np.array([1, "x", None], dtype=object))),
     problem="Python objects")
p = path("zero_byte_member.npz")
with zipfile.ZipFile(p, "w") as z:
    for k, v in graph.items():
        if k == "g2m_receivers":
            z.writestr(k + ".npy", b"")
        else:
            buf = io.BytesIO()
            np.save(buf, v)
            z.writestr(k + ".npy", buf.getvalue())
case("0-byte member", p, problem="damaged graph")
p = path("bad_crc.npz")
data = bytearray(open(graph_npz("stored_graph.npz", graph), "rb").read())
at = data.find(b"\x93NUMPY", data.find(b"g2m_senders")) + 200
data[at] ^= 0xFF
open(p, "wb").write(bytes(data))
case("flipped byte in a stored member", p, problem="damaged graph")

# empty files and folders, folders of the wrong things
for name in ("empty.npz", "empty.nc", "empty.h5", "empty.json"):
    open(path(name), "wb").close()
    case(f"empty file {name}", path(name), problem="is empty")
os.makedirs(path("empty_folder/x"), exist_ok=True)
os.rmdir(path("empty_folder/x"))
case("empty folder", path("empty_folder"), problem="holds no graph file and no fields file")
open(path("metadata_only/run.json"), "w").write('{"label": "x"}')
case("folder with only metadata", path("metadata_only"), problem="holds no graph file and no fields file")
open(path("list_metadata/run.json"), "w").write("[1, 2]")
shutil.copy(good_fields, path("list_metadata/fields.npz"))
case("metadata JSON that is not an object", path("list_metadata"), names=path("list_metadata/run.json"),
     problem="not a JSON object")
open(path("broken_second_metadata/meta2.json"), "w").write('{"label": ')
shutil.copy(good_fields, path("broken_second_metadata/fields.npz"))
open(path("broken_second_metadata/run.json"), "w").write('{"label": "x"}')
case("a second metadata JSON that is broken", path("broken_second_metadata"),
     names=path("broken_second_metadata/meta2.json"), problem="not valid JSON")

# fields files that hold no field
np.savez(path("no_2d.npz"), time=np.arange(3), level=np.array(500))
case("fields npz with no 2-D arrays", path("no_2d.npz"), good_fields, problem="holds no fields")
with netCDF4.Dataset(path("no_variables.nc"), "w") as ds:
    ds.createDimension("lat", 4)
case("NetCDF with no variables", path("no_variables.nc"), good_fields, problem="holds no fields")
np.savez(path("empty_field.npz"), t2m=np.zeros((0, 360), np.float32))
case("fields npz with a 0-length field", path("empty_field.npz"), good_fields, problem="empty array")
np.savez(path("lat_mismatch.npz"), t2m=fields["2m_temperature"], lat=np.zeros(180), lon=np.zeros(360))
case("lat of another length than the fields", path("lat_mismatch.npz"), good_fields, names=path("lat_mismatch.npz[lat]"),
     problem="181")
lat, lon = np.linspace(-90, 90, 181), np.arange(360.0)
bad_lat = lat.copy()
bad_lat[3] = np.nan
np.savez(path("nan_lat.npz"), lat=bad_lat, lon=lon, **fields)
case("NaN latitude", path("nan_lat.npz"), good_fields, problem="latitude 3 is nan")
with netCDF4.Dataset(path("lat_100.nc"), "w") as ds:
    ds.createDimension("lat", 181)
    ds.createDimension("lon", 360)
    ds.createVariable("lat", "f8", ("lat",))[:] = lat + 10
    ds.createVariable("lon", "f8", ("lon",))[:] = lon
    ds.createVariable("2m_temperature", "f4", ("lat", "lon"))[:] = fields["2m_temperature"]
case("latitude beyond 90°", path("lat_100.nc"), good_fields, problem="not a latitude")
np.savez(path("lat_only.npz"), t2m=fields["2m_temperature"], lat=np.zeros(181))
case("lat without lon", path("lat_only.npz"), good_fields, problem="'lat' but no 'lon'")
np.savez(path("pickled_field.npz"), t2m=np.array([[1, "x"]], dtype=object))
case("pickled field", path("pickled_field.npz"), good_fields, names=path("pickled_field.npz[t2m]"),
     problem="Python objects")
with zipfile.ZipFile(path("not_npy.npz"), "w") as z:
    z.writestr("readme.txt", "hello")
case("zip without .npy members", path("not_npy.npz"), good_fields, problem="without .npy arrays")

# HDF5: a graph without its format attribute, a truncated NetCDF, a text file named .nc
with h5py.File(path("graph_no_attribute.h5"), "w") as f:
    for group, names in (("grid", ("lat", "lon")), ("mesh", ("lat", "lon", "faces")),
                         ("grid2mesh", ("senders", "receivers")), ("mesh2grid", ("senders", "receivers"))):
        for n in names:
            key = {"grid": "grid_", "mesh": "mesh_", "grid2mesh": "g2m_", "mesh2grid": "m2g_"}[group] + n
            f[f"{group}/{n}"] = graph[key].astype(np.float32 if n in ("lat", "lon") else np.int32)
case("HDF5 graph without its attribute", path("graph_no_attribute.h5"), good_graph, problem="meshdiff_format")
with h5py.File(path("npz_names.h5"), "w") as f:
    for k, v in graph.items():
        f[k] = v
case("HDF5 holding .npz graph names", path("npz_names.h5"), good_graph, problem="damaged graph")
with h5py.File(path("plain.h5"), "w") as f:  # no creation order: libhdf5 must stay quiet on every thread
    f["x"] = np.zeros(3)
case("HDF5 file holding no fields", path("plain.h5"), good_fields, problem="holds no fields")
with h5py.File(path("attribute_only.h5"), "w") as f:
    f.attrs["meshdiff_format"] = "graph"
case("meshdiff graph attribute without datasets", path("attribute_only.h5"), good_fields,
     problem="meshdiff graph file without")
with h5py.File(path("other_format.h5"), "w") as f:
    f.attrs["meshdiff_format"] = "mesh"
case("another meshdiff_format", path("other_format.h5"), good_fields, problem="meshdiff_format")
with netCDF4.Dataset(path("forecast.nc"), "w") as ds:
    ds.createDimension("lat", 181)
    ds.createDimension("lon", 360)
    ds.createVariable("lat", "f8", ("lat",))[:] = np.linspace(-90, 90, 181)
    ds.createVariable("lon", "f8", ("lon",))[:] = np.arange(360.0)
    ds.createVariable("2m_temperature", "f4", ("lat", "lon"))[:] = fields["2m_temperature"]
nc = open(path("forecast.nc"), "rb").read()
os.remove(path("forecast.nc"))
for keep in (16, 1000, len(nc) // 2):
    open(path(f"truncated_{keep}.nc"), "wb").write(nc[:keep])
    case(f"NetCDF truncated at {keep}", path(f"truncated_{keep}.nc"), good_fields, problem="damaged HDF5 file")
open(path("text/fields.nc"), "w").write("this is not NetCDF at all, just a text file named like one\n")
shutil.copy(good_graph, path("text/graph.npz"))
case("text file named .nc in a run folder", path("text"), names=path("text/fields.nc"), problem="content is none")

shutil.copy(good_graph, path("broken_link/graph.npz"))
os.symlink(path("broken_link/gone.nc"), path("broken_link/fields.nc"))
case("broken link named .nc in a run folder", path("broken_link"), names=path("broken_link/fields.nc"),
     problem="not a regular file")

# nothing to compare
case("graph only vs fields only", good_graph, good_fields, names=good_graph, problem="nothing to compare: A (")
case("--graph-only, B without a graph", good, os.path.join(runs, "fields_only"), "--graph-only",
     names=os.path.join(runs, "fields_only"), problem="nothing to compare with graphs only")
case("--fields-only, B without fields", good, good_graph, "--fields-only", names=good_graph,
     problem="nothing to compare with fields only")

# run folders holding a damaged file beside good ones
for name, damaged in (("truncated_graph", graph_bytes[: len(graph_bytes) // 2]),
                      ("pickled_graph", open(path("pickled.npz"), "rb").read()),
                      ("half_graph", open(path("missing_mesh_faces.npz"), "rb").read())):
    shutil.copy(good_fields, path(f"run_{name}/fields.npz"))
    open(path(f"run_{name}/graph.npz"), "wb").write(damaged)
    case(f"run folder with a {name.replace('_', ' ')}", path(f"run_{name}"), names=path(f"run_{name}/graph.npz"),
         problem="damaged")
shutil.copy(good_fields, path("run_truncated_graph_vs_fields_only/fields.npz"))
open(path("run_truncated_graph_vs_fields_only/graph.npz"), "wb").write(graph_bytes[:500])
case("damaged graph beside fields vs fields only", path("run_truncated_graph_vs_fields_only"),
     os.path.join(runs, "fields_only"), names=path("run_truncated_graph_vs_fields_only/graph.npz"),
     problem="damaged archive")
shutil.copy(good_graph, path("run_pickled_vs_fields_only/graph.npz"))
shutil.copy(good_fields, path("run_pickled_vs_fields_only/fields.npz"))
shutil.copy(path("pickled.npz"), path("run_pickled_vs_fields_only/graph.npz"))
case("pickled graph not compared is still read", os.path.join(runs, "fields_only"), path("run_pickled_vs_fields_only"),
     names=path("run_pickled_vs_fields_only/graph.npz"), problem="Python objects")

for row in rows:
    print("|".join(row))
PY

before=$(find "$cases" "$fixtures/runs" -type f -exec sha256sum {} + | sort)
count=0
while IFS="|" read -r name a b options names problem; do
  count=$((count + 1))
  json=$tmp/json/$count.json
  # shellcheck disable=SC2086 # OPTIONS is a list of flags
  "$meshdiff" compare "$a" "$b" $options --json "$json" >"$tmp/out" 2>"$tmp/err"
  status=$?
  [ "$status" = 2 ] || { fail "$name: exit $status (wanted 2)"; cat "$tmp/out" "$tmp/err"; continue; }
  [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "$name: not one error line: $(cat "$tmp/err")"
  grep -qF -- "$names" "$tmp/err" || fail "$name: $names not named: $(cat "$tmp/err")"
  grep -qF -- "$problem" "$tmp/err" || fail "$name: problem '$problem' not said: $(cat "$tmp/err")"
  if [ -e "$json" ]; then
    grep -q '"identical": true' "$json" && fail "$name: JSON says identical"
    fail "$name: JSON written on error"
  fi
done <"$tmp/table"
[ "$count" -ge 75 ] || fail "only $count malformed cases"
after=$(find "$cases" "$fixtures/runs" -type f -exec sha256sum {} + | sort)
[ "$before" = "$after" ] || fail "input files were modified"

# good pairs still compare, and what is not compared is said
runs=$fixtures/runs
expect_status 0 -- "$meshdiff" compare "$cases/good" "$runs/a_copy"
expect_status 1 -- "$meshdiff" compare "$cases/good" "$runs/b"
expect_status 0 -- "$meshdiff" compare "$cases/good" "$runs/a/graph.npz" --json "$tmp/part.json"
grep -q "fields: only A has a fields file" "$tmp/out" || fail "what is not compared is not printed: $(cat "$tmp/out")"
"$py" -c 'import json, sys; j = json.load(open(sys.argv[1])); assert j["not_compared"] == ["fields: only A has a fields file"] and j["fields"] is None and j["identical"] is True, j["not_compared"]' "$tmp/part.json" ||
  fail "not_compared missing from the JSON"
expect_status 0 -- "$meshdiff" compare "$runs/a" "$runs/a_copy" --json "$tmp/full.json"
"$py" -c 'import json, sys; assert json.load(open(sys.argv[1]))["not_compared"] == []' "$tmp/full.json" ||
  fail "not_compared not empty for a full comparison"

echo "malformed inputs: $count cases, $failures failure(s)"
[ "$failures" -eq 0 ]

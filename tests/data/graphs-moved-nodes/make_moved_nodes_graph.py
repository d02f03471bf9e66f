"""Makes wn2_graph_1p0deg_default_moved_nodes.npz: the official default 1° graph
(../graphs/wn2_graph_1p0deg_default.npz) with seven mesh nodes moved by a few float32 steps and its
grid->mesh edges built again from the moved coordinates with the official code's steps (float32
lat/lon -> cartesian, radius 0.6 x the longest finest-mesh edge, cKDTree.query_ball_point,
np.argsort(receivers)). Run once with Debian 12's python3-numpy 1.24.2 and python3-scipy 1.10.1;
not run by the tests. Refuses to write unless the same steps rebuild the unmoved graph's edges
exactly.

usage: /usr/bin/python3 make_moved_nodes_graph.py
"""
import hashlib, json, os, platform, sys
import numpy as np
import scipy
from scipy.spatial import cKDTree

here = os.path.dirname(os.path.abspath(__file__))
source = os.path.join(here, "..", "graphs", "wn2_graph_1p0deg_default.npz")
out = os.path.join(here, "wn2_graph_1p0deg_default_moved_nodes.npz")

# (mesh node, coordinate, float32 steps): the five push an edge just inside the radius out of it,
# the last two pull a non-edge just outside it in (the closest non-edges are 22-24 steps of 2^-24
# outside at 1°, so these take more steps).
MOVES = [(13997, "lon", -2), (13933, "lon", 1), (6734, "lon", 2), (34330, "lon", -3), (10313, "lon", 1),
         (39878, "lon", 19), (28921, "lat", 15)]

z = np.load(source)
arrays = {k: z[k] for k in z.files}
faces = arrays["mesh_faces"]


def cart(lat, lon):
    p = np.deg2rad(lon)
    q = np.deg2rad(90 - lat)
    return np.stack([np.cos(p) * np.sin(q), np.sin(p) * np.sin(q), np.cos(q)], axis=-1)


LA, LO = np.meshgrid(arrays["grid_lat"], arrays["grid_lon"], indexing="ij")
grid_xyz = cart(LA.reshape(-1), LO.reshape(-1))


def grid2mesh(mesh_lat, mesh_lon):
    xyz = cart(mesh_lat, mesh_lon)
    s = np.concatenate([faces[:, 0], faces[:, 1], faces[:, 2]])
    r = np.concatenate([faces[:, 1], faces[:, 2], faces[:, 0]])
    radius = 0.6 * np.linalg.norm(xyz[s] - xyz[r], axis=-1).max()
    near = cKDTree(xyz).query_ball_point(x=grid_xyz, r=radius)
    senders = np.concatenate([np.repeat(i, len(m)) for i, m in enumerate(near)]).astype(np.int64)
    receivers = np.concatenate(near).astype(np.int64)
    order = np.argsort(receivers)
    return senders[order], receivers[order], float(radius)


def pairs_near_radius(mesh_lat, mesh_lon, radius, steps=8):
    """Grid->mesh pairs (edge or not) whose float64 distance is within `steps` x 2^-24 of the radius."""
    xyz = cart(mesh_lat, mesh_lon).astype(np.float64)
    near = cKDTree(xyz).query_ball_point(x=grid_xyz, r=radius + steps * 2.0**-24)
    out = set()
    for g, nodes in enumerate(near):
        for m in nodes:
            if abs(np.sqrt(((grid_xyz[g].astype(np.float64) - xyz[m]) ** 2).sum()) - radius) <= steps * 2.0**-24:
                out.add((g, m))
    return out


def edge_set(senders, receivers):
    return set(zip(senders.tolist(), receivers.tolist()))


senders, receivers, radius = grid2mesh(arrays["mesh_lat"], arrays["mesh_lon"])
if edge_set(senders, receivers) != edge_set(arrays["g2m_senders"], arrays["g2m_receivers"]):
    sys.exit("these steps do not rebuild the official edges on this host: nothing written")

mesh_lat, mesh_lon = arrays["mesh_lat"].copy(), arrays["mesh_lon"].copy()
moved = []
for node, axis, steps in MOVES:
    values = mesh_lat if axis == "lat" else mesh_lon
    before = values[node]
    for _ in range(abs(steps)):
        values[node] = np.nextafter(values[node], np.float32(1000 if steps > 0 else -1000))
    moved.append({"mesh": node, "coordinate": axis, "float32_steps": steps, "from": float(before),
                  "to": float(values[node])})
moved_senders, moved_receivers, moved_radius = grid2mesh(mesh_lat, mesh_lon)

arrays.update(mesh_lat=mesh_lat, mesh_lon=mesh_lon, g2m_senders=moved_senders, g2m_receivers=moved_receivers)
np.savez_compressed(out, **{k: arrays[k] for k in z.files})

a, b = edge_set(z["g2m_senders"], z["g2m_receivers"]), edge_set(moved_senders, moved_receivers)


near_official = pairs_near_radius(z["mesh_lat"], z["mesh_lon"], radius)
near_moved = pairs_near_radius(mesh_lat, mesh_lon, moved_radius)


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


sidecar = {
    "made_from": {"file": "../graphs/wn2_graph_1p0deg_default.npz", "sha256": sha256(source)},
    "python": platform.python_version(), "numpy_version": np.__version__, "scipy_version": scipy.__version__,
    "cpu_model": next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), ""),
    "moves": moved,
    "radius": {"official": radius, "moved": moved_radius},
    "mesh2grid": "copied from the source file (not rebuilt)",
    "grid2mesh_only_in_official": sorted([list(e) for e in a - b]),
    "grid2mesh_only_in_moved": sorted([list(e) for e in b - a]),
    "grid2mesh_pairs_within_8_steps_of_the_radius": {
        "official": len(near_official), "moved": len(near_moved), "either": len(near_official | near_moved)},
    "counts": {"n_g2m_edges": int(len(moved_senders)), "n_m2g_edges": int(len(arrays["m2g_senders"]))},
    "sha256": sha256(out),
}
with open(out[:-4] + ".json", "w") as f:
    json.dump(sidecar, f, indent=1)
    f.write("\n")
print(json.dumps(sidecar, indent=1))

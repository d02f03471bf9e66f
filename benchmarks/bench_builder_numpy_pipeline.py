"""The host graph steps of the official WeatherNext code, written independently with NumPy/SciPy,
for measurement beside `bench_builder` (not run by the tests; ~10 s CPU at 0.25 degrees).

usage: bench_builder_numpy_pipeline.py RES OUT.npz
  Set NPY_DISABLE_CPU_FEATURES to stand for another host. Writes the fixture layout's mesh and
  grid->mesh keys plus the float32 cartesian coordinates (mesh_xyz, grid_xyz) the edges came from;
  mesh->grid (closest face) is left out. Prints the stage timings.
"""
import sys, time, warnings
import numpy as np
from scipy import sparse
from scipy.sparse.csgraph import reverse_cuthill_mckee
from scipy.spatial import cKDTree, transform

warnings.simplefilter("ignore", sparse.SparseEfficiencyWarning)
res, out = float(sys.argv[1]), sys.argv[2]
t = {}
t0 = time.time()
phi = (1 + np.sqrt(5)) / 2
v = []
for c1 in [1., -1.]:
    for c2 in [phi, -phi]:
        v += [(c1, c2, 0.), (0., c1, c2), (c2, 0., c1)]
v = np.array(v, dtype=np.float32)
v /= np.linalg.norm([1., phi])
F = [(0,1,2),(0,6,1),(8,0,2),(8,4,0),(3,8,2),(3,2,7),(7,2,1),(0,4,6),(4,11,6),(6,11,5),(1,5,7),(4,10,11),(4,8,10),(10,8,3),(10,3,9),(11,10,9),(11,9,5),(5,9,7),(9,3,7),(1,6,5)]
ang = (np.pi - 2 * np.arcsin(phi / np.sqrt(3))) / 2
v = np.dot(v, transform.Rotation.from_euler(seq="y", angles=ang).as_matrix()).astype(np.float32)
faces = np.array(F, dtype=np.int32)
for _ in range(6):
    verts = list(v); idx = {}
    def mid(a, b):
        k = (min(a, b), max(a, b))
        if k not in idx:
            p = v[[a, b]].mean(0); p /= np.linalg.norm(p)
            idx[k] = len(verts); verts.append(p)
        return idx[k]
    nf = []
    for a, b, c in faces:
        ab, bc, ca = mid(a, b), mid(b, c), mid(c, a)
        nf += [[a, ab, ca], [ab, b, bc], [ca, bc, c], [ab, bc, ca]]
    v = np.array(verts); faces = np.array(nf, dtype=np.int32)
t["mesh"] = time.time() - t0; t0 = time.time()
n = len(v)
s = np.concatenate([faces[:, 0], faces[:, 1], faces[:, 2]]); r = np.concatenate([faces[:, 1], faces[:, 2], faces[:, 0]])
adj = sparse.csr_matrix((n, n)); adj[s, r] = 1
perm = reverse_cuthill_mckee(adj, symmetric_mode=True)
inv = np.empty(n, dtype=np.int64); inv[perm] = np.arange(n)
faces = inv[faces].astype(np.int32); v = v[perm]
t["rcm"] = time.time() - t0; t0 = time.time()
ph = np.arctan2(v[:, 1], v[:, 0]); th = np.arccos(v[:, 2])
mlon = np.mod(np.rad2deg(ph), 360); mlat = 90 - np.rad2deg(th)
def cart(lat, lon):
    p = np.deg2rad(lon); q = np.deg2rad(90 - lat)
    return np.stack([np.cos(p) * np.sin(q), np.sin(p) * np.sin(q), np.cos(q)], axis=-1)
mxyz = cart(mlat, mlon)
nl = int(round(180 / res))
glat = np.array([-90 + 180 * i / nl for i in range(nl + 1)], dtype=np.float32)
glon = np.array([360 * j / (2 * nl) for j in range(2 * nl)], dtype=np.float32)
LA, LO = np.meshgrid(glat, glon, indexing="ij")
gxyz = cart(LA.reshape(-1), LO.reshape(-1))
t["coords"] = time.time() - t0; t0 = time.time()
s = np.concatenate([faces[:, 0], faces[:, 1], faces[:, 2]]); r = np.concatenate([faces[:, 1], faces[:, 2], faces[:, 0]])
e = np.linalg.norm(mxyz[s] - mxyz[r], axis=-1).max()
radius = 0.6 * e
q = cKDTree(mxyz).query_ball_point(x=gxyz, r=radius)
gi = np.concatenate([np.repeat(i, len(m)) for i, m in enumerate(q)]).astype(int)
mi = np.concatenate(q).astype(int)
o = np.argsort(mi); gi, mi = gi[o], mi[o]
t["g2m"] = time.time() - t0
print(res, "radius", radius, "edges", len(gi), {k: round(x, 3) for k, x in t.items()}, "total", round(sum(t.values()), 3), flush=True)
np.savez(out, grid_lat=glat, grid_lon=glon, mesh_lat=mlat, mesh_lon=mlon, mesh_faces=faces, g2m_senders=gi, g2m_receivers=mi,
         mesh_xyz=mxyz, grid_xyz=gxyz)

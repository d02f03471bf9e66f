"""Writes two synthetic 0.25°-sized graph .npz files (numpy.savez_compressed, the layout of
tests/data/graphs): 721×1440 grid, 40,962 mesh nodes, 81,920 faces, 1,618,830 int64
grid→mesh edges sorted by receiver (each mesh node's senders are a patch of nearby grid points)
and 3,114,720 int64 mesh→grid edges (neighbouring grid points share a face). B differs from A in
a few dozen edges. Usage: make_npz_graph_bench_data.py [OUTDIR] (default /tmp/meshdiff-bench)."""
import pathlib
import sys

import numpy as np

out = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/meshdiff-bench")
out.mkdir(parents=True, exist_ok=True)
rng = np.random.default_rng(7)
nlat, nlon, mesh, faces_n, g2m_n = 721, 1440, 40962, 81920, 1618830

grid_lat = np.linspace(-90, 90, nlat, dtype=np.float32)
grid_lon = (np.arange(nlon) * 0.25).astype(np.float32)
mesh_lat = np.rad2deg(np.arcsin(rng.uniform(-1, 1, mesh))).astype(np.float32)
mesh_lon = rng.uniform(0, 360, mesh).astype(np.float32)
mesh_faces = rng.integers(0, mesh, (faces_n, 3)).astype(np.int32)

counts = rng.integers(30, 50, mesh)
counts = np.floor(counts * (g2m_n / counts.sum())).astype(np.int64)
counts[: g2m_n - counts.sum()] += 1
g2m_receivers = np.repeat(np.arange(mesh, dtype=np.int64), counts)
centre = (np.round((mesh_lat + 90) * 4).astype(np.int64) * nlon + np.round(mesh_lon * 4).astype(np.int64) % nlon)
rows = rng.integers(-3, 4, g2m_n)
cols = rng.integers(-5, 6, g2m_n)
g2m_senders = np.clip(centre[g2m_receivers] + rows * nlon + cols, 0, nlat * nlon - 1).astype(np.int64)

lat_i, lon_j = np.divmod(np.arange(nlat * nlon), nlon)
cell = (lat_i // 4) * (nlon // 4 + 1) + lon_j // 4
face_of_point = (cell * 2654435761) % faces_n
m2g_senders = mesh_faces[face_of_point].reshape(-1).astype(np.int64)
m2g_receivers = np.repeat(np.arange(nlat * nlon, dtype=np.int64), 3)

graph = dict(grid_lat=grid_lat, grid_lon=grid_lon, mesh_lat=mesh_lat, mesh_lon=mesh_lon, mesh_faces=mesh_faces,
             g2m_senders=g2m_senders, g2m_receivers=g2m_receivers, m2g_senders=m2g_senders,
             m2g_receivers=m2g_receivers)
np.savez_compressed(out / "graph_0p25_a.npz", **graph)
changed = rng.choice(m2g_senders.size, 40, replace=False)
graph["m2g_senders"] = m2g_senders.copy()
graph["m2g_senders"][changed] = (m2g_senders[changed] + 1) % mesh
np.savez_compressed(out / "graph_0p25_b.npz", **graph)
print(f"wrote {out}/graph_0p25_a.npz and graph_0p25_b.npz")

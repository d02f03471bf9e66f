"""GraphCast's structural edge features of a graph .npz, computed with NumPy and SciPy from the
documented formula (graphcast/model_utils.py: lat/lon in degrees -> spherical angles -> unit
vectors; per receiver the rotation Rotation.from_euler("zy", [-phi, -theta + pi/2]); the sender's
and receiver's rotated positions subtracted; lengths by np.linalg.norm; everything divided by the
edge set's longest edge), with float32 node coordinates as the model passes them, and rounded to
float32 at the end as the model does. Writes OUT_g2m.npy and OUT_m2g.npy, shape [E, 4]
(length, dx, dy, dz), in the file's edge order.
Usage: edge_features_reference.py GRAPH.npz OUT_PREFIX"""
import sys

import numpy as np
from scipy.spatial.transform import Rotation

graph = np.load(sys.argv[1])
out = sys.argv[2]

grid_lon, grid_lat = np.meshgrid(graph["grid_lon"], graph["grid_lat"])
grid = (grid_lat.reshape(-1).astype(np.float32), grid_lon.reshape(-1).astype(np.float32))
mesh = (graph["mesh_lat"].astype(np.float32), graph["mesh_lon"].astype(np.float32))


def angles(lat, lon):
    return np.deg2rad(lon), np.deg2rad(90 - lat)  # phi, theta (float32 in, float32 out)


def unit_vectors(phi, theta):
    return np.stack([np.cos(phi) * np.sin(theta), np.sin(phi) * np.sin(theta), np.cos(theta)], axis=-1)


def features(sender_nodes, receiver_nodes, senders, receivers):
    s_phi, s_theta = angles(*sender_nodes)
    r_phi, r_theta = angles(*receiver_nodes)
    assert s_phi.dtype == np.float32 and r_theta.dtype == np.float32
    sender_pos = unit_vectors(s_phi, s_theta)
    receiver_pos = unit_vectors(r_phi, r_theta)
    frames = Rotation.from_euler("zy", np.stack([-r_phi, -r_theta + np.pi / 2], axis=1)).as_matrix()
    frames = frames[receivers]
    relative = (np.einsum("...ji,...i->...j", frames, sender_pos[senders]) -
                np.einsum("...ji,...i->...j", frames, receiver_pos[receivers]))
    length = np.linalg.norm(relative, axis=-1, keepdims=True)
    longest = length.max()
    return np.concatenate([length / longest, relative / longest], axis=-1).astype(np.float32)


np.save(out + "_g2m.npy", features(grid, mesh, graph["g2m_senders"], graph["g2m_receivers"]))
np.save(out + "_m2g.npy", features(mesh, grid, graph["m2g_senders"], graph["m2g_receivers"]))

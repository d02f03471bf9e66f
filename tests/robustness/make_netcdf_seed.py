"""Writes one small but feature-rich NetCDF-4 fields file to argv[1] (netCDF4-python): levels,
time, CF packing, fill values, compressed and contiguous variables. It is the valid file whose
mutations tests/robustness feeds to `meshdiff compare`, and a seed of fuzz/corpus/netcdf_fields."""
import sys

import netCDF4
import numpy as np

path = sys.argv[1]
nlat, nlon = 19, 36  # a regular global 10° grid
with netCDF4.Dataset(path, "w", format="NETCDF4") as ds:
    ds.createDimension("time", 1)
    ds.createDimension("level", 2)
    ds.createDimension("lat", nlat)
    ds.createDimension("lon", nlon)
    lat = ds.createVariable("lat", "f4", ("lat",))
    lat.units = "degrees_north"
    lat[:] = np.linspace(-90, 90, nlat)
    lon = ds.createVariable("lon", "f4", ("lon",))
    lon.units = "degrees_east"
    lon[:] = np.arange(nlon) * 10.0
    level = ds.createVariable("level", "i4", ("level",))
    level.units = "hPa"
    level[:] = [850, 500]
    i, j = np.meshgrid(np.arange(nlat), np.arange(nlon), indexing="ij")
    t = ds.createVariable("temperature", "f4", ("time", "level", "lat", "lon"), zlib=True, complevel=4,
                          fill_value=np.float32(-9999.0))
    t.units = "K"
    t.long_name = "Temperature"
    t[0] = np.stack([250.0 + 0.1 * i + 0.01 * j + k for k in range(2)])
    z = ds.createVariable("geopotential", "f8", ("time", "level", "lat", "lon"))
    z[0] = np.stack([5000.0 + i * j + 10 * k for k in range(2)])
    packed = ds.createVariable("packed_t2m", "i2", ("time", "lat", "lon"), fill_value=np.int16(-32767))
    packed.set_auto_maskandscale(False)
    packed.scale_factor = np.float64(0.01)
    packed.add_offset = np.float64(273.15)
    raw = (i * 10 + j).astype("i2")
    raw[3, 4] = -32767
    packed[0] = raw

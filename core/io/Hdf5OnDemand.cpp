// HDF5, opened when meshdiff first calls it (common/LibraryOnDemand.h): each function meshdiff uses,
// defined to call the library's own, and the type and property-list class ids that hdf5.h's macros
// (H5T_NATIVE_FLOAT, H5P_FILE_ACCESS, …) read right after calling H5open().
#include <hdf5.h>

#include "common/LibraryOnDemand.h"

namespace {

meshdiff::LibraryOnDemand& hdf5() {
    static meshdiff::LibraryOnDemand library(MESHDIFF_HDF5_SONAME, "to read and write HDF5 and NetCDF-4 files");
    return library;
}

}  // namespace

// The ids hdf5.h's macros read (H5T_NATIVE_FLOAT is `(H5open(), H5T_NATIVE_FLOAT_g)`): ours, each
// copied from the library's variable of the same name once the library has been opened.
// clang-format off
#define MESHDIFF_HDF5_IDS(X) \
    X(H5P_CLS_DATASET_ACCESS_ID_g) \
    X(H5P_CLS_DATASET_CREATE_ID_g) \
    X(H5P_CLS_FILE_ACCESS_ID_g) \
    X(H5T_C_S1_g) \
    X(H5T_IEEE_F32LE_g) \
    X(H5T_IEEE_F64LE_g) \
    X(H5T_NATIVE_DOUBLE_g) \
    X(H5T_NATIVE_FLOAT_g) \
    X(H5T_NATIVE_INT16_g) \
    X(H5T_NATIVE_INT32_g) \
    X(H5T_NATIVE_INT64_g) \
    X(H5T_NATIVE_INT8_g) \
    X(H5T_NATIVE_INT_g) \
    X(H5T_NATIVE_SHORT_g) \
    X(H5T_NATIVE_UINT16_g) \
    X(H5T_NATIVE_UINT32_g) \
    X(H5T_NATIVE_UINT64_g) \
    X(H5T_NATIVE_UINT8_g) \
    X(H5T_STD_I16LE_g) \
    X(H5T_STD_I32LE_g) \
    X(H5T_STD_I64LE_g) \
    X(H5T_STD_I8LE_g) \
    X(H5T_STD_REF_OBJ_g) \
    X(H5T_STD_U16LE_g) \
    X(H5T_STD_U32LE_g) \
    X(H5T_STD_U64LE_g) \
    X(H5T_STD_U8LE_g)
// clang-format on
#define MESHDIFF_DEFINE_ID(name) hid_t name = H5I_INVALID_HID;
MESHDIFF_HDF5_IDS(MESHDIFF_DEFINE_ID)

extern "C" herr_t H5open(void) {
    static const herr_t opened = [] {
        const herr_t status = hdf5().function<decltype(&H5open)>("H5open")();
#define MESHDIFF_COPY_ID(name) name = *static_cast<const hid_t*>(hdf5().symbol(#name));
        MESHDIFF_HDF5_IDS(MESHDIFF_COPY_ID)
        return status;
    }();
    return opened;
}

MESHDIFF_ON_DEMAND(hdf5(), herr_t, H5Aclose, (hid_t attr_id), (attr_id))
MESHDIFF_ON_DEMAND(hdf5(), hid_t, H5Acreate2,
                   (hid_t loc_id, const char* attr_name, hid_t type_id, hid_t space_id, hid_t acpl_id, hid_t aapl_id),
                   (loc_id, attr_name, type_id, space_id, acpl_id, aapl_id))
MESHDIFF_ON_DEMAND(hdf5(), htri_t, H5Aexists_by_name,
                   (hid_t obj_id, const char* obj_name, const char* attr_name, hid_t lapl_id),
                   (obj_id, obj_name, attr_name, lapl_id))
MESHDIFF_ON_DEMAND(hdf5(), hid_t, H5Aget_space, (hid_t attr_id), (attr_id))
MESHDIFF_ON_DEMAND(hdf5(), hid_t, H5Aget_type, (hid_t attr_id), (attr_id))
MESHDIFF_ON_DEMAND(hdf5(), herr_t, H5Aiterate2,
                   (hid_t loc_id, H5_index_t idx_type, H5_iter_order_t order, hsize_t* idx, H5A_operator2_t op,
                    void* op_data),
                   (loc_id, idx_type, order, idx, op, op_data))
MESHDIFF_ON_DEMAND(hdf5(), hid_t, H5Aopen, (hid_t obj_id, const char* attr_name, hid_t aapl_id),
                   (obj_id, attr_name, aapl_id))
MESHDIFF_ON_DEMAND(hdf5(), herr_t, H5Aread, (hid_t attr_id, hid_t type_id, void* buf), (attr_id, type_id, buf))
MESHDIFF_ON_DEMAND(hdf5(), herr_t, H5Awrite, (hid_t attr_id, hid_t type_id, const void* buf), (attr_id, type_id, buf))
MESHDIFF_ON_DEMAND(hdf5(), herr_t, H5Dclose, (hid_t dset_id), (dset_id))
MESHDIFF_ON_DEMAND(hdf5(), hid_t, H5Dcreate2,
                   (hid_t loc_id, const char* name, hid_t type_id, hid_t space_id, hid_t lcpl_id, hid_t dcpl_id,
                    hid_t dapl_id),
                   (loc_id, name, type_id, space_id, lcpl_id, dcpl_id, dapl_id))
MESHDIFF_ON_DEMAND(hdf5(), hid_t, H5Dget_create_plist, (hid_t dset_id), (dset_id))
MESHDIFF_ON_DEMAND(hdf5(), haddr_t, H5Dget_offset, (hid_t dset_id), (dset_id))
MESHDIFF_ON_DEMAND(hdf5(), hid_t, H5Dget_space, (hid_t dset_id), (dset_id))
MESHDIFF_ON_DEMAND(hdf5(), hsize_t, H5Dget_storage_size, (hid_t dset_id), (dset_id))
MESHDIFF_ON_DEMAND(hdf5(), hid_t, H5Dget_type, (hid_t dset_id), (dset_id))
MESHDIFF_ON_DEMAND(hdf5(), hid_t, H5Dopen2, (hid_t loc_id, const char* name, hid_t dapl_id), (loc_id, name, dapl_id))
MESHDIFF_ON_DEMAND(hdf5(), herr_t, H5Dread,
                   (hid_t dset_id, hid_t mem_type_id, hid_t mem_space_id, hid_t file_space_id, hid_t dxpl_id,
                    void* buf),
                   (dset_id, mem_type_id, mem_space_id, file_space_id, dxpl_id, buf))
MESHDIFF_ON_DEMAND(hdf5(), herr_t, H5Dvlen_reclaim, (hid_t type_id, hid_t space_id, hid_t dxpl_id, void* buf),
                   (type_id, space_id, dxpl_id, buf))
MESHDIFF_ON_DEMAND(hdf5(), herr_t, H5Dwrite,
                   (hid_t dset_id, hid_t mem_type_id, hid_t mem_space_id, hid_t file_space_id, hid_t dxpl_id,
                    const void* buf),
                   (dset_id, mem_type_id, mem_space_id, file_space_id, dxpl_id, buf))
MESHDIFF_ON_DEMAND(hdf5(), herr_t, H5Eclear2, (hid_t err_stack), (err_stack))
MESHDIFF_ON_DEMAND(hdf5(), herr_t, H5Eset_auto2, (hid_t estack_id, H5E_auto2_t func, void* client_data),
                   (estack_id, func, client_data))
MESHDIFF_ON_DEMAND(hdf5(), herr_t, H5Ewalk2,
                   (hid_t err_stack, H5E_direction_t direction, H5E_walk2_t func, void* client_data),
                   (err_stack, direction, func, client_data))
MESHDIFF_ON_DEMAND(hdf5(), herr_t, H5Fclose, (hid_t file_id), (file_id))
MESHDIFF_ON_DEMAND(hdf5(), hid_t, H5Fcreate, (const char* filename, unsigned flags, hid_t fcpl_id, hid_t fapl_id),
                   (filename, flags, fcpl_id, fapl_id))
MESHDIFF_ON_DEMAND(hdf5(), hid_t, H5Fopen, (const char* filename, unsigned flags, hid_t fapl_id),
                   (filename, flags, fapl_id))
MESHDIFF_ON_DEMAND(hdf5(), herr_t, H5Gclose, (hid_t group_id), (group_id))
MESHDIFF_ON_DEMAND(hdf5(), hid_t, H5Gcreate2,
                   (hid_t loc_id, const char* name, hid_t lcpl_id, hid_t gcpl_id, hid_t gapl_id),
                   (loc_id, name, lcpl_id, gcpl_id, gapl_id))
MESHDIFF_ON_DEMAND(hdf5(), hid_t, H5Gopen2, (hid_t loc_id, const char* name, hid_t gapl_id), (loc_id, name, gapl_id))
MESHDIFF_ON_DEMAND(hdf5(), ssize_t, H5Iget_name, (hid_t id, char* name, size_t size), (id, name, size))
MESHDIFF_ON_DEMAND(hdf5(), htri_t, H5Lexists, (hid_t loc_id, const char* name, hid_t lapl_id), (loc_id, name, lapl_id))
MESHDIFF_ON_DEMAND(hdf5(), herr_t, H5Literate,
                   (hid_t grp_id, H5_index_t idx_type, H5_iter_order_t order, hsize_t* idx, H5L_iterate_t op,
                    void* op_data),
                   (grp_id, idx_type, order, idx, op, op_data))
MESHDIFF_ON_DEMAND(hdf5(), herr_t, H5Oclose, (hid_t object_id), (object_id))
MESHDIFF_ON_DEMAND(hdf5(), herr_t, H5Oget_info_by_name2,
                   (hid_t loc_id, const char* name, H5O_info_t* oinfo, unsigned fields, hid_t lapl_id),
                   (loc_id, name, oinfo, fields, lapl_id))
MESHDIFF_ON_DEMAND(hdf5(), hid_t, H5Oopen, (hid_t loc_id, const char* name, hid_t lapl_id), (loc_id, name, lapl_id))
MESHDIFF_ON_DEMAND(hdf5(), herr_t, H5Pclose, (hid_t plist_id), (plist_id))
MESHDIFF_ON_DEMAND(hdf5(), hid_t, H5Pcreate, (hid_t cls_id), (cls_id))
MESHDIFF_ON_DEMAND(hdf5(), int, H5Pget_chunk, (hid_t plist_id, int max_ndims, hsize_t dim[]),
                   (plist_id, max_ndims, dim))
MESHDIFF_ON_DEMAND(hdf5(), int, H5Pget_external_count, (hid_t plist_id), (plist_id))
MESHDIFF_ON_DEMAND(hdf5(), H5D_layout_t, H5Pget_layout, (hid_t plist_id), (plist_id))
MESHDIFF_ON_DEMAND(hdf5(), int, H5Pget_nfilters, (hid_t plist_id), (plist_id))
MESHDIFF_ON_DEMAND(hdf5(), herr_t, H5Pset_chunk, (hid_t plist_id, int ndims, const hsize_t dim[]),
                   (plist_id, ndims, dim))
MESHDIFF_ON_DEMAND(hdf5(), herr_t, H5Pset_chunk_cache,
                   (hid_t dapl_id, size_t rdcc_nslots, size_t rdcc_nbytes, double rdcc_w0),
                   (dapl_id, rdcc_nslots, rdcc_nbytes, rdcc_w0))
MESHDIFF_ON_DEMAND(hdf5(), herr_t, H5Pset_deflate, (hid_t plist_id, unsigned level), (plist_id, level))
MESHDIFF_ON_DEMAND(hdf5(), herr_t, H5Pset_file_locking,
                   (hid_t fapl_id, hbool_t use_file_locking, hbool_t ignore_when_disabled),
                   (fapl_id, use_file_locking, ignore_when_disabled))
MESHDIFF_ON_DEMAND(hdf5(), herr_t, H5Pset_libver_bounds, (hid_t plist_id, H5F_libver_t low, H5F_libver_t high),
                   (plist_id, low, high))
MESHDIFF_ON_DEMAND(hdf5(), herr_t, H5Pset_shuffle, (hid_t plist_id), (plist_id))
MESHDIFF_ON_DEMAND(hdf5(), hid_t, H5Rdereference2, (hid_t obj_id, hid_t oapl_id, H5R_type_t ref_type, const void* ref),
                   (obj_id, oapl_id, ref_type, ref))
MESHDIFF_ON_DEMAND(hdf5(), herr_t, H5Sclose, (hid_t space_id), (space_id))
MESHDIFF_ON_DEMAND(hdf5(), hid_t, H5Screate, (H5S_class_t type), (type))
MESHDIFF_ON_DEMAND(hdf5(), hid_t, H5Screate_simple, (int rank, const hsize_t dims[], const hsize_t maxdims[]),
                   (rank, dims, maxdims))
MESHDIFF_ON_DEMAND(hdf5(), int, H5Sget_simple_extent_dims, (hid_t space_id, hsize_t dims[], hsize_t maxdims[]),
                   (space_id, dims, maxdims))
MESHDIFF_ON_DEMAND(hdf5(), int, H5Sget_simple_extent_ndims, (hid_t space_id), (space_id))
MESHDIFF_ON_DEMAND(hdf5(), hssize_t, H5Sget_simple_extent_npoints, (hid_t space_id), (space_id))
MESHDIFF_ON_DEMAND(hdf5(), herr_t, H5Sselect_hyperslab,
                   (hid_t space_id, H5S_seloper_t op, const hsize_t start[], const hsize_t stride[],
                    const hsize_t count[], const hsize_t block[]),
                   (space_id, op, start, stride, count, block))
MESHDIFF_ON_DEMAND(hdf5(), herr_t, H5Tclose, (hid_t type_id), (type_id))
MESHDIFF_ON_DEMAND(hdf5(), hid_t, H5Tcopy, (hid_t type_id), (type_id))
MESHDIFF_ON_DEMAND(hdf5(), htri_t, H5Tequal, (hid_t type1_id, hid_t type2_id), (type1_id, type2_id))
MESHDIFF_ON_DEMAND(hdf5(), H5T_class_t, H5Tget_class, (hid_t type_id), (type_id))
MESHDIFF_ON_DEMAND(hdf5(), H5T_cset_t, H5Tget_cset, (hid_t type_id), (type_id))
MESHDIFF_ON_DEMAND(hdf5(), H5T_sign_t, H5Tget_sign, (hid_t type_id), (type_id))
MESHDIFF_ON_DEMAND(hdf5(), size_t, H5Tget_size, (hid_t type_id), (type_id))
MESHDIFF_ON_DEMAND(hdf5(), H5T_str_t, H5Tget_strpad, (hid_t type_id), (type_id))
MESHDIFF_ON_DEMAND(hdf5(), htri_t, H5Tis_variable_str, (hid_t type_id), (type_id))
MESHDIFF_ON_DEMAND(hdf5(), herr_t, H5Tset_cset, (hid_t type_id, H5T_cset_t cset), (type_id, cset))
MESHDIFF_ON_DEMAND(hdf5(), herr_t, H5Tset_size, (hid_t type_id, size_t size), (type_id, size))
MESHDIFF_ON_DEMAND(hdf5(), herr_t, H5Tset_strpad, (hid_t type_id, H5T_str_t strpad), (type_id, strpad))
MESHDIFF_ON_DEMAND(hdf5(), hid_t, H5Tvlen_create, (hid_t base_id), (base_id))
MESHDIFF_ON_DEMAND(hdf5(), herr_t, H5check_version, (unsigned majnum, unsigned minnum, unsigned relnum),
                   (majnum, minnum, relnum))
MESHDIFF_ON_DEMAND(hdf5(), herr_t, H5get_libversion, (unsigned* majnum, unsigned* minnum, unsigned* relnum),
                   (majnum, minnum, relnum))

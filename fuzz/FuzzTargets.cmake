# The fuzz targets (fuzz/fuzz_<name>.cpp) and what each links; shared by fuzz/ (libFuzzer builds)
# and tests/fuzz-replay (plain executables that replay fuzz/corpus/<name> in every build).
set(MESHDIFF_FUZZ_TARGETS npy npz graph_npz graph_hdf5 netcdf_fields grib_fields run_metadata recipe)

function(meshdiff_fuzz_link target name)
  target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/fuzz)
  if(name STREQUAL "recipe")
    target_link_libraries(${target} PRIVATE meshdiff_rerun)
  else()
    target_link_libraries(${target} PRIVATE meshdiff_core TBB::tbb)
  endif()
endfunction()

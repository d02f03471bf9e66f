# Included by the top-level CMakeLists when MESHDIFF_FUZZ is on, before any target is defined:
# everything is built with coverage instrumentation for libFuzzer plus ASan and UBSan.
if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  message(FATAL_ERROR "MESHDIFF_FUZZ needs clang (libFuzzer): configure with CC=clang-14 CXX=clang++-14")
endif()
add_compile_options(-fsanitize=address,undefined,fuzzer-no-link -fno-omit-frame-pointer
                    -fno-sanitize-recover=undefined -g)
add_link_options(-fsanitize=address,undefined)

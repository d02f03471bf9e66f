#pragma once

// A function compiled for AVX2 and for the baseline, the one to run picked when the program is
// loaded (an ifunc resolver). ThreadSanitizer instruments that resolver, which runs before
// ThreadSanitizer is set up and crashes: its builds get the baseline version only.
#if defined(__SANITIZE_THREAD__)
#define MESHDIFF_AVX2_CLONES
#else
#define MESHDIFF_AVX2_CLONES __attribute__((target_clones("avx2", "default")))
#endif

// A 64 MiB array made and written once, as the globe's line texture and a 0.25° graph's edge
// arrays are: with the usual allocator (a page fault per 4 KiB on first touch) and as a
// LargeVector (mapped by the kernel in 2 MiB calls when allocated). Reports the system time per
// array (getrusage of the thread), the cost that decides it on paravirtualised machines
// (docs/benchmarks.md, "System time and page faults on EPYC").
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "graph/LargeVectors.h"

namespace {

constexpr std::size_t kBytes = std::size_t(64) << 20;

double threadSystemSeconds() {
    rusage usage{};
    getrusage(RUSAGE_THREAD, &usage);
    return double(usage.ru_stime.tv_sec) + double(usage.ru_stime.tv_usec) * 1e-6;
}

template <class Vector>
void makeAndWrite(benchmark::State& state) {
    double system = 0;
    for (auto _ : state) {
        const double before = threadSystemSeconds();
        Vector texels(kBytes);
        std::memset(texels.data(), 1, texels.size());
        benchmark::DoNotOptimize(texels.data());
        system += threadSystemSeconds() - before;
    }
    state.counters["sys_ms"] = benchmark::Counter(system * 1e3 / double(state.iterations()));
}

void UsualAllocator(benchmark::State& state) { makeAndWrite<std::vector<std::uint8_t>>(state); }
void LargeVectorMappedAtOnce(benchmark::State& state) { makeAndWrite<meshdiff::LargeVector<std::uint8_t>>(state); }

}  // namespace

BENCHMARK(UsualAllocator)->Unit(benchmark::kMillisecond);
BENCHMARK(LargeVectorMappedAtOnce)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();

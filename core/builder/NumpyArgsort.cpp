#include "builder/NumpyArgsort.h"

#include <bit>
#include <utility>

namespace meshdiff {
namespace {

constexpr std::ptrdiff_t kSmallPartition = 15;

using Index = std::int32_t;

void heapArgsort(const std::int32_t* v, Index* tosort, std::ptrdiff_t n) {
    // 1-based heap over tosort[0..n).
    Index* a = tosort - 1;
    for (std::ptrdiff_t l = n >> 1; l > 0; --l) {
        const Index tmp = a[l];
        std::ptrdiff_t i = l, j = l << 1;
        while (j <= n) {
            if (j < n && v[a[j]] < v[a[j + 1]]) ++j;
            if (v[tmp] < v[a[j]]) {
                a[i] = a[j];
                i = j;
                j += j;
            } else break;
        }
        a[i] = tmp;
    }
    for (; n > 1;) {
        const Index tmp = a[n];
        a[n] = a[1];
        --n;
        std::ptrdiff_t i = 1, j = 2;
        while (j <= n) {
            if (j < n && v[a[j]] < v[a[j + 1]]) ++j;
            if (v[tmp] < v[a[j]]) {
                a[i] = a[j];
                i = j;
                j += j;
            } else break;
        }
        a[i] = tmp;
    }
}

}  // namespace

std::vector<std::int32_t> numpyArgsort(const std::int32_t* values, std::size_t count) {
    const auto num = static_cast<std::ptrdiff_t>(count);
    std::vector<Index> order(count);
    for (std::ptrdiff_t i = 0; i < num; ++i) order[i] = static_cast<Index>(i);
    if (num < 2) return order;
    const std::int32_t* v = values;
    Index* pl = order.data();
    Index* pr = order.data() + num - 1;
    std::vector<Index*> stack;
    std::vector<int> depths;
    int depth = (std::bit_width(static_cast<std::uint64_t>(num)) - 1) * 2;
    for (;;) {
        bool sorted = false;
        if (depth < 0) {
            heapArgsort(v, pl, pr - pl + 1);
            sorted = true;
        }
        while (!sorted && (pr - pl) > kSmallPartition) {
            Index* pm = pl + ((pr - pl) >> 1);
            if (v[*pm] < v[*pl]) std::swap(*pm, *pl);
            if (v[*pr] < v[*pm]) std::swap(*pr, *pm);
            if (v[*pm] < v[*pl]) std::swap(*pm, *pl);
            const std::int32_t pivot = v[*pm];
            Index* pi = pl;
            Index* pj = pr - 1;
            std::swap(*pm, *pj);
            for (;;) {
                do ++pi;
                while (v[*pi] < pivot);
                do --pj;
                while (pivot < v[*pj]);
                if (pi >= pj) break;
                std::swap(*pi, *pj);
            }
            std::swap(*pi, *(pr - 1));
            if (pi - pl < pr - pi) {
                stack.push_back(pi + 1);
                stack.push_back(pr);
                pr = pi - 1;
            } else {
                stack.push_back(pl);
                stack.push_back(pi - 1);
                pl = pi + 1;
            }
            depths.push_back(--depth);
        }
        if (!sorted) {
            for (Index* pi = pl + 1; pi <= pr; ++pi) {
                const Index vi = *pi;
                const std::int32_t vp = v[vi];
                Index* pj = pi;
                Index* pk = pi - 1;
                while (pj > pl && vp < v[*pk]) *pj-- = *pk--;
                *pj = vi;
            }
        }
        if (stack.empty()) break;
        pr = stack.back();
        stack.pop_back();
        pl = stack.back();
        stack.pop_back();
        depth = depths.back();
        depths.pop_back();
    }
    return order;
}

}  // namespace meshdiff

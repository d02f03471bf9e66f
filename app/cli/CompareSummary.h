#pragma once
#include <ostream>

#include "compare/Comparison.h"

namespace meshdiff::cli {

// The human summary of `meshdiff compare`, in the spirit of compare_npz.py.
void printCompareSummary(std::ostream& out, const Comparison& comparison, bool perField);

}  // namespace meshdiff::cli

#pragma once
#include <memory>

#include "pair/LoadedPair.h"

namespace meshdiff::pair {

// Every lead and member of the pair's fields files compared as compareRuns compares them (with
// the member spread, or A against the spread run), or null when they hold a single lead: the pair's own when it was
// loaded with every lead, else read again from the files (never waiting for the window's own reads); for a worker
// thread. Throws meshdiff::Error for bad input.
std::shared_ptr<const FieldsComparison> compareEveryLead(const LoadedPair& pair);

}  // namespace meshdiff::pair

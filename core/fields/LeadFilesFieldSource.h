#pragma once
#include <memory>
#include <string>
#include <vector>

#include "fields/FieldSource.h"

namespace meshdiff {

// A rollout stored as one fields file per lead (io/LeadFileNames.h: run_006.nc, run_012.nc, …),
// read as one source. Each file holds one lead: its hours come from the file's lead axis when it
// has one, else from the file name. Every file must hold the same fields, grid and members, and no
// two files the same lead; otherwise meshdiff::Error names the file. Only one file is open at a time.
// `files` in lead order; path() is `folder`.
std::unique_ptr<FieldSource> openLeadFilesFieldSource(const std::string& folder, const std::vector<std::string>& files,
                                                      const FieldSourceOptions& options = {});

// The fields files of `folder`, in lead order when there are several (then they must form one
// rollout with one file per lead, or meshdiff::Error says why not).
std::vector<std::string> leadFilesIn(const std::string& folder);

}  // namespace meshdiff

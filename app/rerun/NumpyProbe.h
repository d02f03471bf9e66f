#pragma once
#include <string>

#include <nlohmann/json.hpp>

namespace meshdiff::rerun {

// The probe script under the resources folder.
inline constexpr const char* kNumpyProbeScript = "probes/numpy_host.py";
// The probe's time limit: importing NumPy takes well under a second, unless the host hangs.
inline constexpr int kNumpyProbeTimeoutSeconds = 60;

// The probe's files: "json" (its report, stdout), "err" (stderr), "status" (exit status). In the
// out folder they are hidden (".numpy-probe.json"), so that a run folder never lists them; beside
// the run's log they are "numpy-probe.json".
std::string numpyProbeFileName(const std::string& kind, bool hidden);

// What the probe left in `folder` (hidden names when `hidden`): its report when it ran and found
// NumPy (it has "numpy_version"), else {"failed": why, …} with what is known (the Python it ran,
// the errors it named, the end of its stderr). {} when the folder holds none of its files.
nlohmann::json readNumpyProbe(const std::string& folder, bool hidden = true);

// Moves the probe's hidden files from the out folder to the run folder (beside log.txt) and
// returns readNumpyProbe's answer; `planned` false and no files: {}.
nlohmann::json collectNumpyProbe(const std::string& outDir, const std::string& runDir, bool planned);

// One line for the log and the ledger: "NumPy 2.5.2 (…/bin/python, OpenBLAS 0.3.29)" or
// "NumPy probe failed: …".
std::string numpyProbeSummary(const nlohmann::json& probe);

}  // namespace meshdiff::rerun

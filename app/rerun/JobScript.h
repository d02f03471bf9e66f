#pragma once
#include <string>

#include "rerun/Job.h"

namespace meshdiff::rerun {

// The POSIX shell text that runs a resolved job on its host as one step: cd to its working
// directory (exit 126 when it is missing), write the shell's pid to `pidFile` (when not empty),
// export its environment, run its NumPy probe (when it has one) and exec its command. With a probe,
// the recipe's Python is resolved there (a folder is a virtual environment: its bin/python) and
// stands for every argument equal to it; the probe's failure or time limit never stops the job.
// Every value is single-quoted: nothing from a recipe or a run folder becomes shell code.
std::string jobScript(const Job& job, const std::string& pidFile = {});

}  // namespace meshdiff::rerun

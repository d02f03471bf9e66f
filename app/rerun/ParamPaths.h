#pragma once
#include "rerun/Job.h"
#include "rerun/Recipe.h"

namespace meshdiff::rerun {

// Checks, before anything runs, that the folders and files a recipe's parameters name are there:
// a "folder" or "file" parameter ("param_fields"; without one, a "files" parameter is a file and
// the one "workdir" names a folder), and, for a command on this host, the folder it runs in.
// Parameters in "files" are checked wherever the job runs (they are copied from here); the others
// only when `onThisHost` (an ssh or Slurm host has its own file system). A relative path is
// taken as the command takes it: from the folder it runs in, the workdir and "files" from here.
// Throws meshdiff::Error(parameter, "the folder /x does not exist — <what it is>. <what to do>").
void checkParamPaths(const Recipe& recipe, const Job& job, bool onThisHost);

}  // namespace meshdiff::rerun

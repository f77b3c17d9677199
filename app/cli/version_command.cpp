// `vernier-cli version`: the versions that decide whether two scores are comparable.
#include <cstdio>

#include "cli/command.h"
#include "scoring/scorer_version.h"
#include "vernier_version.h"

namespace {

int runVersion(const std::vector<std::string>&) {
    std::printf("vernier %s\nscorer: %s\nfollows: %s\n", VERNIER_VERSION, vernier::scorerIdentity().c_str(),
                vernier::kReferenceScorer);
    return vernier::cli::kExitOk;
}

} // namespace

VERNIER_CLI_COMMAND(version, "version", "", runVersion, "print the Vernier version and the scorer identity");

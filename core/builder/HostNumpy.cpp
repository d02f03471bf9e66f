#include "builder/HostNumpy.h"

#include <algorithm>
#include <cctype>

#include "common/Error.h"

namespace meshdiff {
namespace {

std::string lowered(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return text;
}

}  // namespace

HostNumpy hostNumpyOf(const nlohmann::json& metadata, const std::string& file) {
    HostNumpy host;
    const auto version = metadata.find("numpy_version");
    if (version != metadata.end() && version->is_string()) {
        const std::string text = version->get<std::string>();
        if (text.rfind("1.", 0) == 0) host.major = 1;
        else if (text.rfind("2.", 0) == 0) host.major = 2;
        else throw Error(file, "numpy_version \"" + text + "\" is neither NumPy 1.x nor 2.x");
        host.notes.push_back("NumPy " + text + " (numpy_version)");
    } else {
        host.notes.push_back("the metadata names no numpy_version");
    }
    const auto blas = metadata.find("numpy_blas");
    const std::string vendor =
        blas != metadata.end() && blas->is_object() && blas->contains("vendor") && (*blas)["vendor"].is_string()
            ? (*blas)["vendor"].get<std::string>()
            : std::string();
    if (lowered(vendor).find("openblas") != std::string::npos) host.blas = BlasSum::OpenBlas;
    else if (lowered(vendor).find("reference") != std::string::npos) host.blas = BlasSum::Reference;
    host.notes.push_back(vendor.empty() ? "the metadata names no BLAS vendor (numpy_blas.vendor)"
                         : host.blas    ? vendor + " (numpy_blas.vendor)"
                                        : vendor + " (numpy_blas.vendor), a BLAS the builder does not emulate");
    return host;
}

}  // namespace meshdiff

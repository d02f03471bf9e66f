#include "graph/GraphHash.h"

#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <openssl/evp.h>

namespace meshdiff {
namespace {

static_assert(std::endian::native == std::endian::little, "hash input is defined as little endian");

class Sha256 {
public:
    Sha256() : ctx_(EVP_MD_CTX_new(), EVP_MD_CTX_free) {
        if (!ctx_ || EVP_DigestInit_ex(ctx_.get(), EVP_sha256(), nullptr) != 1) {
            throw std::runtime_error("OpenSSL SHA-256 is unavailable");
        }
    }
    void add(const void* data, std::size_t bytes) { EVP_DigestUpdate(ctx_.get(), data, bytes); }
    template <class T> void addVector(const std::vector<T>& v) { add(v.data(), v.size() * sizeof(T)); }
    void addCount(std::uint64_t n) { add(&n, sizeof n); }
    std::string hex() {
        std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
        unsigned int length = 0;
        EVP_DigestFinal_ex(ctx_.get(), digest.data(), &length);
        static const char* digits = "0123456789abcdef";
        std::string out = "sha256:";
        for (unsigned int i = 0; i < length; ++i) {
            out += digits[digest[i] >> 4];
            out += digits[digest[i] & 15];
        }
        return out;
    }

private:
    std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx_;
};

}  // namespace

std::string canonicalGraphHash(const MeshGraph& graph) { return canonicalGraphHash(graph, canonicalEdges(graph)); }

std::string canonicalGraphHash(const MeshGraph& g, const CanonicalEdges& edges) {
    Sha256 sha;
    const std::string tag = "meshdiff-graph-v1";
    sha.add(tag.data(), tag.size());
    for (std::uint64_t n : {std::uint64_t(g.gridLat.size()), std::uint64_t(g.gridLon.size()),
                            std::uint64_t(g.meshCount()), std::uint64_t(g.faceCount()),
                            std::uint64_t(edges.g2m.size()), std::uint64_t(edges.m2gTriangles.size() / 3)}) {
        sha.addCount(n);
    }
    sha.addVector(g.gridLat);
    sha.addVector(g.gridLon);
    sha.addVector(g.meshLat);
    sha.addVector(g.meshLon);
    sha.addVector(g.meshFaces);

    // grid→mesh as (mesh, grid) int32 pairs in canonical order, streamed in blocks.
    constexpr std::size_t kBlock = 1 << 16;
    std::vector<std::int32_t> pairs;
    pairs.reserve(2 * kBlock);
    for (std::size_t i = 0; i < edges.g2m.size(); i += kBlock) {
        pairs.clear();
        const std::size_t end = std::min(edges.g2m.size(), i + kBlock);
        for (std::size_t e = i; e < end; ++e) {
            pairs.push_back(g2mKeyMesh(edges.g2m[e]));
            pairs.push_back(g2mKeyGrid(edges.g2m[e]));
        }
        sha.addVector(pairs);
    }
    sha.addVector(edges.m2gTriangles);
    return sha.hex();
}

}  // namespace meshdiff

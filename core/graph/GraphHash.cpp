#include "graph/GraphHash.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <span>
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
    template <class T>
    void addVector(std::span<const T> v) {
        add(v.data(), v.size() * sizeof(T));
    }
    template <class T>
    void addVector(const std::vector<T>& v) {
        add(v.data(), v.size() * sizeof(T));
    }
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

std::string canonicalGraphHash(const MeshGraph& graph) {
    return canonicalGraphHash(viewOf(graph), canonicalEdges(graph));
}

std::string canonicalGraphHash(const GraphView& g, const CanonicalEdges& edges) {
    Sha256 sha;
    const std::string tag = "meshdiff-graph-v1";
    sha.add(tag.data(), tag.size());
    for (std::uint64_t n :
         {std::uint64_t(g.gridLat.size()), std::uint64_t(g.gridLon.size()), std::uint64_t(g.meshCount()),
          std::uint64_t(g.faceCount()), std::uint64_t(edges.g2mCount()), std::uint64_t(edges.gridPoints())}) {
        sha.addCount(n);
    }
    sha.addVector(g.gridLat);
    sha.addVector(g.gridLon);
    sha.addVector(g.meshLat);
    sha.addVector(g.meshLon);
    sha.addVector(g.meshFaces);

    // The edges in canonical order, streamed in blocks that stay in the cache.
    constexpr std::size_t kBlock = 1 << 14;
    std::vector<std::int32_t> block;
    block.reserve(3 * kBlock);
    // grid→mesh as (mesh, grid) int32 pairs
    const auto& sorted = edges.g2mSortedCopy();
    const std::int32_t* senders = edges.g2mSenders();
    const std::int32_t* receivers = edges.g2mReceivers();
    for (std::size_t i = 0; i < edges.g2mCount(); i += kBlock) {
        const std::size_t end = std::min(edges.g2mCount(), i + kBlock);
        block.resize(2 * (end - i));
        std::int32_t* out = block.data();
        if (sorted.empty()) {
            for (std::size_t e = i; e < end; ++e, out += 2) out[0] = receivers[e], out[1] = senders[e];
        } else {
            for (std::size_t e = i; e < end; ++e, out += 2)
                out[0] = g2mKeyMesh(sorted[e]), out[1] = g2mKeyGrid(sorted[e]);
        }
        sha.addVector(block);
    }
    // mesh→grid as one sorted int32 triple per grid point
    for (std::size_t i = 0; i < edges.gridPoints(); i += kBlock) {
        const std::size_t end = std::min(edges.gridPoints(), i + kBlock);
        block.assign(edges.m2gSenders(i), edges.m2gSenders(end));
        for (std::size_t k = 0; k < block.size(); k += 3) sortTriangle(&block[k]);
        sha.addVector(block);
    }
    return sha.hex();
}

std::string orderedGraphHash(const std::string& setHash, const ReceiverOrder& order, const CanonicalEdges& edges) {
    Sha256 sha;
    const std::string tag = "meshdiff-graph-ordered-v1";
    sha.add(tag.data(), tag.size());
    sha.add(setHash.data(), setHash.size());
    for (std::size_t m = 0; m < order.meshNodes(); ++m) {
        const auto senders = order.g2mSenders(m);
        sha.addCount(senders.size());
        sha.addVector(senders);
    }
    if (edges.gridPoints() > 0) sha.add(edges.m2gSenders(0), 3 * edges.gridPoints() * sizeof(std::int32_t));
    return sha.hex();
}

}  // namespace meshdiff

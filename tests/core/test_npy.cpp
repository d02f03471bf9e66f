#include <gtest/gtest.h>

#include <unistd.h>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "common/Error.h"
#include "core/TestHelpers.h"
#include "core/TestPaths.h"
#include "io/Npy.h"

using namespace meshdiff;
using nlohmann::json;
using test::errorOf;

namespace {

nlohmann::json manifest() { return test::npyManifest(); }

std::string npyFixture(const std::string& name) { return (test::fixture("npy") / name).string(); }

template <class T>
void expectValues(const NdArray& a, const json& expected, const std::string& name) {
    const T* data = a.dataAs<T>();
    for (std::size_t i = 0; i < a.size(); ++i) ASSERT_EQ(data[i], expected[i].get<T>()) << name << " element " << i;
}

void expectArray(const NdArray& a, const json& spec, const std::string& name) {
    ASSERT_EQ(dtypeName(a.dtype), spec["dtype"].get<std::string>()) << name;
    ASSERT_EQ(a.shape, spec["shape"].get<std::vector<std::size_t>>()) << name;
    ASSERT_EQ(a.bytes.size(), a.size() * dtypeSize(a.dtype)) << name;
    const json& values = spec["values"];
    ASSERT_EQ(values.size(), a.size()) << name;
    switch (a.dtype) {
        case DType::Bool: expectValues<std::uint8_t>(a, values, name); break;
        case DType::Int8: expectValues<std::int8_t>(a, values, name); break;
        case DType::Int16: expectValues<std::int16_t>(a, values, name); break;
        case DType::Int32: expectValues<std::int32_t>(a, values, name); break;
        case DType::Int64: expectValues<std::int64_t>(a, values, name); break;
        case DType::UInt8: expectValues<std::uint8_t>(a, values, name); break;
        case DType::UInt16: expectValues<std::uint16_t>(a, values, name); break;
        case DType::UInt32: expectValues<std::uint32_t>(a, values, name); break;
        case DType::UInt64: expectValues<std::uint64_t>(a, values, name); break;
        case DType::Float32: expectValues<float>(a, values, name); break;
        case DType::Float64: expectValues<double>(a, values, name); break;
        case DType::Float16: {
            const std::vector<double> v = a.toFloat64();
            for (std::size_t i = 0; i < v.size(); ++i) ASSERT_EQ(v[i], values[i].get<double>()) << name << " " << i;
            break;
        }
    }
}

// Runs `f` and returns the meshdiff::Error it throws (fails the test when it throws nothing).
}  // namespace

TEST(Npy, EveryDtypeEndianOrderAndVersionMatchesNumpy) {
    const json m = manifest();
    std::size_t checked = 0;
    std::set<int> versions;
    std::set<std::string> dtypes;
    for (const auto& [name, spec] : m["arrays"].items()) {
        const NdArray a = readNpyFile(npyFixture(name));
        expectArray(a, spec, name);
        versions.insert(spec["version"].get<int>());
        dtypes.insert(spec["dtype"].get<std::string>());
        ++checked;
    }
    EXPECT_EQ(versions, (std::set<int>{1, 2, 3}));
    EXPECT_EQ(dtypes.size(), 12u);
    EXPECT_EQ(checked, 9u * 2 * 2 * 3 + 3u * 2 * 3);
}

TEST(Npy, HeaderReportsVersionOrderAndEndianness) {
    const json m = manifest();
    for (const std::string name : {"f4_be_F_v3.npy", "i8_le_C_v2.npy", "u2_be_C_v1.npy"}) {
        std::ifstream in(npyFixture(name), std::ios::binary);
        std::vector<char> raw((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        const auto* bytes = reinterpret_cast<const std::byte*>(raw.data());
        const NpyHeader h = parseNpyHeader(bytes, raw.size(), name, raw.size());
        const json& spec = m["arrays"][name];
        EXPECT_EQ(h.majorVersion, spec["version"].get<int>()) << name;
        EXPECT_EQ(h.fortranOrder, spec["fortran"].get<bool>()) << name;
        EXPECT_EQ(h.bigEndian, spec["big_endian"].get<bool>()) << name;
        EXPECT_EQ(h.dataOffset % 64, 0u) << name;
        EXPECT_EQ(h.dataOffset + h.dataBytes(), raw.size()) << name;
        // decoding from memory gives the same as reading the file
        const NdArray fromMemory = decodeNpy(bytes, raw.size(), name);
        EXPECT_EQ(fromMemory.bytes, readNpyFile(npyFixture(name)).bytes) << name;
    }
}

TEST(Npy, Float16SpecialValuesWidenExactly) {
    const NdArray a = readNpyFile(npyFixture("float16_special.npy"));
    ASSERT_EQ(a.dtype, DType::Float16);
    const std::vector<float> f = a.toFloat32();
    const json bits = manifest()["float16_special"]["float32_bits"];
    ASSERT_EQ(f.size(), bits.size());
    for (std::size_t i = 0; i < f.size(); ++i) {
        std::uint32_t got;
        std::memcpy(&got, &f[i], 4);
        if (std::isnan(f[i])) EXPECT_TRUE((bits[i].get<std::uint32_t>() & 0x7fffffffu) > 0x7f800000u);
        else EXPECT_EQ(got, bits[i].get<std::uint32_t>()) << "value " << i << " = " << f[i];
    }
}

TEST(Npy, ZeroDimensionalAndEmptyArrays) {
    const NdArray scalar = readNpyFile(npyFixture("scalar_f8.npy"));
    EXPECT_EQ(scalar.ndim(), 0u);
    EXPECT_EQ(scalar.size(), 1u);
    EXPECT_EQ(scalar.shapeString(), "()");
    EXPECT_EQ(scalar.toFloat64(), std::vector<double>{3.5});

    const NdArray empty = readNpyFile(npyFixture("empty_f4.npy"));
    EXPECT_EQ(empty.shape, std::vector<std::size_t>{0});
    EXPECT_TRUE(empty.bytes.empty());
    EXPECT_EQ(empty.shapeString(), "(0,)");

    const NdArray empty3 = readNpyFile(npyFixture("empty_i8_2x0x3.npy"));
    EXPECT_EQ(empty3.shape, (std::vector<std::size_t>{2, 0, 3}));
    EXPECT_EQ(empty3.size(), 0u);
}

TEST(Npy, FortranOrderFourDimensionsBecomesCOrder) {
    const NdArray a = readNpyFile(npyFixture("fortran_4d_i2.npy"));
    ASSERT_EQ(a.shape, (std::vector<std::size_t>{2, 3, 4, 5}));
    const std::vector<std::int64_t> v = a.toInt64();
    for (std::size_t i = 0; i < v.size(); ++i) ASSERT_EQ(v[i], static_cast<std::int64_t>(i));
}

TEST(Npy, RefusesPickledObjectArrays) {
    const std::string path = npyFixture("object.npy");
    const Error e = errorOf([&] { readNpyFile(path); });
    EXPECT_EQ(e.file(), path);
    EXPECT_NE(e.problem().find("Python objects"), std::string::npos) << e.what();
}

TEST(Npy, RefusesStructuredAndUnsupportedDtypes) {
    const Error structured = errorOf([&] { readNpyFile(npyFixture("structured.npy")); });
    EXPECT_NE(structured.problem().find("structured"), std::string::npos) << structured.what();
    const Error complex = errorOf([&] { readNpyFile(npyFixture("complex.npy")); });
    EXPECT_NE(complex.problem().find("'<c8'"), std::string::npos) << complex.what();
}

TEST(Npy, HugeShapeFailsBeforeAllocating) {
    const std::string path = npyFixture("huge_shape.npy");
    const Error e = errorOf([&] { readNpyFile(path); });  // 8e15 bytes: would throw bad_alloc if allocated
    EXPECT_EQ(e.file(), path);
    EXPECT_NE(e.problem().find("(1000000000000000,)"), std::string::npos) << e.what();
}

TEST(Npy, BrokenFilesNameTheFile) {
    for (const std::string name :
         {"bad_magic.npy", "truncated.npy", "truncated_header.npy", "malformed_header.npy", "no_such_file.npy"}) {
        const std::string path = npyFixture(name);
        const Error e = errorOf([&] { readNpyFile(path); });
        EXPECT_EQ(e.file(), path) << e.what();
        EXPECT_FALSE(e.problem().empty());
    }
    EXPECT_NE(errorOf([&] { readNpyFile(npyFixture("bad_magic.npy")); }).problem().find("magic"), std::string::npos);
    EXPECT_NE(errorOf([&] { readNpyFile(npyFixture("truncated.npy")); }).problem().find("truncated"),
              std::string::npos);
    EXPECT_NE(errorOf([&] { readNpyFile(npyFixture("malformed_header.npy")); }).problem().find("malformed"),
              std::string::npos);
}

TEST(Npy, DecodeRefusesEveryTruncation) {
    std::ifstream in(npyFixture("f8_be_F_v2.npy"), std::ios::binary);
    std::vector<char> raw((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto* bytes = reinterpret_cast<const std::byte*>(raw.data());
    for (std::size_t cut = 0; cut < raw.size(); ++cut)
        EXPECT_THROW(decodeNpy(bytes, cut, "cut.npy"), Error) << "cut at " << cut;
    EXPECT_NO_THROW(decodeNpy(bytes, raw.size(), "whole.npy"));
}

TEST(Npy, EncodeDecodeRoundTrip) {
    NdArray a;
    a.dtype = DType::UInt16;
    a.shape = {2, 3};
    const std::uint16_t values[] = {0, 1, 2, 65535, 40000, 7};
    a.bytes.resize(sizeof values);
    std::memcpy(a.bytes.data(), values, sizeof values);
    const std::vector<std::byte> encoded = encodeNpy(a);
    const NdArray b = decodeNpy(encoded.data(), encoded.size(), "mem");
    EXPECT_EQ(b.dtype, a.dtype);
    EXPECT_EQ(b.shape, a.shape);
    EXPECT_EQ(b.bytes, a.bytes);
    EXPECT_EQ(npyDataOffset(encoded.data(), encoded.size(), "mem") % 64, 0u);
}

TEST(Npy, WrittenFileReadsBackInNumpy) {
    const auto dir = std::filesystem::temp_directory_path() / ("meshdiff_npy_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    NdArray a;
    a.dtype = DType::Float32;
    a.shape = {2, 2};
    const float values[] = {1.5f, -2.0f, 3.25f, 1e30f};
    a.bytes.resize(sizeof values);
    std::memcpy(a.bytes.data(), values, sizeof values);
    const std::string path = (dir / "written.npy").string();
    writeNpyFile(path, a);
    EXPECT_EQ(readNpyFile(path).bytes, a.bytes);
    const std::string check = "/usr/bin/python3 -c \"import numpy as np, sys; a = np.load('" + path +
                              "'); sys.exit(0 if a.dtype == np.float32 and a.tolist() == [[1.5, -2.0], [3.25, "
                              "float(np.float32(1e30))]] else 1)\"";
    EXPECT_EQ(std::system(check.c_str()), 0);
    std::filesystem::remove_all(dir);
}

TEST(NdArray, ConversionsAndNames) {
    NdArray a;
    a.dtype = DType::Float64;
    a.shape = {3};
    const double values[] = {1.0, -2.0, 2.5};
    a.bytes.resize(sizeof values);
    std::memcpy(a.bytes.data(), values, sizeof values);
    EXPECT_THROW(a.toInt64(), std::invalid_argument);  // 2.5 is not an integer
    EXPECT_EQ(a.toFloat32(), (std::vector<float>{1.0f, -2.0f, 2.5f}));
    EXPECT_EQ(a.shapeString(), "(3,)");
    EXPECT_EQ(dtypeName(DType::UInt32), "uint32");
    EXPECT_EQ(dtypeSize(DType::Float16), 2u);
    EXPECT_TRUE(isInteger(DType::UInt8));
    EXPECT_FALSE(isInteger(DType::Bool));
    EXPECT_TRUE(isFloating(DType::Float16));
}

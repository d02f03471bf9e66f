#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QFontDatabase>
#include <QTableWidget>
#include <QTest>

#include <gtest/gtest.h>

#include <fstream>

#include "runs/RunsPanel.h"

namespace meshdiff::views {
namespace {

const std::string kHashA = "sha256:5724f9ff48fe7910f008cd5c075f948abaf57ce2d01aaf201424b3ef600b482c";
const std::string kHashB = "sha256:09c1d2e3f48fe7910f008cd5c075f948abaf57ce2d01aaf201424b3ef600b4aa";

RunComparisonRow rowNamed(const std::vector<RunComparisonRow>& rows, const std::string& property) {
    for (const auto& r : rows)
        if (r.property == property) return r;
    ADD_FAILURE() << "no row " << property;
    return {};
}

int tableRowOf(const QTableWidget* table, const QString& property) {
    for (int r = 0; r < table->rowCount(); ++r)
        if (table->item(r, 0)->text() == property) return r;
    return -1;
}

TEST(RunComparisonRows, ShowNumPyFeatureMapsAndNestedObjectsAsReadableText) {
    RunInputs a, b;
    a.metadata = {{"numpy_simd", {{"baseline", {"SSE", "SSE2", "SSE3"}}, {"dispatch", {"AVX2", "AVX512F"}}}},
                  {"cpu", {{"__cpu_features__", {{"AVX2", true}, {"AVX512F", false}, {"FMA3", true}}}}}};
    b.metadata = {{"numpy_simd", {{"emulated_float32_math", "glibc"}, {"stands_for", "a host"}}}};
    const auto rows = runComparisonRows(a, b);
    EXPECT_EQ(rowNamed(rows, "NumPy SIMD").a, "baseline: SSE, SSE2, SSE3; dispatch: AVX2, AVX512F");
    EXPECT_EQ(rowNamed(rows, "NumPy SIMD").b, "emulated_float32_math: glibc; stands_for: a host");
    EXPECT_EQ(rowNamed(rows, "cpu.__cpu_features__").a, "AVX2, FMA3 (2 of 3 on)");
    EXPECT_EQ(rowNamed(rows, "cpu.__cpu_features__").kind, RunValueKind::List);
    for (const auto& r : rows) {
        EXPECT_EQ(r.property.rfind("numpy_simd.", 0), std::string::npos) << r.property << " listed twice";
        EXPECT_EQ(r.a.find('{'), std::string::npos) << r.property << ": raw JSON " << r.a;
        EXPECT_EQ(r.b.find('{'), std::string::npos) << r.property << ": raw JSON " << r.b;
    }
}

TEST(RunComparisonRows, NameTheBlasUnderNumPyAndListItsLibraries) {
    RunInputs a, b;
    a.metadata = {{"numpy_blas",
                   {{"vendor", "OpenBLAS"},
                    {"blas", "/usr/lib/x86_64-linux-gnu/openblas-pthread/libblas.so.3"},
                    {"caveat", "wheels bundle their own"}}}};
    b.metadata = {{"blas", "MKL 2024"}};
    const auto rows = runComparisonRows(a, b);
    EXPECT_EQ(rowNamed(rows, "BLAS/LAPACK").a, "OpenBLAS");
    EXPECT_EQ(rowNamed(rows, "BLAS/LAPACK").b, "MKL 2024");
    EXPECT_TRUE(rowNamed(rows, "BLAS/LAPACK").differs);
    EXPECT_EQ(rowNamed(rows, "numpy_blas.blas").a, "/usr/lib/x86_64-linux-gnu/openblas-pthread/libblas.so.3");
    for (const auto& r : rows) {
        EXPECT_NE(r.property, "numpy_blas.vendor") << "the vendor is listed twice";
        EXPECT_NE(r.property, "blas") << "the vendor is listed twice";
    }
}

TEST(RunComparisonRows, ShowNumPysVersionDispatchAndBlasOfAProbedRerunAndOfASidecar) {
    RunInputs rerun, sidecar;
    // A rerun's metadata as the NumPy probe fills it on a Debian host.
    rerun.metadata = {{"numpy_version", "1.24.2"},
                      {"numpy_simd",
                       {{"NPY_DISABLE_CPU_FEATURES", "AVX512F AVX512CD AVX2 FMA3"},
                        {"cpu_baseline", {"SSE", "SSE2", "SSE3"}},
                        {"cpu_dispatch", {"SSSE3", "AVX2", "AVX512F"}},
                        {"dispatch_enabled", {"SSSE3"}}}},
                      {"numpy_blas",
                       {{"vendor", "OpenBLAS"},
                        {"version", "0.3.21"},
                        {"corename", "Haswell"},
                        {"library", "/usr/lib/x86_64-linux-gnu/openblas-pthread/libblas.so.3"}}}};
    // A run folder a user brings: the graph script's sidecar (tests/data/graphs-numpy2), NumPy 2.
    std::ifstream in(std::string(MESHDIFF_DATA_DIR) + "/graphs-numpy2/wn2_graph_np2_1p0deg_avx2.json");
    sidecar.metadata = nlohmann::json::parse(in);
    const auto rows = runComparisonRows(rerun, sidecar);
    EXPECT_EQ(rowNamed(rows, "NumPy").a, "1.24.2");
    EXPECT_EQ(rowNamed(rows, "NumPy").b, "2.5.2");
    EXPECT_TRUE(rowNamed(rows, "NumPy").differs);
    EXPECT_EQ(rowNamed(rows, "NumPy SIMD").a,
              "baseline SSE, SSE2, SSE3; dispatched: SSSE3; off: AVX512F, AVX512CD, AVX2, FMA3");
    EXPECT_EQ(rowNamed(rows, "NumPy SIMD").b,
              "baseline X86_V2; dispatched: X86_V3; off: X86_V4, AVX512_ICL, AVX512_SPR");
    EXPECT_EQ(rowNamed(rows, "BLAS/LAPACK").a, "OpenBLAS 0.3.21 (Haswell kernels)");
    EXPECT_EQ(rowNamed(rows, "numpy_blas.library").a, "/usr/lib/x86_64-linux-gnu/openblas-pthread/libblas.so.3");
    for (const auto& r : rows) EXPECT_NE(r.property, "numpy_version") << "the version is listed twice";

    RunInputs failed;
    failed.metadata = {{"numpy_probe", {{"failed", "cannot import NumPy: ModuleNotFoundError"}}}};
    EXPECT_EQ(rowNamed(runComparisonRows(failed, sidecar), "NumPy").a,
              "not known (NumPy probe failed: cannot import NumPy: ModuleNotFoundError)");
}

TEST(RunsPanel, ListsTheNumPyRowsOfBothRuns) {
    RunInputs a, b;
    a.metadata = {{"numpy_version", "1.24.2"}, {"numpy_blas", {{"vendor", "OpenBLAS"}, {"version", "0.3.21"}}}};
    b.metadata = {
        {"numpy_version", "2.5.2"},
        {"numpy_simd", {{"cpu_baseline", {"X86_V2"}}, {"cpu_dispatch", {"X86_V3"}}, {"dispatch_enabled", {"X86_V3"}}}}};
    RunsPanel panel;
    panel.setRows(runComparisonRows(a, b));
    QTableWidget* table = panel.table();
    const int version = tableRowOf(table, "NumPy"), simd = tableRowOf(table, "NumPy SIMD"),
              blas = tableRowOf(table, "BLAS/LAPACK");
    ASSERT_GE(version, 0);
    ASSERT_GE(simd, 0);
    ASSERT_GE(blas, 0);
    // The panel lets long values wrap after '.' and '_' (zero-width spaces); the text is the value.
    auto shown = [table](int row, int column) { return table->item(row, column)->text().remove(QChar(0x200B)); };
    EXPECT_EQ(shown(version, 1), "1.24.2");
    EXPECT_EQ(shown(version, 2), "2.5.2");
    EXPECT_EQ(shown(simd, 2), "baseline X86_V2; dispatched: X86_V3");
    EXPECT_EQ(shown(blas, 1), "OpenBLAS 0.3.21");
}

TEST(RunComparisonRows, RecognisesDigests) {
    EXPECT_TRUE(looksLikeDigest(kHashA));
    EXPECT_TRUE(looksLikeDigest("0123456789abcdef0123456789abcdef"));
    EXPECT_FALSE(looksLikeDigest("sha256:not-hex"));
    EXPECT_FALSE(looksLikeDigest("AVX2"));
    EXPECT_EQ(shortDigest(kHashA), "sha256 5724f9ff…");
    EXPECT_EQ(shortDigest("plain words"), "plain words");
    RunInputs a, b;
    a.metadata = {{"graph_build", {{"fields_sha256", kHashA}}}};
    EXPECT_EQ(rowNamed(runComparisonRows(a, b), "graph_build.fields_sha256").kind, RunValueKind::Hash);
}

TEST(RunsPanel, ShowsDigestsShortInMonospaceAndCopiesTheFullValue) {
    RunInputs a, b;
    a.path = "/runs/demo/A";
    b.path = "/runs/demo/B";
    RunsPanel panel;
    panel.setRows(runComparisonRows(a, b, kHashA, kHashB));
    QTableWidget* table = panel.table();
    const int row = tableRowOf(table, "Graph hash");
    ASSERT_GE(row, 0);
    EXPECT_EQ(table->item(row, 1)->text(), "sha256 5724f9ff…");
    EXPECT_EQ(table->item(row, 1)->font().family(), QFontDatabase::systemFont(QFontDatabase::FixedFont).family());
    EXPECT_NE(table->item(row, 0)->font().family(), QFontDatabase::systemFont(QFontDatabase::FixedFont).family());
    EXPECT_TRUE(table->item(row, 1)->toolTip().contains(QString::fromStdString(kHashA)));
    EXPECT_TRUE(table->item(row, 1)->data(Qt::UserRole).toBool());  // differs

    table->setCurrentCell(row, 2);
    panel.copyCurrentValue();
    EXPECT_EQ(QApplication::clipboard()->text(), QString::fromStdString(kHashB));
    QApplication::clipboard()->clear();
    panel.show();
    table->setCurrentCell(row, 1);
    QTest::keyClick(table, Qt::Key_C, Qt::ControlModifier);
    EXPECT_EQ(QApplication::clipboard()->text(), QString::fromStdString(kHashA));
    ASSERT_FALSE(table->actions().isEmpty());
    EXPECT_EQ(table->actions().front()->text(), "Copy value");
    EXPECT_EQ(table->actions().front()->shortcut(), QKeySequence(QKeySequence::Copy));
}

TEST(RunsPanel, CompareSelectorsNameEachRunByLetterLabelAndShortPath) {
    RunsPanel panel;
    panel.addRun("A", "/tmp/polish-demo/A");
    panel.addRun("B", "/tmp/polish-demo/B");
    EXPECT_EQ(panel.firstRunBox()->itemText(0), "A — polish-demo/A");
    EXPECT_NE(panel.firstRunBox()->itemText(0), "A — A");

    panel.setRunDescription("/tmp/polish-demo/A", "A (glibc float32 math)");
    panel.setRunDescription("/tmp/polish-demo/B", "eigen host");
    EXPECT_EQ(panel.firstRunBox()->itemText(0), "A (glibc float32 math) — polish-demo/A");
    EXPECT_EQ(panel.secondRunBox()->itemText(1), "B: eigen host — polish-demo/B");
    EXPECT_EQ(panel.firstRunBox()->itemData(1, Qt::ToolTipRole).toString(), "/tmp/polish-demo/B");

    panel.addRun("C", "/data/reruns/20261201-1200-ab12/out");
    panel.setRunDescription("/data/reruns/20261201-1200-ab12/out", "out");  // the folder name only
    EXPECT_EQ(panel.firstRunBox()->itemText(2), "C — 20261201-1200-ab12/out");
}

}  // namespace
}  // namespace meshdiff::views

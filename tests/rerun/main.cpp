#include <gtest/gtest.h>

#include <QCoreApplication>

// QProcess and timers need an application object; tests drive event loops themselves.
int main(int argc, char** argv) {
    QCoreApplication application(argc, argv);
    testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}

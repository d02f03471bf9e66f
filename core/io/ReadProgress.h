#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace meshdiff {

// Readers of input files tell what they are reading and that they move on, so that a watching
// process (compare's reading child, app/cli/IsolatedRun.h; the HDF5 pre-flight) can stop a read
// that makes no progress and name the file and the step. Cheap; nothing watches unless a
// ReadProgressBoard was made the process's board.

// What this thread reads until the end of the scope (then its enclosing step again, if any).
// Starting it counts as progress.
class ReadingStep {
public:
    ReadingStep(std::string_view path, std::string_view step);
    ~ReadingStep();
    ReadingStep(const ReadingStep&) = delete;
    ReadingStep& operator=(const ReadingStep&) = delete;

private:
    int slot_;
    std::string previousPath_, previousStep_;
};

void noteReadProgress();

struct ReadState {
    std::uint64_t progress = 0;  // grows with every step started and every note of progress
    struct Step {
        std::string path, step;
    };
    std::vector<Step> reading;  // the steps under way, one per reading thread
};

// A board in memory shared with the processes forked after it is made, or (made with
// ForExecutedChild) with a program started anew that is handed fd(): the child calls reportHere(),
// the parent reads current().
class ReadProgressBoard {
public:
    enum class Sharing { ForForkedChild, ForExecutedChild };
    // Throws std::runtime_error when the shared memory cannot be made or mapped.
    explicit ReadProgressBoard(Sharing sharing = Sharing::ForForkedChild);
    // In the executed child: the board whose fd() it was handed.
    static ReadProgressBoard attach(int fd);
    ~ReadProgressBoard();
    ReadProgressBoard(ReadProgressBoard&& other) noexcept;
    int fd() const { return fd_; }  // -1 but for ForExecutedChild
    ReadProgressBoard(const ReadProgressBoard&) = delete;
    ReadProgressBoard& operator=(const ReadProgressBoard&) = delete;

    void reportHere();  // from now on this process's steps and progress land on this board
    ReadState current() const;

    struct Shared;

private:
    ReadProgressBoard(Shared* shared, int fd) : shared_(shared), fd_(fd) {}
    Shared* shared_;
    int fd_ = -1;
};

}  // namespace meshdiff

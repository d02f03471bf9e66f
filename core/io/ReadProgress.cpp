#include "io/ReadProgress.h"

#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <new>
#include <stdexcept>
#include <thread>
#include <utility>

namespace meshdiff {

namespace {

// One reading thread's step, written under `writing` by it alone (or, past kSlots − 1 threads, by
// all the others in the last slot; slots are not given back when a thread ends) and read by the
// watcher with `version` (odd while it is written).
struct Slot {
    std::atomic<bool> claimed{false};
    std::atomic<std::uint32_t> version{0};
    std::atomic_flag writing;
    char path[512] = {};
    char step[192] = {};
};
constexpr int kSlots = 64;

void copyTruncated(char* dest, std::size_t capacity, std::string_view text) {
    const std::size_t n = std::min(text.size(), capacity - 1);
    std::memcpy(dest, text.data(), n);
    dest[n] = '\0';
}

}  // namespace

// Lives in a MAP_SHARED mapping: only lock-free atomics and plain bytes.
struct ReadProgressBoard::Shared {
    std::atomic<std::uint64_t> progress{0};
    Slot slots[kSlots];
};

namespace {

ReadProgressBoard::Shared unwatched;
std::atomic<ReadProgressBoard::Shared*> board{&unwatched};

// This thread's slot on the current board, claimed at its first step there.
Slot& mySlot(ReadProgressBoard::Shared& b) {
    thread_local ReadProgressBoard::Shared* claimedOn = nullptr;
    thread_local Slot* slot = nullptr;
    if (claimedOn != &b) {
        slot = &b.slots[kSlots - 1];
        for (int i = 0; i + 1 < kSlots; ++i) {
            bool expected = false;
            if (b.slots[i].claimed.compare_exchange_strong(expected, true)) {
                slot = &b.slots[i];
                break;
            }
        }
        claimedOn = &b;
    }
    return *slot;
}

// Holds the slot's `writing` flag: the last slot is shared by every thread past the first
// kSlots − 1, so even reading one's own slot's bytes needs it.
class SlotLock {
public:
    explicit SlotLock(Slot& slot) : slot_(slot) {
        while (slot_.writing.test_and_set(std::memory_order_acquire)) std::this_thread::yield();
    }
    ~SlotLock() { slot_.writing.clear(std::memory_order_release); }
    SlotLock(const SlotLock&) = delete;
    SlotLock& operator=(const SlotLock&) = delete;

private:
    Slot& slot_;
};

// Under the slot's lock.
void writeLocked(Slot& slot, std::string_view path, std::string_view step) {
    slot.version.fetch_add(1, std::memory_order_relaxed);
    std::atomic_thread_fence(std::memory_order_release);
    copyTruncated(slot.path, sizeof slot.path, path);
    copyTruncated(slot.step, sizeof slot.step, step);
    slot.version.fetch_add(1, std::memory_order_release);
}

void write(Slot& slot, std::string_view path, std::string_view step) {
    const SlotLock lock(slot);
    writeLocked(slot, path, step);
}

}  // namespace

ReadingStep::ReadingStep(std::string_view path, std::string_view step) {
    ReadProgressBoard::Shared& b = *board.load(std::memory_order_relaxed);
    Slot& slot = mySlot(b);
    slot_ = static_cast<int>(&slot - b.slots);
    {
        const SlotLock lock(slot);
        previousPath_.assign(slot.path, strnlen(slot.path, sizeof slot.path));
        previousStep_.assign(slot.step, strnlen(slot.step, sizeof slot.step));
        writeLocked(slot, path, step);
    }
    b.progress.fetch_add(1, std::memory_order_relaxed);
}

ReadingStep::~ReadingStep() {
    write(board.load(std::memory_order_relaxed)->slots[slot_], previousPath_, previousStep_);
}

void noteReadProgress() { board.load(std::memory_order_relaxed)->progress.fetch_add(1, std::memory_order_relaxed); }

ReadProgressBoard::ReadProgressBoard(Sharing sharing) {
    if (sharing == Sharing::ForExecutedChild) {
        fd_ = ::memfd_create("meshdiff-read-progress", MFD_CLOEXEC);
        if (fd_ < 0 || ::ftruncate(fd_, sizeof(Shared)) != 0) {
            if (fd_ >= 0) ::close(fd_);
            throw std::runtime_error("cannot make memory to share with the reader process");
        }
    }
    void* memory = ::mmap(nullptr, sizeof(Shared), PROT_READ | PROT_WRITE,
                          fd_ < 0 ? MAP_SHARED | MAP_ANONYMOUS : MAP_SHARED, fd_, 0);
    if (memory == MAP_FAILED) {
        if (fd_ >= 0) ::close(fd_);
        throw std::runtime_error("cannot map memory shared with the reader process");
    }
    shared_ = new (memory) Shared;
}

ReadProgressBoard ReadProgressBoard::attach(int fd) {
    struct stat status {};
    if (::fstat(fd, &status) != 0 || static_cast<std::size_t>(status.st_size) != sizeof(Shared))
        throw std::runtime_error("not a reading-progress board");
    void* memory = ::mmap(nullptr, sizeof(Shared), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (memory == MAP_FAILED) throw std::runtime_error("cannot map memory shared with the watching process");
    return {static_cast<Shared*>(memory), fd};
}

ReadProgressBoard::ReadProgressBoard(ReadProgressBoard&& other) noexcept
    : shared_(std::exchange(other.shared_, nullptr)), fd_(std::exchange(other.fd_, -1)) {}

ReadProgressBoard::~ReadProgressBoard() {
    if (!shared_) return;
    if (board.load() == shared_) board.store(&unwatched);
    ::munmap(shared_, sizeof(Shared));
    if (fd_ >= 0) ::close(fd_);
}

void ReadProgressBoard::reportHere() { board.store(shared_); }

ReadState ReadProgressBoard::current() const {
    ReadState out;
    out.progress = shared_->progress.load(std::memory_order_relaxed);
    for (const Slot& slot : shared_->slots) {
        if (!slot.claimed.load(std::memory_order_relaxed) && &slot != &shared_->slots[kSlots - 1]) continue;
        ReadState::Step step;
        // A writer killed in the middle leaves `version` odd for good: then the bytes as they are.
        for (int attempt = 0; attempt < 100; ++attempt) {
            const std::uint32_t before = slot.version.load(std::memory_order_acquire);
            step.path.assign(slot.path, strnlen(slot.path, sizeof slot.path));
            step.step.assign(slot.step, strnlen(slot.step, sizeof slot.step));
            std::atomic_thread_fence(std::memory_order_acquire);
            if (before % 2 == 0 && slot.version.load(std::memory_order_relaxed) == before) break;
            std::this_thread::yield();
        }
        if (!step.path.empty() || !step.step.empty()) out.reading.push_back(std::move(step));
    }
    return out;
}

}  // namespace meshdiff

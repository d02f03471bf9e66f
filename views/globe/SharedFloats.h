#pragma once
#include <cstddef>
#include <initializer_list>
#include <memory>
#include <vector>

namespace meshdiff::views {

// A float array that copies by sharing (copy on write): a 0.1° field is 26 MB, and a scene or
// overlay is copied on the GUI thread each time it is set, built or adopted (a full copy cost
// 50–600 ms there). Reads never copy; the first write to a shared array copies it.
class SharedFloats {
public:
    SharedFloats() = default;
    SharedFloats(std::vector<float> values) : values_(std::make_shared<std::vector<float>>(std::move(values))) {}
    SharedFloats(std::initializer_list<float> values) : SharedFloats(std::vector<float>(values)) {}

    std::size_t size() const { return values_ ? values_->size() : 0; }
    bool empty() const { return size() == 0; }
    const float* data() const { return values_ ? values_->data() : nullptr; }
    const float* begin() const { return data(); }
    const float* end() const { return data() + size(); }
    const float& operator[](std::size_t i) const { return (*values_)[i]; }

    float& operator[](std::size_t i) { return own()[i]; }
    void resize(std::size_t n, float value = 0) { own().resize(n, value); }
    void push_back(float value) { own().push_back(value); }

private:
    std::vector<float>& own() {
        if (!values_) values_ = std::make_shared<std::vector<float>>();
        else if (values_.use_count() > 1) values_ = std::make_shared<std::vector<float>>(*values_);
        return *values_;
    }
    std::shared_ptr<std::vector<float>> values_;
};

}  // namespace meshdiff::views

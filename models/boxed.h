// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Boxed<T>: an optional value kept on the heap, with std::optional's interface and value semantics (a copy
// copies the value). For the large parts of a trial record that most trials do not have (a rescored result,
// the stages of a create-and-edit trial): empty, it costs a pointer instead of the value's whole size, which
// keeps 10^5 records in memory small (docs/architecture.md "Large result sets").
#include <memory>
#include <optional>
#include <utility>

namespace vernier {

template <typename T> class Boxed {
public:
    Boxed() = default;
    Boxed(std::nullopt_t) {}
    Boxed(const T& v) : p_(std::make_unique<T>(v)) {}
    Boxed(T&& v) : p_(std::make_unique<T>(std::move(v))) {}
    Boxed(const std::optional<T>& v) : p_(v ? std::make_unique<T>(*v) : nullptr) {}
    Boxed(std::optional<T>&& v) : p_(v ? std::make_unique<T>(std::move(*v)) : nullptr) {}
    Boxed(const Boxed& o) : p_(o.p_ ? std::make_unique<T>(*o.p_) : nullptr) {}
    Boxed(Boxed&&) noexcept = default;
    Boxed& operator=(const Boxed& o) {
        if (this != &o) p_ = o.p_ ? std::make_unique<T>(*o.p_) : nullptr;
        return *this;
    }
    Boxed& operator=(Boxed&&) noexcept = default;
    Boxed& operator=(std::nullopt_t) {
        p_.reset();
        return *this;
    }
    Boxed& operator=(const T& v) { return *this = Boxed(v); }
    Boxed& operator=(T&& v) { return *this = Boxed(std::move(v)); }
    Boxed& operator=(const std::optional<T>& v) { return *this = Boxed(v); }
    Boxed& operator=(std::optional<T>&& v) { return *this = Boxed(std::move(v)); }
    ~Boxed() = default;

    bool has_value() const { return p_ != nullptr; }
    explicit operator bool() const { return p_ != nullptr; }
    T& operator*() { return *p_; }
    const T& operator*() const { return *p_; }
    T* operator->() { return p_.get(); }
    const T* operator->() const { return p_.get(); }
    T& value() {
        if (!p_) throw std::bad_optional_access();
        return *p_;
    }
    const T& value() const {
        if (!p_) throw std::bad_optional_access();
        return *p_;
    }
    template <typename U> T value_or(U&& fallback) const {
        return p_ ? *p_ : static_cast<T>(std::forward<U>(fallback));
    }
    void reset() { p_.reset(); }
    template <typename... A> T& emplace(A&&... args) {
        p_ = std::make_unique<T>(std::forward<A>(args)...);
        return *p_;
    }
    // The value as a std::optional (a copy).
    std::optional<T> optional() const { return p_ ? std::optional<T>(*p_) : std::nullopt; }

private:
    std::unique_ptr<T> p_;
};

} // namespace vernier

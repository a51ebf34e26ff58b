#pragma once
// The cores' one result type: a value or an error, never both (a small std::expected, which is
// C++23). Each core names its own error type and alias: deck::Result<T> (deck::Error),
// importer::Result<T> (importer::ImportError), formulas::Result<T> (formulas::FormulaError).
// Standard library only, so every core may include it.

#include <utility>
#include <variant>

namespace infracards {

template <typename T, typename E>
class Result {
public:
    Result(T value) : data_(std::in_place_index<0>, std::move(value)) {}
    Result(E error) : data_(std::in_place_index<1>, std::move(error)) {}

    bool ok() const { return data_.index() == 0; }
    explicit operator bool() const { return ok(); }

    T& value() & { return std::get<0>(data_); }
    const T& value() const& { return std::get<0>(data_); }
    T&& value() && { return std::get<0>(std::move(data_)); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }

    const E& error() const { return std::get<1>(data_); }

private:
    std::variant<T, E> data_;
};

}  // namespace infracards

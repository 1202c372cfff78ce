// Expected<T>: a value or an error message, for parsers that must never throw or crash.
#pragma once

#include <cassert>
#include <optional>
#include <string>
#include <utility>

namespace xq::core {

struct Error {
    std::string message;
};

template <class T> class Expected {
public:
    Expected(T value)
        : m_value(std::move(value)) {} // NOLINT: implicit by design
    Expected(Error e)
        : m_error(std::move(e.message)) {} // NOLINT
    bool hasValue() const { return m_value.has_value(); }
    explicit operator bool() const { return hasValue(); }
    const T& value() const& {
        assert(m_value);
        return *m_value;
    }
    T& value() & {
        assert(m_value);
        return *m_value;
    }
    T&& value() && {
        assert(m_value);
        return std::move(*m_value);
    }
    const T& operator*() const& { return value(); }
    T& operator*() & { return value(); }
    const T* operator->() const { return &value(); }
    T* operator->() { return &value(); }
    const std::string& error() const { return m_error; }

private:
    std::optional<T> m_value;
    std::string m_error;
};

} // namespace xq::core

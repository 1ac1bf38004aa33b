// SPDX-License-Identifier: Apache-2.0
// A value or an error, for library calls that can fail without it being exceptional (a
// conversion that does not apply, a function argument that is out of range).
#pragma once

#include <string>
#include <type_traits>
#include <utility>
#include <variant>

namespace hcl::cty {

template <class E>
struct Unexpected {
  E error;
};

// `return unexpected("a number is required");`
template <class E>
Unexpected<std::decay_t<E>> unexpected(E&& e) {
  return {std::forward<E>(e)};
}
inline Unexpected<std::string> unexpected(const char* e) { return {std::string(e)}; }

template <class T, class E = std::string>
class Expected {
 public:
  Expected(T value) : v_(std::in_place_index<0>, std::move(value)) {}
  template <class U, class = std::enable_if_t<std::is_convertible_v<U, E>>>
  Expected(Unexpected<U> e) : v_(std::in_place_index<1>, E(std::move(e.error))) {}

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& operator*() { return std::get<0>(v_); }
  const T& operator*() const { return std::get<0>(v_); }
  T* operator->() { return &std::get<0>(v_); }
  const T* operator->() const { return &std::get<0>(v_); }
  T& value() { return std::get<0>(v_); }
  const T& value() const { return std::get<0>(v_); }
  const E& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, E> v_;
};

}  // namespace hcl::cty

#pragma once
// Errors as values: every partial operation returns Result<T>, whose error names
// the failed condition and its numbers (STYLE.md: better than assert or nothing).
#include <charconv>
#include <concepts>
#include <cstdint>
#include <expected>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

namespace catlayout {

using Int = std::int64_t;

// The error kinds of the vector format (docs/vector-format.md; overflow reports as invalid_input),
// not_representable among them (the F2 ops of docs/beyond-integers.md).
enum class ErrorKind { inadmissible, not_tractable, not_complementable, not_refinable, invalid_input, not_representable };

std::string_view kind_name(ErrorKind kind);
bool parse_kind(std::string_view name, ErrorKind& out);

struct Error {
  ErrorKind kind;
  std::string message;
  // CuTe returns a layout here, and it is not the operation's function: catlayout checks a
  // condition CuTe does not (vectors tag such cases `cute_wrong`, docs/vector-format.md).
  bool cute_answers = false;
  // CuTe returns a layout here, but the input breaks a precondition CuTe documents and does not
  // check (docs/definitions.md names it): the answer is for another input (vectors: cute_precondition).
  bool cute_precondition = false;
  // CuTe, given this input, divides by zero at run time (vectors: cute_crash): no answer, no compile error.
  bool cute_crashes = false;
  bool cute_returns() const { return cute_answers || cute_precondition; }  // CuTe gives a layout here
  // CuTe compiles and runs this input (a layout or a crash): a refusal of catlayout's own; else CuTe
  // refuses it too (a static_assert, no overload), which comes before any run-time condition.
  bool cute_runs() const { return cute_returns() || cute_crashes; }
  std::string what() const { return std::string(kind_name(kind)) + ": " + message; }
};

template <class T>
using Result = std::expected<T, Error>;

namespace detail {
template <class T>
concept plain_integer = std::is_integral_v<T> && sizeof(T) <= 8 && !std::is_same_v<T, bool> && !std::is_same_v<T, char> &&
                        !std::is_same_v<T, signed char> && !std::is_same_v<T, unsigned char> &&
                        !std::is_same_v<T, wchar_t> && !std::is_same_v<T, char8_t> &&
                        !std::is_same_v<T, char16_t> && !std::is_same_v<T, char32_t>;

// One piece of a message, written as an ostream would write it. Integers and strings (every
// message's pieces) are appended directly: an ostringstream costs a locale and a buffer per
// message, which dominated the error path where a caller only reads the error's kind.
template <class T>
void append_piece(std::string& out, T const& v) {
  if constexpr (plain_integer<T>) {
    char buf[24];  // at most 64 bits (plain_integer): 20 digits and a sign
    auto n = static_cast<std::size_t>(std::to_chars(buf, buf + sizeof buf, v).ptr - buf);
    if (n > sizeof buf) __builtin_unreachable();  // to_chars writes inside buf; GCC 12 cannot tell at -O3
    out.append(buf, n);                           // (a false -Wstringop-overflow in every caller)
  } else if constexpr (std::is_same_v<T, char>) {
    out.push_back(v);
  } else if constexpr (std::is_convertible_v<T const&, std::string_view>) {
    out.append(std::string_view(v));
  } else {
    std::ostringstream os;  // anything else streamable (bool as 0/1, floating point, ...)
    os << v;
    out.append(std::move(os).str());
  }
}
}  // namespace detail

// Concatenate anything streamable: messages carry the failing numbers.
template <class... Args>
std::string str(Args const&... args) {
  std::string out;
  (detail::append_piece(out, args), ...);
  return out;
}

template <class... Args>
std::unexpected<Error> fail(ErrorKind kind, Args const&... args) {
  return std::unexpected(Error{kind, str(args...)});
}

// The same error with `context` in front of its message (kind and flags kept).
inline std::unexpected<Error> in_context(Error e, std::string_view context) {
  e.message.insert(0, context);
  return std::unexpected(std::move(e));
}

// An error of a condition CuTe does not check (see Error::cute_answers).
inline std::unexpected<Error> cute_misses(std::unexpected<Error> e) {
  e.error().cute_answers = true;
  return e;
}

// An error of a precondition CuTe documents and does not check (see Error::cute_precondition).
inline std::unexpected<Error> cute_unchecked(std::unexpected<Error> e) {
  e.error().cute_precondition = true;
  return e;
}

// An error where CuTe divides by zero (see Error::cute_crashes).
inline std::unexpected<Error> cute_crash(std::unexpected<Error> e) {
  e.error().cute_crashes = true;
  return e;
}

}  // namespace catlayout

// Propagate an error, binding the value on success: CL_TRY(x, f(y));
#define CL_CAT2(a, b) a##b
#define CL_CAT(a, b) CL_CAT2(a, b)
#define CL_TRY(var, expr)                                            \
  auto CL_CAT(var, _result_) = (expr);                               \
  if (!CL_CAT(var, _result_)) return std::unexpected(std::move(CL_CAT(var, _result_).error())); \
  auto var = std::move(*CL_CAT(var, _result_))
#define CL_CHECK(expr)                                               \
  do {                                                               \
    auto cl_check_result_ = (expr);                                  \
    if (!cl_check_result_) return std::unexpected(std::move(cl_check_result_.error())); \
  } while (0)

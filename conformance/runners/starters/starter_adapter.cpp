// A starter adapter for the catlayout conformance suite, in one C++ file: copy it, put your own
// implementation between the two "YOUR IMPLEMENTATION" lines, build it, and run
//
//   catlayout conformance self-test --adapter ./starter_adapter   # is the protocol right?
//   catlayout conformance run --adapter ./starter_adapter         # every case of the corpus
//
// It speaks catlayout-adapter/1 (docs/adapter-protocol.md): one handshake line on stdout, then for
// each case line read from stdin ({"id", "op", "args"}) one answer line ({"id", "result": R},
// {"id", "error": text} or {"id", "na": why}), flushed. As shipped it wraps catlayout's core
// engine, so it agrees with the reference on every case of the ops it declares. Built against an
// installed catlayout:
//
//   cmake_minimum_required(VERSION 3.25)
//   project(my_adapter CXX)
//   set(CMAKE_CXX_STANDARD 23)
//   find_package(catlayout REQUIRED)
//   add_executable(starter_adapter starter_adapter.cpp)
//   target_link_libraries(starter_adapter PRIVATE catlayout::core)
//
// The file carries its own small JSON reader and writer (the Json type below, ~150 lines), so that
// it needs nothing but a C++ compiler and the library it wraps: catlayout's engines know no JSON,
// and an implementation under test may have no JSON library. One that has nlohmann/json can
// replace the Json type with nlohmann::json (parse, dump, is_array, get<std::int64_t>) unchanged
// otherwise.
#include <cstdint>
#include <cstdio>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace json {

// A JSON value: null, bool, integer, string, array or object (the protocol has no fractions).
struct Value;
using Array = std::vector<Value>;
using Object = std::vector<std::pair<std::string, Value>>;  // in order: answers keep "id" first
struct Value {
  std::variant<std::nullptr_t, bool, std::int64_t, std::string, Array, Object> v;
  Value() : v(nullptr) {}
  Value(bool b) : v(b) {}                                       // NOLINT
  Value(std::int64_t i) : v(i) {}                               // NOLINT
  Value(int i) : v(std::int64_t{i}) {}                          // NOLINT
  Value(std::string s) : v(std::move(s)) {}                     // NOLINT
  Value(char const* s) : v(std::string(s)) {}                   // NOLINT
  Value(Array a) : v(std::move(a)) {}                           // NOLINT
  Value(Object o) : v(std::move(o)) {}                          // NOLINT
  bool is_int() const { return std::holds_alternative<std::int64_t>(v); }
  bool is_array() const { return std::holds_alternative<Array>(v); }
  bool is_object() const { return std::holds_alternative<Object>(v); }
  std::int64_t as_int() const {
    if (!is_int()) throw std::invalid_argument("expected an integer");
    return std::get<std::int64_t>(v);
  }
  Array const& as_array() const {
    if (!is_array()) throw std::invalid_argument("expected an array");
    return std::get<Array>(v);
  }
  std::string const& as_string() const {
    if (!std::holds_alternative<std::string>(v)) throw std::invalid_argument("expected a string");
    return std::get<std::string>(v);
  }
  // The member `key` of an object, or nullptr.
  Value const* find(std::string const& key) const {
    if (!is_object()) return nullptr;
    for (auto const& [k, x] : std::get<Object>(v))
      if (k == key) return &x;
    return nullptr;
  }
  Value const& at(std::string const& key) const {
    if (auto const* x = find(key)) return *x;
    throw std::invalid_argument("no \"" + key + "\"");
  }
};

class Reader {
 public:
  explicit Reader(std::string const& text) : s_(text) {}
  Value read() {
    Value x = value();
    blank();
    if (i_ != s_.size()) fail("text after the value");
    return x;
  }

 private:
  [[noreturn]] void fail(char const* what) { throw std::invalid_argument(std::string("JSON: ") + what); }
  void blank() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\r' || s_[i_] == '\n')) ++i_;
  }
  bool eat(char c) {
    blank();
    if (i_ < s_.size() && s_[i_] == c) return ++i_, true;
    return false;
  }
  bool word(char const* w) {
    std::string_view x(w);
    if (s_.compare(i_, x.size(), x) != 0) return false;
    i_ += x.size();
    return true;
  }
  Value value() {
    blank();
    if (i_ >= s_.size()) fail("unexpected end");
    char c = s_[i_];
    if (c == '{') {
      ++i_;
      Object o;
      if (eat('}')) return o;
      do {
        blank();
        std::string k = string();
        if (!eat(':')) fail("':' expected");
        o.emplace_back(std::move(k), value());
      } while (eat(','));
      if (!eat('}')) fail("'}' expected");
      return o;
    }
    if (c == '[') {
      ++i_;
      Array a;
      if (eat(']')) return a;
      do a.push_back(value());
      while (eat(','));
      if (!eat(']')) fail("']' expected");
      return a;
    }
    if (c == '"') return string();
    if (word("true")) return true;
    if (word("false")) return false;
    if (word("null")) return Value();
    std::size_t used = 0;
    std::int64_t n = 0;
    try {
      n = std::stoll(s_.substr(i_, 32), &used);
    } catch (std::exception const&) {
      fail("a value expected (this reader takes integers, not fractions)");
    }
    i_ += used;
    if (i_ < s_.size() && (s_[i_] == '.' || s_[i_] == 'e' || s_[i_] == 'E')) fail("a fraction: integers only");
    return n;
  }
  std::string string() {
    if (i_ >= s_.size() || s_[i_] != '"') fail("'\"' expected");
    std::string out;
    for (++i_; i_ < s_.size() && s_[i_] != '"'; ++i_) {
      if (s_[i_] != '\\') {
        out += s_[i_];
        continue;
      }
      if (++i_ >= s_.size()) break;
      switch (char e = s_[i_]) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'u': {  // \uXXXX: written back as UTF-8 (a surrogate pair's halves each on their own)
          unsigned cp = std::stoul(s_.substr(i_ + 1, 4), nullptr, 16);
          i_ += 4;
          if (cp < 0x80) out += char(cp);
          else if (cp < 0x800) out += char(0xC0 | cp >> 6), out += char(0x80 | (cp & 0x3F));
          else out += char(0xE0 | cp >> 12), out += char(0x80 | (cp >> 6 & 0x3F)), out += char(0x80 | (cp & 0x3F));
          break;
        }
        default: out += e;  // \" \\ \/
      }
    }
    if (i_ >= s_.size()) fail("unterminated string");
    ++i_;
    return out;
  }
  std::string const& s_;
  std::size_t i_ = 0;
};

inline void write(std::string& out, Value const& x) {
  struct W {
    std::string& out;
    void operator()(std::nullptr_t) const { out += "null"; }
    void operator()(bool b) const { out += b ? "true" : "false"; }
    void operator()(std::int64_t i) const { out += std::to_string(i); }
    void operator()(std::string const& s) const {
      out += '"';
      for (unsigned char c : s) {
        if (c == '"' || c == '\\') out += '\\', out += char(c);
        else if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else out += char(c);
      }
      out += '"';
    }
    void operator()(Array const& a) const {
      out += '[';
      for (std::size_t k = 0; k < a.size(); ++k) (k ? out += ',' : out), write(out, a[k]);
      out += ']';
    }
    void operator()(Object const& o) const {
      out += '{';
      for (std::size_t k = 0; k < o.size(); ++k) {
        if (k) out += ',';
        (*this)(o[k].first);
        out += ':';
        write(out, o[k].second);
      }
      out += '}';
    }
  };
  std::visit(W{out}, x.v);
}

inline std::string dump(Value const& x) {
  std::string out;
  write(out, x);
  return out;
}

}  // namespace json

// Thrown for what the implementation cannot express: the answer is n/a, not a refusal.
struct NotAvailable : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// ======================= YOUR IMPLEMENTATION: from here =======================
// Replace the include and the functions in ops() with your own. Each takes the case's args in their
// wire form (catlayout's docs/vector-format.md: a layout is {"shape": T, "stride": T}, an int tuple an integer or nested
// arrays, a tiler {"tiler": [...]}) and returns the result in its wire form (a layout
// {"shape", "stride"}, evaluate's array of values). Throw any exception to refuse (the
// reference's errors are refusals too); throw NotAvailable for what your implementation cannot
// express.
#include "catlayout/core.hpp"

namespace mine {

using namespace catlayout;
char const* const name = "catlayout-core";
char const* const version = "0.1.0";

IntTuple tuple(json::Value const& t) {
  if (t.is_int()) return IntTuple(t.as_int());
  std::vector<IntTuple> modes;
  for (auto const& e : t.as_array()) modes.push_back(tuple(e));
  return IntTuple(modes);
}

json::Value wire(IntTuple const& t) {
  if (t.is_leaf()) return t.value();
  json::Array a;
  for (auto const& c : t.children()) a.push_back(wire(c));
  return a;
}

// catlayout's Result<T>: the value, or the engine's error ("inadmissible: ...") as a refusal.
template <class T>
T value(Result<T> r) {
  if (!r) throw std::runtime_error(r.error().what());
  return std::move(*r);
}

Layout layout(json::Value const& j) { return value(Layout::make(tuple(j.at("shape")), tuple(j.at("stride")))); }

json::Value wire(Layout const& l) { return json::Object{{"shape", wire(l.shape())}, {"stride", wire(l.stride())}}; }
json::Value wire(Result<Layout> r) { return wire(value(std::move(r))); }

Tiler tiler(json::Value const& j) {
  if (j.find("shape")) return Tiler::of(layout(j));
  std::vector<Tiler> modes;
  for (auto const& x : j.at("tiler").as_array()) {
    if (x.is_int()) {
      if (x.as_int() < 1) throw std::invalid_argument("a tiler's integer is positive");
      modes.push_back(Tiler::of_integer(x.as_int()));
    } else {
      modes.push_back(tiler(x));
    }
  }
  return Tiler::by_mode(std::move(modes));
}

using Args = json::Array;
using Op = std::function<json::Value(Args const&)>;

template <Result<Layout> (*f)(Layout const&, Tiler const&, Convention)>
Op by_tiler() {
  return [](Args const& a) { return wire(f(layout(a.at(0)), tiler(a.at(1)), Convention::cute)); };
}

template <Result<Layout> (*f)(Layout const&, Layout const&, Convention)>
Op by_layout() {
  return [](Args const& a) { return wire(f(layout(a.at(0)), layout(a.at(1)), Convention::cute)); };
}

// The ops served: the layout algebra on integer layouts (docs/adapter-protocol.md's op table).
std::map<std::string, Op> ops() {
  return {
      {"evaluate",
       [](Args const& a) {
         auto values = tabulate(layout(a.at(0)));
         return json::Value(json::Array(values.begin(), values.end()));
       }},
      {"coalesce",
       [](Args const& a) {
         Layout l = layout(a.at(0));
         return a.size() > 1 ? wire(coalesce(l, tuple(a[1]))) : wire(coalesce(l));
       }},
      {"composition", [](Args const& a) { return wire(composition(layout(a.at(0)), tiler(a.at(1)))); }},
      {"complement",
       [](Args const& a) {
         Layout l = layout(a.at(0));
         return a.size() > 1 ? wire(complement(l, a[1].as_int())) : wire(complement(l));
       }},
      {"logical_divide", by_tiler<logical_divide>()},
      {"zipped_divide", by_tiler<zipped_divide>()},
      {"tiled_divide", by_tiler<tiled_divide>()},
      {"flat_divide", by_tiler<flat_divide>()},
      {"logical_product", by_tiler<logical_product>()},
      {"zipped_product", by_tiler<zipped_product>()},
      {"tiled_product", by_tiler<tiled_product>()},
      {"flat_product", by_tiler<flat_product>()},
      {"blocked_product", by_layout<blocked_product>()},
      {"raked_product", by_layout<raked_product>()},
      {"right_inverse", [](Args const& a) { return wire(right_inverse(layout(a.at(0)))); }},
      {"left_inverse", [](Args const& a) { return wire(left_inverse(layout(a.at(0)))); }},
  };
}

// The operand kinds beyond integer layouts each op takes ({op, ["composed", "swizzle", "coord",
// "f2"]}); the runner answers n/a for the cases of other kinds without sending them.
std::map<std::string, std::vector<std::string>> kinds() { return {}; }

}  // namespace mine
// ======================= YOUR IMPLEMENTATION: to here =========================

int main() {
  std::ios::sync_with_stdio(false);
  auto ops = mine::ops();
  json::Array names;
  for (auto const& [op, fn] : ops) names.push_back(op);
  json::Object kinds;
  for (auto const& [op, ks] : mine::kinds()) {
    json::Array a(ks.begin(), ks.end());
    if (!a.empty()) kinds.emplace_back(op, std::move(a));
  }
  // Only protocol lines reach stdout: anything else the implementation writes goes to std::cerr.
  std::cout << json::dump(json::Object{{"protocol", "catlayout-adapter/1"},
                                       {"adapter", mine::name},
                                       {"version", mine::version},
                                       {"ops", std::move(names)},
                                       {"kinds", std::move(kinds)},
                                       {"batch", false}})
            << std::endl;
  for (std::string line; std::getline(std::cin, line);) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    json::Value id;
    json::Object answer;
    try {
      json::Value c = json::Reader(line).read();
      id = c.at("id");
      auto const& op = c.at("op").as_string();
      auto it = ops.find(op);
      if (it == ops.end()) throw NotAvailable(std::string(mine::name) + " has no " + op);
      answer = {{"id", id}, {"result", it->second(c.at("args").as_array())}};
    } catch (NotAvailable const& e) {
      answer = {{"id", id}, {"na", e.what()}};
    } catch (std::exception const& e) {  // a refusal, whatever the exception's type
      answer = {{"id", id}, {"error", e.what()}};
    }
    std::cout << json::dump(answer) << std::endl;  // endl flushes: the runner waits for this line
  }
  return 0;
}

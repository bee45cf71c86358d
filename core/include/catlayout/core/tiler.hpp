#pragma once
// A tiler (CuTe): a layout, or a by-mode tuple of tilers <3:4, 8:2>; an integer n is n:1.
#include <optional>
#include <utility>
#include <vector>

#include "catlayout/core/convention.hpp"
#include "catlayout/core/layout.hpp"

namespace catlayout {

// A layout tiler's layout, read as a std::optional<Layout>: its own, or (TilerLayout::borrowed)
// a caller's, read in place for the length of one call, so that a binding passes the layout its
// object holds without copying it. A copy or a move always owns its layout: a borrowed one lives
// only in the object a `borrowed` prvalue initialized, and can neither be stored nor escape.
class TilerLayout {
 public:
  TilerLayout() = default;
  TilerLayout(std::nullopt_t) {}
  TilerLayout(Layout l) : own_(std::move(l)), at_(&*own_) {}
  TilerLayout(TilerLayout const& o) : own_(o.at_ ? std::optional<Layout>(*o.at_) : std::nullopt), at_(own_ ? &*own_ : nullptr) {}
  TilerLayout(TilerLayout&& o) : own_(o.owns() ? std::move(o.own_) : o.at_ ? std::optional<Layout>(*o.at_) : std::nullopt),
                                 at_(own_ ? &*own_ : nullptr) {}
  TilerLayout& operator=(TilerLayout const& o) { return *this = TilerLayout(o); }
  TilerLayout& operator=(TilerLayout&& o) {
    if (this != &o) {
      own_ = o.owns() ? std::move(o.own_) : o.at_ ? std::optional<Layout>(*o.at_) : std::nullopt;
      at_ = own_ ? &*own_ : nullptr;
    }
    return *this;
  }
  static TilerLayout borrowed(Layout const& l) { return TilerLayout(&l); }  // pre: l outlives the object

  bool has_value() const { return at_ != nullptr; }
  explicit operator bool() const { return has_value(); }
  Layout const& operator*() const { return *at_; }  // pre: has_value(); one load, owned or borrowed
  Layout const* operator->() const { return at_; }
  Layout& operator*() {  // a borrowed layout is copied before it is written
    if (!owns()) at_ = &own_.emplace(*at_);
    return *own_;
  }
  Layout* operator->() { return &**this; }
  template <class... A>
  Layout& emplace(A&&... a) {
    at_ = &own_.emplace(std::forward<A>(a)...);
    return *own_;
  }

 private:
  explicit TilerLayout(Layout const* l) : at_(l) {}
  bool owns() const { return own_.has_value(); }  // a borrowed one has at_ set and own_ empty
  std::optional<Layout> own_;
  Layout const* at_ = nullptr;  // &*own_, the borrowed layout, or null
};

struct Tiler {
  TilerLayout layout;        // set for a layout tiler
  std::vector<Tiler> modes;  // by-mode tiler otherwise
  bool integer = false;      // written as an integer n: layout is n:1

  static Tiler of(Layout l) { return Tiler{std::move(l), {}, false}; }
  // A layout tiler that reads `l` in place (TilerLayout::borrowed): for an argument that outlives
  // the call the Tiler is made for, as a prvalue passed straight to it.
  static Tiler borrow(Layout const& l) { return Tiler{TilerLayout::borrowed(l), {}, false}; }
  static Tiler of_integer(Int n) { return Tiler{*Layout::make(n, 1), {}, true}; }  // pre: n >= 1
  static Tiler by_mode(std::vector<Tiler> m) { return Tiler{std::nullopt, std::move(m), false}; }
  bool is_layout() const { return layout.has_value(); }
};

// The layout divides and products use for a tiler: CuTe's make_layout(n) for an integer n,
// whose single element has stride 0 (1:0), else the layout itself.
Layout const& divisor_layout(Tiler const& t);  // pre: t.is_layout()

std::string to_string(Tiler const& t);  // 6:1 or <3:4,8:2>

// CuTe's rule for a tiler (the divides and products of Def. 2.3.8.1 and 2.3.9.1): a layout tiler
// takes A whole, `whole(A, divisor_layout(B))`; a tuple tiler goes mode by mode, `op(A_i, B_i)`,
// and A's modes past the tiler's stay as they are. invalid_input when B has more modes than A.
using TilerOp = Result<Layout> (*)(Layout const&, Tiler const&, Convention);
using WholeOp = Result<Layout> (*)(Layout const&, Layout const&, Convention);
Result<Layout> apply_tiler(Layout const& a, Tiler const& b, TilerOp op, WholeOp whole, Convention c);

}  // namespace catlayout

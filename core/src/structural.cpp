#include "catlayout/core/structural.hpp"

#include <algorithm>
#include <numeric>

namespace catlayout {

Result<Layout> make_layout(std::vector<Layout> const& modes) {
  std::vector<IntTuple> s, d;
  for (auto const& m : modes) {
    s.push_back(m.shape());
    d.push_back(m.stride());
  }
  return Layout::make(IntTuple(std::move(s)), IntTuple(std::move(d)));
}

static Layout flat_layout(std::vector<Int> const& s, std::vector<Int> const& d) {
  std::vector<IntTuple> ss(s.begin(), s.end()), dd(d.begin(), d.end());
  // Sub-selections of a valid layout's modes stay within its span and size.
  return *Layout::make(IntTuple(std::move(ss)), IntTuple(std::move(dd)));
}

Result<Layout> flat_concat(Layout const& a, Layout const& b) {
  auto fa = flat_modes(a), fb = flat_modes(b);
  fa.shape.insert(fa.shape.end(), fb.shape.begin(), fb.shape.end());
  fa.stride.insert(fa.stride.end(), fb.stride.begin(), fb.stride.end());
  std::vector<IntTuple> ss(fa.shape.begin(), fa.shape.end()), dd(fa.stride.begin(), fa.stride.end());
  return Layout::make(IntTuple(std::move(ss)), IntTuple(std::move(dd)));
}

Layout flatten(Layout const& l) {
  if (l.shape().is_leaf()) return l;
  auto f = flat_modes(l);
  return flat_layout(f.shape, f.stride);
}

static Layout keep_if(Layout const& l, bool (*keep)(Int s, Int d)) {
  auto f = flat_modes(l);
  std::vector<Int> s, d;
  for (std::size_t i = 0; i < f.shape.size(); ++i)
    if (keep(f.shape[i], f.stride[i])) {
      s.push_back(f.shape[i]);
      d.push_back(f.stride[i]);
    }
  return flat_layout(s, d);
}

Layout squeeze(Layout const& l) {
  return keep_if(l, [](Int s, Int) { return s != 1; });
}

Layout filter_zeros(Layout const& l) {
  return keep_if(l, [](Int, Int d) { return d != 0; });
}

Layout sort(Layout const& l) {
  auto f = flat_modes(l);
  std::vector<std::size_t> idx(f.shape.size());
  std::iota(idx.begin(), idx.end(), 0);
  std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) {
    return f.stride[a] != f.stride[b] ? f.stride[a] < f.stride[b] : f.shape[a] < f.shape[b];
  });
  std::vector<Int> s, d;
  for (auto i : idx) {
    s.push_back(f.shape[i]);
    d.push_back(f.stride[i]);
  }
  return flat_layout(s, d);
}

Result<Layout> restrict_modes(Layout const& l, std::vector<std::size_t> const& flat_indices) {
  auto f = flat_modes(l);
  std::vector<Int> s, d;
  for (auto i : flat_indices) {
    if (i >= f.shape.size())
      return fail(ErrorKind::invalid_input, "mode index ", i, " is outside the ", f.shape.size(), " flat modes of ",
                  to_string(l));
    s.push_back(f.shape[i]);
    d.push_back(f.stride[i]);
  }
  return flat_layout(s, d);
}

Layout append_rank(Layout const& l, std::size_t rank) {
  if (l.rank() >= rank) return l;
  std::vector<IntTuple> s, d;
  if (l.shape().is_leaf()) {
    s.push_back(l.shape());
    d.push_back(l.stride());
  } else {
    s = l.shape().children();
    d = l.stride().children();
  }
  while (s.size() < rank) {
    s.emplace_back(1);
    d.emplace_back(0);
  }
  return *Layout::make(IntTuple(std::move(s)), IntTuple(std::move(d)));
}

}  // namespace catlayout

#include "catlayout/analysis/access.hpp"

#include <bit>
#include <limits>

#include "catlayout/core/quote.hpp"

namespace catlayout::analysis {

namespace {

Result<void> check_spec(AccessSpec const& s, Int values) {
  if (s.elem_bytes < 1 || s.elem_bytes > 16 || !std::has_single_bit(static_cast<std::uint64_t>(s.elem_bytes)))
    return fail(ErrorKind::invalid_input, "element size ", s.elem_bytes, " bytes: it must be 1, 2, 4, 8 or 16");
  if (s.vector_values < 1 || values % s.vector_values != 0)
    return fail(ErrorKind::invalid_input, "a vector of ", s.vector_values, " values must divide the ", values,
                " values of each thread");
  Int vb = s.elem_bytes * s.vector_values;
  if (vb > 16 || !std::has_single_bit(static_cast<std::uint64_t>(vb)))
    return fail(ErrorKind::invalid_input, "a vector of ", s.vector_values, " x ", s.elem_bytes, " = ", vb,
                " bytes: the hardware moves 1, 2, 4, 8 or 16 bytes per thread");
  if (s.base_byte < 0 || s.base_byte % s.elem_bytes != 0)
    return fail(ErrorKind::invalid_input, "base address ", s.base_byte, " must be >= 0 and a multiple of the element size ",
                s.elem_bytes);
  return {};
}

Result<void> check_shape(Int threads, Int values, std::string const& tv) {
  if (threads > max_pairs / values)
    return fail(ErrorKind::invalid_input, tv, " has ", threads, " x ", values, " (thread, value) pairs; the analyses ",
                "enumerate at most ", max_pairs);
  return {};
}

// sw(offset + x) with the sum overflow-checked (ComposedLayout's function at an offset x of L).
Result<Int> swizzled(ComposedLayout const& d, Int x) {
  Int y;
  if (__builtin_add_overflow(d.offset, x, &y))
    return fail(ErrorKind::invalid_input, "offset ", d.offset, " + ", x, " overflows int64");
  return d.sw(y);
}

// The vectors each instruction moves exist: consecutive elements, aligned to the vector.
Result<MemoryAccess> checked(MemoryAccess a) {
  Int n = a.spec.vector_values;
  for (Int t = 0; t < a.threads; ++t)
    for (Int v = 0; v < a.values; ++v) {
      Int e = a.element_at(t, v);
      if (e < 0)
        return fail(ErrorKind::invalid_input, "thread ", t, " value ", v, " is at element offset ", e,
                    ": memory offsets must be >= 0");
      if (e >= (std::numeric_limits<Int>::max() - a.spec.base_byte) / a.spec.elem_bytes - 1)  // its last byte too
        return fail(ErrorKind::invalid_input, "thread ", t, " value ", v, ": byte address of element ", e,
                    " overflows int64");
      Int first = a.element_at(t, v - v % n);
      if (v % n != 0 && e != first + v % n)
        return fail(ErrorKind::invalid_input, "thread ", t, " values ", v - v % n, "..", v - v % n + n - 1,
                    " are not consecutive in memory (value ", v - v % n, " at element ", first, ", value ", v,
                    " at element ", e, "): no ", a.vector_bytes(), "-byte vector moves them (analyze vector finds the widest)");
      if (v % n == 0 && a.byte_at(t, v) % a.vector_bytes() != 0)
        return fail(ErrorKind::invalid_input, "thread ", t, " value ", v, " starts a ", a.vector_bytes(),
                    "-byte vector at byte ", a.byte_at(t, v), ", not a multiple of ", a.vector_bytes(),
                    " (misaligned)");
    }
  return a;
}

template <class TV, class At>
Result<MemoryAccess> build(TV const& tv, ComposedLayout const& data, AccessSpec const& spec, At element_of) {
  std::string text = to_string(tv);
  if (tv.rank() != 2 || tv.shape().is_leaf())
    return fail(ErrorKind::invalid_input, "a thread-value layout has rank 2 ((thread, value) -> tile), found ", text);
  MemoryAccess a{tv.mode(0).size(), tv.mode(1).size(), spec, {}, text,
                 layout_text(data)};
  CL_CHECK(check_shape(a.threads, a.values, text));
  CL_CHECK(check_spec(spec, a.values));
  a.element.resize(static_cast<std::size_t>(a.threads * a.values));
  for (Int i = 0; i < a.threads * a.values; ++i) {
    auto e = element_of(i);
    if (!e) return in_context(e.error(), str("thread ", i % a.threads, " value ", i / a.threads, ": "));
    a.element[static_cast<std::size_t>(i)] = *e;
  }
  return checked(std::move(a));
}

}  // namespace

std::string layout_text(ComposedLayout const& data) {
  return is_plain(data) ? to_string(data.layout) : to_string(data);
}

Result<MemoryAccess> make_access(Layout const& tv, ComposedLayout const& data, AccessSpec const& spec) {
  return build(tv, data, spec, [&](Int i) -> Result<Int> {
    Int x = tv(i);
    if (x < 0 || x >= data.size())
      return fail(ErrorKind::invalid_input, "tile index ", x, " is outside the data layout ", to_string(data.layout),
                  " (domain [0, ", data.size(), "))");
    return swizzled(data, data.layout(x));
  });
}

Result<MemoryAccess> make_access(CoordLayout const& tv, ComposedLayout const& data, AccessSpec const& spec) {
  return build(tv, data, spec, [&](Int i) -> Result<Int> {
    CL_TRY(c, tv.at(i));
    auto x = data.layout.at_coord(c);
    if (!x) return in_context(x.error(), str("coordinate ", to_string(c), " of ", to_string(data.layout), ": "));
    return swizzled(data, *x);
  });
}

Result<AnyLayout> read_layout(std::string_view text, std::string_view role) {
  auto l = parse_any_layout(text);
  if (!l) return fail(l.error().kind, role, ": ", l.error().message, ", in '", shortened(text), "'");
  return l;
}

Result<std::variant<Layout, CoordLayout>> read_tv_layout(std::string_view text) {
  CL_TRY(l, read_layout(text, "TV"));
  if (auto const* p = std::get_if<Layout>(&l)) return *p;
  if (auto const* c = std::get_if<CoordLayout>(&l)) return *c;
  return fail(ErrorKind::invalid_input, "TV is a ", layout_kind(l),
              ": a thread-value layout maps (thread, value) to a tile index or coordinate (integer or coordinate "
              "strides); a swizzle belongs to DATA, in '", shortened(text), "'");
}

Result<ComposedLayout> read_data_layout(std::string_view text) {
  CL_TRY(l, read_layout(text, "DATA"));
  if (auto const* p = std::get_if<Layout>(&l)) return ComposedLayout{Swizzle{}, 0, *p};
  if (auto const* c = std::get_if<ComposedLayout>(&l)) return *c;
  return fail(ErrorKind::invalid_input, "DATA is a ", layout_kind(l),
              ": the memory layout maps to offsets (integer strides, optionally swizzled), in '", shortened(text), "'");
}

}  // namespace catlayout::analysis

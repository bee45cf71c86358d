#include "catlayout/core/slice.hpp"

#include "catlayout/core/checked.hpp"
#include "catlayout/core/limits.hpp"
#include "catlayout/core/structural.hpp"
#include "catlayout/core/text.hpp"
#include "slice_fields.hpp"

namespace catlayout {

bool SliceCoord::has_hole() const {
  if (kind == Kind::hole) return true;
  for (auto const& c : children)
    if (c.has_hole()) return true;
  return false;
}

std::string to_string(SliceCoord const& c) {
  switch (c.kind) {
    case SliceCoord::Kind::integer: return std::to_string(c.value);
    case SliceCoord::Kind::hole: return "_";
    case SliceCoord::Kind::tuple: break;
  }
  std::string out = "(";
  for (std::size_t i = 0; i < c.children.size(); ++i) out += str(i ? "," : "", to_string(c.children[i]));
  return out + ")";
}

namespace {

struct SliceCoordParser : TextCursor {
  std::size_t depth = 0;
  bool printed = false;  // CuTe's print: an integer without `_` is run-time

  Result<SliceCoord> coord() {
    skip();
    if (peek() == '(') {
      if (++depth > limits::max_depth) return error("nesting deeper than the limit");
      ++pos_;
      std::vector<SliceCoord> c;
      skip();
      if (!eat(')'))
        CL_CHECK(read_entries(*this, ')', false, [&]() -> Result<void> {
          CL_TRY(x, coord());
          c.push_back(std::move(x));
          return {};
        }));
      --depth;
      auto t = SliceCoord::tuple(std::move(c));
      t.printed = printed;
      return t;
    }
    // '_' alone is a hole; '_' followed by an integer is CuTe's static mark on it.
    bool marked = peek() == '_';
    if (marked) {
      char next = pos_ + 1 < text_.size() ? text_[pos_ + 1] : '\0';
      if (!std::isdigit(static_cast<unsigned char>(next)) && next != '-') {
        ++pos_;
        auto h = SliceCoord::hole();
        h.printed = printed;
        return h;
      }
    }
    CL_TRY(v, scan_integer(text_, pos_));
    auto i = SliceCoord::of(v);
    i.printed = printed;
    i.run_time = printed && !marked;
    return i;
  }
};

}  // namespace

Result<SliceCoord> parse_printed_slice_coord(std::string_view text) {
  SliceCoordParser p{{text}};
  p.printed = true;
  CL_TRY(c, p.coord());
  p.skip();
  if (p.pos_ != text.size()) return p.expected("the end of the coordinate");
  return c;
}

Result<SliceCoord> parse_slice_coord(std::string_view text) {
  SliceCoordParser p{{text}};
  CL_TRY(c, p.coord());
  p.skip();
  if (p.pos_ != text.size()) return p.expected("the end of the coordinate");
  return c;
}

// CuTe's lift_slice: a hole keeps its whole mode as one mode of the result, an integer keeps
// nothing, a tuple contributes its children's kept modes in order (one level flattened each time).
// extend: CuTe's own reading of an integer past its mode (crd2idx, the mode's last leaf unbounded).
static Result<void> collect(SliceCoord const& c, Layout const& m, std::vector<Layout>& kept, Int& offset,
                            bool extend) {
  switch (c.kind) {
    case SliceCoord::Kind::hole:
      kept.push_back(m);
      return {};
    case SliceCoord::Kind::integer: {
      if (extend) {
        CL_TRY(x, m.extended(c.value));
        CL_TRY(sum, checked_add(offset, x, "slice offset"));
        offset = sum;
        return {};
      }
      // A coordinate inside its mode: a precondition CuTe's slice (crd2idx) does not check.
      if (c.value < 0 || c.value >= m.size())
        return cute_unchecked(fail(ErrorKind::invalid_input, "slice coordinate ", c.value, " is outside [0, ", m.size(),
                                   ") of shape ", to_string(m.shape())));
      CL_TRY(x, m.at_coord(IntTuple(c.value)));
      offset += x;  // bounded: a valid coordinate's offset is within the span
      return {};
    }
    case SliceCoord::Kind::tuple: break;
  }
  if (m.shape().is_leaf() || c.children.size() != m.rank())
    return fail(ErrorKind::invalid_input, "slice coordinate ", to_string(c), " does not match shape ",
                to_string(m.shape()), " (rank ", m.shape().is_leaf() ? 1 : m.rank(), ")");
  for (std::size_t i = 0; i < c.children.size(); ++i)
    CL_CHECK(collect(c.children[i], m.mode(i), kept, offset, extend));
  return {};
}

static Result<SliceResult> slice_of(SliceCoord const& c, Layout const& l, bool extend) {
  std::vector<Layout> kept;
  Int offset = 0;
  if (c.kind == SliceCoord::Kind::hole) return SliceResult{l, 0};  // _ keeps the layout as it is
  CL_CHECK(collect(c, l, kept, offset, extend));
  CL_TRY(r, make_layout(kept));
  return SliceResult{std::move(r), offset};
}

Result<SliceResult> slice_and_offset(SliceCoord const& c, Layout const& l) { return slice_of(c, l, false); }

Result<SliceResult> detail::slice_extended(SliceCoord const& c, Layout const& l) { return slice_of(c, l, true); }

Result<Layout> slice(SliceCoord const& c, Layout const& l) {
  CL_TRY(r, slice_and_offset(c, l));
  return std::move(r.layout);
}

}  // namespace catlayout

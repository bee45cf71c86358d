// CuTe's notations in and out: the one reader of every kind of layout, and CuTe C++'s print.
#include "catlayout/core/notation.hpp"

#include "catlayout/core/compiler_types.hpp"
#include "catlayout/core/limits.hpp"

namespace catlayout {

Result<Notation> parse_notation(std::string_view name) {
  if (name == "catlayout") return Notation::catlayout;
  if (name == "cute") return Notation::cute;
  return fail(ErrorKind::invalid_input, "expected catlayout or cute as the notation, found '", shortened(name), "'");
}

std::string_view notation_name(Notation n) { return n == Notation::cute ? "cute" : "catlayout"; }

namespace {

// CuTe print(C<Value>): "_" then the value (Int<-1> prints _-1).
void cute_int(std::string& out, Int v) {
  out += '_';
  out += std::to_string(v);
}

// CuTe print(tuple): "(" then the entries joined by ",", then ")"; "()" when empty.
void cute_tuple(std::string& out, IntTuple const& t) {
  if (t.is_leaf()) return cute_int(out, t.value());
  out += '(';
  bool first = true;
  for (auto const& c : t.children()) {
    if (!first) out += ',';
    first = false;
    cute_tuple(out, c);
  }
  out += ')';
}

// CuTe print(ScaledBasis<T,Ns...>): the value, then "@N" for each N of E<Ns...> in reverse.
void cute_basis(std::string& out, ScaledBasis const& b) {
  cute_int(out, b.scale);
  for (auto it = b.path.rbegin(); it != b.path.rend(); ++it) out += "@" + std::to_string(*it);
}

void cute_basis_tuple(std::string& out, BasisTuple const& t) {
  if (t.is_leaf()) return cute_basis(out, t.value());
  out += '(';
  for (std::size_t i = 0; i < t.rank(); ++i) {
    if (i) out += ',';
    cute_basis_tuple(out, t.mode(i));
  }
  out += ')';
}

void cute_tiler(std::string& out, Tiler const& t) {
  if (t.integer) return cute_int(out, t.layout->size());
  if (t.is_layout()) {
    out += to_string(*t.layout, Notation::cute);
    return;
  }
  out += '(';  // CuTe print of a tile (make_tile): a tuple of its modes
  for (std::size_t i = 0; i < t.modes.size(); ++i) {
    if (i) out += ',';
    cute_tiler(out, t.modes[i]);
  }
  out += ')';
}

// One reader's try at the whole text: its result, and where it stopped.
template <class T>
struct Attempt {
  Result<T> result;
  std::size_t reached = 0;
};

template <class T, class Scan>
Attempt<T> attempt(std::string_view text, Scan scan) {
  std::size_t pos = 0;
  Result<T> r = scan(text, pos);
  if (r) {
    TextCursor rest{text, pos};
    if (auto end = rest.at_end(); !end) r = std::unexpected(std::move(end.error()));
    pos = rest.pos_;
  }
  return {std::move(r), pos};
}

}  // namespace

namespace {

// x in notation n: catlayout's to_string, or CuTe's print as `cute` writes it.
template <class T, class Cute>
std::string written(T const& x, Notation n, Cute cute) {
  if (n == Notation::catlayout) return to_string(x);
  std::string out;
  cute(out, x);
  return out;
}

// CuTe print(Layout): shape ":" stride.
template <class Stride, class CuteStride>
void cute_layout(std::string& out, IntTuple const& shape, Stride const& stride, CuteStride cute_stride) {
  cute_tuple(out, shape);
  out += ':';
  cute_stride(out, stride);
}

}  // namespace

std::string to_string(IntTuple const& t, Notation n) { return written(t, n, cute_tuple); }

std::string to_string(Layout const& l, Notation n) {
  return written(l, n, [](std::string& out, Layout const& x) { cute_layout(out, x.shape(), x.stride(), cute_tuple); });
}

std::string to_string(Tiler const& t, Notation n) { return written(t, n, cute_tiler); }

std::string to_string(ScaledBasis const& b, Notation n) { return written(b, n, cute_basis); }

std::string to_string(BasisTuple const& t, Notation n) { return written(t, n, cute_basis_tuple); }

std::string to_string(CoordLayout const& l, Notation n) {
  return written(l, n, [](std::string& out, CoordLayout const& x) {
    cute_layout(out, x.shape(), x.stride(), cute_basis_tuple);
  });
}

std::string to_string(Swizzle const& s, Notation) { return to_string(s); }  // CuTe: Sw<%d,%d,%d>

std::string to_string(ComposedLayout const& c, Notation n) {
  if (n == Notation::catlayout) return to_string(c);
  std::string out = to_string(c.sw) + " o ";  // CuTe print(ComposedLayout): A " o " offset " o " B
  cute_int(out, c.offset);
  return out + " o " + to_string(c.layout, n);
}

std::string to_string(ComposedChain const& c, Notation n) {
  if (n == Notation::catlayout) return to_string(c);
  std::string out;  // CuTe print(ComposedLayout): A " o " offset " o " B, nested B written on
  for (std::size_t k = 0; k < c.functions.size(); ++k) {
    if (k) {
      out += " o ";
      cute_int(out, c.offsets[k - 1]);
      out += " o ";
    }
    out += std::visit([n](auto const& f) { return to_string(f, n); }, c.functions[k]);
  }
  return out;
}

// A compiler's type (compiler_types.hpp): its value read by the one reader, of the kind the type names.
static Result<AnyLayout> parse_compiler_type(CompilerTypeText const& typed) {
  std::string_view name = compiler_type_name(typed.type);
  if (typed.type == CompilerType::cute_swizzle)
    return fail(ErrorKind::invalid_input, name, "<\"", shortened(typed.inner),
                "\"> is a swizzle alone, not a layout (a swizzle's place is a composed layout's first function)");
  auto r = parse_any_layout(typed.inner);
  if (!r) return fail(r.error().kind, name, "<...>: ", r.error().message);
  bool composed = std::holds_alternative<ComposedLayout>(*r);
  if (typed.type == CompilerType::triton_linear) return r;  // a swizzled layout where its F2 map needs one
  if (composed != (typed.type == CompilerType::cute_composed_layout))
    return fail(ErrorKind::invalid_input, name, "<...> names ", composed ? "a layout" : "a composed layout",
                " but its value '", shortened(typed.inner), "' is a ", layout_kind(*r));
  return r;
}

Result<AnyLayout> parse_any_layout(std::string_view text) {
  if (text.size() > limits::max_text) return text_too_long(text);
  CL_TRY(typed, compiler_type_text(text));
  if (typed.type != CompilerType::none) return parse_compiler_type(typed);
  auto integer = attempt<Layout>(text, scan_layout);
  if (integer.result) return AnyLayout{std::move(*integer.result)};
  auto coord = attempt<CoordLayout>(text, scan_coord_layout);
  if (coord.result) return AnyLayout{std::move(*coord.result)};
  auto swizzled = attempt<ComposedLayout>(text, scan_composed_layout);
  if (swizzled.result) return AnyLayout{std::move(*swizzled.result)};
  Error const* best = &integer.result.error();
  std::size_t reached = integer.reached;
  if (coord.reached > reached) best = &coord.result.error(), reached = coord.reached;
  if (swizzled.reached > reached) best = &swizzled.result.error();
  return std::unexpected(*best);
}

std::string to_string(AnyLayout const& l, Notation n) {
  return std::visit([n](auto const& x) { return to_string(x, n); }, l);
}

std::string_view layout_kind(AnyLayout const& l) {
  switch (l.index()) {
    case 0: return "integer-stride layout";
    case 1: return "coordinate layout";
    default: return "swizzled layout";
  }
}

Int size(AnyLayout const& l) {
  return std::visit([](auto const& x) { return x.size(); }, l);
}

}  // namespace catlayout

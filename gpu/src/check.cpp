// "Is my layout this fragment?" (check.hpp): a user's layout against the catalogue's fragments and
// shared-memory atoms, compared as functions at every point of the domain.
#include "catlayout/gpu/check.hpp"

#include <algorithm>
#include <map>
#include <sstream>
#include <tuple>

#include "catlayout/core/quote.hpp"

namespace catlayout::gpu {

namespace {

// The user's layout read at every index of its domain: offsets (integer strides, swizzled) or
// (row, col) coordinates (strides 1@0, 1@1).
struct UserLayout {
  Int modes[2] = {0, 0};  // sizes of mode 0 (threads) and mode 1 (values)
  bool coordinate = false;
  std::vector<Int> offsets;
  std::vector<Coord> coords;
  Int size() const { return modes[0] * modes[1]; }
};

Result<UserLayout> shape_of(AnyLayout const& l) {
  std::size_t rank = std::visit([](auto const& x) -> std::size_t {
    if constexpr (std::is_same_v<std::decay_t<decltype(x)>, ComposedLayout>) return x.layout.rank();
    else return x.rank();
  }, l);
  if (rank != 2)
    return fail(ErrorKind::invalid_input, "a TV layout has two modes, (thread, value); ", to_string(l, Notation::catlayout),
                " has rank ", rank);
  UserLayout u;
  for (std::size_t m = 0; m < 2; ++m)
    u.modes[m] = std::visit([m](auto const& x) -> Int {
      if constexpr (std::is_same_v<std::decay_t<decltype(x)>, ComposedLayout>) return x.layout.mode(m).size();
      else return x.mode(m).size();
    }, l);
  u.coordinate = std::holds_alternative<CoordLayout>(l);
  if (u.coordinate)
    for (auto const& path : std::get<CoordLayout>(l).codomain())
      if (path.size() != 1 || path[0] > 1)
        return fail(ErrorKind::invalid_input, "a coordinate layout of a fragment steps the row with 1@0 and the column with 1@1; ",
                    to_string(l, Notation::catlayout), " has a stride into another mode");
  return u;
}

// Evaluates the layout at every index (only once the size is known to match some entry).
Result<void> evaluate_all(AnyLayout const& l, UserLayout& u) {
  Int n = u.size();
  if (auto const* p = std::get_if<Layout>(&l)) {
    u.offsets.resize(static_cast<std::size_t>(n));
    for (Int i = 0; i < n; ++i) u.offsets[static_cast<std::size_t>(i)] = (*p)(i);
  } else if (auto const* c = std::get_if<ComposedLayout>(&l)) {
    u.offsets.resize(static_cast<std::size_t>(n));
    for (Int i = 0; i < n; ++i) {
      CL_TRY(o, evaluate(*c, i));
      u.offsets[static_cast<std::size_t>(i)] = o;
    }
  } else {
    auto const& cl = std::get<CoordLayout>(l);
    u.coords.resize(static_cast<std::size_t>(n));
    for (Int i = 0; i < n; ++i) {
      CL_TRY(sc, cl.sparse_at(i));
      Coord c{0, 0};
      if (auto it = sc.find({0}); it != sc.end()) c.row = it->second;
      if (auto it = sc.find({1}); it != sc.end()) c.col = it->second;
      u.coords[static_cast<std::size_t>(i)] = c;
    }
  }
  return {};
}

// A catalogued entry: a fragment of an instruction, or a shared-memory atom.
struct Entry {
  Instruction const* ins = nullptr;
  Fragment const* frag = nullptr;
  SmemLayout const* smem = nullptr;

  std::string name() const { return frag ? ins->name : smem->name; }
  std::string operand() const { return frag ? std::string(operand_name(frag->operand)) : ""; }
  std::string label() const { return frag ? name() + " " + operand() : name(); }
  Int d0() const { return frag ? frag->threads : smem->rows; }
  Int d1() const { return frag ? frag->values : smem->cols; }
  Int rows() const { return frag ? frag->rows : smem->rows; }
  Int cols() const { return frag ? frag->cols : smem->cols; }
  Int expected(Int i) const { return frag ? frag->tv(i) : smem->at(i % smem->rows, i / smem->rows); }
  std::string layout_text() const { return frag ? to_string(frag->tv) : to_string(smem->layout); }
};

constexpr Coord unset{-1, -1};

// The user's value at flat index i as an offset of the entry's tile (-1: a coordinate outside it),
// and as (row, col) (fragments only).
std::pair<Int, Coord> user_at(UserLayout const& u, Entry const& e, Int i) {
  Int rows = e.rows(), cols = e.cols();
  if (u.coordinate) {
    Coord c = u.coords[static_cast<std::size_t>(i)];
    bool inside = c.row >= 0 && c.row < rows && c.col >= 0 && c.col < cols;
    return {inside ? c.row + rows * c.col : -1, c};
  }
  Int o = u.offsets[static_cast<std::size_t>(i)];
  if (!e.frag || o < 0 || o >= rows * cols) return {o, unset};
  return {o, Coord{o % rows, o / rows}};
}

CheckResult compare(UserLayout const& u, Entry const& e) {
  CheckResult r;
  r.name = e.name();
  r.operand = e.operand();
  r.catalogue_layout = e.layout_text();
  r.threads = e.d0();
  r.values = e.d1();
  r.rows = e.rows();
  r.cols = e.cols();
  r.same_shape = u.modes[0] == r.threads && u.modes[1] == r.values;
  Int n = r.threads * r.values;
  for (Int i = 0; i < n; ++i) {
    Int want = e.expected(i);
    auto [got, got_at] = user_at(u, e, i);
    if (got == want && got >= 0) {
      ++r.agree;
      continue;
    }
    if (r.first) continue;
    Mismatch m{i % r.threads, i / r.threads, want, got, unset, got_at};
    if (e.frag) m.expected_at = Coord{want % r.rows, want / r.rows};
    r.first = m;
  }
  return r;
}

std::string fragment_operands(Instruction const& ins) {
  std::string has;
  for (auto const& g : ins.fragments) has += " " + std::string(operand_name(g.operand));
  return has;
}

char const* axes(std::string const& operand) {
  if (operand == "A") return "(m,k)";
  if (operand == "B") return "(n,k)";
  if (operand == "C") return "(m,n)";
  if (operand.empty()) return "(mn,k)";
  return "(e,s)";
}

std::string where(CheckResult const& r, Int t, Int v) {
  return r.operand.empty() ? str("(mn ", t, ", k ", v, ")") : str("(thread ", t, ", value ", v, ")");
}

std::string domain_name(CheckResult const& r) { return r.operand.empty() ? "(mn, k)" : "(thread, value)"; }

std::string coord_text(Coord c, Int offset) {
  if (c == unset) return str("offset ", offset, " (outside the tile)");
  return str(to_string(c), " (offset ", offset, ")");
}

std::string mismatch_text(CheckResult const& r) {
  Mismatch const& m = *r.first;
  std::string s = "first difference at " + where(r, m.thread, m.value) + ": ";
  if (r.operand.empty()) return s + str("catalogue offset ", m.expected, ", layout ", m.got);
  std::string got = m.got < 0 && m.got_at != unset ? str(to_string(m.got_at), " (outside the tile)")
                                                   : coord_text(m.got_at, m.got);
  return s + str("catalogue ", axes(r.operand), " = ", coord_text(m.expected_at, m.expected), ", layout ", got);
}

}  // namespace

Result<CheckResult> check_layout(std::string_view name, std::string_view operand, AnyLayout const& layout) {
  Entry e;
  if (SmemLayout const* s = find_smem_layout(name)) {
    if (!operand.empty() && operand != "A" && operand != "a" && operand != "B" && operand != "b")
      return fail(ErrorKind::invalid_input, s->name, " is a shared-memory layout, read as A or B; not \"", shortened(operand), "\"");
    e.smem = s;
  } else {
    Instruction const* ins = find_instruction(name);
    if (!ins)
      return fail(ErrorKind::invalid_input, "unknown instruction or shared-memory layout \"", shortened(name),
                  "\" (`catlayout gpu list` lists them)");
    auto op = parse_operand(operand);
    Fragment const* f = op ? ins->fragment(*op) : nullptr;
    if (!f)
      return fail(ErrorKind::invalid_input, ins->name, " has no catalogued operand \"", operand,
                  "\"; it has:", fragment_operands(*ins));
    e.ins = ins;
    e.frag = f;
  }
  CL_TRY(u, shape_of(layout));
  std::string text = to_string(layout, Notation::catlayout);
  if (e.smem && u.coordinate)
    return fail(ErrorKind::invalid_input, e.label(), " maps (mn, k) to an element offset; ", text,
                " is a coordinate layout");
  if (u.modes[0] != e.d0() || u.modes[1] != e.d1()) {
    if (e.smem)
      return fail(ErrorKind::invalid_input, text, " is ", u.modes[0], " x ", u.modes[1], " (sizes of its modes); ",
                  e.label(), "'s atom is ", e.d0(), " (MN) x ", e.d1(), " (K)");
    return fail(ErrorKind::invalid_input, text, " has ", u.modes[0], " threads x ", u.modes[1],
                " values (sizes of its modes 0 and 1); ", e.label(), " has ", e.d0(), " threads x ", e.d1(), " values");
  }
  CL_CHECK(evaluate_all(layout, u));
  Int rows = e.rows(), cols = e.cols();
  for (Int i = 0; i < u.size(); ++i) {
    auto [off, at] = user_at(u, e, i);
    bool outside = u.coordinate ? off < 0 : (off < 0 || off >= rows * cols);
    if (!outside) continue;
    std::string what = u.coordinate ? str("(row ", at.row, ", col ", at.col, ")") : str("offset ", off);
    std::string dom = e.smem ? str("(mn ", i % e.d0(), ", k ", i / e.d0(), ")")
                             : str("(thread ", i % e.d0(), ", value ", i / e.d0(), ")");
    return fail(ErrorKind::invalid_input, text, " sends ", dom, " to ", what, ", outside ", e.label(), "'s ", rows, "x",
                cols, " tile (offsets [0, ", rows * cols, "))");
  }
  return compare(u, e);
}

Result<CheckResult> check_layout(std::string_view name, std::string_view operand, std::string_view layout_text) {
  CL_TRY(l, parse_any_layout(layout_text));
  return check_layout(name, operand, l);
}

Result<std::vector<NearMatch>> nearest(AnyLayout const& layout, std::string_view operand, std::string_view name,
                                       std::size_t top) {
  std::optional<Operand> op;
  if (!operand.empty()) {
    op = parse_operand(operand);
    if (!op) return fail(ErrorKind::invalid_input, "unknown operand \"", shortened(operand), "\" (A, B, C, src, dst)");
  }
  if (!name.empty() && !find_instruction(name) && !find_smem_layout(name))
    return fail(ErrorKind::invalid_input, "unknown instruction or shared-memory layout \"", shortened(name),
                "\" (`catlayout gpu list` lists them)");
  CL_TRY(u, shape_of(layout));
  std::vector<Entry> entries;
  for (auto const& ins : catalogue()) {
    if (!name.empty() && ins.name != name) continue;
    for (auto const& f : ins.fragments)
      if ((!op || f.operand == *op) && f.threads * f.values == u.size()) entries.push_back({&ins, &f, nullptr});
  }
  bool atoms = !u.coordinate && (!op || *op == Operand::A || *op == Operand::B);
  for (auto const& s : smem_layouts())
    if (atoms && (name.empty() || s.name == name) && s.rows * s.cols == u.size()) entries.push_back({nullptr, nullptr, &s});
  std::vector<NearMatch> groups;
  if (entries.empty()) return groups;
  CL_CHECK(evaluate_all(layout, u));
  std::map<std::tuple<bool, std::string, Int, Int>, std::size_t> group_of;
  for (auto const& e : entries) {
    auto key = std::make_tuple(e.frag != nullptr, e.layout_text(), e.rows(), e.cols());
    auto [it, fresh] = group_of.try_emplace(key, groups.size());
    if (fresh) groups.push_back({compare(u, e), {}});
    groups[it->second].names.push_back(e.label());
  }
  // Stable: ties keep catalogue order.
  std::stable_sort(groups.begin(), groups.end(), [](NearMatch const& a, NearMatch const& b) {
    auto key = [](CheckResult const& r) { return std::make_tuple(!r.equal(), !r.same_shape, -r.agree); };
    return key(a.result) < key(b.result);
  });
  if (groups.size() > top) groups.resize(top);
  return groups;
}

std::string describe(CheckResult const& r) {
  std::ostringstream s;
  std::string label = r.operand.empty() ? r.name : r.name + " " + r.operand;
  s << label << ": " << (r.equal() ? "equal" : "differs") << "\n";
  if (r.operand.empty())
    s << "  catalogue: " << r.catalogue_layout << ", the " << r.rows << " (MN) x " << r.cols
      << " (K) atom, (mn,k) -> element offset\n";
  else
    s << "  catalogue: " << r.catalogue_layout << ", " << r.threads << " threads x " << r.values << " values over the "
      << r.rows << "x" << r.cols << " tile " << axes(r.operand) << ", offset = row + " << r.rows << " * col\n";
  if (r.first) s << "  " << mismatch_text(r) << "\n";
  s << "  agree at " << r.agree << " of " << r.total() << " " << domain_name(r) << "\n";
  return s.str();
}

std::string describe(std::vector<NearMatch> const& near, AnyLayout const& layout) {
  std::ostringstream s;
  std::string text = to_string(layout, Notation::catlayout);
  if (near.empty()) {
    s << "no catalogued fragment or shared-memory atom has " << size(layout) << " elements, the size of " << text
      << "\n";
    return s.str();
  }
  s << "closest catalogued entries to " << text << ", closest first:\n";
  int rank = 0;
  for (auto const& g : near) {
    CheckResult const& r = g.result;
    s << "  " << ++rank << ". ";
    if (r.equal()) s << "equal";
    else s << r.agree << " of " << r.total() << " agree";
    if (!r.same_shape)
      s << " (read by flat index: the layout's modes are not " << r.threads << " x " << r.values << ")";
    s << ": " << r.catalogue_layout << " (" << r.rows << "x" << r.cols << " tile)\n";
    if (r.first && r.same_shape) s << "     " << mismatch_text(r) << "\n";
    s << "     ";
    std::size_t shown = std::min<std::size_t>(g.names.size(), 6);
    for (std::size_t i = 0; i < shown; ++i) s << (i ? ", " : "") << g.names[i];
    if (g.names.size() > shown) s << " and " << g.names.size() - shown << " more";
    s << "\n";
  }
  return s.str();
}

Result<CheckAnswer> check_args(std::span<std::string const> args, std::size_t top) {
  if (args.empty() || args.size() > 3)
    return fail(ErrorKind::invalid_input, "expected [NAME] [OPERAND] LAYOUT, found ", args.size(), " argument(s)");
  CL_TRY(layout, parse_any_layout(args.back()));
  std::string_view name, operand;
  if (args.size() == 3) name = args[0], operand = args[1];
  else if (args.size() == 2) (parse_operand(args[0]) ? operand : name) = args[0];
  if (!name.empty() && (!operand.empty() || find_smem_layout(name))) {
    CL_TRY(r, check_layout(name, operand, layout));
    return CheckAnswer{describe(r), r.equal()};
  }
  CL_TRY(near, nearest(layout, operand, name, top));
  return CheckAnswer{describe(near, layout), !near.empty() && near.front().result.equal()};
}

}  // namespace catlayout::gpu

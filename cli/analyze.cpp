// `catlayout analyze ...`: bank conflicts, coalescing, vector width, ownership and footprint of
// layouts (docs/analysis.md). Exit 0 with the report, 2 on bad input.
#include <fstream>
#include <iostream>
#include <variant>

#include "catlayout/core/quote.hpp"
#include "catlayout/analysis.hpp"
#include "catlayout/core/notation.hpp"
#include "catlayout/wire/analysis_json.hpp"
#ifdef CATLAYOUT_HAVE_GPU
#include "catlayout/gpu/tiled.hpp"
#endif
#include "command.hpp"

namespace catlayout::cli {

using namespace catlayout::wire;  // the JSON forms of the values
namespace {

using namespace catlayout::analysis;
using TvLayout = std::variant<Layout, CoordLayout>;

Result<Int> integer_option(Args const& a, std::string const& name, Int fallback) {
  if (!a.has(name)) return fallback;
  auto t = parse_int_tuple(a.value(name));
  if (!t || !t->is_leaf())
    return fail(ErrorKind::invalid_input, name, ": expected an integer, found '", shortened(a.value(name)), "'");
  return t->value();
}

// A TV layout and, when a construction gave it, its tile (rows, cols).
struct TvSource {
  TvLayout tv;
  std::optional<std::array<Int, 2>> tile;
};

#ifdef CATLAYOUT_HAVE_GPU
// A layout, or a shape alone read column-major as CuTe's make_layout(shape) does: (2,2,1).
Result<Layout> layout_or_shape(std::string const& text) {
  auto l = parse_layout(text);
  if (l || text.find(':') != std::string::npos) return l;
  CL_TRY(shape, parse_int_tuple(text));
  return gpu::column_major(shape);
}

Result<gpu::PermutationMnk> permutation(Args const& a) {
  gpu::PermutationMnk p;
  if (!a.has("--permute")) return p;
  auto const& v = a.opt.at("--permute");
  for (std::size_t i = 0; i < 3; ++i) {
    if (v[i] == "_") continue;  // CuTe's `_`: that mode unpermuted
    CL_TRY(l, layout_or_shape(v[i]));
    p[i] = l;
  }
  return p;
}

// --mma NAME [--atoms L [--permute M N K]] [--operand X]: a catalogue fragment, or what the threads
// of CuTe's make_tiled_mma(atom, atoms, permutation) hold of the operand (TiledMma::holds).
Result<TvSource> mma_source(Args const& a) {
  std::string const operand = a.has("--operand") ? a.value("--operand") : "A";
  if (!a.has("--atoms")) {
    CL_TRY(f, gpu::find_fragment(a.value("--mma"), operand));
    return TvSource{f->tv, std::array<Int, 2>{f->rows, f->cols}};
  }
  CL_TRY(io, gpu::find_instruction_operand(a.value("--mma"), operand));
  CL_TRY(atoms, layout_or_shape(a.value("--atoms")));
  CL_TRY(perm, permutation(a));
  CL_TRY(mma, gpu::make_tiled_mma(*io.ins, atoms, perm));
  CL_TRY(tv, mma.holds(io.op));  // what each thread holds (ThrMMA::partition_*): C is shared by K groups
  return TvSource{tv, mma.tile_of(io.op)};
}
#endif

// The thread-value layout: --mma ... (above), --copy THR VAL (CuTe's make_tiled_copy), or the
// first positional (CuTe notation, integer or coordinate strides); `used` counts the positionals.
Result<TvSource> tv_layout(Args const& a, std::size_t& used) {
  used = 0;
  if (a.has("--mma") || a.has("--copy")) {
#ifdef CATLAYOUT_HAVE_GPU
    if (a.has("--mma")) return mma_source(a);
    CL_TRY(thr, layout_or_shape(a.opt.at("--copy")[0]));
    CL_TRY(val, layout_or_shape(a.opt.at("--copy")[1]));
    CL_TRY(copy, gpu::make_tiled_copy(thr, val));
    return TvSource{copy.tv, copy.tile};
#else
    return fail(ErrorKind::invalid_input, "--mma and --copy need the gpu room, which this build leaves out");
#endif
  }
  if (a.pos.empty()) return fail(ErrorKind::invalid_input, "expected a thread-value layout (or --mma NAME, --copy THR VAL)");
  used = 1;
  CL_TRY(tv, read_tv_layout(a.pos[0]));
  return TvSource{tv, std::nullopt};
}

Result<AccessSpec> spec_of(Args const& a) {
  AccessSpec s;
  CL_TRY(eb, integer_option(a, "--elem-bytes", 4));
  CL_TRY(vec, integer_option(a, "--vector", 1));
  CL_TRY(base, integer_option(a, "--base-byte", 0));
  s.elem_bytes = eb, s.vector_values = vec, s.base_byte = base;
  return s;
}

// TV, DATA and the access options: what banks, coalescing and vector read.
struct Inputs {
  TvLayout tv;
  ComposedLayout data;
  AccessSpec spec;
};

Result<Inputs> inputs(Args const& a) {
  std::size_t used = 0;
  CL_TRY(src, tv_layout(a, used));
  if (a.pos.size() != used + 1)
    return fail(ErrorKind::invalid_input, "expected the data layout after the thread-value layout (", a.pos.size(),
                " positional arguments given)");
  CL_TRY(data, read_data_layout(a.pos[used]));
  CL_TRY(spec, spec_of(a));
  return Inputs{src.tv, data, spec};
}

Result<MemoryAccess> access_of(Inputs const& in) {
  return std::visit([&](auto const& tv) { return make_access(tv, in.data, in.spec); }, in.tv);
}

std::string threads_text(std::vector<Int> const& ts) {
  std::string out;
  for (std::size_t i = 0; i < ts.size(); ++i) {
    if (i == 16) return out + " ... (" + std::to_string(ts.size()) + " threads)";
    out += (i ? " " : "") + std::to_string(ts[i]);
  }
  return out;
}

std::string ratio(Int got, Int ideal) {
  if (got <= ideal) return "conflict-free";
  return got % ideal == 0 ? str(got / ideal, "-way") : str(static_cast<double>(got) / static_cast<double>(ideal), "x");
}

// --svg FILE and --show [--color]: the picture next to the report.
int pictures(Args const& a, Result<viz::CellGrid> const& grid) {
  if (!a.has("--svg") && !a.has("--show")) return 0;
  if (!grid) return report_error(grid.error());
  if (a.has("--show")) {
    auto t = viz::show_cells(*grid, a.has("--color"));
    if (!t) return report_error(t.error());
    std::cout << *t;
  }
  if (a.has("--svg")) {
    auto s = viz::svg_cells(*grid);
    if (!s) return report_error(s.error());
    std::ofstream f(a.value("--svg"));
    if (!(f << *s)) {
      std::cerr << "catlayout: cannot write " << a.value("--svg") << "\n";
      return 2;
    }
    std::cout << "wrote " << a.value("--svg") << "\n";
  }
  return 0;
}

// An analysis of the access the inputs describe (the TV layout over the data layout): its report
// as JSON (--json), or as text by `print`.
template <class Analyze, class Print>
int access_report(Args const& a, Analyze analyze, Print print) {
  auto in = inputs(a);
  if (!in) return report_error(in.error());
  auto acc = access_of(*in);
  if (!acc) return report_error(acc.error());
  auto r = analyze(*acc);
  if (!r) return report_error(r.error());
  if (a.has("--json")) {
    std::cout << to_json(*r).dump(1) << "\n";
    return 0;
  }
  return print(*acc, *r);
}

// The bank report as text, then the pictures asked for.
int print_banks(Args const& a, MemoryAccess const* acc, BankReport const* r) {
  std::cout << "shared-memory banks: " << acc->tv_text << " over " << acc->data_text << "\n"
            << acc->vector_bytes() << "-byte accesses (" << acc->spec.vector_values << " x " << acc->spec.elem_bytes
            << "-byte elements), " << warp_size / r->threads_per_phase << " phase(s) of " << r->threads_per_phase
            << " threads per warp instruction; 32 banks of 4 bytes\n";
  std::size_t shown = 0;
  for (auto const& x : r->accesses) {
    if (shown++ == 16) {
      std::cout << "... " << r->accesses.size() - 16 << " more accesses (--json lists all)\n";
      break;
    }
    std::cout << "warp " << x.warp << " instruction " << x.instruction << ": " << x.wavefronts << " wavefronts, ideal "
              << x.ideal << " (" << ratio(x.wavefronts, x.ideal) << ")\n";
    for (std::size_t p = 0; p < x.phases.size(); ++p)
      if (x.phases[p].wavefronts > 1)
        std::cout << "  phase " << p << " (threads " << x.phases[p].first_thread << "-"
                  << x.phases[p].first_thread + x.phases[p].threads - 1 << "): bank " << x.phases[p].worst_bank
                  << " serves " << x.phases[p].wavefronts << " words to threads " << threads_text(x.phases[p].colliding)
                  << "\n";
  }
  std::cout << "total: " << r->wavefronts << " wavefronts, ideal " << r->ideal << "; worst access "
            << ratio(r->accesses[r->worst].wavefronts, r->accesses[r->worst].ideal) << "\n";
  auto rows = integer_option(a, "--rows", 64);
  if (!rows) return report_error(rows.error());
  return pictures(a, bank_heatmap(*r, *acc, *rows));
}

int banks_main(Args const& a) {
  return access_report(a, bank_conflicts, [&](MemoryAccess const& acc, BankReport const& r) { return print_banks(a, &acc, &r); });
}

// The coalescing report as text.
int print_coalescing(MemoryAccess const* acc, CoalescingReport const* r) {
  std::cout << "global coalescing: " << acc->tv_text << " over " << acc->data_text << ", " << acc->vector_bytes()
            << "-byte accesses, base byte " << acc->spec.base_byte << "\n";
  std::size_t shown = 0;
  for (auto const& x : r->accesses) {
    if (shown++ == 16) {
      std::cout << "... " << r->accesses.size() - 16 << " more accesses (--json lists all)\n";
      break;
    }
    std::cout << "warp " << x.warp << " instruction " << x.instruction << ": " << x.bytes << " bytes in " << x.sectors
              << " sectors (ideal " << x.ideal_sectors << "), " << x.lines << " lines (ideal " << x.ideal_lines << ")\n";
  }
  std::cout << "total: " << r->sectors << " sectors (ideal " << r->ideal_sectors << "), " << r->lines
            << " lines (ideal " << r->ideal_lines << "); " << static_cast<int>(100 * r->sector_efficiency() + 0.5)
            << "% of the bytes moved are used\n";
  return 0;
}

int coalescing_main(Args const& a) {
  return access_report(a, coalescing, [](MemoryAccess const& acc, CoalescingReport const& r) { return print_coalescing(&acc, &r); });
}

int vector_main(Args const& a) {
  auto in = inputs(a);
  if (!in) return report_error(in.error());
  auto r = std::visit([&](auto const& tv) { return widest_vector(tv, in->data, in->spec); }, in->tv);
  if (!r) return report_error(r.error());
  if (a.has("--json")) {
    std::cout << to_json(*r).dump(1) << "\n";
    return 0;
  }
  std::cout << "widest vector: " << r->values << " x " << in->spec.elem_bytes << " = " << r->bytes
            << " bytes per thread (" << r->method << ")\n";
  if (!r->composed.empty()) std::cout << "data o tv = " << r->composed << "\n";
  for (auto const& l : r->limits) std::cout << "  " << l.what << ": <= " << l.bound << " (" << l.why << ")\n";
  std::cout << "limited by " << r->limited_by << "\n";
  return 0;
}

Result<Int> tile_rows(Args const& a, std::optional<std::array<Int, 2>> const& given, Int& tile) {
  if (!a.has("--tile") && given) {
    tile = (*given)[0] * (*given)[1];
    return (*given)[0];
  }
  if (!a.has("--tile")) return fail(ErrorKind::invalid_input, "--tile M,N (or a size) is required");
  std::string text = a.value("--tile");
  auto t = parse_int_tuple(text.find('(') == std::string::npos ? "(" + text + ")" : text);
  auto v = t ? flatten_values(*t) : std::vector<Int>{};
  if (!t || depth(*t) > 1 || v.empty() || v.size() > 2 || v[0] < 1 || v.back() < 1 || v[0] > max_pairs ||
      v.back() > max_pairs)
    return fail(ErrorKind::invalid_input, "--tile: expected M,N or a size, positive and at most ", max_pairs, ", found '",
                shortened(text), "'");
  tile = v.size() == 2 ? v[0] * v[1] : v[0];
  return v.size() == 2 ? v[0] : 1;
}

int ownership_main(Args const& a) {
  std::size_t used = 0;
  auto src = tv_layout(a, used);
  if (!src) return report_error(src.error());
  auto const* tv = &src->tv;
  if (!std::holds_alternative<Layout>(*tv))
    return report_error(Error{ErrorKind::invalid_input, "ownership reads integer-stride TV layouts ((thread, value) -> "
                                                        "tile index)"});
  Int tile = 0;
  auto rows = tile_rows(a, src->tile, tile);
  if (!rows) return report_error(rows.error());
  auto block = integer_option(a, "--block-threads", 0);
  if (!block) return report_error(block.error());
  auto r = ownership(std::get<Layout>(*tv), tile, *block);
  if (!r) return report_error(r.error());
  if (a.has("--json")) {
    std::cout << to_json(*r).dump(1) << "\n";
    return 0;
  }
  std::cout << "ownership: " << to_string(std::get<Layout>(*tv)) << " over a tile of " << tile << " elements, "
            << r->threads << " threads x " << r->values << " values\n";
  if (r->exact()) std::cout << "exact: every element is held by exactly one (thread, value)\n";
  std::cout << r->once << " elements once, " << r->replicated << " replicated";
  if (r->replicated) std::cout << " (up to " << r->max_owners << " owners)";
  std::cout << ", " << r->uncovered.size() << " not covered\n";
  if (!r->uncovered.empty()) std::cout << "not covered: " << threads_text(r->uncovered) << "\n";
  for (std::size_t i = 0; i < r->replica_groups.size() && i < 8; ++i)
    std::cout << "threads " << threads_text(r->replica_groups[i]) << " hold the same elements\n";
  if (r->replica_groups.size() > 8) std::cout << "... " << r->replica_groups.size() - 8 << " more replica groups\n";
  for (auto const& m : r->stride0_modes) std::cout << "replicates: " << m << "\n";
  if (!r->idle_threads.empty())
    std::cout << "idle threads: " << r->idle_threads.front() << "-" << r->idle_threads.back() << "\n";
  return pictures(a, ownership_map(*r, *rows));
}

int footprint_main(Args const& a) {
  if (a.pos.size() != 1) return report_error(Error{ErrorKind::invalid_input, "expected one layout"});
  auto l = read_data_layout(a.pos[0]);
  if (!l) return report_error(l.error());
  auto tile = integer_option(a, "--tile", 0);
  if (!tile) return report_error(tile.error());
  auto f = footprint(*l, *tile);
  if (!f) return report_error(f.error());
  if (a.has("--json")) {
    std::cout << to_json(*f).dump(1) << "\n";
    return 0;
  }
  auto yes = [](bool b) { return b ? "yes" : "no"; };
  std::cout << "footprint: " << layout_text(*l) << "\n"
            << "size " << f->size << ", cosize " << f->cosize << " (offsets " << f->min_offset << ".." << f->max_offset
            << "), " << f->image << " distinct offsets, " << f->holes << " holes\n"
            << "injective: " << yes(f->injective) << ", compact: " << yes(f->compact) << ", surjective onto [0, "
            << f->tile << "): " << yes(f->surjective) << "\n";
  return 0;
}

#ifdef CATLAYOUT_HAVE_GPU
int partition_main(Args const& a) {
  std::size_t used = 0;
  auto src = tv_layout(a, used);
  if (!src) return report_error(src.error());
  if (!std::holds_alternative<Layout>(src->tv))
    return report_error(Error{ErrorKind::invalid_input, "partition reads integer-stride TV layouts"});
  Layout const& tv = std::get<Layout>(src->tv);
  auto thread = integer_option(a, "--thread", 0);
  if (!thread) return report_error(thread.error());
  Int tile = 0;
  auto rows = tile_rows(a, src->tile, tile);
  if (!rows) return report_error(rows.error());
  std::array<Int, 2> shape{*rows, tile / *rows};
  auto part = gpu::partition(tv, shape, *thread);
  if (!part) return report_error(part.error());
  std::optional<gpu::ThreadPart> in_data;
  if (a.pos.size() == used + 1) {
    auto any = analysis::read_layout(a.pos[used], "DATA");
    if (!any) return report_error(any.error());
    auto const* data = std::get_if<Layout>(&*any);
    if (!data)
      return report_error(Error{ErrorKind::invalid_input, str("partition's DATA '", a.pos[used], "' is a ", layout_kind(*any),
                                                              ": it reads integer-stride layouts")});
    auto p = gpu::partition(tv, *data, *thread);
    if (!p) return report_error(p.error());
    in_data = *p;
  }
  if (a.has("--json")) {
    Json values = Json::array();
    for (Int v = 0; v < part->size(); ++v) {
      Json e{{"value", v}, {"row", part->at(v) % shape[0]}, {"col", part->at(v) / shape[0]}};
      if (in_data) e["offset"] = in_data->at(v);
      values.push_back(e);
    }
    std::cout << Json{{"thread", *thread}, {"tile", shape}, {"values", values}}.dump(1) << "\n";
    return 0;
  }
  std::cout << "thread " << *thread << " of " << to_string(tv) << " over the " << shape[0] << " x " << shape[1]
            << " tile holds " << part->size() << " values: tile index " << part->offset << " + "
            << to_string(part->values) << "\n";
  if (in_data)
    std::cout << "in memory: offset " << in_data->offset << " + " << to_string(in_data->values) << "\n";
  for (Int v = 0; v < part->size(); ++v) {
    std::cout << "  value " << v << ": (" << part->at(v) % shape[0] << "," << part->at(v) / shape[0] << ")";
    if (in_data) std::cout << " -> offset " << in_data->at(v);
    std::cout << "\n";
  }
  return 0;
}
#endif

std::map<std::string, int> with(std::map<std::string, int> m, std::map<std::string, int> const& more) {
  m.insert(more.begin(), more.end());
  return m;
}

}  // namespace

std::vector<Command> analysis_commands() {
  std::map<std::string, int> tv{{"--mma", 1}, {"--operand", 1}, {"--atoms", 1}, {"--permute", 3}, {"--copy", 2}};
  std::map<std::string, int> access = with(tv, {{"--elem-bytes", 1}, {"--vector", 1}, {"--base-byte", 1}, {"--json", 0}});
  std::map<std::string, int> picture{{"--svg", 1}, {"--show", 0}, {"--color", 0}};
  std::map<std::string, int> heat_rows{{"--rows", 1}};  // phases drawn in the heat map
  std::vector<Command> cmds{
      {"analyze banks", "analyze banks (TV | --mma NAME [--operand X]) DATA [--elem-bytes N] [--vector N]",
       "shared-memory bank conflicts of a warp's accesses: wavefronts vs ideal, worst bank, colliding threads "
       "(--svg/--show: heat map)",
       "catlayout analyze banks '(32,32):(1,32)' '(32,32):(32,1)'", with(with(access, picture), heat_rows), banks_main},
      {"analyze coalescing", "analyze coalescing (TV | --mma NAME) DATA [--elem-bytes N] [--vector N] [--base-byte N]",
       "global memory: 32-byte sectors and 128-byte lines per warp instruction vs ideal",
       "catlayout analyze coalescing '(32,4):(4,1)' '128:1' --vector 4", access, coalescing_main},
      {"analyze vector", "analyze vector (TV | --mma NAME) DATA [--elem-bytes N]",
       "the widest vector each thread can move (<= 16 bytes) and what limits it",
       "catlayout analyze vector '((4,8),(2,2,2)):((32,1),(16,8,128))' '(16,16):(16,1)' --elem-bytes 2", access,
       vector_main},
      {"analyze ownership", "analyze ownership (TV | --mma NAME) --tile M,N [--block-threads P]",
       "which elements each (thread, value) holds: exact, replicated, not covered, idle threads (--svg/--show: map)",
       "catlayout analyze ownership '((32,2),4):((1,0),32)' --tile 32,4",
       with(with(tv, {{"--tile", 1}, {"--block-threads", 1}, {"--json", 0}}), picture),
       ownership_main},
      {"analyze footprint", "analyze footprint DATA [--tile N]",
       "size, cosize, holes; injective, compact, surjective onto its tile",
       "catlayout analyze footprint '(32,32):(33,1)'", {{"--tile", 1}, {"--json", 0}}, footprint_main},
  };
#ifdef CATLAYOUT_HAVE_GPU  // the tiled constructions live in gpu/
  cmds.push_back(
{"analyze partition", "analyze partition (TV | --mma NAME --atoms L | --copy THR VAL) --thread T [DATA]",
       "what thread T holds: its values' (row, col) in the tile and, with DATA, their memory offsets",
       "catlayout analyze partition --mma mma.m16n8k16.f32.f16.f16.f32 --atoms '(2,2,1)' --operand C --thread 37",
       with(tv, {{"--thread", 1}, {"--tile", 1}, {"--json", 0}}), partition_main});
#endif
  return cmds;
}

}  // namespace catlayout::cli

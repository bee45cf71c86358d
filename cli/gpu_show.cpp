// `catlayout gpu show` and `catlayout gpu list` (and the probe's `show`): catalogue entries as text,
// no GPU needed.
#include "gpu_show.hpp"

#include <iomanip>
#include <map>

#include "catlayout/core/quote.hpp"
#include "catlayout/gpu/probe.hpp"
#include "catlayout/gpu/sm100.hpp"
#include "catlayout/gpu/validate.hpp"

namespace catlayout::cli {

using namespace catlayout::gpu;

namespace {

// Sources of confirmation as `gpu list` writes them: ptx-formula+cutlass+hardware.
std::string joined(std::vector<std::string> const& v) {
  std::string s;
  for (auto const& x : v) s += (s.empty() ? "" : "+") + x;
  return s;
}

char const* tile_axes(Operand op) {
  switch (op) {
    case Operand::A: return "(m,k)";
    case Operand::B: return "(n,k)";
    case Operand::C: return "(m,n)";
    case Operand::E: return "(m,chunk of k)";
    case Operand::SFA: return "(m, k block)";
    case Operand::SFB: return "(n, k block)";
    default: return "(element e of a 16-byte row, row s)";
  }
}

std::string tile_axes(Instruction const& ins, Operand op) {
  if (ins.kind == Kind::tcgen05_ld || ins.kind == Kind::tcgen05_st)
    return "(TMEM lane from the warp's base lane, 32-bit TMEM column from the base column)";
  if (ins.kind == Kind::tcgen05_mma)
    return ins.M == 64 ? "(m,n); thread t = TMEM lane 32 (t / 16) + t % 16 (lanes in use), values: TMEM columns"
                       : "(m,n); thread t = TMEM lane t (t >= 128: the peer CTA's lane t - 128), values: TMEM columns";
  if (op == Operand::SFA) return "(m, k block); thread t = %laneid 4 (t / 2) + t % 2 (thread-id-a = 0), byte-id-a = 0";
  if (op == Operand::SFB) return "(n, k block); thread t = %laneid 4 t (thread-id-b = 0), byte-id-b = 0";
  return tile_axes(op);
}

// umma: a tcgen05 descriptor's atom (CPU only: no probe placement to print).
void show_smem(SmemLayout const& s, std::ostream& out, bool umma = false) {
  out << s.name << "   [" << (umma ? "tcgen05" : "wgmma") << " matrix descriptor, layout type "
      << swizzle_name(s.swizzle) << ", " << s.elem_bits << "-bit elements, " << major_name(s.major) << "-major"
      << (umma ? ", sm100a: not run on any device here" : "") << "]\n"
      << "  atom " << s.rows << " (MN) x " << s.cols << " (K), (mn,k) -> element offset\n"
      << "  from " << s.ptx_section << "\n"
      << "  layout: " << to_string(s.layout) << "\n";
  for (Operand op : {Operand::A, Operand::B}) {
    if (umma) break;
    Instruction const& probe = smem_probe_instruction(s.elem_bits);
    SmemPlacement pl = smem_placement(s, op == Operand::A ? probe.M : probe.N, probe.K);
    out << "  as " << operand_name(op) << " of " << probe.name << ": LBO " << pl.lbo << " B, SBO " << pl.sbo << " B, "
        << pl.k_blocks << " start-address step(s) of 32 B\n";
  }
  out << "  offsets, one row per mn:\n";
  for (Int mn = 0; mn < s.rows; ++mn) {
    out << "  " << std::setw(4) << mn << " |";
    for (Int k = 0; k < s.cols; ++k) out << std::setw(5) << s.at(mn, k);
    out << "\n";
  }
}

void show_fragment(Instruction const& ins, Fragment const& f, std::ostream& out) {
  out << ins.name << " " << operand_name(f.operand) << "   [" << ins.ptx << ", " << ins.arch << "]\n"
      << "  tile " << f.rows << "x" << f.cols << " " << tile_axes(ins, f.operand) << ", offset = row + " << f.rows
      << " * col; " << f.threads << " threads x " << f.values << " values of " << elem_name(f.elem) << " ("
      << f.per_reg() << " per " << (f.reg_words() == 2 ? "64" : "32") << "-bit register)\n"
      << "  from " << f.ptx_section << "\n"
      << "  TV layout: " << to_string(f.tv) << "\n";
  if (ins.kind == Kind::mma && f.threads == 8)
    out << "  threads of one quad-pair: thread t is %laneid (t % 4) + 16 (t / 4) + 4q in MMA computation q + 1\n";
  out << "  thread value  reg elem   row col\n";
  for (Int t = 0; t < f.threads; ++t)
    for (Int v = 0; v < f.values; ++v) {
      Coord c = f.layout_at(t, v);
      out << "  " << std::setw(6) << t << std::setw(6) << v << std::setw(5) << v / f.per_reg() << std::setw(5)
          << v % f.per_reg() << "  " << std::setw(4) << c.row << std::setw(4) << c.col << "\n";
    }
}

}  // namespace

Result<void> gpu_show(std::string const& name, std::string const& operand, std::ostream& out) {
  if (SmemLayout const* s = find_smem_layout(name)) {
    show_smem(*s, out);
    return {};
  }
  if (SmemLayout const* s = find_umma_smem_layout(name)) {
    show_smem(*s, out, true);
    return {};
  }
  Instruction const* ins = find_instruction(name);
  if (!ins)
    return fail(ErrorKind::invalid_input, "unknown instruction or shared-memory layout \"", shortened(name),
                "\" (`catlayout gpu list` lists them)");
  if (operand.empty() || operand == "all") {
    for (auto const& f : ins->fragments) show_fragment(*ins, f, out);
    return {};
  }
  auto op = parse_operand(operand);
  Fragment const* f = op ? ins->fragment(*op) : nullptr;
  if (!f) {
    std::string has;
    for (auto const& g : ins->fragments) has += " " + std::string(operand_name(g.operand));
    return fail(ErrorKind::invalid_input, ins->name, " has no catalogued operand \"", shortened(operand), "\"; it has:", has);
  }
  show_fragment(*ins, *f, out);
  return {};
}

Result<void> gpu_list(std::string const& vectors_path, std::ostream& out) {
  CL_TRY(recorded, vector_sources(vectors_path));
  auto const& sources = recorded.by_entry;
  std::string const& observed = recorded.observed;
  out << "# " << catalogue().size() << " instructions, " << smem_layouts().size()
      << " wgmma + " << umma_smem_layouts().size()
      << " tcgen05 shared-memory layouts; sources: ptx-formula (catalogue formula = layout, gpu_tests), cutlass (CuTe "
         "traits agree), hardware (a device with a UUID, raw words kept and re-decodable: gpu verify), "
         "hardware-unverified (a device's decoded tables, raw words not kept), simulator (the CPU simulator); "
         "vectors: "
      << observed << "\n";
  // no_hw: why no hardware confirms an entry (CPU-only architectures), said in its sources column.
  auto line = [&](std::string const& name, std::string const& kind, std::string const& arch, std::string const& op,
                  std::string const& layout, std::string const& no_hw = "") {
    auto it = sources.find(name + "/" + op);
    std::string src = it == sources.end() ? "ptx-formula" : joined(it->second);
    if (!no_hw.empty()) src += "; no hardware (" + no_hw + ")";
    out << std::left << std::setw(40) << name << std::setw(10) << kind << " " << std::setw(7) << arch << std::setw(4)
        << op << std::setw(34) << src << " " << layout << "\n";
  };
  for (auto const& ins : catalogue())
    for (auto const& f : ins.fragments)
      line(ins.name, std::string(kind_name(ins.kind)), ins.arch, std::string(operand_name(f.operand)), to_string(f.tv),
           no_hardware_reason(ins));
  for (auto const& s : smem_layouts())
    for (Operand op : {Operand::A, Operand::B})
      line(s.name, "smem", "sm90a", std::string(operand_name(op)), to_string(s.layout));
  for (auto const& s : umma_smem_layouts())
    for (Operand op : {Operand::A, Operand::B})
      line(s.name, "smem", "sm100a", std::string(operand_name(op)), to_string(s.layout),
           "sm100a: not run on any device here");
  return {};
}

}  // namespace catlayout::cli

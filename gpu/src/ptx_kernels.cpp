// PTX text for the probe's kernels (see ptx.hpp for the parameter contract). Each instruction is
// spelled as the PTX ISA writes it: mma.sync 9.7.14.5, wgmma.mma_async 9.7.15.5.2, ldmatrix,
// stmatrix and movmatrix 9.7.9.21-23. Nothing here knows a fragment layout: the kernels move raw words.
#include "catlayout/gpu/ptx.hpp"

#include <algorithm>
#include <sstream>

#include "catlayout/core/text.hpp"
#include "catlayout/gpu/sparse.hpp"

namespace catlayout::gpu {

namespace {

// "{%p0, %p1, ...}" for n registers named prefix0..prefix(n-1).
std::string regs(std::string const& prefix, Int n, Int first = 0) {
  std::string s = "{";
  for (Int i = 0; i < n; ++i) s += (i ? ", %" : "%") + prefix + std::to_string(first + i);
  return s + "}";
}

// A register's PTX type for an operand of element type e: the accumulators' own types, 64-bit
// for f64, untyped 32-bit words for everything packed.
char const* reg_type(Elem e) {
  switch (e) {
    case Elem::f32: return ".f32";
    case Elem::f64: return ".f64";
    default: return ".b32";
  }
}
Int reg_bytes(Elem e) { return e == Elem::f64 ? 8 : 4; }

// Registers of one operand fragment of one thread (f64: one 64-bit register per element).
Int registers(Fragment const& f) { return f.values / f.per_reg(); }

struct Ptx {
  std::ostringstream o;
  explicit Ptx(bool extern_smem, char const* version = "8.4") {
    o << ".version " << version << "\n.target sm_90a\n.address_size 64\n";
    if (extern_smem) o << ".extern .shared .align 1024 .b8 smem[];\n";
    o << ".visible .entry probe(.param .u64 pa, .param .u64 pb, .param .u64 pd, .param .u64 px,\n"
         "    .param .u32 trials, .param .u32 aw, .param .u32 bw, .param .u32 dw, .param .u32 xw)\n{\n"
         "  .reg .pred %p<4>;\n  .reg .b32 %t<40>;\n  .reg .b64 %q<16>;\n"
         "  ld.param.u64 %q0, [pa];\n  ld.param.u64 %q1, [pb];\n  ld.param.u64 %q2, [pd];\n  ld.param.u64 %q3, [px];\n"
         "  cvta.to.global.u64 %q0, %q0;\n  cvta.to.global.u64 %q1, %q1;\n  cvta.to.global.u64 %q2, %q2;\n"
         "  cvta.to.global.u64 %q3, %q3;\n"
         "  ld.param.u32 %t0, [trials];\n  ld.param.u32 %t1, [aw];\n  ld.param.u32 %t2, [bw];\n"
         "  ld.param.u32 %t3, [dw];\n  ld.param.u32 %t4, [xw];\n"
         "  mov.u32 %t5, %tid.x;\n  mov.u32 %t6, %ctaid.x;\n";
  }
  // %q<dst> = base + 4 * word_index_register
  void word_address(int dst, int base, char const* index) {
    o << "  mul.wide.u32 %q" << dst << ", " << index << ", 4;\n  add.u64 %q" << dst << ", %q" << base << ", %q" << dst
      << ";\n";
  }
  // Loads (store = false) or stores `count` registers prefix<i> of `type` at %q<addr> + i * bytes.
  void move(bool store, std::string const& prefix, Int count, char const* type, Int bytes, int addr) {
    for (Int i = 0; i < count; ++i) {
      if (store)
        o << "  st.global" << type << " [%q" << addr << "+" << i * bytes << "], %" << prefix << i << ";\n";
      else
        o << "  ld.global" << type << " %" << prefix << i << ", [%q" << addr << "+" << i * bytes << "];\n";
    }
  }
  // for (i = first; i < limit; i += step) smem[off + 4 i] = global[q + 4 (row + i)] (or the reverse)
  void copy_loop(std::string const& label, bool to_shared, int q, char const* row, char const* limit, int step,
                 char const* smem_off) {
    o << "  mov.u32 %t20, %t5;\n" << label << ":\n  setp.ge.u32 %p1, %t20, " << limit << ";\n  @%p1 bra " << label
      << "_end;\n  add.u32 %t21, %t20, " << row << ";\n";
    word_address(5, q, "%t21");
    o << "  shl.b32 %t22, %t20, 2;\n  add.u32 %t22, %t22, " << smem_off << ";\n";
    if (to_shared) o << "  ld.global.b32 %t23, [%q5];\n  st.shared.b32 [%t22], %t23;\n";
    else o << "  ld.shared.b32 %t23, [%t22];\n  st.global.b32 [%q5], %t23;\n";
    o << "  add.u32 %t20, %t20, " << step << ";\n  bra " << label << ";\n" << label << "_end:\n";
  }
  void declare(std::string const& prefix, char const* type, Int n) {
    if (n > 0) o << "  .reg " << type << " %" << prefix << "<" << n << ">;\n";
  }
  void zero(std::string const& prefix, char const* type, Int n) {
    for (Int i = 0; i < n; ++i)
      o << "  mov" << type << " %" << prefix << i << ", "
        << (std::string(type) == ".f32" ? "0f00000000" : std::string(type) == ".f64" ? "0d0000000000000000" : "0")
        << ";\n";
  }
  std::string finish() {
    o << "done:\n  ret;\n}\n";
    return o.str();
  }
};

// mma.sync; mma.sp (an E fragment): also the lane's metadata word from aux[trial * xw + lane] and
// the mode's sparsity selector (PTX ISA 9.7.14.6.3 "mma.sp"; ::ordered_metadata needs PTX ISA 8.5).
std::string mma_ptx(Instruction const& ins, std::string const& mode) {
  Fragment const &A = *ins.fragment(Operand::A), &B = *ins.fragment(Operand::B), &C = *ins.fragment(Operand::C);
  // mma.sync with 8-bit float A/B and .f16 accumulators needs PTX ISA 8.7 (ptxas says so for 8.4).
  bool fp8 = A.elem == Elem::e4m3 || A.elem == Elem::e5m2;
  bool sparse = ins.fragment(Operand::E) != nullptr;
  Ptx p(false, fp8 && C.elem == Elem::f16 ? "8.7" : "8.4");
  if (sparse) p.declare("e", ".b32", 1);
  p.declare("a", reg_type(A.elem), registers(A));
  p.declare("b", reg_type(B.elem), registers(B));
  p.declare("d", reg_type(C.elem), registers(C));
  // trial = (block * 128 + thread) / 32; the whole warp leaves together.
  p.o << "  mad.lo.u32 %t7, %t6, 128, %t5;\n  shr.u32 %t8, %t7, 5;\n  and.b32 %t9, %t5, 31;\n"
         "  setp.ge.u32 %p0, %t8, %t0;\n  @%p0 bra done;\n";
  p.o << "  mul.lo.u32 %t10, %t8, %t1;\n  mad.lo.u32 %t10, %t9, " << A.words() << ", %t10;\n";
  p.word_address(4, 0, "%t10");
  p.move(false, "a", registers(A), reg_type(A.elem), reg_bytes(A.elem), 4);
  p.o << "  mul.lo.u32 %t11, %t8, %t2;\n  mad.lo.u32 %t11, %t9, " << B.words() << ", %t11;\n";
  p.word_address(6, 1, "%t11");
  p.move(false, "b", registers(B), reg_type(B.elem), reg_bytes(B.elem), 6);
  p.zero("d", reg_type(C.elem), registers(C));
  if (sparse)
    p.o << "  mad.lo.u32 %t13, %t8, %t4, %t9;\n  mul.wide.u32 %q8, %t13, 8;\n  add.u64 %q8, %q3, %q8;\n"
           "  ld.global.u64 %q9, [%q8];\n  cvt.u32.u64 %e0, %q9;\n";
  p.o << "  " << ins.ptx << " " << regs("d", registers(C)) << ", " << regs("a", registers(A)) << ", "
      << regs("b", registers(B)) << ", " << regs("d", registers(C));
  if (sparse) p.o << ", %e0, " << sparse_mode_selector(mode);
  p.o << ";\n";
  p.o << "  mul.lo.u32 %t12, %t8, %t3;\n  mad.lo.u32 %t12, %t9, " << C.words() << ", %t12;\n";
  p.word_address(7, 2, "%t12");
  p.move(true, "d", registers(C), reg_type(C.elem), reg_bytes(C.elem), 7);
  std::string text = p.finish();
  if (auto at = text.find(".version 8.4"); sparse && at != std::string::npos) text.replace(at, 12, ".version 8.5");
  return text;
}

std::string wgmma_ptx(Instruction const& ins, std::string const& mode) {
  Fragment const &A = *ins.fragment(Operand::A), &C = *ins.fragment(Operand::C);
  bool reg_a = mode.starts_with("rs");
  bool sparse = ins.fragment(Operand::E) != nullptr;  // wgmma.sp: "rs" / "rs.s1", metadata at aux[2 + thread]
  bool sixteen = elem_bits(A.elem) == 16;
  bool integer = C.elem == Elem::s32;
  bool ta = mode == "ss.ta" || mode == "ss.tab", tb = mode == "ss.tb" || mode == "ss.tab";
  Ptx p(true);
  if (reg_a) p.declare("a", ".b32", registers(A));
  p.declare("d", reg_type(C.elem), registers(C));
  if (sparse) p.declare("e", ".b32", 1);
  p.o << "  mov.u32 %t10, smem;\n";
  // B's image starts at the first 1024-byte boundary after A's (0 when A is in registers).
  if (reg_a) p.o << "  mov.u32 %t15, 0;\n";
  else p.o << "  shl.b32 %t15, %t1, 2;\n  add.u32 %t15, %t15, 1023;\n  and.b32 %t15, %t15, -1024;\n";
  p.o << "  mul.lo.u32 %t16, %t6, %t1;\n  mul.lo.u32 %t17, %t6, %t2;\n  add.u32 %t18, %t10, %t15;\n";
  if (!reg_a) p.copy_loop("copy_a", true, 0, "%t16", "%t1", 128, "%t10");
  p.copy_loop("copy_b", true, 1, "%t17", "%t2", 128, "%t18");
  if (reg_a) {
    p.o << "  mad.lo.u32 %t19, %t5, " << A.words() << ", %t16;\n";
    p.word_address(4, 0, "%t19");
    p.move(false, "a", registers(A), ".b32", 4, 4);
  }
  // Descriptors: aux[trial * xw + {0, 1}] plus each image's shared address >> 4 (start-address field).
  p.o << "  mul.lo.u32 %t24, %t6, %t4;\n  mul.wide.u32 %q6, %t24, 8;\n  add.u64 %q6, %q3, %q6;\n"
         "  ld.global.u64 %q7, [%q6];\n  ld.global.u64 %q8, [%q6+8];\n"
         "  shr.u32 %t25, %t10, 4;\n  cvt.u64.u32 %q9, %t25;\n  add.u64 %q7, %q7, %q9;\n"
         "  shr.u32 %t26, %t18, 4;\n  cvt.u64.u32 %q10, %t26;\n  add.u64 %q8, %q8, %q10;\n";
  // Generic-proxy writes to shared memory become visible to the async proxy, then to all threads.
  p.o << "  fence.proxy.async.shared::cta;\n  bar.sync 0;\n";
  p.zero("d", reg_type(C.elem), registers(C));
  p.o << "  mov.u32 %t27, 0;\n  setp.ne.b32 %p2, %t27, 0;\n";  // scale-d = false: D = A B
  if (sparse)
    p.o << "  mad.lo.u32 %t29, %t6, %t4, %t5;\n  add.u32 %t29, %t29, 2;\n  mul.wide.u32 %q11, %t29, 8;\n"
           "  add.u64 %q11, %q3, %q11;\n  ld.global.u64 %q12, [%q11];\n  cvt.u32.u64 %e0, %q12;\n";
  p.o << "  wgmma.fence.sync.aligned;\n  " << ins.ptx << " " << regs("d", registers(C)) << ", "
      << (reg_a ? regs("a", registers(A)) : std::string("%q7")) << ", %q8";
  if (sparse) p.o << ", %e0, " << sparse_mode_selector(mode);
  p.o << ", %p2";
  if (!integer) p.o << ", 1, 1";                              // imm-scale-a, imm-scale-b
  if (sixteen) p.o << (reg_a ? "" : (ta ? ", 1" : ", 0")) << (tb ? ", 1" : ", 0");  // imm-trans-a, imm-trans-b
  p.o << ";\n  wgmma.commit_group.sync.aligned;\n  wgmma.wait_group.sync.aligned 0;\n";
  p.o << "  mul.lo.u32 %t28, %t6, %t3;\n  mad.lo.u32 %t28, %t5, " << C.words() << ", %t28;\n";
  p.word_address(7, 2, "%t28");
  p.move(true, "d", registers(C), reg_type(C.elem), reg_bytes(C.elem), 7);
  return p.finish();
}

std::string copy_ptx(Instruction const& ins) {
  Ptx p(ins.kind != Kind::movmatrix);
  Int x = ins.kind == Kind::movmatrix ? 1 : ins.copy_matrices();
  p.declare("r", ".b32", x + 1);
  if (ins.kind != Kind::movmatrix) p.o << "  mov.u32 %t10, smem;\n";
  // the lane's address: shared base + aux[trial * xw + lane]
  auto lane_address = [&] {
    p.o << "  mad.lo.u32 %t24, %t6, %t4, %t5;\n  mul.wide.u32 %q6, %t24, 8;\n  add.u64 %q6, %q3, %q6;\n"
           "  ld.global.u64 %q7, [%q6];\n  cvt.u32.u64 %t25, %q7;\n  add.u32 %t25, %t25, %t10;\n";
  };
  auto lane_words = [&](int q, int base, char const* per_trial) {
    p.o << "  mul.lo.u32 %t26, %t6, " << per_trial << ";\n  mad.lo.u32 %t26, %t5, " << x << ", %t26;\n";
    p.word_address(q, base, "%t26");
  };
  if (ins.kind == Kind::ldmatrix) {
    p.o << "  mul.lo.u32 %t16, %t6, %t1;\n";
    p.copy_loop("copy_in", true, 0, "%t16", "%t1", 32, "%t10");
    p.o << "  bar.sync 0;\n";
    lane_address();
    p.o << "  " << ins.ptx << " " << regs("r", x) << ", [%t25];\n";
    lane_words(8, 2, "%t3");
    p.move(true, "r", x, ".b32", 4, 8);
  } else if (ins.kind == Kind::stmatrix) {
    // Clear the image, store, then copy the whole image out.
    p.o << "  mov.u32 %t30, 0;\n  mov.u32 %t20, %t5;\nclear:\n  setp.ge.u32 %p1, %t20, %t3;\n  @%p1 bra clear_end;\n"
           "  shl.b32 %t22, %t20, 2;\n  add.u32 %t22, %t22, %t10;\n  st.shared.b32 [%t22], %t30;\n"
           "  add.u32 %t20, %t20, 32;\n  bra clear;\nclear_end:\n  bar.sync 0;\n";
    lane_words(8, 0, "%t1");
    p.move(false, "r", x, ".b32", 4, 8);
    lane_address();
    p.o << "  " << ins.ptx << " [%t25], " << regs("r", x) << ";\n  bar.sync 0;\n  mul.lo.u32 %t16, %t6, %t3;\n";
    p.copy_loop("copy_out", false, 2, "%t16", "%t3", 32, "%t10");
  } else {
    lane_words(8, 0, "%t1");
    p.move(false, "r", 1, ".b32", 4, 8);
    p.o << "  " << ins.ptx << " %r1, %r0;\n";
    lane_words(9, 2, "%t3");
    p.o << "  st.global.b32 [%q9], %r1;\n";
  }
  return p.finish();
}

std::vector<std::string> modes(Instruction const& ins) {
  if (!probe_runs(ins)) return {};  // sm100a / sm120a entries: no kernel (the probe is PTX for sm_90a)
  switch (ins.kind) {
    case Kind::mma: {
      std::vector<std::string> m{"rr"};  // mma.sp: one mode a sparsity selector, "rr" is selector 0
      if (Fragment const* e = ins.fragment(Operand::E))
        for (Int sel = 1; sel < sparse_selectors(*e); ++sel) m.push_back(str("rr.s", sel));
      return m;
    }
    case Kind::wgmma:
      if (Fragment const* e = ins.fragment(Operand::E))  // wgmma.sp: A in registers, one mode a selector
        return sparse_selectors(*e) == 2 ? std::vector<std::string>{"rs", "rs.s1"} : std::vector<std::string>{"rs"};
      // The transposes only where the shared-memory layouts are probed (N = 64).
      if (elem_bits(ins.fragment(Operand::A)->elem) == 16 && ins.N == kSmemProbeN)
        return {"ss", "rs", "ss.ta", "ss.tb", "ss.tab"};
      return {"ss", "rs"};
    default: return {"copy"};
  }
}

}  // namespace

std::size_t KernelSpec::smem_bytes(std::size_t a_words, std::size_t b_words, std::size_t d_words) const {
  if (!instruction) return 0;
  switch (instruction->kind) {
    case Kind::wgmma: return mode.starts_with("rs") ? b_words * 4 : (a_words * 4 + 1023) / 1024 * 1024 + b_words * 4;
    case Kind::ldmatrix: return a_words * 4;
    case Kind::stmatrix: return d_words * 4;
    default: return 0;
  }
}

Result<KernelSpec> kernel_spec(std::string const& kernel) {
  auto slash = kernel.rfind('/');
  if (slash == std::string::npos) return fail(ErrorKind::invalid_input, "kernel name without /mode: ", kernel);
  Instruction const* ins = find_instruction(kernel.substr(0, slash));
  if (!ins) return fail(ErrorKind::invalid_input, "unknown instruction in kernel ", kernel);
  std::string mode = kernel.substr(slash + 1);
  auto ms = modes(*ins);
  if (std::find(ms.begin(), ms.end(), mode) == ms.end())
    return fail(ErrorKind::invalid_input, "no mode ", mode, " for ", ins->name);
  KernelSpec k;
  k.instruction = ins;
  k.mode = mode;
  switch (ins->kind) {
    case Kind::mma: k.block_threads = 128, k.trials_per_block = 4, k.ptx = mma_ptx(*ins, mode); break;
    case Kind::wgmma: k.block_threads = 128, k.ptx = wgmma_ptx(*ins, mode); break;
    default: k.block_threads = 32, k.ptx = copy_ptx(*ins); break;
  }
  return k;
}

std::vector<std::string> all_kernels() {
  std::vector<std::string> out;
  for (auto const& ins : catalogue())
    for (auto const& m : modes(ins)) out.push_back(ins.name + "/" + m);
  return out;
}

}  // namespace catlayout::gpu

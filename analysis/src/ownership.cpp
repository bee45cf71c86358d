#include "catlayout/analysis/ownership.hpp"

#include <algorithm>
#include <map>

#include "catlayout/analysis/access.hpp"
#include "catlayout/core/coalesce.hpp"

namespace catlayout::analysis {

namespace {

// Modes of size > 1 and stride 0 in tv's thread or value mode: the algebra's reason for replicas.
std::vector<std::string> stride0_modes(Layout const& tv) {
  std::vector<std::string> out;
  for (std::size_t m = 0; m < 2; ++m) {
    auto f = flat_modes(tv.mode(m));
    for (std::size_t k = 0; k < f.shape.size(); ++k)
      if (f.shape[k] > 1 && f.stride[k] == 0)
        out.push_back(str(m == 0 ? "thread" : "value", " mode ", f.shape[k], ":0 of ", to_string(tv.mode(m))));
  }
  return out;
}

}  // namespace

Result<OwnershipReport> ownership(Layout const& tv, Int tile, Int block_threads) {
  if (tv.rank() != 2 || tv.shape().is_leaf())
    return fail(ErrorKind::invalid_input, "a thread-value layout has rank 2 ((thread, value) -> tile), found ",
                to_string(tv));
  OwnershipReport r;
  r.tile = tile, r.threads = tv.mode(0).size(), r.values = tv.mode(1).size();
  r.block_threads = block_threads == 0 ? r.threads : block_threads;
  if (tile < 1 || tile > max_pairs)
    return fail(ErrorKind::invalid_input, "the tile has ", tile, " elements: it must have 1 to ", max_pairs);
  if (r.threads > max_pairs / r.values)
    return fail(ErrorKind::invalid_input, to_string(tv), " has ", r.threads, " x ", r.values,
                " (thread, value) pairs; the analyses enumerate at most ", max_pairs);
  if (r.block_threads < r.threads)
    return fail(ErrorKind::invalid_input, "the block's ", r.block_threads, " threads are fewer than the layout's ",
                r.threads);
  auto n = static_cast<std::size_t>(tile);
  r.owners.assign(n, 0), r.first_thread.assign(n, -1), r.first_value.assign(n, -1);
  std::vector<std::vector<Int>> held(static_cast<std::size_t>(r.threads));  // each thread's elements, sorted
  for (Int t = 0; t < r.threads; ++t) {
    for (Int v = 0; v < r.values; ++v) {  // thread-major: the first owner is the lowest thread
      Int e = tv(t + r.threads * v);
      if (e < 0 || e >= tile)
        return fail(ErrorKind::invalid_input, "thread ", t, " value ", v, " of ", to_string(tv), " maps to element ", e,
                    ", outside the tile [0, ", tile, ")");
      auto& o = r.owners[static_cast<std::size_t>(e)];
      if (o++ == 0) r.first_thread[static_cast<std::size_t>(e)] = t, r.first_value[static_cast<std::size_t>(e)] = v;
      held[static_cast<std::size_t>(t)].push_back(e);
    }
    std::sort(held[static_cast<std::size_t>(t)].begin(), held[static_cast<std::size_t>(t)].end());
  }
  for (Int e = 0; e < tile; ++e) {
    Int o = r.owners[static_cast<std::size_t>(e)];
    r.max_owners = std::max(r.max_owners, o);
    if (o == 0) r.uncovered.push_back(e);
    else if (o == 1) ++r.once;
    else ++r.replicated;
  }
  std::map<std::vector<Int>, std::vector<Int>> by_set;  // identical element sets, lowest thread first
  for (Int t = 0; t < r.threads; ++t) by_set[held[static_cast<std::size_t>(t)]].push_back(t);
  for (auto& [set, ts] : by_set)
    if (ts.size() > 1) r.replica_groups.push_back(ts);
  std::sort(r.replica_groups.begin(), r.replica_groups.end());
  for (Int t = r.threads; t < r.block_threads; ++t) r.idle_threads.push_back(t);
  r.stride0_modes = stride0_modes(tv);
  return r;
}

}  // namespace catlayout::analysis

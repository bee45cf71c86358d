#pragma once
// A vector of trivially copyable values that keeps up to N of them inline: the layouts
// kernels use have at most 8 flat modes, and building one must not touch the heap.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <new>
#include <span>
#include <type_traits>
#include <vector>

// Small copies are plain loops, not calls to memcpy/memset: glibc's AVX-512 versions write
// short buffers with masked stores, which the CPU cannot forward to the loads that read the
// values back a few instructions later (every freshly built tuple then stalls ~20 cycles when it
// is first compared). The build passes -fno-tree-loop-distribute-patterns so that GCC keeps
// these loops as loops.

namespace catlayout {

template <class T, std::uint32_t N>
class SmallVec {
  static_assert(std::is_trivially_copyable_v<T>, "SmallVec copies its values with memcpy");

 public:
  using value_type = T;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using reference = T&;
  using const_reference = T const&;
  using iterator = T*;
  using const_iterator = T const*;

  SmallVec() = default;
  SmallVec(std::initializer_list<T> il) { assign(il.begin(), il.end()); }
  SmallVec(size_type n, T v) { resize(n, v); }
  template <class It>
    requires(!std::is_integral_v<It>)
  SmallVec(It first, It last) {
    assign(first, last);
  }
  SmallVec(std::span<T const> s) { assign(s.begin(), s.end()); }  // NOLINT: a view of values converts
  SmallVec(std::vector<T> const& v) { assign(v.begin(), v.end()); }  // NOLINT
  SmallVec(SmallVec const& o) { copy_from(o); }
  SmallVec(SmallVec&& o) noexcept { steal(o); }
  SmallVec& operator=(SmallVec const& o) {
    if (this != &o) {
      size_ = 0;
      copy_from(o);
    }
    return *this;
  }
  SmallVec& operator=(SmallVec&& o) noexcept {
    if (this != &o) {
      release();
      steal(o);
    }
    return *this;
  }
  ~SmallVec() { release(); }

  T* data() { return ptr_; }
  T const* data() const { return ptr_; }
  size_type size() const { return size_; }
  size_type capacity() const { return cap_; }
  bool empty() const { return size_ == 0; }
  T& operator[](size_type i) { return data()[i]; }
  T const& operator[](size_type i) const { return data()[i]; }
  T& front() { return data()[0]; }
  T const& front() const { return data()[0]; }
  T& back() { return data()[size_ - 1]; }
  T const& back() const { return data()[size_ - 1]; }
  iterator begin() { return data(); }
  iterator end() { return data() + size_; }
  const_iterator begin() const { return data(); }
  const_iterator end() const { return data() + size_; }
  std::reverse_iterator<iterator> rbegin() { return std::reverse_iterator<iterator>(end()); }
  std::reverse_iterator<iterator> rend() { return std::reverse_iterator<iterator>(begin()); }
  operator std::span<T const>() const { return {data(), size_}; }  // NOLINT
  std::vector<T> to_vector() const { return {begin(), end()}; }
  operator std::vector<T>() const { return to_vector(); }  // NOLINT: for APIs that take vectors (allocates)

  static constexpr size_type inline_capacity = N;
  void reserve(size_type n) {
    if (n > cap_) grow(n);
  }
  void clear() { size_ = 0; }
  // inline: complement, coalesce and the inverses push in their inner loops (without it GCC keeps
  // an out-of-line copy: +50-80 instructions per divide, product, complement or right_inverse).
  [[gnu::always_inline]] void push_back(T v) {
    if (size_ == cap_) grow(size_ + 1);
    data()[size_++] = v;
  }
  template <class... A>
  T& emplace_back(A&&... a) {
    push_back(T(std::forward<A>(a)...));
    return back();
  }
  void pop_back() { --size_; }
  void resize(size_type n, T v = T{}) {
    reserve(n);
    T* p = data();
    for (size_type i = size_; i < n; ++i) p[i] = v;
    size_ = static_cast<std::uint32_t>(n);
  }
  template <class It>
  void assign(It first, It last) {
    size_ = 0;
    if constexpr (std::contiguous_iterator<It> && std::is_same_v<std::iter_value_t<It>, T>) {
      append(std::to_address(first), static_cast<size_type>(last - first));
    } else {
      if constexpr (std::random_access_iterator<It>) reserve(static_cast<size_type>(last - first));
      for (; first != last; ++first) push_back(*first);
    }
  }
  // n values from src, which stays readable for N values past its start (a fixed array of at least
  // N, or a constant template): where n fits inline, all N are copied in one fixed-size move (a few
  // vector moves, not a loop of n; the copies past n are never read), else as append.
  [[gnu::always_inline]] void assign_from_padded(T const* src, size_type n) {
    if (n <= N) {
      release();
      std::memcpy(inline_, src, sizeof inline_);
      size_ = static_cast<std::uint32_t>(n);
    } else {
      size_ = 0;
      append(src, n);
    }
  }
  // Append n values (not from this vector) in one copy; inline: it is how a layout is built.
  [[gnu::always_inline]] void append(T const* src, size_type n) {
    reserve(size_ + n);
    T* dst = data() + size_;
    if (n <= 2 * N) {
      for (size_type i = 0; i < n; ++i) dst[i] = src[i];
    } else {
      std::memcpy(dst, src, n * sizeof(T));
    }
    size_ += static_cast<std::uint32_t>(n);
  }
  iterator insert(const_iterator pos, T v) { return insert(pos, &v, &v + 1); }
  template <class It>
  iterator insert(const_iterator pos, It first, It last) {
    auto at = static_cast<size_type>(pos - begin());
    SmallVec tail(begin() + at, end());  // the inserted range may alias this vector
    size_ = static_cast<std::uint32_t>(at);
    for (; first != last; ++first) push_back(*first);
    for (T x : tail) push_back(x);
    return begin() + at;
  }
  iterator erase(const_iterator pos) { return erase(pos, pos + 1); }
  iterator erase(const_iterator first, const_iterator last) {
    auto at = static_cast<size_type>(first - begin());
    auto n = static_cast<size_type>(last - first);
    T* p = data();
    for (size_type i = at; i + n < size_; ++i) p[i] = p[i + n];  // front to back: safe for overlap
    size_ -= static_cast<std::uint32_t>(n);
    return begin() + at;
  }

  friend bool operator==(SmallVec const& a, SmallVec const& b) {
    if (a.size_ != b.size_) return false;
    // A plain loop: for a handful of values, a call to memcmp costs more than the comparison.
    T const *x = a.data(), *y = b.data();
    for (std::uint32_t i = 0; i < a.size_; ++i)
      if (!(x[i] == y[i])) return false;
    return true;
  }
  friend bool operator==(SmallVec const& a, std::vector<T> const& b) {
    return a.size_ == b.size() && std::equal(a.begin(), a.end(), b.begin());
  }

 private:
  void grow(size_type want) {
    size_type cap = std::max<size_type>(want, 2 * static_cast<size_type>(cap_));
    auto* p = static_cast<T*>(::operator new(cap * sizeof(T)));  // operator new: tests can count it
    std::memcpy(p, data(), size_ * sizeof(T));
    release();
    ptr_ = p;
    cap_ = static_cast<std::uint32_t>(cap);
  }
  void release() {
    if (cap_ > N) ::operator delete(ptr_);
    ptr_ = inline_;
    cap_ = N;
  }
  void copy_from(SmallVec const& o) {
    if (o.size_ <= N) {
      release();
      copy_whole_inline(o.data(), o.size_);
      return;
    }
    reserve(o.size_);
    std::memcpy(data(), o.data(), o.size_ * sizeof(T));
    size_ = o.size_;
  }
  void steal(SmallVec& o) {
    if (o.cap_ > N) {
      ptr_ = o.ptr_;
      cap_ = o.cap_;
      size_ = o.size_;
      o.ptr_ = o.inline_;
      o.cap_ = N;
      o.size_ = 0;
      return;
    }
    copy_whole_inline(o.inline_, o.size_);
  }
  // The whole inline buffer in one fixed-size copy (a few vector moves, no loop; the values past
  // n are never read): a layout moves several times between an engine's result and its caller's
  // object, and a loop of n per vector made those moves most of a Python call's own work. A move
  // right after a layout was built value by value may wait for the stores to reach the cache
  // (store forwarding): a few cycles once, against a loop's branch and count per value every time.
  void copy_whole_inline(T const* src, std::uint32_t n) {
    if (src == inline_) return;
    std::memcpy(inline_, src, sizeof inline_);
    size_ = n;
  }

  // The values: inline_ or a heap block. A pointer rather than a test of cap_ on every access
  // (each push, each element read); copies and moves point a copy at its own inline_.
  T* ptr_ = inline_;
  std::uint32_t size_ = 0, cap_ = N;
  T inline_[N];
};

}  // namespace catlayout

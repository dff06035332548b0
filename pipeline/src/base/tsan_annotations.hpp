// Happens-before edges for ThreadSanitizer. oneTBB hands tokens from stage to stage and runs a
// serial stage on whichever worker is free; that synchronization happens inside libtbb, which
// Debian does not build with TSan, so TSan cannot see it and reports races that are not
// there. These annotations state the edges oneTBB guarantees; outside TSan builds they vanish.
#pragma once

#include <utility>

#if defined(__SANITIZE_THREAD__)
#define FENBATCH_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define FENBATCH_TSAN 1
#endif
#endif

#ifdef FENBATCH_TSAN
extern "C" void __tsan_acquire(void* addr);
extern "C" void __tsan_release(void* addr);
#endif

namespace fenbatch::pipeline::detail {

// Everything this thread did so far happens before what follows a later happens_after(p).
inline void happens_before([[maybe_unused]] const void* p) noexcept {
#ifdef FENBATCH_TSAN
  __tsan_release(const_cast<void*>(p));
#endif
}
inline void happens_after([[maybe_unused]] const void* p) noexcept {
#ifdef FENBATCH_TSAN
  __tsan_acquire(const_cast<void*>(p));
#endif
}

// happens_before(p) when the scope ends, also when it ends by an exception.
class publish_on_exit {
 public:
  explicit publish_on_exit(const void* p) noexcept : p_(p) {}
  publish_on_exit(const publish_on_exit&) = delete;
  publish_on_exit& operator=(const publish_on_exit&) = delete;
  ~publish_on_exit() { happens_before(p_); }

 private:
  const void* p_;
};

// happens_after(p) for each p when the scope ends, also when it ends by an exception.
class acquire_on_exit {
 public:
  acquire_on_exit(const void* a, const void* b) noexcept : a_(a), b_(b) {}
  acquire_on_exit(const acquire_on_exit&) = delete;
  acquire_on_exit& operator=(const acquire_on_exit&) = delete;
  ~acquire_on_exit() {
    happens_after(a_);
    happens_after(b_);
  }

 private:
  const void* a_;
  const void* b_;
};

// Calls f when the scope ends, also when it ends by an exception.
template <class F>
class scope_exit {
 public:
  explicit scope_exit(F f) : f_(std::move(f)) {}
  scope_exit(const scope_exit&) = delete;
  scope_exit& operator=(const scope_exit&) = delete;
  ~scope_exit() { f_(); }

 private:
  F f_;
};

// A pipeline filter body. oneTBB copies bodies inside libtbb and then calls the copies on
// worker threads; the copy publishes itself and each call acquires it, so the body's captured
// state is seen as written before it is read.
template <class Body>
class filter_body {
 public:
  explicit filter_body(Body body) : body_(std::move(body)) { happens_before(this); }
  filter_body(const filter_body& other) : body_(other.body_) { happens_before(this); }
  filter_body& operator=(const filter_body&) = delete;
  ~filter_body() = default;

  template <class... Args>
  decltype(auto) operator()(Args&&... args) const {
    happens_after(this);
    return body_(std::forward<Args>(args)...);
  }

 private:
  Body body_;
};

}  // namespace fenbatch::pipeline::detail

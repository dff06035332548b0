#include "run/pipeline_stages.hpp"

#include <optional>
#include <stdexcept>
#include <string>

#include "base/tsan_annotations.hpp"
#include "dedupe/survivors.hpp"
#include "fenbatch/pipeline/quoted_name.hpp"
#include "stages/process_chunk.hpp"
#include "stages/split_routing.hpp"

namespace fenbatch::pipeline::detail {
namespace {

// A stage that works on a chunk in place and passes it on; TSan is told of the hand-over.
template <class Work>
chunk_filter chunk_stage(tbb::filter_mode mode, Work work) {
  return tbb::make_filter<chunk*, chunk*>(mode, filter_body([work](chunk* c) {
                                            happens_after(c);
                                            work(*c);
                                            happens_before(c);
                                            return c;
                                          }));
}

// A source stage: a chunk from the pool, filled by `fill` (false: none left) under `token`.
template <class Fill>
chunk_source source_stage(chunk_pool& pool, const void* token, Fill fill) {
  return tbb::make_filter<void, chunk*>(
      tbb::filter_mode::serial_in_order,
      filter_body([&pool, token, fill](tbb::flow_control& flow) -> chunk* {
        happens_after(token);
        chunk* c = nullptr;
        bool more = false;
        {
          const publish_on_exit published(token);
          c = pool.take();
          c->deferred = false;
          more = fill(*c);
        }
        if (!more) {
          pool.give_back(c);
          flow.stop();
          return nullptr;
        }
        happens_before(c);
        return c;
      }));
}

// One group of shards' dedupe stage: add the chunk's keys of those shards to the store.
chunk_filter add_keys_stage(dedupe_stages& dedupe, std::size_t stage, deferred_chunks& deferred) {
  return chunk_stage(tbb::filter_mode::serial_in_order, [&dedupe, stage, &deferred](chunk& c) {
    happens_after(dedupe.stage_token(stage));
    const publish_on_exit published(dedupe.stage_token(stage));
    dedupe.add(c, stage);
    if (c.deferred && stage + 1 == dedupe.stage_count()) deferred.record(c);
  });
}

}  // namespace

chunk_source read_stage(chunk_pool& pool, read_state& state) {
  return source_stage(pool, state.inputs, [&state](chunk& c) {
    if (!state.inputs->next(c.input, state.chunk_size)) return false;
    c.sequence = state.next_sequence++;
    state.headers->prepare(c, *state.inputs);
    return true;
  });
}

chunk_source replay_stage(chunk_pool& pool, deferred_chunks& deferred) {
  return source_stage(pool, &deferred, [&deferred](chunk& c) { return deferred.replay(c); });
}

chunk_filter process_stage(const line_options& lines, std::size_t shard_count,
                           const dedupe_set* excluded) {
  return chunk_stage(tbb::filter_mode::parallel, [&lines, shard_count, excluded](chunk& c) {
    process(c, lines, shard_count, excluded);
  });
}

chunk_filter dedupe_stage(dedupe_stages& dedupe, deferred_chunks& deferred) {
  chunk_filter stages = add_keys_stage(dedupe, 0, deferred);
  for (std::size_t s = 1; s < dedupe.stage_count(); ++s) {
    stages = stages & add_keys_stage(dedupe, s, deferred);
  }
  return stages;
}

chunk_filter decide_stage(dedupe_stages& dedupe, const deferred_chunks& deferred,
                          const input_reader& inputs) {
  return chunk_stage(tbb::filter_mode::serial_in_order, [&dedupe, &deferred, &inputs](chunk& c) {
    happens_after(&dedupe);
    const publish_on_exit published(&dedupe);
    if (!deferred.same_as_first_reading(c)) {
      throw std::runtime_error(quoted_name(inputs.name(c.input.file_index)) +
                               " changed between the passes of partitioned dedupe (its "
                               "lines differ from the first reading); nothing was written");
    }
    dedupe.decide(c);
  });
}

// A deferred chunk's first occurrences are not known before pass 3.
chunk_filter keep_stage(const survivor_policy* survivors, const split_plan* splits) {
  if (splits == nullptr) {
    if (survivors->plain()) {
      return chunk_stage(tbb::filter_mode::parallel, [](chunk& c) {
        if (!c.deferred) keep_first_occurrences(c);
      });
    }
    return chunk_stage(tbb::filter_mode::parallel, [survivors](chunk& c) {
      if (!c.deferred) keep_survivors(c, *survivors);
    });
  }
  return chunk_stage(tbb::filter_mode::parallel, [survivors, splits](chunk& c) {
    if (c.deferred) return;
    if (survivors == nullptr) {
      route_splits(c, *splits, {});
    } else if (survivors->plain()) {
      keep_first_occurrences(c, kept_text::left_to_routing);
      route_splits(c, *splits, c.duplicates);
    } else {
      keep_survivors(c, *survivors, kept_text::left_to_routing);
      route_splits(c, *splits, c.dropped);
    }
  });
}

chunk_filter counting_stage(uniqueness_counter& counter) {
  std::optional<chunk_filter> stages;
  for (std::size_t i = 0; i < identity_count; ++i) {
    const auto which = static_cast<identity>(i);
    if ((counter.counted() & identity_bit(which)) == 0) continue;
    // The counter of one identity is this stage's alone: its token is that counter's slot.
    const chunk_filter stage =
        chunk_stage(tbb::filter_mode::serial_in_order, [&counter, which](chunk& c) {
          happens_after(counter.token(which));
          const publish_on_exit published(counter.token(which));
          counter.add(which, c);
        });
    stages = stages ? *stages & stage : stage;
  }
  return *stages;
}

tbb::filter<chunk*, void> write_filter(write_stage& writer, chunk_pool& pool) {
  return tbb::make_filter<chunk*, void>(tbb::filter_mode::serial_in_order,
                                        filter_body([&writer, &pool](chunk* c) {
                                          happens_after(c);
                                          happens_after(&writer);
                                          {
                                            const publish_on_exit published(&writer);
                                            writer.write(*c);
                                            // Pages behind it, and a finished input's mapping.
                                            c->input.release();
                                          }
                                          pool.give_back(c);
                                        }));
}

tbb::filter<void, void> run_pipeline(const chunk_source& source, const chunk_filter& processing,
                                     const std::optional<chunk_filter>& deciding,
                                     const std::optional<chunk_filter>& keeping,
                                     const tbb::filter<chunk*, void>& writing,
                                     const std::optional<chunk_filter>& counting) {
  chunk_filter work = processing;
  if (counting) work = work & *counting;
  if (deciding) work = work & *deciding;
  if (keeping) work = work & *keeping;
  return source & work & writing;
}

}  // namespace fenbatch::pipeline::detail

// Lexicon benchmarks on a word list (enable1 by default), one thread, with libmarisa and
// libdawgdic side by side as baselines when they were found at configure time.
//
// Usage: lexicon_bench [--wordlist=PATH] [Google Benchmark flags]
// e.g.   lexicon_bench --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
//
// Every benchmark name is BM_<operation>/<implementation>[/args]: wg is this engine, dawgdic and
// marisa the baselines, naive a plain scan of the word list. All inputs (shuffled words, racks,
// patterns) come from wg::Rng with fixed seeds, so every run measures the same work.

#include <benchmark/benchmark.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/alphabet.h"
#include "core/rng.h"
#include "lexicon/anagram_index.h"
#include "lexicon/lexicon.h"
#include "lexicon/word_list.h"

#if WG_BENCH_HAVE_DAWGDIC
#include <dawgdic/dawg-builder.h>
#include <dawgdic/dictionary-builder.h>
#include <dawgdic/dictionary.h>
#endif
#if WG_BENCH_HAVE_MARISA
#include <marisa.h>
#endif

namespace {

namespace fs = std::filesystem;
using benchmark::Counter;

constexpr std::size_t kRackCount = 1000;
constexpr std::size_t kPatternCount = 1000;
constexpr std::uint64_t kShuffleSeed = 20240601;
constexpr std::uint64_t kRackSeed = 7;
constexpr std::uint64_t kPatternSeed = 11;

// ------------------------------------------------------------------------------------------------
// Inputs shared by all benchmarks, prepared once before any of them runs.

/// What the naive sub-anagram scan works on: the words' letter-count signatures, ordered by
/// length so that a rack of n tiles scans only the words of at most n letters.
struct Signatures {
  std::vector<std::uint32_t> masks;  ///< letters present, one bit per letter
  std::vector<std::array<std::uint8_t, 32>> counts;
  std::vector<std::uint32_t> index;        ///< the word's index in the sorted list
  std::vector<std::size_t> end_of_length;  ///< [n] = first signature longer than n letters
};

struct RackInput {
  wg::Rack rack;
  std::array<std::uint8_t, 32> counts{};  ///< the letter tiles only
  std::uint32_t mask = 0;
  int letters = 0;
  int blanks = 0;
};

struct Inputs {
  fs::path text_path;  ///< the word list
  fs::path temp_dir;
  fs::path wg_path;                   ///< the compiled lexicon, written once
  std::vector<std::string> words;     ///< sorted, as the word list parser gives them
  std::vector<std::string> shuffled;  ///< all words, fixed-seed shuffled
  std::vector<std::string> mixed;     ///< every other word with one letter changed (not a word)
  /// Random letters, each key as long as the shuffled word in its place: most leave the
  /// automaton within their first letters (a player's typos, a fuzzer's or a spammer's input).
  std::vector<std::string> random;
  std::size_t random_words = 0;  ///< how many of `random` are words, by chance
  std::vector<std::uint32_t> shuffled_indices;
  wg::Lexicon lexicon;
  std::unique_ptr<wg::AnagramIndex> anagram_index;
  Signatures signatures;
  std::vector<std::vector<std::string>> words_by_length;
  /// 7-tile draws from the auction bag; racks with fewer letters use a prefix of each draw.
  std::vector<std::vector<wg::Letter>> draws;
  std::vector<std::string> pattern_texts;
  std::vector<wg::Pattern> patterns;

#if WG_BENCH_HAVE_DAWGDIC
  fs::path dawgdic_path;
  dawgdic::Dictionary dawgdic;
#endif
#if WG_BENCH_HAVE_MARISA
  fs::path marisa_path;
  marisa::Trie marisa;
#endif
};

Inputs* g_inputs = nullptr;
const Inputs& inputs() { return *g_inputs; }

/// The whole file as bytes; what the baselines parse when building from text.
std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path.string());
  std::string text;
  in.seekg(0, std::ios::end);
  text.resize(static_cast<std::size_t>(in.tellg()));
  in.seekg(0);
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  return text;
}

/// Calls visit(line) for each non-empty line, without its LF or CR LF.
template <class Visit>
void for_each_line(std::string_view text, Visit&& visit) {
  while (!text.empty()) {
    std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!line.empty()) visit(line);
  }
}

Signatures make_signatures(const std::vector<std::string>& words, const wg::Alphabet& alphabet) {
  std::vector<std::uint32_t> order(words.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<std::uint32_t>(i);
  std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    return words[a].size() < words[b].size();
  });
  Signatures s;
  for (std::uint32_t i : order) {
    std::array<std::uint8_t, 32> counts{};
    std::uint32_t mask = 0;
    for (char c : words[i]) {
      const wg::Letter l = alphabet.code(c);
      ++counts[l];
      mask |= 1u << l;
    }
    s.masks.push_back(mask);
    s.counts.push_back(counts);
    s.index.push_back(i);
    const std::size_t length = words[i].size();
    if (s.end_of_length.size() <= length) s.end_of_length.resize(length + 1, s.masks.size() - 1);
  }
  s.end_of_length.push_back(s.masks.size());
  // end_of_length[n] so far holds the first signature of length n; shift to "first longer than n".
  for (std::size_t n = 0; n + 1 < s.end_of_length.size(); ++n)
    s.end_of_length[n] = s.end_of_length[n + 1];
  return s;
}

/// A word with one letter changed so that it is no longer a word (deterministic).
std::string non_word(std::string word, wg::Rng& rng, const std::vector<std::string>& sorted) {
  for (;;) {
    std::string candidate = word;
    const std::size_t at = static_cast<std::size_t>(rng.below(candidate.size()));
    candidate[at] = static_cast<char>('a' + rng.below(26));
    if (!std::binary_search(sorted.begin(), sorted.end(), candidate)) return candidate;
  }
}

void prepare(Inputs& in) {
  const wg::Alphabet& alphabet = wg::Alphabet::english();
  in.words = wg::read_word_list(in.text_path, alphabet).words;
  const std::size_t n = in.words.size();

  wg::Rng rng(kShuffleSeed);
  in.shuffled = in.words;
  rng.shuffle(in.shuffled);
  in.mixed = in.shuffled;
  for (std::size_t i = 1; i < n; i += 2) in.mixed[i] = non_word(in.mixed[i], rng, in.words);
  in.random = in.shuffled;
  for (std::string& key : in.random) {
    for (char& c : key) c = static_cast<char>('a' + rng.below(26));
    in.random_words += std::binary_search(in.words.begin(), in.words.end(), key);
  }
  in.shuffled_indices.resize(n);
  for (std::size_t i = 0; i < n; ++i) in.shuffled_indices[i] = static_cast<std::uint32_t>(i);
  rng.shuffle(in.shuffled_indices);

  in.lexicon = wg::Lexicon::load(in.text_path);
  in.temp_dir = fs::temp_directory_path() / ("wg_lexicon_bench." + std::to_string(::getpid()));
  fs::create_directories(in.temp_dir);
  in.wg_path = in.temp_dir / "lexicon.wglex";
  in.lexicon.save(in.wg_path);
  in.anagram_index = std::make_unique<wg::AnagramIndex>(in.lexicon);

  in.signatures = make_signatures(in.words, alphabet);
  for (const std::string& w : in.words) {
    if (in.words_by_length.size() <= w.size()) in.words_by_length.resize(w.size() + 1);
    in.words_by_length[w.size()].push_back(w);
  }

  wg::Rng rack_rng(kRackSeed);
  std::vector<wg::Tile> bag = wg::expand(alphabet.auction_bag());
  for (std::size_t r = 0; r < kRackCount; ++r) {
    rack_rng.shuffle(bag);
    std::vector<wg::Letter> draw;
    for (std::size_t t = 0; t < 7; ++t) draw.push_back(bag[t].letters.at(0));
    in.draws.push_back(std::move(draw));
  }

  // Patterns like "c?ws": a random word of 3 to 8 letters, each letter kept or made '?' at even
  // odds, keeping at least one letter.
  wg::Rng pattern_rng(kPatternSeed);
  while (in.pattern_texts.size() < kPatternCount) {
    const std::string& word = in.words[pattern_rng.below(n)];
    if (word.size() < 3 || word.size() > 8) continue;
    std::string text = word;
    for (char& c : text)
      if (pattern_rng.chance(0.5)) c = '?';
    if (text.find_first_not_of('?') == std::string::npos) continue;
    in.patterns.push_back(wg::Pattern::parse(text, alphabet));
    in.pattern_texts.push_back(std::move(text));
  }

#if WG_BENCH_HAVE_DAWGDIC
  {
    dawgdic::DawgBuilder builder;
    for (const std::string& w : in.words)
      if (!builder.Insert(w.c_str(), w.size(), 0)) throw std::runtime_error("dawgdic: bad key");
    dawgdic::Dawg dawg;
    builder.Finish(&dawg);
    if (!dawgdic::DictionaryBuilder::Build(dawg, &in.dawgdic))
      throw std::runtime_error("dawgdic: build failed");
    in.dawgdic_path = in.temp_dir / "lexicon.dawgdic";
    std::ofstream out(in.dawgdic_path, std::ios::binary);
    if (!in.dawgdic.Write(&out) || !out.flush()) throw std::runtime_error("dawgdic: write failed");
  }
#endif
#if WG_BENCH_HAVE_MARISA
  {
    marisa::Keyset keyset;
    for (const std::string& w : in.words) keyset.push_back(w.data(), w.size());
    in.marisa.build(keyset);
    in.marisa_path = in.temp_dir / "lexicon.marisa";
    in.marisa.save(in.marisa_path.c_str());
  }
#endif
}

RackInput make_rack(const std::vector<wg::Letter>& draw, int letters, int blanks) {
  RackInput r;
  r.letters = letters;
  r.blanks = blanks;
  for (int i = 0; i < letters; ++i) {
    const wg::Letter l = draw[static_cast<std::size_t>(i)];
    ++r.rack.counts[l];
    ++r.counts[l];
    r.mask |= 1u << l;
  }
  r.rack.blanks.assign(static_cast<std::size_t>(blanks), wg::Alphabet::english().letters());
  return r;
}

std::vector<RackInput> racks(int letters, int blanks) {
  std::vector<RackInput> out;
  for (const auto& draw : inputs().draws) out.push_back(make_rack(draw, letters, blanks));
  return out;
}

// ------------------------------------------------------------------------------------------------
// Size of the automaton.

void BM_Size_wg(benchmark::State& state) {
  const Inputs& in = inputs();
  for (auto _ : state) benchmark::DoNotOptimize(in.lexicon.memory_bytes());
  state.counters["bytes"] = static_cast<double>(in.lexicon.memory_bytes());
  state.counters["file_bytes"] = static_cast<double>(fs::file_size(in.wg_path));
  state.counters["bytes_per_word"] =
      static_cast<double>(in.lexicon.memory_bytes()) / static_cast<double>(in.words.size());
}
BENCHMARK(BM_Size_wg)->Name("BM_Size/wg")->Iterations(1);

/// The optional index for bulk sub-anagram search, on top of the lexicon.
void BM_Size_wg_anagram_index(benchmark::State& state) {
  const Inputs& in = inputs();
  for (auto _ : state) benchmark::DoNotOptimize(in.anagram_index->memory_bytes());
  state.counters["bytes"] = static_cast<double>(in.anagram_index->memory_bytes());
  state.counters["bytes_per_word"] =
      static_cast<double>(in.anagram_index->memory_bytes()) / static_cast<double>(in.words.size());
}
BENCHMARK(BM_Size_wg_anagram_index)->Name("BM_Size/wg_anagram_index")->Iterations(1);

#if WG_BENCH_HAVE_DAWGDIC
void BM_Size_dawgdic(benchmark::State& state) {
  const Inputs& in = inputs();
  for (auto _ : state) benchmark::DoNotOptimize(in.dawgdic.total_size());
  state.counters["bytes"] = static_cast<double>(in.dawgdic.total_size());
  state.counters["file_bytes"] = static_cast<double>(fs::file_size(in.dawgdic_path));
  state.counters["bytes_per_word"] =
      static_cast<double>(in.dawgdic.total_size()) / static_cast<double>(in.words.size());
}
BENCHMARK(BM_Size_dawgdic)->Name("BM_Size/dawgdic")->Iterations(1);
#endif

#if WG_BENCH_HAVE_MARISA
void BM_Size_marisa(benchmark::State& state) {
  const Inputs& in = inputs();
  for (auto _ : state) benchmark::DoNotOptimize(in.marisa.io_size());
  state.counters["bytes"] = static_cast<double>(in.marisa.io_size());
  state.counters["file_bytes"] = static_cast<double>(fs::file_size(in.marisa_path));
  state.counters["bytes_per_word"] =
      static_cast<double>(in.marisa.io_size()) / static_cast<double>(in.words.size());
}
BENCHMARK(BM_Size_marisa)->Name("BM_Size/marisa")->Iterations(1);
#endif

// ------------------------------------------------------------------------------------------------
// Random lookups. One iteration looks up every word of the list once, in shuffled order; with
// range(0) == 1, every other word is replaced by a non-word (one letter changed); with
// range(0) == 2, every key is random letters (as long as the word in its place).

const std::vector<std::string>& lookup_keys(const benchmark::State& state) {
  switch (state.range(0)) {
    case 0:
      return inputs().shuffled;
    case 1:
      return inputs().mixed;
    default:
      return inputs().random;
  }
}

void set_lookup_counters(benchmark::State& state, std::size_t keys, std::size_t found) {
  const std::size_t expected = state.range(0) == 0   ? keys
                               : state.range(0) == 1 ? (keys + 1) / 2
                                                     : inputs().random_words;
  if (found != expected * static_cast<std::size_t>(state.iterations()))
    state.SkipWithError("wrong number of words found");
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(keys));
  state.counters["per_lookup"] =
      Counter(static_cast<double>(state.iterations()) * static_cast<double>(keys),
              Counter::kIsRate | Counter::kInvert);  // shown in seconds: "26.5n" is 26.5 ns
}

/// The letters of the lookup keys, for contains' time per letter (read against BM_UnitChase).
double mean_letters(const std::vector<std::string>& keys) {
  std::size_t letters = 0;
  for (const std::string& key : keys) letters += key.size();
  return static_cast<double>(letters) / static_cast<double>(keys.size());
}

void BM_Contains_wg(benchmark::State& state) {
  const auto& keys = lookup_keys(state);
  const wg::Lexicon& lexicon = inputs().lexicon;
  std::size_t found = 0;
  for (auto _ : state) {
    for (const std::string& key : keys) found += lexicon.contains(std::string_view(key));
    benchmark::DoNotOptimize(found);
  }
  set_lookup_counters(state, keys.size(), found);
  state.counters["letters"] = mean_letters(keys);
}
BENCHMARK(BM_Contains_wg)
    ->Name("BM_Contains/wg")
    ->ArgName("keys")
    ->Arg(0)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond);

/// contains' memory reads alone: each word's lookup replayed as the same chain of dependent
/// reads at the same units of the lexicon's own array (Lexicon::lookup_path), without the label
/// checks, the letter codes or the loop over the text. Words are independent, as lookups are.
/// contains / this is how far a lookup is above the latency of its own reads.
void BM_ContainsReplay_wg(benchmark::State& state) {
  const auto& keys = inputs().shuffled;
  const wg::Lexicon& lexicon = inputs().lexicon;
  std::vector<std::uint32_t> path_start{0};
  std::vector<std::uint32_t> paths;
  for (const std::string& key : keys) {
    for (const std::uint32_t at : lexicon.lookup_path(*wg::Alphabet::english().encode(key))) {
      paths.push_back(at);
    }
    path_start.push_back(static_cast<std::uint32_t>(paths.size()));
  }
  const std::span<const std::uint32_t> units = lexicon.units();
  // A zero the compiler cannot see, so that each read's address waits for the read before.
  volatile std::uint32_t opaque_zero = 0;
  const std::uint32_t zero = opaque_zero;
  std::uint32_t sink = 0;
  for (auto _ : state) {
    for (std::size_t w = 0; w + 1 < path_start.size(); ++w) {
      std::uint32_t unit = 0;
      for (std::uint32_t i = path_start[w]; i < path_start[w + 1]; ++i) {
        unit = units[paths[i] ^ (unit & zero)];
      }
      sink += unit;
    }
    benchmark::DoNotOptimize(sink);
  }
  state.counters["per_lookup"] =
      Counter(static_cast<double>(state.iterations()) * static_cast<double>(keys.size()),
              Counter::kIsRate | Counter::kInvert);
  state.counters["reads"] = static_cast<double>(paths.size()) / static_cast<double>(keys.size());
}
BENCHMARK(BM_ContainsReplay_wg)->Name("BM_ContainsReplay/wg")->Unit(benchmark::kMillisecond);

#if WG_BENCH_HAVE_DAWGDIC
void BM_Contains_dawgdic(benchmark::State& state) {
  const auto& keys = lookup_keys(state);
  const dawgdic::Dictionary& dic = inputs().dawgdic;
  std::size_t found = 0;
  for (auto _ : state) {
    for (const std::string& key : keys) found += dic.Contains(key.data(), key.size());
    benchmark::DoNotOptimize(found);
  }
  set_lookup_counters(state, keys.size(), found);
}
BENCHMARK(BM_Contains_dawgdic)
    ->Name("BM_Contains/dawgdic")
    ->ArgName("keys")
    ->Arg(0)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond);
#endif

/// What bounds contains: a lookup reads one unit per letter, each read's address given by the
/// unit before it, so a word costs its letters times the latency of a random read in the units
/// (495 KB for ENABLE). This chases a random cycle through an array of the same size, one
/// dependent read per step: the latency alone, with no work between the reads.
void BM_UnitChase(benchmark::State& state) {
  const std::size_t units = inputs().lexicon.memory_bytes() / sizeof(std::uint32_t);
  std::vector<std::uint32_t> next(units);
  std::vector<std::uint32_t> order(units);
  for (std::uint32_t i = 0; i < units; ++i) order[i] = i;
  wg::Rng rng(5);
  rng.shuffle(order);
  for (std::size_t i = 0; i < units; ++i) next[order[i]] = order[(i + 1) % units];
  std::uint32_t at = order[0];
  constexpr int kSteps = 1 << 20;
  for (auto _ : state) {
    for (int i = 0; i < kSteps; ++i) at = next[at];
    benchmark::DoNotOptimize(at);
  }
  state.counters["per_read"] = Counter(static_cast<double>(state.iterations()) * kSteps,
                                       Counter::kIsRate | Counter::kInvert);
}
BENCHMARK(BM_UnitChase)->Unit(benchmark::kMillisecond);

#if WG_BENCH_HAVE_MARISA
void BM_Contains_marisa(benchmark::State& state) {
  const auto& keys = lookup_keys(state);
  const marisa::Trie& trie = inputs().marisa;
  marisa::Agent agent;
  std::size_t found = 0;
  for (auto _ : state) {
    for (const std::string& key : keys) {
      agent.set_query(key.data(), key.size());
      found += trie.lookup(agent);
    }
    benchmark::DoNotOptimize(found);
  }
  set_lookup_counters(state, keys.size(), found);
}
BENCHMARK(BM_Contains_marisa)
    ->Name("BM_Contains/marisa")
    ->ArgName("keys")
    ->Arg(0)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond);
#endif

// ------------------------------------------------------------------------------------------------
// Word <-> index (the perfect hash). marisa's key ids are not in lexicographic order, but they
// are the same kind of dense numbering.

void BM_IndexOf_wg(benchmark::State& state) {
  const auto& keys = inputs().shuffled;
  const wg::Lexicon& lexicon = inputs().lexicon;
  std::int64_t sum = 0;
  for (auto _ : state) {
    for (const std::string& key : keys) sum += lexicon.index_of(std::string_view(key));
    benchmark::DoNotOptimize(sum);
  }
  const auto n = static_cast<std::int64_t>(keys.size());
  if (sum != state.iterations() * (n * (n - 1) / 2)) state.SkipWithError("wrong indices");
  state.SetItemsProcessed(state.iterations() * n);
}
BENCHMARK(BM_IndexOf_wg)->Name("BM_IndexOf/wg")->Unit(benchmark::kMillisecond);

void BM_WordAt_wg(benchmark::State& state) {
  const Inputs& in = inputs();
  std::size_t total = 0;
  for (auto _ : state) {
    for (std::uint32_t i : in.shuffled_indices) total += in.lexicon.word_at(i).size();
    benchmark::DoNotOptimize(total);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(in.words.size()));
}
BENCHMARK(BM_WordAt_wg)->Name("BM_WordAt/wg")->Unit(benchmark::kMillisecond);

#if WG_BENCH_HAVE_MARISA
void BM_IndexOf_marisa(benchmark::State& state) {
  const auto& keys = inputs().shuffled;
  const marisa::Trie& trie = inputs().marisa;
  marisa::Agent agent;
  std::size_t sum = 0;
  for (auto _ : state) {
    for (const std::string& key : keys) {
      agent.set_query(key.data(), key.size());
      if (trie.lookup(agent)) sum += agent.key().id();
    }
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(keys.size()));
}
BENCHMARK(BM_IndexOf_marisa)->Name("BM_IndexOf/marisa")->Unit(benchmark::kMillisecond);

void BM_WordAt_marisa(benchmark::State& state) {
  const Inputs& in = inputs();
  marisa::Agent agent;
  std::size_t total = 0;
  for (auto _ : state) {
    for (std::uint32_t i : in.shuffled_indices) {
      agent.set_query(static_cast<std::size_t>(i));
      in.marisa.reverse_lookup(agent);
      // Copy out, as word_at does.
      total += std::string(agent.key().ptr(), agent.key().length()).size();
    }
    benchmark::DoNotOptimize(total);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(in.words.size()));
}
BENCHMARK(BM_WordAt_marisa)->Name("BM_WordAt/marisa")->Unit(benchmark::kMillisecond);
#endif

// ------------------------------------------------------------------------------------------------
// Build from the text file: read + parse + build, every iteration.

void BM_BuildFromText_wg(benchmark::State& state) {
  const fs::path& path = inputs().text_path;
  for (auto _ : state) {
    wg::Lexicon lexicon = wg::Lexicon::load(path);
    benchmark::DoNotOptimize(lexicon.size());
  }
}
BENCHMARK(BM_BuildFromText_wg)->Name("BM_BuildFromText/wg")->Unit(benchmark::kMillisecond);

#if WG_BENCH_HAVE_DAWGDIC
void BM_BuildFromText_dawgdic(benchmark::State& state) {
  const fs::path& path = inputs().text_path;
  for (auto _ : state) {
    const std::string text = slurp(path);
    dawgdic::DawgBuilder builder;
    bool ok = true;
    for_each_line(text, [&](std::string_view line) {
      ok &= builder.Insert(line.data(), line.size(), 0);  // needs sorted input, as enable1 is
    });
    dawgdic::Dawg dawg;
    builder.Finish(&dawg);
    dawgdic::Dictionary dic;
    ok &= dawgdic::DictionaryBuilder::Build(dawg, &dic);
    if (!ok) {
      state.SkipWithError("dawgdic build failed (is the word list sorted?)");
      break;
    }
    benchmark::DoNotOptimize(dic.size());
  }
}
BENCHMARK(BM_BuildFromText_dawgdic)
    ->Name("BM_BuildFromText/dawgdic")
    ->Unit(benchmark::kMillisecond);
#endif

#if WG_BENCH_HAVE_MARISA
void BM_BuildFromText_marisa(benchmark::State& state) {
  const fs::path& path = inputs().text_path;
  for (auto _ : state) {
    const std::string text = slurp(path);
    marisa::Keyset keyset;
    for_each_line(text, [&](std::string_view line) { keyset.push_back(line.data(), line.size()); });
    marisa::Trie trie;
    trie.build(keyset);
    benchmark::DoNotOptimize(trie.size());
  }
}
BENCHMARK(BM_BuildFromText_marisa)->Name("BM_BuildFromText/marisa")->Unit(benchmark::kMillisecond);
#endif

// ------------------------------------------------------------------------------------------------
// Load of the compiled file, written once before the benchmarks run.

void BM_LoadCompiled_wg(benchmark::State& state) {
  const fs::path& path = inputs().wg_path;
  for (auto _ : state) {
    wg::Lexicon lexicon = wg::Lexicon::load(path);
    benchmark::DoNotOptimize(lexicon.size());
  }
}
BENCHMARK(BM_LoadCompiled_wg)->Name("BM_LoadCompiled/wg")->Unit(benchmark::kMicrosecond);

/// A trusted file (LexiconTrust::kTrusted, as the built-in lexicons load): the header and sizes
/// checked, neither the checksum nor the structure.
void BM_LoadCompiled_wg_trusted(benchmark::State& state) {
  const fs::path& path = inputs().wg_path;
  for (auto _ : state) {
    wg::Lexicon lexicon = wg::Lexicon::load(path, nullptr, wg::LexiconTrust::kTrusted);
    benchmark::DoNotOptimize(lexicon.size());
  }
}
BENCHMARK(BM_LoadCompiled_wg_trusted)
    ->Name("BM_LoadCompiled/wg_trusted")
    ->Unit(benchmark::kMicrosecond);

#if WG_BENCH_HAVE_DAWGDIC
void BM_LoadCompiled_dawgdic(benchmark::State& state) {
  const fs::path& path = inputs().dawgdic_path;
  for (auto _ : state) {
    std::ifstream file(path, std::ios::binary);
    dawgdic::Dictionary dic;
    if (!dic.Read(&file)) {
      state.SkipWithError("dawgdic read failed");
      break;
    }
    benchmark::DoNotOptimize(dic.size());
  }
}
BENCHMARK(BM_LoadCompiled_dawgdic)->Name("BM_LoadCompiled/dawgdic")->Unit(benchmark::kMicrosecond);
#endif

#if WG_BENCH_HAVE_MARISA
void BM_LoadCompiled_marisa(benchmark::State& state) {
  const std::string path = inputs().marisa_path.string();
  for (auto _ : state) {
    marisa::Trie trie;
    trie.load(path.c_str());
    benchmark::DoNotOptimize(trie.size());
  }
}
BENCHMARK(BM_LoadCompiled_marisa)->Name("BM_LoadCompiled/marisa")->Unit(benchmark::kMicrosecond);
#endif

/// Building the optional AnagramIndex from a loaded lexicon.
void BM_BuildAnagramIndex_wg(benchmark::State& state) {
  const wg::Lexicon& lexicon = inputs().lexicon;
  for (auto _ : state) {
    wg::AnagramIndex index(lexicon);
    benchmark::DoNotOptimize(index.node_count());
  }
}
BENCHMARK(BM_BuildAnagramIndex_wg)->Name("BM_BuildAnagramIndex/wg")->Unit(benchmark::kMillisecond);

// ------------------------------------------------------------------------------------------------
// Sub-anagrams of a rack: every word made from some of its tiles. One iteration = one rack; the
// 1000 racks (tiles drawn from the auction bag) are cycled. Args: letters, blanks (any letter).

/// The plain way: scan the signatures of every word no longer than the rack and test multiset
/// inclusion, letting blanks cover what is missing. Indices in increasing order, as wg's.
void naive_sub_anagrams(const Signatures& sigs, const RackInput& r,
                        std::vector<std::uint32_t>& out) {
  out.clear();
  const std::size_t tiles = static_cast<std::size_t>(r.letters + r.blanks);
  const std::size_t end = sigs.end_of_length[std::min(tiles, sigs.end_of_length.size() - 1)];
  for (std::size_t i = 0; i < end; ++i) {
    const std::uint32_t missing_letters = sigs.masks[i] & ~r.mask;
    if (std::popcount(missing_letters) > r.blanks) continue;
    int missing = 0;
    for (wg::Letter l : wg::LetterSet(sigs.masks[i])) {
      const int need = sigs.counts[i][l] - r.counts[l];
      if (need > 0) missing += need;
    }
    if (missing <= r.blanks) out.push_back(sigs.index[i]);
  }
  std::sort(out.begin(), out.end());
}

/// Expected results, from the naive scan, for checking the others.
const std::vector<std::vector<std::uint32_t>>& expected_sub_anagrams(int letters, int blanks) {
  static std::map<std::pair<int, int>, std::vector<std::vector<std::uint32_t>>> cache;
  auto [it, inserted] = cache.try_emplace({letters, blanks});
  if (inserted) {
    for (const RackInput& r : racks(letters, blanks)) {
      std::vector<std::uint32_t> out;
      naive_sub_anagrams(inputs().signatures, r, out);
      it->second.push_back(std::move(out));
    }
  }
  return it->second;
}

/// Racks per second, and the mean number of words per rack over the 1000 racks (the same for
/// every implementation, as their results are checked against the naive scan).
void set_rack_counters(benchmark::State& state, int letters, int blanks) {
  state.SetItemsProcessed(state.iterations());
  double words = 0;
  for (const auto& found : expected_sub_anagrams(letters, blanks))
    words += static_cast<double>(found.size());
  state.counters["words_per_rack"] = words / static_cast<double>(kRackCount);
}

void BM_SubAnagrams_wg(benchmark::State& state) {
  const int letters = static_cast<int>(state.range(0));
  const int blanks = static_cast<int>(state.range(1));
  const std::vector<RackInput> rs = racks(letters, blanks);
  const wg::Lexicon& lexicon = inputs().lexicon;
  std::vector<std::uint32_t> out;
  {
    const auto& expected = expected_sub_anagrams(letters, blanks);
    for (std::size_t i = 0; i < rs.size(); ++i) {
      lexicon.sub_anagrams(rs[i].rack, out);
      if (out != expected[i]) {
        state.SkipWithError("sub_anagrams differs from the naive scan");
        for (auto _ : state) {
        }
        return;
      }
    }
  }
  std::size_t next = 0;
  for (auto _ : state) {
    lexicon.sub_anagrams(rs[next].rack, out);
    benchmark::DoNotOptimize(out.data());
    if (++next == rs.size()) next = 0;
  }
  set_rack_counters(state, letters, blanks);
}
BENCHMARK(BM_SubAnagrams_wg)
    ->Name("BM_SubAnagrams/wg")
    ->ArgNames({"letters", "blanks"})
    ->Args({7, 0})
    ->Args({5, 2})
    ->Args({7, 2})
    ->Unit(benchmark::kMicrosecond);

void BM_SubAnagrams_naive(benchmark::State& state) {
  const int letters = static_cast<int>(state.range(0));
  const int blanks = static_cast<int>(state.range(1));
  const std::vector<RackInput> rs = racks(letters, blanks);
  const Signatures& sigs = inputs().signatures;
  std::vector<std::uint32_t> out;
  std::size_t next = 0;
  for (auto _ : state) {
    naive_sub_anagrams(sigs, rs[next], out);
    benchmark::DoNotOptimize(out.data());
    if (++next == rs.size()) next = 0;
  }
  set_rack_counters(state, letters, blanks);
}
BENCHMARK(BM_SubAnagrams_naive)
    ->Name("BM_SubAnagrams/naive")
    ->ArgNames({"letters", "blanks"})
    ->Args({7, 0})
    ->Args({5, 2})
    ->Args({7, 2})
    ->Unit(benchmark::kMicrosecond);

/// The optional AnagramIndex (an alphagram trie built once from the lexicon); its results come
/// in no particular order, so they are sorted for the check only.
void BM_SubAnagrams_wg_index(benchmark::State& state) {
  const int letters = static_cast<int>(state.range(0));
  const int blanks = static_cast<int>(state.range(1));
  const std::vector<RackInput> rs = racks(letters, blanks);
  const wg::AnagramIndex& index = *inputs().anagram_index;
  std::vector<std::uint32_t> out;
  {
    const auto& expected = expected_sub_anagrams(letters, blanks);
    for (std::size_t i = 0; i < rs.size(); ++i) {
      index.sub_anagrams(rs[i].rack, out);
      std::sort(out.begin(), out.end());
      if (out != expected[i]) {
        state.SkipWithError("AnagramIndex::sub_anagrams differs from the naive scan");
        for (auto _ : state) {
        }
        return;
      }
    }
  }
  std::size_t next = 0;
  for (auto _ : state) {
    index.sub_anagrams(rs[next].rack, out);
    benchmark::DoNotOptimize(out.data());
    if (++next == rs.size()) next = 0;
  }
  set_rack_counters(state, letters, blanks);
}
BENCHMARK(BM_SubAnagrams_wg_index)
    ->Name("BM_SubAnagrams/wg_index")
    ->ArgNames({"letters", "blanks"})
    ->Args({7, 0})
    ->Args({5, 2})
    ->Args({7, 2})
    ->Unit(benchmark::kMicrosecond);

/// The same search written against the public navigation API (Cursor, child, children): what a
/// solver outside the library gets. Letters in increasing order give the indices in order.
void wg_cursor_sub_anagrams(const wg::Lexicon& lexicon, const wg::Lexicon::Cursor& at,
                            std::array<std::uint8_t, 32>& counts, std::uint32_t mask, int blanks,
                            std::vector<std::uint32_t>& out) {
  const std::uint32_t follow = blanks > 0 ? lexicon.children(at).bits() : mask;
  for (wg::Letter l : wg::LetterSet(follow)) {
    const wg::Lexicon::Cursor next = lexicon.child(at, l);
    if (!next) continue;
    if (next.word) out.push_back(next.rank);
    if (counts[l] > 0) {
      if (--counts[l] == 0) mask &= ~(1u << l);
      wg_cursor_sub_anagrams(lexicon, next, counts, mask, blanks, out);
      if (counts[l]++ == 0) mask |= 1u << l;
    } else {
      wg_cursor_sub_anagrams(lexicon, next, counts, mask, blanks - 1, out);
    }
  }
}

void BM_SubAnagrams_wg_cursor(benchmark::State& state) {
  const int letters = static_cast<int>(state.range(0));
  const int blanks = static_cast<int>(state.range(1));
  std::vector<RackInput> rs = racks(letters, blanks);
  const wg::Lexicon& lexicon = inputs().lexicon;
  const wg::Lexicon::Cursor root = lexicon.root();
  std::vector<std::uint32_t> out;
  {
    const auto& expected = expected_sub_anagrams(letters, blanks);
    for (std::size_t i = 0; i < rs.size(); ++i) {
      out.clear();
      wg_cursor_sub_anagrams(lexicon, root, rs[i].counts, rs[i].mask, blanks, out);
      if (out != expected[i]) {
        state.SkipWithError("cursor search differs from the naive scan");
        for (auto _ : state) {
        }
        return;
      }
    }
  }
  std::size_t next = 0;
  for (auto _ : state) {
    RackInput& r = rs[next];
    out.clear();
    wg_cursor_sub_anagrams(lexicon, root, r.counts, r.mask, r.blanks, out);
    benchmark::DoNotOptimize(out.data());
    if (++next == rs.size()) next = 0;
  }
  set_rack_counters(state, letters, blanks);
}
BENCHMARK(BM_SubAnagrams_wg_cursor)
    ->Name("BM_SubAnagrams/wg_cursor")
    ->ArgNames({"letters", "blanks"})
    ->Args({7, 0})
    ->Args({5, 2})
    ->Args({7, 2})
    ->Unit(benchmark::kMicrosecond);

#if WG_BENCH_HAVE_DAWGDIC
/// Depth-first search of the DAWG, following only letters the rack can pay for. A real tile is
/// used before a blank, so each word is reached once. Records the word's end state.
void dawgdic_sub_anagrams(const dawgdic::Dictionary& dic, dawgdic::BaseType state,
                          std::array<std::uint8_t, 32>& counts, std::uint32_t mask, int blanks,
                          std::vector<std::uint32_t>& out) {
  const std::uint32_t follow = blanks > 0 ? wg::LetterSet::all(26).bits() : mask;
  for (wg::Letter l : wg::LetterSet(follow)) {
    dawgdic::BaseType next = state;
    if (!dic.Follow(static_cast<char>('a' + l), &next)) continue;
    if (dic.has_value(next)) out.push_back(next);
    if (counts[l] > 0) {
      if (--counts[l] == 0) mask &= ~(1u << l);
      dawgdic_sub_anagrams(dic, next, counts, mask, blanks, out);
      if (counts[l]++ == 0) mask |= 1u << l;
    } else {
      dawgdic_sub_anagrams(dic, next, counts, mask, blanks - 1, out);
    }
  }
}

void BM_SubAnagrams_dawgdic(benchmark::State& state) {
  const int letters = static_cast<int>(state.range(0));
  const int blanks = static_cast<int>(state.range(1));
  std::vector<RackInput> rs = racks(letters, blanks);
  const dawgdic::Dictionary& dic = inputs().dawgdic;
  std::vector<std::uint32_t> out;
  {
    const auto& expected = expected_sub_anagrams(letters, blanks);
    for (std::size_t i = 0; i < rs.size(); ++i) {
      out.clear();
      dawgdic_sub_anagrams(dic, dic.root(), rs[i].counts, rs[i].mask, blanks, out);
      if (out.size() != expected[i].size()) {
        state.SkipWithError("dawgdic search differs from the naive scan");
        for (auto _ : state) {
        }
        return;
      }
    }
  }
  std::size_t next = 0;
  for (auto _ : state) {
    RackInput& r = rs[next];
    out.clear();
    dawgdic_sub_anagrams(dic, dic.root(), r.counts, r.mask, r.blanks, out);
    benchmark::DoNotOptimize(out.data());
    if (++next == rs.size()) next = 0;
  }
  set_rack_counters(state, letters, blanks);
}
BENCHMARK(BM_SubAnagrams_dawgdic)
    ->Name("BM_SubAnagrams/dawgdic")
    ->ArgNames({"letters", "blanks"})
    ->Args({7, 0})
    ->Args({5, 2})
    ->Args({7, 2})
    ->Unit(benchmark::kMicrosecond);
#endif

// ------------------------------------------------------------------------------------------------
// Pattern match ("c?ws"): all words fitting a pattern of 3 to 8 positions. One iteration = one
// pattern; the 1000 patterns are cycled.

/// The plain way: test every word of the pattern's length, letter by letter.
std::vector<std::string> naive_match(const Inputs& in, const wg::Pattern& pattern) {
  const wg::Alphabet& alphabet = wg::Alphabet::english();
  const auto& positions = pattern.positions;
  std::vector<std::string> words;
  if (positions.size() < in.words_by_length.size()) {
    for (const std::string& w : in.words_by_length[positions.size()]) {
      bool fits = true;
      for (std::size_t i = 0; i < w.size() && fits; ++i)
        fits = positions[i].contains(alphabet.code(w[i]));
      if (fits) words.push_back(w);
    }
  }
  return words;
}

/// Patterns per second, and the mean number of words per pattern over the 1000 patterns.
void set_match_counters(benchmark::State& state) {
  const Inputs& in = inputs();
  static const double words = [&] {
    double total = 0;
    for (const wg::Pattern& pattern : in.patterns)
      total += static_cast<double>(naive_match(in, pattern).size());
    return total / static_cast<double>(in.patterns.size());
  }();
  state.SetItemsProcessed(state.iterations());
  state.counters["words_per_pattern"] = words;
}

void BM_Match_wg(benchmark::State& state) {
  const Inputs& in = inputs();
  for (const wg::Pattern& pattern : in.patterns) {
    if (in.lexicon.match(pattern) != naive_match(in, pattern)) {
      state.SkipWithError("match differs from the naive scan");
      for (auto _ : state) {
      }
      return;
    }
  }
  std::size_t next = 0;
  for (auto _ : state) {
    std::vector<std::string> words = in.lexicon.match(in.patterns[next]);
    benchmark::DoNotOptimize(words.data());
    if (++next == in.patterns.size()) next = 0;
  }
  set_match_counters(state);
}
BENCHMARK(BM_Match_wg)->Name("BM_Match/wg")->Unit(benchmark::kMicrosecond);

void BM_Match_naive(benchmark::State& state) {
  const Inputs& in = inputs();
  std::size_t next = 0;
  for (auto _ : state) {
    std::vector<std::string> words = naive_match(in, in.patterns[next]);
    benchmark::DoNotOptimize(words.data());
    if (++next == in.patterns.size()) next = 0;
  }
  set_match_counters(state);
}
BENCHMARK(BM_Match_naive)->Name("BM_Match/naive")->Unit(benchmark::kMicrosecond);

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  Inputs in;
#ifdef WG_SOURCE_DIR
  in.text_path = fs::path(WG_SOURCE_DIR) / "data" / "enable1.txt";
#endif
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg.starts_with("--wordlist=")) {
      in.text_path = std::string(arg.substr(std::string_view("--wordlist=").size()));
    } else {
      argv[kept++] = argv[i];
    }
  }
  argc = kept;
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  if (in.text_path.empty()) {
    std::fprintf(stderr, "lexicon_bench: give the word list with --wordlist=PATH\n");
    return 1;
  }

  int status = 0;
  try {
    prepare(in);
    g_inputs = &in;
    benchmark::AddCustomContext("wordlist", in.text_path.string());
    benchmark::AddCustomContext("words", std::to_string(in.words.size()));
    benchmark::RunSpecifiedBenchmarks();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "lexicon_bench: %s\n", e.what());
    status = 1;
  }
  benchmark::Shutdown();
  std::error_code ignored;
  if (!in.temp_dir.empty()) fs::remove_all(in.temp_dir, ignored);
  return status;
}

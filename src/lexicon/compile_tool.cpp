// Build-time tool: compiles a word list into the lexicon file format. Usage: IN OUT
#include <cstdio>
#include <exception>

#include "lexicon/lexicon.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s WORDLIST OUTPUT\n", argv[0]);
    return 1;
  }
  try {
    wg::Lexicon::load(argv[1]).save(argv[2]);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
  return 0;
}

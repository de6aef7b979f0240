#!/bin/sh
# A bot in plain POSIX shell, to show that any language will do: it bids 0 for every letter and
# names no word. Shell builtins only (read, case, echo), so it starts no other process.
while read -r command rest; do
  case "$command" in
    auction) echo "name zero_bot.sh" ;;
    isready) echo "readyok" ;;
    bid) echo "bid 0" ;;
    word) echo "word -" ;;
    quit) exit 0 ;;
  esac
done

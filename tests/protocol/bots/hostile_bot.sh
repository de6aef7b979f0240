#!/bin/sh
# A bot that plays like zero_bot.sh until its first bid, and then misbehaves as its argument says:
#   flood-stdout  writes an endless reply line (no newline ever)
#   flood-stderr  writes 3 MB of noise to its stderr, then bids 0 and plays on
#   escape        replies a bid with an escape sequence in it (it would clear the terminal)
#   not-utf8      replies a bid with a byte that is not UTF-8
#   stubborn FIFO ignores SIGTERM and SIGHUP, writes its pid to FIFO and never replies
#   host          at every bid, sends its parent SIGKILL and SIGSTOP (the host, were it not in a
#                 sandbox: run it only in one), then bids 0
# Builtins, coreutils and sh only.
behaviour=$1
while read -r command rest; do
  case "$command" in
    auction) echo "name hostile" ;;
    isready) echo "readyok" ;;
    bid)
      case "$behaviour" in
        flood-stdout) exec tr '\0' a < /dev/zero ;;
        flood-stderr) yes 'noise noise noise' | head -c 3000000 >&2; echo "bid 0" ;;
        escape) printf 'bid 0\033[2J\n' ;;
        not-utf8) printf 'bid 0\377\n' ;;
        stubborn) trap '' TERM HUP; echo $$ > "$2"; exec sleep 100000 ;;
        host) kill -KILL "$PPID"; kill -STOP "$PPID"; echo "bid 0" ;;
        *) echo "bid 0" ;;
      esac ;;
    word) echo "word -" ;;
    quit) exit 0 ;;
  esac
done

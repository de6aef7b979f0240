#!/usr/bin/env python3
"""A bot for the protocol tests: well behaved, or misbehaving on purpose at a chosen moment.

Usage: test_bot.py BEHAVIOUR [N] [--record FILE] [--wake PID]

It bids 1 for every letter and names no word, except as BEHAVIOUR says (N counts the bid
requests, from 1, over the whole session):

  good             behaves
  chatty           writes blank lines and `info` lines before every reply (to be ignored)
  overbid          bids 1000 (a number, but more than its points: the game's rule, not garbage)
  hang N           at bid N, never replies (and never exits by itself)
  exit N           at bid N, exits with status 3
  crash N          at bid N, kills itself with SIGSEGV
  garbage N        at bid N, replies `banana`
  twice N          at bid N, replies twice (`bid 1`, `bid 2`), in one write
  badword          replies `word TWO WORDS` to `word`
  longline N       at bid N, writes 100,000 characters without a newline, then hangs
  quit-early N     exits (status 0) when it reads the Nth `result`, between requests
  mute             never replies to `auction 1` (hangs)
  badhello         replies `hello` to `auction 1`
  noready          replies to `auction 1`, then never to `isready` (hangs)

--record FILE appends every line it reads to FILE, for tests of what the host sends.
--wake PID sends SIGUSR1 to PID when the bot stops replying (hang, mute, noready), just before it
hangs: the tests' cue to let their frozen clock run (tests/protocol/child_processes.h), so that
the host's time limit passes then, and only then, whatever the machine's load.
"""

import os
import signal
import sys

WAKE = None  # --wake PID


def send(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def hang(wake=True):
    """Stops replying for good: waits for a signal that ends it (the host's SIGKILL)."""
    if wake and WAKE is not None:
        os.kill(WAKE, signal.SIGUSR1)
    while True:
        signal.pause()


def main(argv):
    global WAKE
    args = argv[1:]
    record = None
    if "--record" in args:
        at = args.index("--record")
        record = open(args[at + 1], "a", encoding="utf-8")
        del args[at:at + 2]
    if "--wake" in args:
        at = args.index("--wake")
        WAKE = int(args[at + 1])
        del args[at:at + 2]
    behaviour = args[0] if args else "good"
    n = int(args[1]) if len(args) > 1 and args[1].isdigit() else 0

    bids = 0
    results = 0
    for line in iter(sys.stdin.readline, ""):
        if record:
            record.write(line)
            record.flush()
        fields = line.split()
        if not fields:
            continue
        command = fields[0]
        if command == "auction":
            if behaviour == "mute":
                hang()
            send("hello" if behaviour == "badhello" else f"name test-{behaviour}")
        elif command == "isready":
            if behaviour == "noready":
                hang()
            send("readyok")
        elif command == "bid":
            bids += 1
            if behaviour == "chatty":
                send("")
                send("info thinking about " + fields[3])
                send("   ")
            if bids == n:
                if behaviour == "hang":
                    hang()
                elif behaviour == "exit":
                    sys.exit(3)
                elif behaviour == "crash":
                    sys.stdout.flush()
                    os.kill(os.getpid(), signal.SIGSEGV)
                elif behaviour == "garbage":
                    send("banana")
                    continue
                elif behaviour == "twice":
                    send("bid 1\nbid 2")  # in one write: both are there when the host reads
                    continue
                elif behaviour == "longline":
                    sys.stdout.write("x" * 100_000)
                    sys.stdout.flush()
                    hang(wake=False)  # the host stops reading at 65,536: no time limit involved
            send("bid 1000" if behaviour == "overbid" else "bid 1")
        elif command == "result":
            results += 1
            if behaviour == "quit-early" and results == n:
                sys.exit(0)
        elif command == "word":
            if behaviour == "chatty":
                send("info my letters are " + fields[2])
            send("word TWO WORDS" if behaviour == "badword" else "word -")
        elif command == "quit":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

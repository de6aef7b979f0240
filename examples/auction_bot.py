#!/usr/bin/env python3
"""An example bot for the wordgames letter auction, in plain Python 3 (no third-party modules).

It speaks version 1 of the line protocol of docs/games/auction-protocol.md on stdin and stdout,
and logs to stderr. Run it against the built-in bots with:

    wordgames auction --players "strong,value,cmd:python3 examples/auction_bot.py"

Usage: auction_bot.py [WORD_LIST] [--name NAME] [--quiet]

WORD_LIST is a word list, one word per line (default: ../data/enable1.txt next to this
script). The host does not send its lexicon: use the same list as the host, or the words this
bot names may not count.

Strategy: a letter is worth its Scrabble value, more when it improves the best word the bot's
letters make (or would help a vowel-starved rack), less when it duplicates what the bot holds;
spending is paced so that points last for the rounds still to play. The bot is deterministic:
the same game gives the same bids.
"""

import itertools
import os
import sys

PROTOCOL_VERSION = 1
QUIET = False  # --quiet: no log

VALUES = {
    "A": 1, "B": 3, "C": 3, "D": 2, "E": 1, "F": 4, "G": 2, "H": 4, "I": 1, "J": 8, "K": 5,
    "L": 1, "M": 3, "N": 1, "O": 1, "P": 3, "Q": 10, "R": 1, "S": 1, "T": 1, "U": 1, "V": 4,
    "W": 4, "X": 8, "Y": 4, "Z": 10,
}
VOWELS = set("AEIOU")


def log(*parts):
    """The bot's log: stderr, never stdout (stdout is the protocol)."""
    if not QUIET:
        print("[auction_bot]", *parts, file=sys.stderr, flush=True)


def send(line):
    """One protocol line to the host. Flushing matters: the host waits for the line."""
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def letters_of(word):
    """A letters field of the protocol ("EQT", or "-" for none) as a list of letters."""
    return [] if word == "-" else list(word)


class Words:
    """The word list, indexed by sorted letters, to find the best word of a rack quickly."""

    def __init__(self, path):
        self.by_letters = {}  # sorted letters -> the first such word in alphabetical order
        with open(path, encoding="utf-8", errors="replace") as lines:
            for line in lines:
                fields = line.split()
                if not fields or fields[0].startswith("#"):
                    continue
                word = fields[0].upper()
                if not (word.isascii() and word.isalpha()):
                    continue
                key = "".join(sorted(word))
                if key not in self.by_letters or word < self.by_letters[key]:
                    self.by_letters[key] = word

    def best(self, letters, rules):
        """(score, word) of the best word some of the letters make; (0, None) if none."""
        counts = sorted({letter: letters.count(letter) for letter in letters}.items())
        best_score, best_word = 0, None
        # Every sub-multiset of the letters: how many of each distinct letter to use.
        for uses in itertools.product(*(range(count + 1) for _, count in counts)):
            key = "".join(letter * use for (letter, _), use in zip(counts, uses))
            word = self.by_letters.get(key)
            if word is None:
                continue
            score = score_of(word, rules)
            if score > best_score or (score == best_score and best_word and word < best_word):
                best_score, best_word = score, word
        return best_score, best_word


def score_of(word, rules):
    bonus = rules["bonus"] if len(word) >= rules["bonus_length"] else 0
    return sum(VALUES[letter] for letter in word) + bonus


class Bot:
    def __init__(self, words):
        self.words = words
        self.rules = None
        self.seat = 0

    def new_game(self, fields):
        seat, players, rounds, hidden, rack_size, points, bonus_length, bonus, seed = map(
            int, fields)
        self.seat = seat
        self.rules = {"players": players, "rounds": rounds, "hidden": hidden,
                      "rack_size": rack_size, "starting_points": points,
                      "bonus_length": bonus_length, "bonus": bonus}
        self.round = 0
        log(f"new game: seat {seat} of {players}, {rounds} rounds, seed {seed}")

    def new_round(self, fields):
        self.round = int(fields[0])
        log(f"round {self.round}: hidden letters {fields[1]}, points {' '.join(fields[2:])}")

    def bid(self, fields):
        _round, _number, letter, pool_left, points, held = fields
        points, pool_left, held = int(points), int(pool_left), letters_of(held)
        rules = self.rules
        need = rules["rack_size"] - len(held)

        value = VALUES[letter]
        vowels = sum(1 for held_letter in held if held_letter in VOWELS)
        if letter in VOWELS:
            value += 2 if vowels * 7 < len(held) * 3 or vowels == 0 else 0
            if vowels >= 4:
                value = 0
        if held.count(letter) >= 2:
            value //= 2
        # What the letter adds to the best word the bot can make now.
        now, _ = self.words.best(held, rules)
        then, _ = self.words.best(held + [letter], rules)
        value = max(value, (then - now) // 3)

        # Pace spending: about an equal share of the points for each letter still to win this
        # round and each round still to come (7 letters a round).
        rounds_left = rules["rounds"] - self.round
        letters_to_buy = need + rounds_left * (rules["rack_size"] - rules["hidden"])
        share = max(1, 2 * points // max(1, letters_to_buy))
        return max(0, min(value, share, points))

    def word(self, fields):
        letters = letters_of(fields[1])
        score, word = self.words.best(letters, self.rules)
        log(f"round {fields[0]}: letters {fields[1]}, word {word or '-'} for {score}")
        return word or "-"


def main(argv):
    name = "auction_bot.py"
    paths = []
    args = iter(argv[1:])
    for arg in args:
        if arg == "--name":
            name = next(args, name)
        elif arg == "--quiet":
            global QUIET
            QUIET = True
        else:
            paths.append(arg)
    here = os.path.dirname(os.path.abspath(__file__))
    path = paths[0] if paths else os.path.join(here, "..", "data", "enable1.txt")

    bot = None
    for line in iter(sys.stdin.readline, ""):  # until the end of the input
        fields = line.split()
        if not fields:
            continue
        command, fields = fields[0], fields[1:]
        if command == "auction":
            if int(fields[0]) != PROTOCOL_VERSION:
                log(f"protocol version {fields[0]} is not {PROTOCOL_VERSION}: giving up")
                return 1
            send(f"name {name}")
        elif command == "isready":
            if bot is None:  # the slow part of starting up, before the host's clock runs
                bot = Bot(Words(path))
                log(f"{len(bot.words.by_letters)} words from {path}")
            send("readyok")
        elif command == "newgame":
            bot.new_game(fields)
        elif command == "newround":
            bot.new_round(fields)
        elif command == "bid":
            send(f"bid {bot.bid(fields)}")
        elif command == "result":
            _round, _number, letter, winner, price = fields[:5]
            if int(winner) == bot.seat:
                log(f"won {letter} for {price}")
        elif command == "word":
            send(f"word {bot.word(fields)}")
        elif command == "scores":
            log(f"after round {fields[0]}: points {' '.join(fields[1:])}")
        elif command == "gameover":
            log(f"game over: points {' '.join(fields)}")
        elif command == "quit":
            break
        else:
            log(f"ignoring an unknown message: {line.strip()}")  # a newer host, perhaps
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

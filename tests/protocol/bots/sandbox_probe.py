#!/usr/bin/env python3
"""A hostile bot for the sandbox's tests: it tries one attack on the host and says how it went.

Usage: sandbox_probe.py ATTACK

Reads ARG, the attack's argument, as its first line of input (not from its command line: the
sandbox shows a bot the folders its command names), tries the attack, prints one line,
"escaped: WHAT" if it worked or "blocked: WHY" if it did not, then waits for a line of input
before it exits (so that the test sees its processes while it runs).

  read FILE       reads a file of the player's
  write FILE      writes (creates) a file outside its temporary folder
  write-tmp       writes a file in /tmp (its private /tmp: expected to work, "escaped" then)
  connect PORT    connects to a port on 127.0.0.1 where the host listens
  tty             opens /dev/tty, and pushes a character into a terminal with TIOCSTI through it
                  and through its stdin, stdout and stderr
  fds             lists the descriptors it has beyond its stdin, stdout and stderr
  kill PID        sends SIGKILL to PID (a process of the host's)
  see PID         checks whether PID exists (signal 0): whether it can see a process of the host's
  daemon          starts a daemon (fork, setsid, sleep for ever) and prints its pid first
  fork-bomb N     forks up to N sleeping children; prints how many it could start
"""
import errno
import fcntl
import os
import signal
import socket
import sys
import termios


def report(escaped, text):
    sys.stdout.write(("escaped: " if escaped else "blocked: ") + text + "\n")
    sys.stdout.flush()


def reason(error):
    return errno.errorcode.get(error.errno, str(error.errno)) if error.errno else str(error)


def sleep_for_ever():
    while True:
        signal.pause()


def attack(name, arg):
    if name == "read":
        try:
            with open(arg, encoding="utf-8", errors="replace") as f:
                report(True, "read " + f.read().strip())
        except OSError as e:
            report(False, reason(e))
    elif name in ("write", "write-tmp"):
        path = arg if name == "write" else "/tmp/probe.txt"
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write("written by a bot\n")
            report(True, "wrote " + path)
        except OSError as e:
            report(False, reason(e))
    elif name == "connect":
        try:
            socket.create_connection(("127.0.0.1", int(arg)), timeout=60).close()
            report(True, "connected to port " + arg)
        except OSError as e:
            report(False, reason(e))
    elif name == "tty":
        done = []
        fds = [0, 1, 2]
        try:
            fds.append(os.open("/dev/tty", os.O_RDWR))
            done.append("opened /dev/tty")
        except OSError as e:
            tty_error = reason(e)
        for fd in fds:
            try:
                fcntl.ioctl(fd, termios.TIOCSTI, b"#")
                done.append("TIOCSTI on fd %d" % fd)
            except OSError:
                pass
        if done:
            report(True, ", ".join(done))
        else:
            report(False, "/dev/tty: " + tty_error + ", TIOCSTI refused")
    elif name == "fds":
        extra = []
        for entry in sorted(os.listdir("/proc/self/fd"), key=int):
            if int(entry) > 2:
                try:
                    extra.append("%s -> %s" % (entry, os.readlink("/proc/self/fd/" + entry)))
                except OSError:
                    pass  # the listing's own descriptor, closed since
        if extra:
            report(True, "inherited " + ", ".join(extra))
        else:
            report(False, "only 0, 1 and 2")
    elif name == "kill":
        try:
            os.kill(int(arg), signal.SIGKILL)
            report(True, "killed " + arg)
        except OSError as e:
            report(False, reason(e))
    elif name == "see":
        try:
            os.kill(int(arg), 0)
            report(True, "sees " + arg)
        except OSError as e:
            report(False, reason(e))
    elif name == "daemon":
        child = os.fork()
        if child == 0:
            os.setsid()
            if os.fork() != 0:
                os._exit(0)
            devnull = os.open("/dev/null", os.O_RDWR)
            for fd in (0, 1, 2):
                os.dup2(devnull, fd)
            sleep_for_ever()
        os.waitpid(child, 0)
        report(True, "started a daemon")
    elif name == "fork-bomb":
        started = 0
        for _ in range(int(arg)):
            try:
                if os.fork() == 0:
                    sleep_for_ever()
                started += 1
            except OSError:
                break
        report(started >= int(arg), "started %d" % started)
    else:
        report(False, "unknown attack " + name)


def main(argv):
    attack(argv[1], sys.stdin.readline().strip())
    sys.stdin.readline()  # the test says when to end
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

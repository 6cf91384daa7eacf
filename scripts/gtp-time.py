#!/usr/bin/env python3
"""A GTP proxy for benchmarks: `gtp-time.py LOG ENGINE ARGS...` runs ENGINE, forwards
stdin and stdout unchanged, and appends one line per genmove to LOG: the wall seconds of
the answer and the CPU seconds the engine process (all threads, /proc) spent on it.
`tengen match` and `tengen bench genmove-suite` take it as the engine command, so both
sides of a match are timed the same way (BENCHMARKS.md: against Pachi)."""
import os, subprocess, sys, time
log, cmd = sys.argv[1], sys.argv[2:]
p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
tck = os.sysconf('SC_CLK_TCK')
def cpu():
    try:
        f = open(f'/proc/{p.pid}/stat').read().rsplit(')', 1)[1].split()
        return (int(f[11]) + int(f[12])) / tck
    except Exception:
        return 0.0
out = open(log, 'a', buffering=1)
for line in sys.stdin:
    words = line.split()
    if words and words[0].isdigit():  # a command id
        words = words[1:]
    timed = bool(words) and words[0] in ('genmove', 'kgs-genmove_cleanup', 'reg_genmove')
    t0, c0 = time.monotonic(), cpu()
    p.stdin.write(line); p.stdin.flush()
    got = False
    while True:
        l = p.stdout.readline()
        if not l:
            sys.exit(0)
        sys.stdout.write(l)
        if l.strip() == '':
            if got:
                break
        else:
            got = True
    sys.stdout.flush()
    if timed:
        out.write(f'{time.monotonic() - t0:.3f} {cpu() - c0:.3f}\n')

"""The `shoalrun` console script of the wheel: runs the shoalrun built into
the package (shoal/bin/shoalrun), e.g.

    shoalrun -n 4 python my_script.py
"""
import os
import sys


def shoalrun() -> None:
    exe = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin", "shoalrun")
    if not os.path.exists(exe):
        sys.exit(f"shoalrun: {exe} is missing: this shoal package was not built with its tools "
                 "(reinstall with pip install ./python)")
    os.execv(exe, [exe] + sys.argv[1:])


if __name__ == "__main__":
    shoalrun()

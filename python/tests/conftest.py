"""The Python suite runs on every PE at once (shoalrun -n 2 / -n 4 ... python -m
pytest): every PE runs every test in the same order, so a test makes the
same shoal calls on every PE and asserts only after them. shoal is
initialised once per session; the seed (SHOAL_TEST_SEED, else random) is
PE 0's, shared through the heap and printed."""
import os
import random

import numpy as np
import pytest

import shoal


def pytest_configure(config):
    if os.environ.get("SHOAL_PYTEST_STANDALONE"):
        return
    if not shoal.initialized():
        shoal.init()


def pytest_unconfigure(config):
    if shoal.initialized():
        shoal.finalize()


@pytest.fixture(scope="session")
def seed():
    box = shoal.zeros((1,), "uint64")
    if shoal.my_pe() == 0:
        box[0] = int(os.environ.get("SHOAL_TEST_SEED", random.SystemRandom().randrange(1, 2**48)))
    shoal.barrier_all()
    value = np.zeros(1, dtype=np.uint64)
    shoal.get(value, box, 0)
    shoal.barrier_all()
    shoal.free(box)
    s = int(value[0])
    print(f"\nPE {shoal.my_pe()}: SHOAL_TEST_SEED={s}")
    return s


@pytest.fixture
def rng(seed, request):
    # One stream per test, the same on every PE: every PE can build every
    # PE's inputs and the reference for all of them.
    return np.random.default_rng([seed, sum(map(ord, request.node.name))])

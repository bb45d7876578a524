#!/usr/bin/env python3
"""Tests of tools/ep-model (standard library unittest).

    python3 tests/tools/ep_model_test.py [path/to/tools/ep-model]

Byte formulas, the routing expectations, DeepEP's rows within 25 %, the
sweep and table outputs, the counts hook round trip and bad arguments.
"""
import contextlib
import importlib.machinery
import importlib.util
import io
import json
import math
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, '..', '..', 'tools', 'ep-model')


def load(path):
    """Import the script (it has no .py suffix) as a module."""
    loader = importlib.machinery.SourceFileLoader('ep_model', path)
    spec = importlib.util.spec_from_loader('ep_model', loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def run(m, argv):
    """(exit status, stdout) of the script's main on argv."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        try:
            rc = m.main(argv)
        except SystemExit as e:
            rc = e.code
    return rc, out.getvalue()


class EpModelTest(unittest.TestCase):
    m = None

    def test_bytes(self):
        self.assertEqual(self.m.ll_msg_bytes(7168, 'fp8'), 7408)
        self.assertEqual(self.m.ll_msg_bytes(7168, 'bf16'), 14352)
        self.assertEqual(self.m.normal_entry_bytes(7168, 8, 'fp8'), 7472)
        self.assertEqual(self.m.normal_entry_bytes(128, 1, 'bf16'), 288)

    def test_routing(self):
        cfg = {'ranks': 16, 'gpus': 8, 'experts': 256, 'topk': 8, 'topk_groups': 0}
        rt = self.m.routing(cfg)
        expect = 16 * (1 - math.comb(240, 8) / math.comb(256, 8))
        self.assertAlmostEqual(rt['ranks'], expect)
        self.assertAlmostEqual(rt['nodes'], 2 * (1 - math.comb(128, 8) / math.comb(256, 8)))
        # Group limited (DeepEP's EP64 test): every chosen node is touched;
        # a Monte Carlo of the test's routing gives 7.48 ranks.
        rt = self.m.routing(dict(cfg, ranks=64, topk_groups=4))
        self.assertEqual(rt['nodes'], 4)
        self.assertAlmostEqual(rt['own_node'], 0.5)
        self.assertAlmostEqual(rt['ranks'], 7.48, delta=0.05)

    def test_ll_counts(self):
        cfg = {'ranks': 16, 'gpus': 8, 'tokens': 128, 'hidden': 7168, 'topk': 8,
               'experts': 256, 'dtype': 'fp8', 'masked': 0, 'll_nvlink': True}
        c = self.m.ll_counts(cfg, 'dispatch')
        self.assertAlmostEqual(c['deepep_bytes'], 1024 * 7408)
        self.assertAlmostEqual(c['copy_bytes'], 512 * 7408)
        self.assertAlmostEqual(c['net_bytes'], 512 * 7416 + 128 * 8)
        c = self.m.ll_counts(dict(cfg, ll_nvlink=False), 'combine')
        self.assertEqual(c['copy_bytes'], 0)
        self.assertAlmostEqual(c['net_bytes'], 1024 * (2 * 7168 + 8))

    def test_deepep_check(self):
        rc, out = run(self.m, ['--deepep', '--check'])
        self.assertEqual(rc, 0, out)
        self.assertIn('every row within 25 %', out)
        self.assertEqual(len([ln for ln in out.splitlines() if ln.startswith(('ll ', 'normal '))]),
                         2 * (len(self.m.DEEPEP_LL) + len(self.m.DEEPEP_NORMAL)))

    def test_check_fails_off_calibration(self):
        # The check must be able to fail: a preset twice as fast is off.
        preset = self.m.PRESETS['h800-cx7']
        saved = dict(preset)
        try:
            preset.update(nvl_gbs=320.0, nic_gbs=100.0, overhead_us=5.0)
            rc, out = run(self.m, ['--deepep', '--check'])
        finally:
            preset.clear()
            preset.update(saved)
        self.assertEqual(rc, 1)
        self.assertIn('OUTSIDE', out)

    def test_sweep_and_table(self):
        rc, out = run(self.m, ['--ranks', '8,16', '--mode', 'both'])
        self.assertEqual(rc, 0)
        rows = [ln.split() for ln in out.splitlines() if ln.startswith(('ll ', 'normal '))]
        self.assertEqual([(r[0], r[1]) for r in rows],
                         [('ll', '8'), ('ll', '16'), ('normal', '8'), ('normal', '16')])
        self.assertTrue(all(float(r[5]) > 0 and float(r[9]) > 0 for r in rows))
        rc, out = run(self.m, ['--predict-table'])
        self.assertEqual(rc, 0)
        self.assertEqual(len([ln for ln in out.splitlines() if ln.startswith('| h')]), 12)

    def test_counts_round_trip(self):
        cfg = {'ranks': 4, 'gpus': 2, 'tokens': 64, 'hidden': 256, 'topk': 4, 'experts': 16,
               'dtype': 'bf16', 'masked': 0, 'topk_groups': 0, 'll_nvlink': True,
               'normal_path': 'direct', 'chunk_tokens': 16, 'channels': 10}
        c = self.m.normal_counts(cfg, 'dispatch')
        run_ = {'mode': 'normal', 'op': 'dispatch', 'ranks': 4, 'gpus_per_node': 2, 'tokens': 64,
                'hidden': 256, 'topk': 4, 'experts': 16, 'dtype': 'bf16',
                'normal_path': 'direct', 'net_bytes': c['net_bytes'] * 4,
                'p2p_bytes': c['p2p_bytes'] * 4}
        with tempfile.NamedTemporaryFile('w', suffix='.json', delete=False) as f:
            json.dump([run_], f)
        try:
            rc, out = run(self.m, ['--shoal-counts', f.name])
        finally:
            os.unlink(f.name)
        self.assertEqual(rc, 0)
        self.assertEqual([ln.split()[-1] for ln in out.splitlines()[1:]], ['1.00', '1.00'])

    def test_bad_arguments(self):
        for argv in (['--ranks', 'x'], ['--ranks', '12'], ['--hidden', '100'],
                     ['--topk-groups', '9'], ['--hw', 'nope']):
            rc, _ = run(self.m, argv)
            self.assertNotEqual(rc, 0, argv)


if __name__ == '__main__':
    path = sys.argv.pop(1) if len(sys.argv) > 1 and not sys.argv[1].startswith('-') else SCRIPT
    EpModelTest.m = load(path)
    unittest.main()

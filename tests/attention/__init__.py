"""Tests of `attention/`: the numpy core, its numbers, sweeps and the example files and their shapes."""

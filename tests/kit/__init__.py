"""Tests of `scenes/kit/`: the pieces chapters are built from (grids, numbers, planes, type, equations)."""

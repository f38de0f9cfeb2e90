"""The render benchmark: the pipeline against plain manim, incremental rebuilds, per-chapter costs, growth.

Run `python -m benchmarks` (or `make bench`); results go to benchmarks/results/.
"""

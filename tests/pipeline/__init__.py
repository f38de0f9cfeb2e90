"""Tests of `pipeline/`: planning, frames, running and publishing a render, on the tiny test chapters."""

"""The lecture as a whole: its render (once per session), pops, beats, slides, handout; the benchmark."""

"""Helpers shared by the tests: tiny chapters, snapshots, layout probes, output-folder checks, browsers."""

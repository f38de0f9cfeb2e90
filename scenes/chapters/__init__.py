"""The chapters: one storyboard per module, in viewing order in `chapters.toml` (read by `registry`)."""

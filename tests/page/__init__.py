"""The published page in a real browser: the page, its interactive panels, presenter mode."""

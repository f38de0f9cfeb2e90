"""Tests of `scenes/chapters/`: one file per chapter (its last-frame snapshot in snapshots/), their layout."""

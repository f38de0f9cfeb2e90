"""The chapters with the generated corpus of example files: layouts and extreme shapes (and the sweep)."""

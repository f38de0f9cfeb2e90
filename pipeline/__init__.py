"""Rendering pipeline behind `render.py`: presets, chapter selection, safe outputs, one chapter in-process."""

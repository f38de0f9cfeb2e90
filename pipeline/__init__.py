"""Rendering pipeline behind `render.py`: incremental (a manifest of input hashes), parallel (worker
processes), safe (temporary names renamed into place), in mp4, webm, gif and transparent mov."""

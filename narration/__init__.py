"""Narration: captions spoken by a voice, timed by the speech, mixed into every video."""

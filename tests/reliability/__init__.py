"""Reliability: bad input, kills and interrupts, concurrent renders, untrusted text."""

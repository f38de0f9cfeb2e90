"""The lecture's chapters (one module each) and the shared pieces they are built from."""

"""Running the jobs: worker processes, beat parts, Dask, the lock, the shared LaTeX cache and its errors."""

"""Before rendering: the settings, the chapters chosen, what each depends on, and the manifest of what was made."""

"""The frame code: what a chapter's pixels, encoding and own files depend on.

Every module in this package is hashed into every chapter's rebuild key (`plan.dependencies.FRAME_CODE`);
put code here only if it can change a chapter's frames, its encoding or the files written beside it.
"""

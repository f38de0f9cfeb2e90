"""After the chapters: the joined lecture, the documents made from it (slides, handout) and the page with its
presenter, all brought up to date by `update.after_render`."""

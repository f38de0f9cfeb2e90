"""A chapter's beat method run with its plays recorded instead of played, to check what each play was given."""


def recorded(scene, method: str, caption_seconds: float) -> list[tuple[tuple, dict]]:
    """Run `scene.method()` with `play` and `show` recorded (their animations and options, in order), no beat
    started, no reader waited for, and every caption read in `caption_seconds`; the scene's own methods after."""
    plays = []
    record = lambda *animations, **options: plays.append((animations, options))  # noqa: E731
    scene.show, scene.play, scene.wait_for_reader = record, record, lambda: None
    scene.beat, scene.caption_time = lambda name: None, lambda caption: caption_seconds
    try:
        getattr(scene, method)()
    finally:
        del scene.show, scene.play, scene.wait_for_reader, scene.beat, scene.caption_time
    return plays

"""Skipped plays made cheaper without changing where they leave a scene's mobjects.

manim skips a play by running it at its end in one step: it still copies each animation's mobject
(a transform's start and target), draws a picture it then drops, and keeps no frame. Copies are
most of that time. At the end of a plain transform the start drops out of `(1 - a) * start +
a * target` (a = 1), so it can start from its target's copy, or from its target when that is a copy made
for it alone; a FadeIn or FadeOut leaves its mobject's points and colours as they were, so it needs no copy
at all. Anything else is skipped as manim does.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def cheaper(scene) -> Iterator[None]:
    """While inside, the scene's plays (all skipped) cost less and leave its mobjects where manim's skipping
    does: nothing is drawn (no frame is kept, no mobject sorted into moving and static), a fade copies
    nothing (`fade_is_idle`), and a transform ending on its target starts from its target's copy
    (`starts_from_target`), or from its target if it made it for itself (`owns_target`)."""
    renderer, begin = scene.renderer, scene.begin_animations  # manim's Scene.begin_animations (no chapter's)
    saved = renderer.update_frame, renderer.save_static_frame_data

    def begin_animations() -> None:
        for animation in _nested(scene.animations):
            if fade_is_idle(animation):
                animation.begin = lambda a=animation: _idle_begin(a)
                animation.interpolate = lambda alpha: None
            elif starts_from_target(animation):
                animation.create_starting_mobject = lambda a=animation: a.target_copy
                if owns_target(animation):
                    animation.begin = lambda a=animation: _begin_on_own_target(a)
        for animation in scene.animations:  # Scene.begin_animations, without sorting moving from static
            animation._setup_scene(scene)  # mobjects for drawing: nothing is drawn (a rendered play sorts
            animation.begin()  # them afresh as it begins)
        scene.moving_mobjects, scene.static_mobjects = [], []

    renderer.update_frame = renderer.save_static_frame_data = lambda *args, **kwargs: None
    scene.begin_animations = begin_animations
    try:
        yield
    finally:
        renderer.update_frame, renderer.save_static_frame_data = saved
        scene.begin_animations = begin


def _plain_transform(animation) -> bool:
    """A transform whose mobject becomes `(1 - a) * start + a * target` on a straight path."""
    from manim import Transform
    from manim.animation.animation import Animation
    from manim.animation.transform import _MethodAnimation
    from manim.utils.bezier import interpolate

    kind = type(animation)
    return (
        isinstance(animation, Transform)
        and kind.finish in (Animation.finish, _MethodAnimation.finish)  # others may read the start (Restate)
        and kind.interpolate is Animation.interpolate
        and kind.interpolate_mobject is Animation.interpolate_mobject
        and kind.interpolate_submobject is Transform.interpolate_submobject
        and animation.path_func is interpolate
    )


def fade_is_idle(animation) -> bool:
    """Whether a skipped `animation` leaves its mobject's points and colours as they are: a FadeIn (its
    target is its mobject) ending at exactly 1, or a FadeOut (its clean-up goes back to its start)
    starting at exactly 0; only adding or removing the mobject is left, which the play does."""
    from manim import FadeIn, FadeOut, Transform

    kind = type(animation)
    if not _plain_transform(animation) or kind.begin is not Transform.begin:
        return False
    fade_in = (
        kind.create_target is FadeIn.create_target
        and kind.clean_up_from_scene is Transform.clean_up_from_scene
    )
    fade_out = kind.clean_up_from_scene is FadeOut.clean_up_from_scene and animation.rate_func(0.0) == 0.0
    return (fade_in and animation.rate_func(1.0) == 1.0) or fade_out


def _idle_begin(animation) -> None:
    """Transform.begin for an idle fade: its mobject is its own start and target, nothing is copied."""
    animation.target_mobject = animation.target_copy = animation.starting_mobject = animation.mobject
    if animation.suspend_mobject_updating:
        animation.mobject.suspend_updating()


def starts_from_target(animation) -> bool:
    """Whether a skipped `animation` ends the same wherever it starts: a plain transform whose rate function
    ends at exactly 1 (so its mobject becomes exactly its target), whose clean-up does not go back to
    the start."""
    from manim import Transform

    kind = type(animation)
    return (
        _plain_transform(animation)
        and kind.clean_up_from_scene is Transform.clean_up_from_scene
        and kind.begin is Transform.begin
        and animation.rate_func(1.0) == 1.0
    )


def owns_target(animation) -> bool:
    """Whether `animation` makes its target for itself, as a copy with a method applied (`.animate`,
    ApplyMethod, Restore): no one else holds it, so it can be aligned and ended on without a copy of it."""
    from manim import ApplyMethod, MoveToTarget
    from manim.animation.transform import _MethodAnimation

    kind = type(animation)
    return kind.create_target is ApplyMethod.create_target or (
        isinstance(animation, _MethodAnimation) and kind.create_target is MoveToTarget.create_target
    )


def _begin_on_own_target(animation) -> None:
    """Transform.begin for a transform that `owns_target` and `starts_from_target`: it copies nothing."""
    from manim.animation.animation import Animation

    animation.target_mobject = animation.target_copy = animation.create_target()
    animation.mobject.align_data(animation.target_copy)
    Animation.begin(animation)  # its start is its target (`starts_from_target`)


def _nested(animations):
    """The animations and, inside groups, theirs."""
    for animation in animations:
        yield animation
        yield from _nested(getattr(animation, "animations", ()))

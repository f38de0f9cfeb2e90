// Beat by beat on one video: play a beat to its end and stop on its last frame, step back, jump.
//
// A position is a beat and where in it: "start" (its first frame shown, not played yet), "playing", "paused"
// (held mid-beat by the pause key), or "end" (stopped on its last frame). A frame k is shown from k / fps to
// (k + 1) / fps; positions seek to a frame's middle, so the frame shown is never in doubt. While a beat plays,
// each display refresh (and each timeupdate, which still comes when refreshes are throttled) checks how near its
// last frame is; once within a refresh of it, the video pauses and shows that frame: it stops on the beat's last
// frame, never past it.

const REFRESH = 1 / 60; // seconds between display refreshes, at most (watching ahead by this much)

export function stepper(video, beats, fps, changed) {
  let beat = 0;
  let at = "start";
  let watching = 0;
  const middle = (frame) => (frame + 0.5) / fps;

  function stopWatching() {
    cancelAnimationFrame(watching);
    video.removeEventListener("timeupdate", check);
  }

  function show(index, where) {
    stopWatching();
    video.pause();
    [beat, at] = [index, where];
    video.currentTime = middle(where === "start" ? beats[index].start : beats[index].end - 1);
    changed();
  }

  function check() {
    const last = (beats[beat].end - 1) / fps; // when the beat's last frame begins
    if (video.ended || video.currentTime + REFRESH >= last) show(beat, "end");
    else watching = requestAnimationFrame(check);
  }

  function play(index) {
    stopWatching();
    const from = middle(beats[index].start);
    const resuming = beat === index && at === "paused"; // goes on from the paused frame
    const there = beat === index && at === "start" && Math.abs(video.currentTime - from) <= 0.5 / fps;
    if (!resuming && !there) video.currentTime = from;
    [beat, at] = [index, "playing"];
    video.play().catch(() => {
      if (beat === index && at === "playing") show(index, "start"); // refused, not cut short by a stop
    });
    video.addEventListener("timeupdate", check);
    watching = requestAnimationFrame(check);
    changed();
  }

  return {
    get position() {
      return { beat, at };
    },
    next() {
      if (at === "playing") show(beat, "end");
      else if (at === "start" || at === "paused") play(beat);
      else if (beat + 1 < beats.length) play(beat + 1);
    },
    back() {
      if (at === "start") show(Math.max(0, beat - 1), "start");
      else show(beat, "start");
    },
    pause() {
      if (at === "paused") return play(beat);
      if (at !== "playing") return;
      stopWatching();
      video.pause();
      at = "paused";
      changed();
    },
    first: () => show(0, "start"),
    last: () => show(beats.length - 1, "end"),
    go: (index, where = "start") => show(index, where),
  };
}

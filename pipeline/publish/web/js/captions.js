// Captions and descriptions from the page: a browser refuses a track file opened from disk, so its cues ride
// along in the page. The default track (the captions) shows; the others wait to be chosen.
// Captions over the picture: a player's box has a margin under its picture for the controls (page.css .player), and
// both browsers lay cues out over the whole box, so while the controls hide they would drop into that margin.

const CUE_LINE = 0.05; // a cue's line is 5% of the box's height, as both browsers size captions

function captionsFromPage(track) {
  const copy = track.parentElement.addTextTrack(track.kind, track.label, track.srclang);
  for (const [start, end, text] of JSON.parse(track.dataset.cues)) copy.addCue(new VTTCue(start, end, text));
  copy.mode = track.default ? "showing" : "hidden";
  track.remove();
}

export function wireCaptions() {
  for (const track of document.querySelectorAll("track[data-cues]")) {
    if (track.readyState === HTMLTrackElement.ERROR) captionsFromPage(track);
    else track.addEventListener("error", () => captionsFromPage(track), { once: true });
  }
  for (const video of document.querySelectorAll(".player video")) keepOverPicture(video);
}

// Each caption of `video` as many lines up from its box's bottom as the margin is tall and half a line more (the
// browsers count the bottom line as -1): over the picture and clear of the controls, shown or hidden, in Chromium and
// Firefox alike. Full screen, the picture fills the box: where the browser puts them.
function keepOverPicture(video) {
  const place = () => {
    const box = video.getBoundingClientRect();
    const picture = (box.width * video.videoHeight) / video.videoWidth;
    const full = document.fullscreenElement === video || !video.videoWidth || !box.height;
    const line = full ? "auto" : -(Math.ceil((box.height - picture) / (CUE_LINE * box.height) + 0.5) + 1);
    for (const track of Array.from(video.textTracks).filter((t) => t.kind === "captions")) {
      for (const cue of Array.from(track.cues || [])) if (cue.line !== line) cue.line = line;
    }
  };
  const watch = (track) => track.addEventListener("cuechange", place); // its cues are there once one is active
  Array.from(video.textTracks).forEach(watch);
  for (const element of video.querySelectorAll("track")) element.addEventListener("load", place); // before one is
  video.textTracks.addEventListener("addtrack", (event) => watch(event.track));
  video.addEventListener("loadedmetadata", place);
  addEventListener("resize", place);
  document.addEventListener("fullscreenchange", place);
}

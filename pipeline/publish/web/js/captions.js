// Captions and descriptions from the page: a browser refuses a track file opened from disk, so its cues ride
// along in the page. The default track (the captions) shows; the others wait to be chosen.

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
}

// Captions from the page: a browser refuses a track file opened from disk, so its cues ride along in the page.

function captionsFromPage(track) {
  const copy = track.parentElement.addTextTrack("captions", track.label, track.srclang);
  for (const [start, end, text] of JSON.parse(track.dataset.cues)) copy.addCue(new VTTCue(start, end, text));
  copy.mode = "showing";
  track.remove();
}

export function wireCaptions() {
  for (const track of document.querySelectorAll("track[data-cues]")) {
    if (track.readyState === HTMLTrackElement.ERROR) captionsFromPage(track);
    else track.addEventListener("error", () => captionsFromPage(track), { once: true });
  }
}

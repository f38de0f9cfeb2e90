// Audio description on the page: browsers neither show nor speak a descriptions track, so a switch under each player
// shows what its picture draws now, in a live region a screen reader reads as it changes. The cues are the track's
// own (carried in the page, which works opened from disk too).

function describe(video, track, button, text) {
  const cues = JSON.parse(track.dataset.cues);
  let shown = null;
  const update = () => {
    const on = button.getAttribute("aria-pressed") === "true";
    const now = on ? cues.find(([start, end]) => video.currentTime >= start && video.currentTime < end) : null;
    if (now === shown) return;
    shown = now;
    text.textContent = now ? now[2] : "";
  };
  button.addEventListener("click", () => {
    button.setAttribute("aria-pressed", String(button.getAttribute("aria-pressed") !== "true"));
    update();
  });
  for (const event of ["timeupdate", "seeked"]) video.addEventListener(event, update);
}

export function wireDescriptions() {
  for (const box of document.querySelectorAll("[data-describes]")) {
    const video = document.getElementById(box.dataset.describes);
    const track = video && video.querySelector('track[kind="descriptions"]');
    if (track) describe(video, track, box.querySelector("button"), box.querySelector(".description"));
  }
}

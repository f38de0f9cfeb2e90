// Each player's poster as a picture over its video until it plays or seeks: Firefox draws its play button in the
// middle of a poster it shows itself, over the picture; the controls stay in the margin under it (page.css .player),
// and a click on the picture reaches the player beneath.

export function wirePosters() {
  for (const video of document.querySelectorAll(".player video[poster]")) {
    const poster = document.createElement("img");
    const { width, height } = video;
    Object.assign(poster, { className: "poster", src: video.poster, alt: "", width, height });
    poster.setAttribute("aria-hidden", "true");
    video.after(poster);
    const gone = () => poster.remove();
    for (const event of ["play", "seeking"]) video.addEventListener(event, gone, { once: true });
  }
}

// Each chapter's beats under its video: a click plays the chapter from that beat.

export function wireBeats() {
  for (const list of document.querySelectorAll(".beats")) {
    const video = list.closest("article").querySelector("video");
    for (const button of list.querySelectorAll("[data-start]")) {
      button.addEventListener("click", () => {
        video.currentTime = Number(button.dataset.start);
        video.play().catch(() => {});
      });
    }
  }
}

// Each chapter's beats under its video: a click plays the chapter from that beat; the beat playing is marked.

export function wireBeats() {
  for (const list of document.querySelectorAll(".beats")) {
    const video = list.closest("article").querySelector("video");
    const buttons = Array.from(list.querySelectorAll("[data-start]"));
    for (const button of buttons) {
      button.addEventListener("click", () => {
        video.currentTime = Number(button.dataset.start);
        video.play().catch(() => {});
      });
    }
    video.addEventListener("timeupdate", () => {
      const current = buttons.filter((button) => Number(button.dataset.start) <= video.currentTime).pop();
      for (const button of buttons) button.setAttribute("aria-current", String(button === current));
    });
  }
}

// The full lecture's chapter buttons: a click seeks, and the chapter playing now is marked.

export function wireMarks() {
  const lecture = document.getElementById("lecture");
  if (!lecture) return;
  const marks = Array.from(document.querySelectorAll(".marks [data-start]"));
  for (const mark of marks) {
    mark.addEventListener("click", () => {
      lecture.currentTime = Number(mark.dataset.start);
      lecture.play().catch(() => {});
    });
  }
  lecture.addEventListener("timeupdate", () => {
    const now = lecture.currentTime + 0.05;
    const current = marks.filter((mark) => Number(mark.dataset.start) <= now).pop();
    for (const mark of marks) mark.setAttribute("aria-current", String(mark === current));
  });
}

// Presenter mode seeks at every jump and every stop, so its video must be seekable all through. A server that
// ignores byte-range requests (python -m http.server) gives Chromium a video it cannot seek: every seek lands
// back on 0:00 (a video of a megabyte or so is loaded whole and seeks all the same). Then the whole lecture is
// downloaded once and played from memory, where every seek works; meanwhile the page holds its keys and says why,
// and what to serve the folder with instead.
import { t } from "./strings.js";

const BETTER_SERVERS =
  "python -m RangeHTTPServer (pip install rangehttpserver), npx http-server, nginx or Caddy";
const MB = 1024 * 1024;

// Whether the video can seek to any time: its seekable range covers its whole duration.
function canSeek(video) {
  const ranges = video.seekable;
  return ranges.length > 0 && ranges.start(0) === 0 && ranges.end(ranges.length - 1) >= video.duration - 0.001;
}

// Resolves once `video` can seek anywhere; `say(text)` reports the download meanwhile (and "" when done), and
// `say(text, true)` a failure, after which it never resolves: the page must not step on a video it cannot seek.
export function seekable(video, say) {
  return metadata(video).then(() => {
    if (canSeek(video)) return;
    return wholeVideo(video, say).then((blob) => {
      const position = video.currentTime;
      video.src = URL.createObjectURL(blob);
      video.currentTime = position;
      return metadata(video).then(() => say(""));
    });
  });
}

function metadata(video) {
  if (video.readyState >= HTMLMediaElement.HAVE_METADATA) return Promise.resolve();
  return new Promise((done) => video.addEventListener("loadedmetadata", done, { once: true }));
}

async function wholeVideo(video, say) {
  const why = t("no_seeking");
  const instead = t("serve_instead", { servers: BETTER_SERVERS });
  const loading = (loaded, total) => {
    const megabytes = (bytes) => (bytes / MB).toFixed(1);
    const shown = { loaded: megabytes(loaded), total: megabytes(total) };
    const amount = loaded ? t(total ? "loaded_of" : "loaded", shown) : t("starting");
    say(t("loading", { why, amount, instead }));
  };
  try {
    loading(0, 0);
    const response = await fetch(video.currentSrc, { cache: "no-store" }); // not behind the video's own download
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    const total = Number(response.headers.get("Content-Length")) || 0;
    const reader = response.body.getReader();
    const parts = [];
    let loaded = 0;
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      parts.push(part.value);
      const before = Math.floor(loaded / MB);
      loaded += part.value.length;
      if (Math.floor(loaded / MB) !== before) loading(loaded, total); // said again once a megabyte
    }
    return new Blob(parts, { type: response.headers.get("Content-Type") || "video/mp4" });
  } catch (error) {
    say(t("loading_failed", { why, error: error.message, instead }), true);
    return new Promise(() => {});
  }
}

// The presenter and the speaker view talk by window.postMessage. Pages opened from disk have opaque origins,
// so messages go to any origin ("*") and are taken only from the partner window itself.

const KIND = "attention-lecture";

export function send(partner, message) {
  if (partner && !partner.closed) partner.postMessage({ kind: KIND, ...message }, "*");
}

// Call `handle(message)` for each message that `partner()` (the partner window, or null) sent.
export function listen(partner, handle) {
  window.addEventListener("message", (event) => {
    const from = partner();
    if (from && event.source === from && event.data && event.data.kind === KIND) handle(event.data);
  });
}

/* global window, document */
/**
 * The sign-in window's hand-over to the editor (copied to /admin/sign-in.js; the page is made by
 * src/features/editor/server/sign-in-page.ts). Decap's editor waits for "authorizing:github" from
 * this window, answers it, and then takes "authorization:github:success:{...}" or
 * "...:error:{...}". Every message goes to the one origin that started the sign-in: if the
 * window that opened this one is anywhere else, the browser drops it and nothing is handed over.
 */
(function handOver() {
  const data = JSON.parse(document.getElementById("sign-in").textContent);
  const status = document.getElementById("sign-in-status");
  if (!data) return;
  const editor = window.opener;
  if (!editor) {
    status.textContent =
      "This window was not opened by the editor. Open the site's /admin/ page and click Login with GitHub there.";
    return;
  }
  const outcome = data.token
    ? `authorization:${data.provider}:success:${JSON.stringify({ token: data.token, provider: data.provider })}`
    : `authorization:${data.provider}:error:${JSON.stringify({ message: data.message })}`;
  window.addEventListener("message", function answered(event) {
    if (event.source !== editor || event.origin !== data.origin || event.data !== `authorizing:${data.provider}`)
      return;
    window.removeEventListener("message", answered);
    editor.postMessage(outcome, data.origin);
  });
  editor.postMessage(`authorizing:${data.provider}`, data.origin);
})();

/**
 * The page GitHub's consent returns to (GET /api/editor/callback): says in words what happened, and its script
 * (/admin/sign-in.js) hands the outcome to the editor window with Decap's messages ("authorizing:github", then
 * "authorization:github:success:{token}" or "...:error:{message}"), posted only to `origin`, the page that
 * started the sign-in. The page's policy allows that one script and nothing else.
 */
import { escapeHtml } from "../../../lib/text/html-escape";
import { editorPageStart } from "../shared/editor-page-start";

export type SignInOutcome =
  | { ok: true; token: string; origin: string }
  /** origin null: no editor may be told (the sign-in did not start here); the window says why. */
  | { ok: false; message: string; origin: string | null };

/** JSON safe inside a script element: no "<" can end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

export function signInPage(outcome: SignInOutcome): string {
  const heading = outcome.ok ? "Signed in" : "Not signed in";
  const text = outcome.ok ? "Handing the sign-in to the editor; this window closes by itself." : outcome.message;
  const handOver = outcome.origin
    ? {
        provider: "github",
        origin: outcome.origin,
        ...(outcome.ok ? { token: outcome.token } : { message: outcome.message }),
      }
    : null;
  return `${editorPageStart(`${heading} | Content editor`)}
  </head>
  <body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5">
    <main>
      <h1>${heading}</h1>
      <p id="sign-in-status" role="status">${escapeHtml(text)}</p>
    </main>
    <script type="application/json" id="sign-in">${scriptJson(handOver)}</script>
    <script src="/admin/sign-in.js"></script>
  </body>
</html>
`;
}

/**
 * GET /api/editor/<step>: the content editor's GitHub sign-in, owned by the site (Decap's github backend):
 * `config` is what /admin starts with, `auth` checks the asking origin and sets a fresh state in an HttpOnly
 * cookie, and `callback` takes that state once, exchanges GitHub's code, checks push access, and hands the token
 * to that origin only (docs/editor.md). Every refusal is a page that says why, and every answer clears the
 * cookie. The token passes through memory only: never logged, never stored.
 */
import { timingSafeEqual } from "node:crypto";
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { parse as parseCookie, serialize as serializeCookie } from "cookie";
import { database } from "../../../lib/server/db/database";
import { HttpError, sendFailure } from "../../../lib/server/http/http-error";
import { readQuery } from "../../../lib/server/http/read-query";
import { throttle } from "../../../lib/server/http/rate-limit";
import { runtimeEnv } from "../../../lib/server/runtime/runtime";
import { signInPage, type SignInOutcome } from "./sign-in-page";
import {
  editorStart,
  isAllowedOrigin,
  originOf,
  signInSettings,
  SIGN_IN_PATH,
  type SignInSettings,
} from "./sign-in-settings";
import { newState, STATE_SECONDS, stateIsFresh, takeState } from "./sign-in-state";

const COOKIE = "editor_sign_in";
const SCOPE = "repo";
const TOO_MANY = "Too many sign-in attempts from this address; please wait a minute and try again.";

type Ready = Extract<SignInSettings, { ready: true }>;

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));

function query(req: GatsbyFunctionRequest, name: string): string {
  return readQuery(req)[name] ?? "";
}

function cookieOf(req: GatsbyFunctionRequest): { state: string; origin: string } | null {
  const [state, origin] = (parseCookie(req.headers.cookie ?? "")[COOKIE] ?? "").split(" ");
  return state && origin ? { state, origin } : null;
}

/** Sets the state's cookie, or clears it (maxAge 0); Secure wherever the site (URL) is https. */
function setCookie(res: GatsbyFunctionResponse, siteOrigin: string | null, value: string, maxAge: number) {
  res.setHeader(
    "Set-Cookie",
    serializeCookie(COOKIE, value, {
      path: SIGN_IN_PATH,
      maxAge,
      httpOnly: true,
      // Lax: GitHub's redirect back is a top-level navigation, which carries it; nothing else cross-site does.
      sameSite: "lax",
      secure: Boolean(siteOrigin?.startsWith("https:")),
    }),
  );
}

/** The page that asked, from Decap's site_id (its window's host): http for this machine, https elsewhere. */
function askingOrigin(siteId: string): string | null {
  if (!/^[a-z0-9.-]+(:\d{1,5})?$/i.test(siteId)) return null;
  const loopback = /^(localhost|127\.0\.0\.1)(:\d+)?$/i.test(siteId);
  return `${loopback ? "http" : "https"}://${siteId.toLowerCase()}`;
}

function start(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse, settings: Ready) {
  const origin = askingOrigin(query(req, "site_id"));
  if (!origin || !isAllowedOrigin(origin, settings.allowed)) {
    throw new HttpError(
      403,
      `This sign-in was asked for by ${origin ?? "a page that did not say where it is"}, which is not this site's editor. ` +
        "Open the editor at the site's own /admin/ address and click Login with GitHub there. " +
        "(A deploy preview may sign in only when the site's owner lists its number in EDITOR_PREVIEWS; docs/editor.md.)",
    );
  }
  const state = newState(new Date());
  setCookie(res, settings.siteOrigin, `${state} ${origin}`, STATE_SECONDS);
  const consent = new URL(settings.github.authorizeUrl);
  consent.search = new URLSearchParams({
    client_id: settings.clientId,
    redirect_uri: `${settings.siteOrigin}${SIGN_IN_PATH}/callback`,
    scope: SCOPE,
    state,
  }).toString();
  res.setHeader("Cache-Control", "no-store");
  // Netlify's runtime has no res.redirect: the status and Location are set as plain HTTP.
  res.setHeader("Location", consent.toString());
  res.status(302).send("");
}

async function github<T>(url: string, init: RequestInit, what: string): Promise<T> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) }).catch(() => null);
  if (!response) throw new Refusal(502, `GitHub could not be reached to ${what}. Please try again in a minute.`);
  if (response.status === 404 || response.status === 403 || response.status === 401) return null as T;
  if (!response.ok)
    throw new Refusal(502, `GitHub answered ${response.status} when asked to ${what}. Please try again.`);
  return (await response.json()) as T;
}

/** A sign-in refused: a status and the sentence the writer reads in the window and in the editor. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Takes the state in the database, or refuses the sign-in: without the database nobody can tell
 * whether the state was used before, so no sign-in is finished (fail closed).
 */
async function takeOnce(state: string, now: Date): Promise<void> {
  const taken = await database(runtimeEnv())
    .then((db) => takeState(db, state, now))
    .catch((error: unknown) => {
      console.error("[editor-sign-in] the used states cannot be checked:", (error as Error).message);
      throw new Refusal(
        503,
        "You are not signed in: the site's database, which makes sure each sign-in is used once, cannot be reached just now. " +
          "Nothing was handed over. Close this window and click Login with GitHub again in a few minutes; if it keeps happening, tell the site's owner.",
      );
    });
  if (taken === "used") {
    throw new Refusal(
      403,
      "This sign-in was used already, so it was stopped. Close this window and click Login with GitHub again.",
    );
  }
}

async function finish(req: GatsbyFunctionRequest, settings: Ready): Promise<SignInOutcome> {
  const now = new Date();
  const asked = cookieOf(req);
  const state = query(req, "state");
  if (!asked || !state || !sameText(asked.state, state) || !stateIsFresh(state, now)) {
    throw new Refusal(
      403,
      "This sign-in did not start in this browser, or it took more than ten minutes, so it was stopped. " +
        "Close this window and click Login with GitHub again.",
    );
  }
  if (!isAllowedOrigin(asked.origin, settings.allowed)) {
    throw new Refusal(
      403,
      `This sign-in was started by ${asked.origin.slice(0, 200)}, which may no longer use this site's editor, so it was stopped. ` +
        "Open the editor at the site's own /admin/ address and click Login with GitHub there.",
    );
  }
  await takeOnce(state, now);
  const denied = query(req, "error");
  if (denied) {
    throw new Refusal(
      403,
      denied === "access_denied"
        ? "You did not allow the editor to use your GitHub account, so you are not signed in. Click Login with GitHub again to allow it."
        : `GitHub did not sign you in (${denied.slice(0, 80)}). Click Login with GitHub again.`,
    );
  }
  const code = query(req, "code");
  if (!code) throw new Refusal(400, "GitHub's answer had no code in it. Click Login with GitHub again.");
  const exchanged = await github<{ access_token?: string; error?: string } | null>(
    settings.github.tokenUrl,
    {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: JSON.stringify({
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        code,
        redirect_uri: `${settings.siteOrigin}${SIGN_IN_PATH}/callback`,
      }),
    },
    "finish the sign-in",
  );
  const token = exchanged?.access_token;
  if (!token) {
    throw new Refusal(
      403,
      "GitHub did not accept this sign-in (the code was used already or has expired). Click Login with GitHub again.",
    );
  }
  const headers = { Accept: "application/vnd.github+json", Authorization: `token ${token}` };
  const user = await github<{ login: string } | null>(
    `${settings.github.apiRoot}/user`,
    { headers },
    "say who you are",
  );
  const repo = await github<{ permissions?: { push?: boolean } } | null>(
    `${settings.github.apiRoot}/repos/${settings.repo}`,
    { headers },
    "say who may edit",
  );
  if (!user || !repo?.permissions?.push) {
    throw new Refusal(
      403,
      `Your GitHub account${user ? ` @${user.login}` : ""} cannot change ${settings.repo}, so it cannot edit this site. ` +
        "Ask the site's owner to invite you to the repository with write access, accept the invitation on GitHub, then click Login with GitHub again.",
    );
  }
  return { ok: true, token, origin: asked.origin };
}

async function callback(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse, settings: Ready) {
  const origin = cookieOf(req)?.origin ?? null;
  let outcome: SignInOutcome;
  let status = 200;
  try {
    outcome = await finish(req, settings);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    status = error.status;
    // The editor is told why only where the sign-in started (it then shows the sentence itself).
    outcome = {
      ok: false,
      message: error.message,
      origin: origin && isAllowedOrigin(origin, settings.allowed) ? origin : null,
    };
  }
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Referrer-Policy", "no-referrer");
  res.setHeader(
    "Content-Security-Policy",
    "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  );
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.status(status).send(signInPage(outcome));
}

export async function editorSignInHandler(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  const step = String((req.params as Record<string, string> | undefined)?.step ?? "");
  // The sign-in window must stay the editor's (window.opener) from here to GitHub and back.
  res.setHeader("Cross-Origin-Opener-Policy", "unsafe-none");
  try {
    if (req.method !== "GET")
      throw new HttpError(405, "The editor's sign-in takes GET requests only.", { Allow: "GET" });
    if (step === "config") {
      res.setHeader("Cache-Control", "no-store");
      res.status(200).json(editorStart(runtimeEnv()));
      return;
    }
    if (step !== "auth" && step !== "callback") throw new HttpError(404, "There is no such address on this site.");
    // A state serves one callback, whatever its answer (a refusal, a limit, a setting missing).
    if (step === "callback") setCookie(res, originOf(runtimeEnv().URL), "", 0);
    throttle(req, "editor-sign-in", TOO_MANY);
    const settings = signInSettings(runtimeEnv());
    if (!settings.ready) {
      throw new HttpError(
        503,
        `Signing in with GitHub is not set up on this site yet: the owner must set ${settings.missing.join(", ")} (docs/editor.md).`,
      );
    }
    if (step === "auth") start(req, res, settings);
    else await callback(req, res, settings);
  } catch (error) {
    sendFailure(res, error, "editor-sign-in", "The sign-in failed on our side. Please try again in a minute.");
  }
}

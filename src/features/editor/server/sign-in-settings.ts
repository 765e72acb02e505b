/**
 * The content editor's sign-in settings, read at run time (runtimeEnv) so one build serves production, its
 * previews and a writer's machine: GITHUB_OAUTH_*, EDITOR_REPO, URL, EDITOR_ORIGINS, EDITOR_PREVIEWS,
 * GITHUB_ORIGIN and EDITOR_LOCAL_BACKEND (docs/developing.md, docs/editor.md). The sign-in window always runs
 * at URL, since a GitHub OAuth app has one callback address. A deploy preview receives a token only when the
 * owner names its number: it runs its pull request's code, which could take a writer's token.
 */
import { runtimeEnv } from "../../../lib/server/runtime/runtime";

/** Where the editor's pull requests go. */
export const EDITOR_BRANCH = "main";
/** The sign-in's steps under the site: /api/editor/auth and /api/editor/callback. */
export const SIGN_IN_PATH = "/api/editor";

export interface GitHubEndpoints {
  /** Where a writer is sent to consent, and where the code is exchanged for a token. */
  authorizeUrl: string;
  tokenUrl: string;
  /** GitHub's REST API, as Decap's github backend names it (api_root). */
  apiRoot: string;
}

export function githubEndpoints(env = runtimeEnv()): GitHubEndpoints {
  const origin = env.GITHUB_ORIGIN?.replace(/\/+$/, "");
  if (!origin) {
    return {
      authorizeUrl: "https://github.com/login/oauth/authorize",
      tokenUrl: "https://github.com/login/oauth/access_token",
      apiRoot: "https://api.github.com",
    };
  }
  return {
    authorizeUrl: `${origin}/login/oauth/authorize`,
    tokenUrl: `${origin}/login/oauth/access_token`,
    apiRoot: `${origin}/api/v3`,
  };
}

/** An origin ("https://host[:port]") of an address, or null for anything that is not http(s). */
export function originOf(address: string | undefined): string | null {
  if (!address) return null;
  try {
    const url = new URL(address.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
  } catch {
    return null;
  }
}

/** Netlify's name of the site, as its addresses spell it, or null for anything that could not be one. */
function netlifySiteName(env: NodeJS.ProcessEnv): string | null {
  const name = env.SITE_NAME?.trim().toLowerCase() ?? "";
  return /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/.test(name) ? name : null;
}

/** The deploy previews the owner named in EDITOR_PREVIEWS, as origins; entries that are not a number count for nothing. */
export function previewOrigins(env = runtimeEnv()): string[] {
  const site = netlifySiteName(env);
  if (!site) return [];
  const numbers = (env.EDITOR_PREVIEWS ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => /^[1-9]\d{0,8}$/.test(entry));
  return numbers.map((number) => `https://deploy-preview-${number}--${site}.netlify.app`);
}

/** The origins a writer's token may be handed to: URL, EDITOR_ORIGINS and the previews named in EDITOR_PREVIEWS. */
export function allowedOrigins(env = runtimeEnv()): string[] {
  const listed = [env.URL, ...(env.EDITOR_ORIGINS ?? "").split(",")].map(originOf);
  const exact = listed.filter((origin): origin is string => origin !== null);
  return [...new Set([...exact, ...previewOrigins(env)])];
}

export const isAllowedOrigin = (origin: string, allowed: readonly string[]): boolean => allowed.includes(origin);

export type SignInSettings =
  | {
      ready: true;
      clientId: string;
      clientSecret: string;
      repo: string;
      /** The origin the sign-in window runs on (URL's). */
      siteOrigin: string;
      github: GitHubEndpoints;
      /** Checked when the sign-in starts and again when GitHub sends it back (allowedOrigins). */
      allowed: string[];
    }
  | { ready: false; missing: string[] };

/** The settings, or the names of those missing. */
export function signInSettings(env = runtimeEnv()): SignInSettings {
  const siteOrigin = originOf(env.URL);
  const repo = env.EDITOR_REPO?.trim() ?? "";
  const missing = [
    ...(env.GITHUB_OAUTH_CLIENT_ID ? [] : ["GITHUB_OAUTH_CLIENT_ID"]),
    ...(env.GITHUB_OAUTH_CLIENT_SECRET ? [] : ["GITHUB_OAUTH_CLIENT_SECRET"]),
    ...(/^[\w.-]+\/[\w.-]+$/.test(repo) ? [] : ["EDITOR_REPO (owner/name)"]),
    ...(siteOrigin ? [] : ["URL (the site's address; Netlify sets it)"]),
  ];
  if (missing.length > 0 || !siteOrigin) return { ready: false, missing };
  return {
    ready: true,
    clientId: env.GITHUB_OAUTH_CLIENT_ID!,
    clientSecret: env.GITHUB_OAUTH_CLIENT_SECRET!,
    repo,
    siteOrigin,
    github: githubEndpoints(env),
    allowed: allowedOrigins(env),
  };
}

/**
 * What /admin starts with (GET /api/editor/config): the github backend signing in through this
 * site, or the local backend on a writer's machine, or, with neither, the sentence to show.
 */
export type EditorStart =
  | {
      mode: "github";
      backend: {
        name: "github";
        repo: string;
        branch: string;
        api_root: string;
        base_url: string;
        auth_endpoint: string;
        squash_merges: true;
      };
    }
  | { mode: "local"; url: string }
  | { mode: "none"; message: string };

export function editorStart(env = runtimeEnv()): EditorStart {
  const local = originOf(env.EDITOR_LOCAL_BACKEND) && env.EDITOR_LOCAL_BACKEND!;
  if (local) return { mode: "local", url: local };
  const settings = signInSettings(env);
  if (!settings.ready) {
    return {
      mode: "none",
      message:
        "Signing in with GitHub is not set up on this copy of the site " +
        `(missing: ${settings.missing.join(", ")}; docs/editor.md says how). ` +
        "To edit the files of your own copy instead, run `npm run cms` and open http://localhost:8000/admin/.",
    };
  }
  return {
    mode: "github",
    backend: {
      name: "github",
      repo: settings.repo,
      branch: EDITOR_BRANCH,
      api_root: settings.github.apiRoot,
      base_url: settings.siteOrigin,
      auth_endpoint: `${SIGN_IN_PATH.slice(1)}/auth`,
      squash_merges: true,
    },
  };
}

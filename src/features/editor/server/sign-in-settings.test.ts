import { allowedOrigins, editorStart, githubEndpoints, isAllowedOrigin, previewOrigins } from "./sign-in-settings";

const production = {
  GITHUB_OAUTH_CLIENT_ID: "id",
  GITHUB_OAUTH_CLIENT_SECRET: "secret",
  EDITOR_REPO: "severn-ridge/website",
  URL: "https://severnridge.example",
  SITE_NAME: "severn-ridge",
};

describe("where /admin signs in", () => {
  test("with the GitHub settings: the github backend, its window on the site's main address", () => {
    expect(editorStart(production)).toEqual({
      mode: "github",
      backend: {
        name: "github",
        repo: "severn-ridge/website",
        branch: "main",
        api_root: "https://api.github.com",
        base_url: "https://severnridge.example",
        auth_endpoint: "api/editor/auth",
        squash_merges: true,
      },
    });
  });

  test("a local backend started by `npm start` or `npm run cms` comes first", () => {
    expect(editorStart({ ...production, EDITOR_LOCAL_BACKEND: "http://127.0.0.1:8081/api/v1" })).toEqual({
      mode: "local",
      url: "http://127.0.0.1:8081/api/v1",
    });
  });

  test("with neither, the page names what is missing and what to run", () => {
    const start = editorStart({ URL: "https://severnridge.example", GITHUB_OAUTH_CLIENT_ID: "id" });
    expect(start.mode).toBe("none");
    expect(start).toMatchObject({
      message: expect.stringContaining("missing: GITHUB_OAUTH_CLIENT_SECRET, EDITOR_REPO (owner/name)"),
    });
    expect(start).toMatchObject({ message: expect.stringContaining("run `npm run cms`") });
  });

  test("GITHUB_ORIGIN moves OAuth and the API together, as GitHub Enterprise lays them out", () => {
    expect(githubEndpoints({ GITHUB_ORIGIN: "http://127.0.0.1:4000/" })).toEqual({
      authorizeUrl: "http://127.0.0.1:4000/login/oauth/authorize",
      tokenUrl: "http://127.0.0.1:4000/login/oauth/access_token",
      apiRoot: "http://127.0.0.1:4000/api/v3",
    });
  });

  test("the token goes to production and its listed domains; SITE_NAME alone allows no deploy preview", () => {
    const allowed = allowedOrigins({ ...production, EDITOR_ORIGINS: "https://www.severnridge.example, not a url" });
    expect(allowed).toEqual(["https://severnridge.example", "https://www.severnridge.example"]);
    for (const origin of ["https://severnridge.example", "https://www.severnridge.example"]) {
      expect(isAllowedOrigin(origin, allowed)).toBe(true);
    }
    for (const origin of [
      "https://deploy-preview-12--severn-ridge.netlify.app",
      "http://severnridge.example",
      "https://evil.example",
      "https://severn-ridge.netlify.app.evil.example",
    ]) {
      expect(isAllowedOrigin(origin, allowed)).toBe(false);
    }
  });

  test("EDITOR_PREVIEWS lets the deploy previews it names by number sign in, and only those", () => {
    const allowed = allowedOrigins({ ...production, EDITOR_PREVIEWS: " 12, 7 ,12" });
    expect(allowed).toEqual([
      "https://severnridge.example",
      "https://deploy-preview-12--severn-ridge.netlify.app",
      "https://deploy-preview-7--severn-ridge.netlify.app",
    ]);
    for (const origin of [
      "https://deploy-preview-1--severn-ridge.netlify.app",
      "https://deploy-preview-120--severn-ridge.netlify.app",
      "https://deploy-preview-12--severn-ridge-evil.netlify.app",
      "http://deploy-preview-12--severn-ridge.netlify.app",
    ]) {
      expect(isAllowedOrigin(origin, allowed)).toBe(false);
    }
  });

  test("EDITOR_PREVIEWS takes numbers only: no pattern, word or origin opens previews at large", () => {
    for (const listed of ["*", "all", "true", "7-9", "0", "07", "deploy-preview-7", "https://evil.example", "-1"]) {
      expect(previewOrigins({ ...production, EDITOR_PREVIEWS: listed })).toEqual([]);
    }
  });

  test("a preview is named after SITE_NAME: none without it, or with one that is not a Netlify site name", () => {
    const { SITE_NAME: _, ...withoutName } = production;
    expect(previewOrigins({ ...withoutName, EDITOR_PREVIEWS: "12" })).toEqual([]);
    expect(previewOrigins({ ...production, SITE_NAME: "evil.example/x", EDITOR_PREVIEWS: "12" })).toEqual([]);
    expect(previewOrigins({ ...production, SITE_NAME: "Severn-Ridge", EDITOR_PREVIEWS: "12" })).toEqual([
      "https://deploy-preview-12--severn-ridge.netlify.app",
    ]);
  });
});

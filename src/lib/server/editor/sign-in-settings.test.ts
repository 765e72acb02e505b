import { allowedOrigins, editorStart, githubEndpoints, isAllowedOrigin } from "./sign-in-settings";

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

  test("the token goes to production, its listed domains and this site's deploy previews only", () => {
    const allowed = allowedOrigins({ ...production, EDITOR_ORIGINS: "https://www.severnridge.example, not a url" });
    for (const origin of [
      "https://severnridge.example",
      "https://www.severnridge.example",
      "https://deploy-preview-12--severn-ridge.netlify.app",
    ]) {
      expect(isAllowedOrigin(origin, allowed)).toBe(true);
    }
    for (const origin of [
      "http://severnridge.example",
      "https://deploy-preview-12--severn-ridge-evil.netlify.app",
      "https://deploy-preview-x--severn-ridge.netlify.app",
      "https://evil.example",
      "https://severn-ridge.netlify.app.evil.example",
    ]) {
      expect(isAllowedOrigin(origin, allowed)).toBe(false);
    }
  });
});

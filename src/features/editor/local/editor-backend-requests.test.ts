/** @jest-environment node */
import { checkRequest } from "./editor-backend-requests";
import { relativeName, siteEditorScope } from "./editor-backend-scope";
import { editorConfig } from "../shared/editor-config";

const scope = siteEditorScope();
const business = editorConfig().collections.find((entry) => entry.name === "business");
const businessFiles = (business as { files: { file: string }[] }).files.map((entry) => entry.file);
const branch = "main";
const post = "content/blog/radon-in-finished-basements/index.mdx";
const save = (dataFiles: unknown[], assets: unknown[] = []) => ({
  action: "persistEntry",
  params: { branch, dataFiles, assets, options: { commitMessage: "Save", useWorkflow: false, status: "draft" } },
});
const upload = (assetPath: string) => ({
  action: "persistMedia",
  params: { branch, asset: { path: assetPath, content: "AA==", encoding: "base64" }, options: { commitMessage: "Up" } },
});
const refusal = (body: unknown) => {
  const verdict = checkRequest(body, scope);
  return "refusal" in verdict ? verdict.refusal : undefined;
};

describe("the editor backend's scope", () => {
  it("is what the editor's collections and media folder name", () => {
    expect(scope).toEqual({
      entryFolders: [
        { folder: "content/blog", extension: "mdx", mediaInside: true },
        { folder: "content/services", extension: "mdx", mediaInside: false },
        { folder: "content/areas", extension: "mdx", mediaInside: false },
      ],
      // Each file of the editor's "business" collection (its list: src/features/editor/shared/editor-config.test.ts),
      // and the inspection agreement.
      entryFiles: [...businessFiles, "content/agreement.md"],
      mediaFolder: "static/uploads",
    });
  });

  it.each([
    ["content/blog/a/index.mdx", "content/blog/a/index.mdx"],
    ["./content//blog/a/", "content/blog/a"],
    ["", undefined],
    [".", undefined],
    ["/etc/passwd", undefined],
    ["C:\\site\\gatsby-node.ts", undefined],
    ["content\\..\\gatsby-node.ts", undefined],
    ["content/../gatsby-node.ts", undefined],
    ["content/blog/.git/config", undefined],
    [".GIT/config", undefined],
    ["content/blog/a\0.mdx", undefined],
    [42, undefined],
  ])("reads the name %j as %j", (value, name) => {
    expect(relativeName(value)).toBe(name);
  });
});

describe("checkRequest", () => {
  it.each([
    ["the backend's description", { action: "info" }],
    [
      "the posts",
      { action: "entriesByFolder", params: { branch, folder: "content/blog", extension: "mdx", depth: 2 } },
    ],
    ["a business file", { action: "entriesByFiles", params: { branch, files: [{ path: "content/site.yaml" }] } }],
    ["a post", { action: "getEntry", params: { branch, path: post } }],
    ["a post and its cover", save([{ slug: "a", path: post, raw: "x" }], [{ path: "content/blog/a/cover.jpg" }])],
    ["a post renamed", save([{ slug: "b", path: post, newPath: "content/blog/b/index.mdx", raw: "x" }], [])],
    ["a service page", save([{ slug: "radon", path: "content/services/radon.mdx", raw: "x" }])],
    ["the media folder", { action: "getMedia", params: { branch, mediaFolder: "static/uploads" } }],
    ["a post's own folder", { action: "getMedia", params: { branch, mediaFolder: "content/blog/a" } }],
    ["a new post's folder", { action: "getMedia", params: { branch, mediaFolder: "content/blog" } }],
    ["an image", { action: "getMediaFile", params: { branch, path: "static/uploads/a.png" } }],
    ["an upload", upload("static/uploads/a.png")],
    [
      "a post and its cover deleted",
      { action: "deleteFiles", params: { branch, paths: [post, "content/blog/a/x.jpg"] } },
    ],
  ])("passes what the editor sends: %s", (_, body) => {
    expect(refusal(body)).toBeUndefined();
  });

  it.each([
    ["gatsby-node.ts saved", save([{ slug: "x", path: "gatsby-node.ts", raw: "x" }])],
    ["package.json uploaded", upload("package.json")],
    [".env as a post's asset", save([{ slug: "a", path: post, raw: "x" }], [{ path: ".env" }])],
    ["the old form with entry", { action: "persistEntry", params: { branch, entry: { path: ".env" }, assets: [] } }],
    [
      "entry beside good dataFiles",
      {
        ...save([{ path: post }]),
        params: { ...save([]).params, dataFiles: [{ path: post }], entry: { path: ".env" } },
      },
    ],
    ["a git hook", upload(".git/hooks/pre-commit")],
    ["a post's .git", upload("content/blog/.git/hooks/pre-commit")],
    ["netlify.toml deleted", { action: "deleteFiles", params: { branch, paths: [post, "netlify.toml"] } }],
    ["deleteFile, which the editor never sends", { action: "deleteFile", params: { branch, path: post } }],
    [".git/config read", { action: "getEntry", params: { branch, path: ".git/config" } }],
    [".git/config read as media", { action: "getMediaFile", params: { branch, path: ".git/config" } }],
    ["the top folder listed", { action: "getMedia", params: { branch, mediaFolder: "." } }],
    ["content/ listed as media", { action: "getMedia", params: { branch, mediaFolder: "content" } }],
    ["a service folder listed as media", { action: "getMedia", params: { branch, mediaFolder: "content/services" } }],
    [
      "the top folder's entries",
      { action: "entriesByFolder", params: { branch, folder: "", extension: "", depth: 9 } },
    ],
    ["a .. out of content/", save([{ slug: "x", path: "content/blog/../../gatsby-config.ts", raw: "x" }])],
    ["an absolute path", upload("/tmp/site/static/uploads/a.png")],
    ["a script as a post", save([{ slug: "x", path: "content/blog/x/index.js", raw: "x" }])],
    ["an upload among the service pages", upload("content/services/a.png")],
    ["a YAML file the editor does not edit", save([{ slug: "x", path: "content/navigation.yaml", raw: "x" }])],
    ["a post renamed out of its collection", save([{ path: post, newPath: "content/services/a.mdx", raw: "x" }])],
    ["a business file renamed", save([{ path: "content/site.yaml", newPath: "content/faq.yaml", raw: "x" }])],
    ["a workflow action", { action: "unpublishedEntries", params: { branch } }],
    ["an inherited name as action", { action: "constructor", params: {} }],
    ["a path that is not a string", { action: "getEntry", params: { branch, path: ["content/site.yaml"] } }],
    [
      "dataFiles that are not a list",
      { action: "persistEntry", params: { branch, dataFiles: { path: post }, assets: [] } },
    ],
    ["no action", { params: {} }],
    ["not an object", ["getEntry"]],
  ])("refuses %s", (_, body) => {
    expect(refusal(body)).toEqual(expect.any(String));
  });
});

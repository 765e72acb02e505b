/**
 * The content editor's backend as `npm run cms` starts it: the real decap-server over a
 * throwaway copy of the site, behind its guard. Each attack of the security finding (a web page
 * that rebinds its DNS name to 127.0.0.1 and plants code the writer's next build runs) is
 * refused with 403 and leaves every file of the copy as it was; what the editor itself sends (a
 * post under content/blog/, an upload to the media folder) still works.
 */
import { createHash } from "node:crypto";
import { copyFile, lstat, mkdir, readdir, readFile, readlink, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { postJson, send, type Answer } from "../support/function-server";
import { copySite, siteRoot } from "../../scripts/lib/site-copy";
import { startEditor } from "../support/editor";

const branch = "main";
const secrets = {
  env: "SMTP_PASSWORD=not-for-the-editor\n",
  gitConfig: '[remote "origin"]\n\turl = git@example.com:site\n',
};
const post = {
  path: "content/blog/radon-in-finished-basements/index.mdx",
  raw: "---\ntitle: Radon in Finished Basements\n---\n\nA post.\n",
};
const planted = "require('child_process').execSync('touch /tmp/owned');\n";
const base64 = (text: string) => Buffer.from(text).toString("base64");

let site: Awaited<ReturnType<typeof copySite>>;
let editor: Awaited<ReturnType<typeof startEditor>>;

beforeAll(async () => {
  site = await copySite();
  // What the attacker reached in a working copy that the copy lacks.
  await copyFile(path.join(siteRoot, "netlify.toml"), path.join(site.dir, "netlify.toml"));
  await writeFile(path.join(site.dir, ".env"), secrets.env);
  await mkdir(path.join(site.dir, ".git", "hooks"), { recursive: true });
  await writeFile(path.join(site.dir, ".git", "config"), secrets.gitConfig);
  editor = await startEditor(site.dir);
});

afterAll(async () => {
  await editor?.stop();
  await site?.remove();
});

/** Every file, folder and link under a folder, by relative name: a file by its content's hash. */
async function snapshot(dir: string, prefix = ""): Promise<Record<string, string>> {
  const entries: Record<string, string> = {};
  for (const entry of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const name = path.posix.join(prefix, entry.name);
    const full = path.join(dir, name);
    if (entry.isSymbolicLink()) entries[name] = `link to ${await readlink(full)}`;
    else if (entry.isDirectory()) Object.assign(entries, { [name]: "folder" }, await snapshot(dir, name));
    else
      entries[name] = createHash("sha256")
        .update(await readFile(full))
        .digest("hex");
  }
  return entries;
}

/** A request from the editor's own page, unless the test says otherwise. */
const call = (body: unknown, headers: Record<string, string> = {}) =>
  postJson(editor.backendUrl, body, undefined, { origin: editor.origin, ...headers });

const port = () => new URL(editor.backendUrl).port;
const save = (dataFiles: unknown[], assets: unknown[] = []) => ({
  action: "persistEntry",
  params: { branch, dataFiles, assets, options: { commitMessage: "Save", useWorkflow: false, status: "draft" } },
});
const upload = (file: string, content: string) => ({
  action: "persistMedia",
  params: {
    branch,
    asset: { path: file, content: base64(content), encoding: "base64" },
    options: { commitMessage: "Up" },
  },
});
const savePost = () => save([{ slug: "radon-in-finished-basements", path: post.path, raw: post.raw }]);

/** Sends a request and expects a refusal that told why, changed nothing and gave away no secret. */
async function expectRefused(request: () => Promise<Answer>) {
  const before = await snapshot(site.dir);
  const { status, body } = await request();
  expect(status).toBe(403);
  expect(JSON.parse(body)).toEqual({ error: expect.any(String) });
  expect(body).not.toContain("SMTP_PASSWORD");
  expect(body).not.toContain("[remote");
  expect(await snapshot(site.dir)).toEqual(before);
}

describe("the attacks of the finding are refused, and no file changes", () => {
  test("writing gatsby-node.ts as an entry", async () => {
    await expectRefused(() => call(save([{ slug: "x", path: "gatsby-node.ts", raw: planted }])));
  });

  test("writing package.json as an upload", async () => {
    await expectRefused(() => call(upload("package.json", '{ "scripts": { "build": "touch /tmp/owned" } }')));
  });

  test("writing .env as the asset of a post", async () => {
    const dotEnv = { path: ".env", content: base64("X=1"), encoding: "base64" };
    await expectRefused(() => call(save([{ slug: "a", path: post.path, raw: post.raw }], [dotEnv])));
  });

  test("writing .git/hooks/pre-commit", async () => {
    await expectRefused(() => call(upload(".git/hooks/pre-commit", `#!/bin/sh\n${planted}`)));
  });

  test("deleting netlify.toml", async () => {
    await expectRefused(() =>
      call({
        action: "deleteFiles",
        params: { branch, paths: ["netlify.toml"], options: { commitMessage: "Delete" } },
      }),
    );
    await expectRefused(() =>
      call({ action: "deleteFile", params: { branch, path: "netlify.toml", options: { commitMessage: "Delete" } } }),
    );
  });

  test("reading .git/config", async () => {
    await expectRefused(() => call({ action: "getEntry", params: { branch, path: ".git/config" } }));
    await expectRefused(() => call({ action: "getMediaFile", params: { branch, path: ".git/config" } }));
  });

  test('listing the top folder with getMedia on "."', async () => {
    await expectRefused(() => call({ action: "getMedia", params: { branch, mediaFolder: "." } }));
  });

  test("a path whose .. leads out of content/", async () => {
    await expectRefused(() => call(save([{ slug: "x", path: "content/blog/../../gatsby-config.ts", raw: planted }])));
  });

  test("an absolute path into the repository", async () => {
    await expectRefused(() => call(upload(path.join(site.dir, "gatsby-node.ts"), planted)));
  });

  test("a path through a symbolic link out of content/", async () => {
    const link = path.join(site.dir, "content", "blog", "escape");
    await symlink(site.dir, link, "dir");
    try {
      await expectRefused(() => call(upload("content/blog/escape/gatsby-node.ts", planted)));
      await expectRefused(() =>
        call({ action: "entriesByFolder", params: { branch, folder: "content/blog", extension: "mdx", depth: 3 } }),
      );
    } finally {
      await rm(link);
    }
  });

  test("the editor's own request, sent to the name evil.example (DNS rebinding)", async () => {
    await expectRefused(() => call(savePost(), { host: `evil.example:${port()}` }));
  });

  test("the editor's own request, from a page of another origin", async () => {
    await expectRefused(() => call(savePost(), { origin: `http://evil.example:${port()}` }));
  });
});

describe("what the editor sends still works", () => {
  test("the browser's CORS question from the editor's page is answered", async () => {
    const answer = await send(editor.backendUrl, {
      method: "OPTIONS",
      headers: {
        origin: editor.origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers["access-control-allow-origin"]).toBe(editor.origin);
  });

  test("a post saved under content/blog/ is written, and nothing else", async () => {
    const before = await snapshot(site.dir);
    const { status } = await call(savePost());
    expect(status).toBe(200);
    expect(await readFile(path.join(site.dir, post.path), "utf8")).toBe(post.raw);
    const added = Object.keys(await snapshot(site.dir)).filter((name) => !(name in before));
    expect(added.sort()).toEqual([path.posix.dirname(post.path), post.path]);
  });

  test("an image uploaded to the media folder is written, and the editor reads it back", async () => {
    const image = "static/uploads/radon-fan.png";
    const { status } = await call(upload(image, "not really a PNG"));
    expect(status).toBe(200);
    expect(await readFile(path.join(site.dir, image), "utf8")).toBe("not really a PNG");
    expect((await lstat(path.join(site.dir, image))).isFile()).toBe(true);
    const listed = await call({ action: "getMedia", params: { branch, mediaFolder: "static/uploads" } });
    expect(listed.status).toBe(200);
    expect(JSON.parse(listed.body)).toEqual([
      expect.objectContaining({ path: image, content: base64("not really a PNG") }),
    ]);
  });

  test("the editor lists the posts and reads a business file", async () => {
    const posts = await call({
      action: "entriesByFolder",
      params: { branch, folder: "content/blog", extension: "mdx", depth: 2 },
    });
    expect(posts.status).toBe(200);
    const listed = (JSON.parse(posts.body) as Array<{ file: { path: string } }>).map(({ file }) => file.path);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((name) => name.startsWith("content/blog/") && name.endsWith(".mdx"))).toBe(true);
    const facts = await call({ action: "entriesByFiles", params: { branch, files: [{ path: "content/site.yaml" }] } });
    expect(facts.status).toBe(200);
    expect(JSON.parse(facts.body)[0].data).toBe(await readFile(path.join(site.dir, "content", "site.yaml"), "utf8"));
  });
});

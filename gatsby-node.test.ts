/**
 * @jest-environment node
 *
 * gatsby-node's sourcing of posts, called as Gatsby calls it: a draft becomes a page while
 * writing (gatsby develop runs with NODE_ENV=development) and is left out of a build
 * (NODE_ENV=production). The production side is also checked by a real build in
 * tests/integration/drafts.test.ts.
 */
import path from "node:path";

// The MDX renderer is ESM, which Jest's CommonJS runtime cannot load; the real one runs in every build.
jest.mock("./src/lib/mdx-html", () => ({ mdxToHtml: async (body: string) => `<p>${body}</p>` }));

async function sourcePost(nodeEnv: string, frontmatter: Record<string, unknown>) {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = nodeEnv;
  const createNode = jest.fn();
  const reporter = { error: jest.fn(), panicOnBuild: jest.fn() };
  let sourced: unknown;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { onCreateNode } = require("./gatsby-node") as typeof import("./gatsby-node");
    sourced = onCreateNode!(
      {
        node: {
          id: "mdx-1",
          internal: { type: "Mdx", contentFilePath: path.resolve("content/blog/sump-pump-notes/index.mdx") },
          frontmatter,
          body: "Sump pumps keep basements dry.",
        },
        actions: { createNode, createParentChildLink: jest.fn() },
        createNodeId: (seed: string) => `id:${seed}`,
        createContentDigest: () => "digest",
        reporter,
      } as never,
      {} as never,
      () => undefined,
    );
  });
  await sourced;
  process.env.NODE_ENV = previous;
  return { createNode, reporter };
}

const draft = {
  title: "A Post Still Being Written",
  description: "Not finished yet.",
  date: "2026-11-01",
  author: "Daniel Reyes",
  draft: true,
};

test("a draft is a page in gatsby develop", async () => {
  const { createNode, reporter } = await sourcePost("development", draft);
  expect(reporter.error).not.toHaveBeenCalled();
  expect(createNode).toHaveBeenCalledWith(
    expect.objectContaining({ title: "A Post Still Being Written", path: "/blog/sump-pump-notes", draft: true }),
  );
});

test("a draft is left out of a production build; a finished post is not", async () => {
  expect((await sourcePost("production", draft)).createNode).not.toHaveBeenCalled();
  expect((await sourcePost("production", { ...draft, draft: false })).createNode).toHaveBeenCalledWith(
    expect.objectContaining({ internal: expect.objectContaining({ type: "BlogPost" }) }),
  );
});

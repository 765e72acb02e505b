/**
 * @jest-environment node
 *
 * The sourcing of posts, called as Gatsby calls onCreateNode: a draft becomes a page while
 * writing (gatsby develop) and is left out of a production build (gatsby-node.ts passes
 * production when NODE_ENV is "production", as gatsby build sets it).
 */
import path from "node:path";
import { ContentProblems } from "./content-problems";
import { sourceContent } from "./source-content";

// The MDX renderer is ESM, which Jest's CommonJS runtime cannot load; the real one runs in every build.
jest.mock("../src/build/mdx-html", () => ({ mdxToHtml: async (body: string) => `<p>${body}</p>` }));

async function sourcePost(mode: "development" | "production", frontmatter: Record<string, unknown>) {
  const production = mode === "production";
  const createNode = jest.fn();
  const reporter = { error: jest.fn(), panicOnBuild: jest.fn() };
  const onCreateNode = sourceContent({ problems: new ContentProblems(production), production })!;
  await onCreateNode(
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

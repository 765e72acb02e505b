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
jest.mock("../src/build-time/mdx-html", () => ({ mdxToHtml: async (body: string) => `<p>${body}</p>` }));

/** Calls the sourcing as Gatsby calls onCreateNode with one MDX node; what it created and reported. */
async function sourceNode(
  options: { production: boolean; reportAtOnce: boolean },
  node: { id: string; file: string; frontmatter: Record<string, unknown>; body: string },
) {
  const createNode = jest.fn();
  const reporter = { error: jest.fn(), panicOnBuild: jest.fn() };
  const onCreateNode = sourceContent({
    problems: new ContentProblems(!options.reportAtOnce),
    production: options.production,
  })!;
  await onCreateNode(
    {
      node: {
        id: node.id,
        internal: { type: "Mdx", contentFilePath: path.resolve(node.file) },
        frontmatter: node.frontmatter,
        body: node.body,
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

function sourcePost(mode: "development" | "production", frontmatter: Record<string, unknown>) {
  const production = mode === "production";
  return sourceNode(
    { production, reportAtOnce: !production },
    {
      id: "mdx-1",
      file: "content/blog/sump-pump-notes/index.mdx",
      frontmatter,
      body: "Sump pumps keep basements dry.",
    },
  );
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

function sourceAgreement(frontmatter: Record<string, unknown>, body: string) {
  // Problems reported at once, as in gatsby develop, so the test reads each.
  return sourceNode(
    { production: true, reportAtOnce: true },
    { id: "mdx-agreement", file: "content/agreement.md", frontmatter, body },
  );
}

const agreement = {
  title: "Inspection agreement",
  reportWithinBusinessDays: 3,
  residentialStandard: "COMAR 09.36.07",
  commercialStandard: "ASTM E2018",
};

test("the agreement is checked, not made a page; a bad field or an unknown placeholder stops the build, named", async () => {
  const good = await sourceAgreement(agreement, "Between {{business}} and {{client}}.");
  expect(good.reporter.error).not.toHaveBeenCalled();
  expect(good.createNode).not.toHaveBeenCalled();
  const late = await sourceAgreement({ ...agreement, reportWithinBusinessDays: 10 }, "{{client}}");
  expect(String(late.reporter.error.mock.calls[0]?.[0])).toMatch(/agreement\.md.*reportWithinBusinessDays/s);
  const unknown = await sourceAgreement(agreement, "Dear {{customer}},");
  expect(String(unknown.reporter.error.mock.calls[0]?.[0])).toMatch(/agreement\.md: \{\{customer\}\} is not filled in/);
});

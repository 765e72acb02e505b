/**
 * @jest-environment node
 *
 * The sourcing of posts, called as Gatsby calls onCreateNode: a draft becomes a page while
 * writing (gatsby develop) and is left out of a production build (gatsby-node.ts passes
 * production when NODE_ENV is "production", as gatsby build sets it).
 */
import path from "node:path";
import { stringify } from "yaml";
import { ContentProblems } from "./content-problems";
import { sourceContent } from "./source-content";

/** A content file's text: its front matter, written as YAML, then its copy. */
const fileText = (frontmatter: Record<string, unknown>, body: string) => `---\n${stringify(frontmatter)}---\n${body}`;

/**
 * Calls the sourcing as Gatsby calls onCreateNode with the Mdx node gatsby-plugin-mdx makes of one
 * content file; what it created and reported.
 */
async function sourceNode(
  options: { production: boolean; reportAtOnce: boolean },
  node: { id: string; file: string; text: string },
) {
  const createNode = jest.fn();
  const reporter = { error: jest.fn(), panicOnBuild: jest.fn() };
  const onCreateNode = sourceContent({
    problems: new ContentProblems(!options.reportAtOnce),
    production: options.production,
  })!;
  await onCreateNode(
    {
      // The plugin's Mdx node, whose parent is the File node gatsby-source-filesystem makes; the
      // file's text as Gatsby's loadNodeContent gives it.
      node: { id: node.id, parent: `file:${node.id}`, internal: { type: "Mdx" } },
      getNode: (id: string) =>
        id === `file:${node.id}`
          ? {
              id,
              internal: { type: "File" },
              sourceInstanceName: "content",
              extension: path.extname(node.file).slice(1),
              absolutePath: path.resolve(node.file),
            }
          : undefined,
      loadNodeContent: async () => node.text,
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
      text: fileText(frontmatter, "Sump pumps keep basements dry."),
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
    { id: "mdx-agreement", file: "content/agreement.md", text: fileText(frontmatter, body) },
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

test("front matter that is not valid YAML, or not closed, stops the build with the file named", async () => {
  const source = (text: string) =>
    sourceNode(
      { production: true, reportAtOnce: true },
      { id: "mdx-broken", file: "content/services/radon.mdx", text },
    );
  const unquoted = await source("---\ntitle: Radon: what to know\n---\nRadon is a gas.\n");
  expect(unquoted.createNode).not.toHaveBeenCalled();
  expect(String(unquoted.reporter.error.mock.calls[0]?.[0])).toMatch(
    /content\/services\/radon\.mdx: the front matter is not valid YAML: .*line 2/s,
  );
  const unclosed = await source("---\ntitle: Radon Testing\nRadon is a gas.\n");
  expect(String(unclosed.reporter.error.mock.calls[0]?.[0])).toContain(
    "content/services/radon.mdx: the front matter has no closing --- line",
  );
});

import type { Node, Reporter } from "gatsby";
import { checkReferences } from "./references";

/** The content error checkReferences reports, or null when the content is consistent. */
function problemsOf(nodes: Record<string, Array<Record<string, unknown>>>): string | null {
  let reported: string | null = null;
  const reporter = { panicOnBuild: (message: string) => (reported = message) } as unknown as Reporter;
  checkReferences((type) => (nodes[type] ?? []) as unknown as Node[], reporter);
  return reported;
}

const services = [{ slug: "mold" }, { slug: "radon" }];
const topic = { topicId: "mold", services: ["mold"] };
const post = (fields: Record<string, unknown>) => ({
  slug: "maryland-mold-law",
  contentFilePath: "content/blog/maryland-mold-law/index.mdx",
  related: [],
  topics: [],
  ...fields,
});

describe("a post's topics and a topic's services must exist", () => {
  it("accepts topics and services that exist", () => {
    expect(problemsOf({ Service: services, Topic: [topic], BlogPost: [post({ topics: ["mold"] })] })).toBeNull();
  });

  it("names the post, the field and the missing topic", () => {
    expect(
      problemsOf({ Service: services, Topic: [topic], BlogPost: [post({ topics: ["mold", "mould"] })] }),
    ).toContain(
      'content/blog/maryland-mold-law/index.mdx: field "topics[1]" names "mould", which is not a topic in content/topics.yaml',
    );
  });

  it("names a topic's service that is not a page", () => {
    expect(
      problemsOf({ Service: services, Topic: [{ topicId: "wells", services: ["well"] }], BlogPost: [] }),
    ).toContain(
      'content/topics.yaml: topic "wells" field "services[0]" names "well", which is not a file in content/services',
    );
  });

  it("refuses a post whose folder is a number, which would take a blog page's address", () => {
    expect(problemsOf({ Service: services, Topic: [topic], BlogPost: [post({ slug: "2" })] })).toContain(
      'the folder name "2" is a number',
    );
  });
});

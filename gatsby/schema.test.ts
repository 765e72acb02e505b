/**
 * @jest-environment node
 *
 * The GraphQL types made from the content schemas, against the nodes the real content sources: with @dontInfer
 * a field and its declaration that disagree would otherwise show only as a page missing something.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  buildSchema,
  getNamedType,
  getNullableType,
  parse,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type SelectionSetNode,
} from "graphql";
import { ContentProblems } from "./content-problems";
import { contentTypeDefs, copyFields, nodeTypes, typeDefs } from "./schema";
import { resolvers } from "./resolvers";
import { contentRoot } from "./site-root";
import { sourceContent } from "./source-content";
import { serviceFrontmatterSchema } from "../src/lib/content/content-schema";

/** What Gatsby itself declares that the content types refer to. */
const gatsbyTypes = `
  interface Node { id: ID!, parent: Node, children: [Node!]! }
  scalar Date
  type File implements Node { id: ID!, parent: Node, children: [Node!]! }
  directive @dontInfer on OBJECT
  directive @dateformat on FIELD_DEFINITION
  directive @link(by: String) on FIELD_DEFINITION
  directive @fileByRelativePath on FIELD_DEFINITION
  type Query { site: String }
`;
const schema = buildSchema(gatsbyTypes + typeDefs);

/** Every node sourcing makes from content/, as Gatsby calls onCreateNode for each file. */
async function sourceEverything(): Promise<{ nodes: Record<string, unknown>[]; problems: string[] }> {
  const nodes: Record<string, unknown>[] = [];
  const problems = new ContentProblems(false);
  const reported: string[] = [];
  const onCreateNode = sourceContent({ problems, production: false })!;
  const files = readdirSync(contentRoot, { recursive: true, encoding: "utf8" });
  for (const file of files) {
    const absolutePath = path.join(contentRoot, file);
    const extension = path.extname(file).slice(1);
    if (!["yaml", "mdx", "md"].includes(extension)) continue;
    // A File node as gatsby-source-filesystem makes it, and its content read as Gatsby's loadNodeContent
    // reads it; a copy file is sourced from the Mdx node gatsby-plugin-mdx makes of it.
    const fileNode = { id: file, internal: { type: "File" }, sourceInstanceName: "content", extension, absolutePath };
    const node = extension === "yaml" ? fileNode : { id: `${file} >>> Mdx`, parent: file, internal: { type: "Mdx" } };
    await onCreateNode(
      {
        node,
        getNode: (id: string) => (id === file ? fileNode : undefined),
        loadNodeContent: async () => readFileSync(absolutePath, "utf8"),
        actions: { createNode: (created: Record<string, unknown>) => nodes.push(created), createParentChildLink() {} },
        createNodeId: (seed: string) => seed,
        createContentDigest: () => "digest",
        reporter: { error: (message: string) => reported.push(message) },
      } as never,
      {} as never,
      () => undefined,
    );
  }
  return { nodes, problems: reported };
}

/** Where a value breaks its GraphQL type: one line per problem, empty when it fits. */
function misfits(value: unknown, type: GraphQLOutputType, where: string, looseObjects: Set<string>): string[] {
  if (value === undefined || value === null) return isNonNullType(type) ? [`${where} is missing`] : [];
  const inner = getNullableType(type);
  if (isListType(inner)) {
    if (!Array.isArray(value)) return [`${where} is not a list`];
    return value.flatMap((item, index) => misfits(item, inner.ofType, `${where}[${index}]`, looseObjects));
  }
  if (isObjectType(inner)) return objectMisfits(value as Record<string, unknown>, inner, where, looseObjects);
  const fits: Record<string, (v: unknown) => boolean> = {
    String: (v) => typeof v === "string",
    Int: (v) => Number.isInteger(v),
    Float: (v) => typeof v === "number",
    Boolean: (v) => typeof v === "boolean",
    Date: (v) => typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v),
  };
  const check = fits[String(inner)];
  if (!check) return [`${where} has the type ${String(inner)}, which this test does not know`];
  return check(value) ? [] : [`${where} is ${JSON.stringify(value)}, not ${String(inner)}`];
}

/** A field GraphQL resolves from what the node stores: an id or a path, not the object itself. */
const resolvedFrom = (field: GraphQLField<unknown, unknown>) =>
  field.astNode?.directives?.some((d) => d.name.value === "link" || d.name.value === "fileByRelativePath");

/** The copy's fields, which a resolver makes from the Mdx node (gatsby/copy.ts): no node stores them. */
const copyField = (type: GraphQLObjectType, field: GraphQLField<unknown, unknown>) =>
  ["Service", "BlogPost", "Area"].includes(type.name) && field.name in copyFields;

function objectMisfits(
  value: Record<string, unknown>,
  type: GraphQLObjectType,
  where: string,
  looseObjects: Set<string>,
): string[] {
  const fields = type.getFields();
  const own = new Set(["id", "parent", "children", "internal"]);
  const undeclared = Object.keys(value).filter((key) => !(key in fields) && !own.has(key));
  return [
    ...(looseObjects.has(type.name) ? [] : undeclared.map((key) => `${where}.${key} is not declared in ${type.name}`)),
    ...Object.values(fields)
      .filter((field) => !own.has(field.name) && !copyField(type, field))
      .flatMap((field) => {
        const fieldType = resolvedFrom(field) ? getNullableType(field.type) : field.type;
        if (resolvedFrom(field)) {
          const ids = value[field.name];
          const list = isListType(fieldType) ? ids : [ids];
          return Array.isArray(list) && list.every((id) => id === undefined || typeof id === "string")
            ? []
            : [`${where}.${field.name} is not what @link or @fileByRelativePath resolves`];
        }
        return misfits(value[field.name], fieldType, `${where}.${field.name}`, looseObjects);
      }),
  ];
}

describe("the GraphQL types made from the content schemas", () => {
  test("build a schema with Gatsby's own types, one node type for each that is declared", () => {
    const nodeTypeNames = Object.values(schema.getTypeMap())
      .filter((type) => isObjectType(type) && type.getInterfaces().some((i) => i.name === "Node"))
      .map((type) => type.name)
      .filter((name) => name !== "File");
    expect(nodeTypeNames.sort()).toEqual(Object.keys(nodeTypes).sort());
  });

  test("hold every node the real content becomes, field by field, and every node type is made", async () => {
    const { nodes, problems } = await sourceEverything();
    expect(problems).toEqual([]);
    // Types GraphQL deliberately shows only some fields of (`only` in gatsby/schema.ts).
    const loose = new Set(
      Object.values(nodeTypes).flatMap((node) => Object.keys(node.only ?? {}).map((p) => node.objectTypes![p]!)),
    );
    const found = nodes.flatMap((node) => {
      const { type } = node.internal as { type: string };
      const declared = schema.getType(type);
      if (!isObjectType(declared)) return [`${type} (made by the sourcing) is not declared`];
      return objectMisfits(node, declared, `${type} ${String(node.id)}`, loose);
    });
    expect(found).toEqual([]);
    const made = new Set(nodes.map((node) => (node.internal as { type: string }).type));
    expect([...made].sort()).toEqual(Object.keys(nodeTypes).sort());
  });

  test("name every object type in the content, and only paths the content has", () => {
    const service = { content: serviceFrontmatterSchema, objectTypes: { sources: "SourceLink" } };
    expect(() => contentTypeDefs({ Service: service })).toThrow(
      'gatsby/schema.ts: name the GraphQL type of the content field "faqs" (objectTypes)',
    );
    expect(() =>
      contentTypeDefs({ Service: { ...service, objectTypes: { ...service.objectTypes, faq: "Q" } } }),
    ).toThrow(/name the GraphQL type of the content field "faqs"/);
    const named = { ...service, objectTypes: { sources: "SourceLink", faqs: "Question", faq: "Q" } };
    expect(() => contentTypeDefs({ Service: named })).toThrow("gatsby/schema.ts: Service has no object at faq");
  });

  test("give one name one shape wherever it is used", () => {
    const service = { content: serviceFrontmatterSchema, objectTypes: { sources: "SourceLink", faqs: "SourceLink" } };
    expect(() => contentTypeDefs({ Service: service })).toThrow(
      /SourceLink has different fields where Service uses it/,
    );
  });
});

/** Field names, and the fields under each object: the shape of a query's answer or of a type. */
type Shape = { [field: string]: Shape | true };

function selected(set: SelectionSetNode): Shape {
  return Object.fromEntries(
    set.selections.map((selection) => {
      if (selection.kind !== "Field") throw new Error("fragments are not read here");
      return [selection.name.value, selection.selectionSet ? selected(selection.selectionSet) : true];
    }),
  );
}

function declared(type: GraphQLObjectType): Shape {
  // A node's own fields (its id, parent...) are Gatsby's, not the content's.
  const nodeOwn = type.getInterfaces().length ? ["id", "parent", "children", "internal"] : [];
  return Object.fromEntries(
    Object.values(type.getFields())
      .filter((field) => !nodeOwn.includes(field.name))
      .map((field) => {
        const named = getNamedType(field.type);
        return [field.name, isObjectType(named) ? declared(named) : true];
      }),
  );
}

test("the site frame's query asks for every business fact site.yaml holds, so a field added there reaches the pages", () => {
  const source = readFileSync(path.join(__dirname, "..", "src", "hooks", "use-site-frame.ts"), "utf8");
  const query = parse(/graphql`([^`]*)`/.exec(source)![1]!);
  const operation = query.definitions[0]!;
  if (operation.kind !== "OperationDefinition") throw new Error("use-site-frame.ts holds no query");
  const { siteInfo } = selected(operation.selectionSet) as { siteInfo: Shape };
  const computed = Object.fromEntries(Object.keys(resolvers.SiteInfo).map((field) => [field, true]));
  expect(siteInfo).toEqual({ ...declared(schema.getType("SiteInfo") as GraphQLObjectType), ...computed });
});

/** Types of kept-yaml.mjs, which the editor's page loads as it is (no build step). */
type Yaml = typeof import("yaml");
type Data = Record<string, unknown>;

export interface FileFormat {
  fromFile(content: string): Data;
  toFile(data: Data, order?: string[]): string;
}

export const SOURCE_KEY: "__sourceText";
export function keptYaml(YAML: Yaml, source: string | undefined, value: unknown, order?: string[]): string;
export function splitFrontMatter(content: string): { frontMatter: string; body: string };
export function frontMatterFormat(YAML: Yaml): FileFormat;
export function yamlFileFormat(YAML: Yaml, listField: string): FileFormat;

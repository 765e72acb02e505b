/**
 * Lets a command run under tsx import the modules the functions share with the site, which load
 * content with webpack's inline loaders (`!!yaml-loader!../content/x.yaml`, `!!raw-loader!x.ics`):
 * the same files, parsed the way those loaders parse them. Import it first.
 */
import { readFileSync } from "node:fs";
import Module from "node:module";
import { parse } from "yaml";

type Resolve = (request: string, ...rest: unknown[]) => string;
const loaders = Module as unknown as { _resolveFilename: Resolve; _extensions: Record<string, unknown> };
const resolve = loaders._resolveFilename;
const PREFIX = /^!!(yaml|raw)-loader!/;

loaders._resolveFilename = function (request: string, ...rest: unknown[]) {
  const match = PREFIX.exec(request);
  if (!match) return resolve.call(this, request, ...rest);
  return `${resolve.call(this, request.slice(match[0].length), ...rest)}?${match[1]}`;
};

// A loaded file's module: YAML as its data, anything else as its text.
const original = (Module.prototype as unknown as { load: (file: string) => void }).load;
(Module.prototype as unknown as { load: (file: string) => void }).load = function (this: Module, file: string) {
  const kind = /\?(yaml|raw)$/.exec(file)?.[1];
  if (!kind) return original.call(this, file);
  const text = readFileSync(file.slice(0, -kind.length - 1), "utf8");
  this.exports = kind === "yaml" ? parse(text) : text;
  (this as unknown as { loaded: boolean }).loaded = true;
};

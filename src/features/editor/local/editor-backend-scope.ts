/**
 * What the content editor's backend may touch, read from the editor's own configuration
 * (src/features/editor/shared/editor-config.ts) so that the guard and the editor cannot name different places:
 * the entries of each folder collection, the files of each file collection, and the media
 * folders. Everything here is about a path's name; editor-backend-links.ts looks at the disk.
 */
import path from "node:path";
import { editorConfig } from "../shared/editor-config";

export interface EntryFolder {
  /** The collection's folder, relative to the repository: "content/blog". */
  folder: string;
  /** Its entries' extension, without the dot: "mdx". */
  extension: string;
  /** The collection keeps its media beside its entries (a `media_folder` of its own, relative). */
  mediaInside: boolean;
}

export interface EditorScope {
  entryFolders: EntryFolder[];
  /** The file collections' files: "content/site.yaml", ... */
  entryFiles: string[];
  /** The site-wide media folder: "static/uploads". */
  mediaFolder: string;
}

/** The parts of a Decap collection that say where its files are. */
interface CollectionPlaces {
  name: string;
  folder?: string;
  extension?: string;
  media_folder?: string;
  files?: ReadonlyArray<{ file: string }>;
}

/**
 * Whether a collection keeps media inside its own folder. A form of `media_folder` that could
 * reach outside it stops the editor's backend from starting rather than be guessed at.
 */
function mediaInside({ name, media_folder: folder }: CollectionPlaces): boolean {
  if (folder === undefined) return false;
  // "" (beside the entry) or a folder below it; "../x" or "/x" would reach outside the collection.
  if (folder.startsWith("/") || folder.split("/").includes("..")) {
    throw new Error(`The editor backend's guard does not know the media_folder "${folder}" of collection ${name}`);
  }
  return true;
}

export function editorScope(config: {
  media_folder: string;
  collections: ReadonlyArray<CollectionPlaces>;
}): EditorScope {
  const entryFolders: EntryFolder[] = [];
  const entryFiles: string[] = [];
  for (const collection of config.collections) {
    if (collection.folder !== undefined) {
      entryFolders.push({
        folder: trimSlashes(collection.folder),
        // Decap's own default for a collection without an extension.
        extension: collection.extension ?? "md",
        mediaInside: mediaInside(collection),
      });
    }
    for (const { file } of collection.files ?? []) entryFiles.push(trimSlashes(file));
  }
  return { entryFolders, entryFiles, mediaFolder: trimSlashes(config.media_folder) };
}

/** The scope of this site's editor (its backend's address plays no part in it). */
export const siteEditorScope = (): EditorScope => editorScope(editorConfig());

const trimSlashes = (name: string) => name.replace(/^\/+|\/+$/g, "");

/**
 * A request's path as a clean relative name ("content/blog/a/index.mdx"), or undefined for
 * anything that is not one: not a string, empty, absolute, with a `..`, a backslash or a colon
 * (a separator and a drive or stream on Windows), a NUL, or a `.git` anywhere in it.
 */
export function relativeName(value: unknown): string | undefined {
  if (typeof value !== "string" || value === "" || /[\\\0:]/.test(value)) return undefined;
  if (path.posix.isAbsolute(value) || path.win32.isAbsolute(value)) return undefined;
  const segments = value.split("/");
  if (segments.some((segment) => segment === ".." || segment.toLowerCase() === ".git")) return undefined;
  const name = trimSlashes(path.posix.normalize(value));
  return name === "" || name === "." ? undefined : name;
}

const within = (name: string, folder: string) => name.startsWith(`${folder}/`);
const atOrWithin = (name: string, folder: string) => name === folder || within(name, folder);

/** What a path in a request is used as, by decap-server's action. */
export type PathRole = "entry" | "media" | "entry or media" | "entry folder" | "media folder";

const isEntry = (scope: EditorScope, name: string) =>
  scope.entryFiles.includes(name) ||
  scope.entryFolders.some(({ folder, extension }) => within(name, folder) && name.endsWith(`.${extension}`));

const isMedia = (scope: EditorScope, name: string) =>
  within(name, scope.mediaFolder) ||
  scope.entryFolders.some(({ folder, mediaInside }) => mediaInside && within(name, folder));

/** Whether the scope holds a clean relative name in that role. */
export function allows(scope: EditorScope, role: PathRole, name: string): boolean {
  switch (role) {
    case "entry":
      return isEntry(scope, name);
    case "media":
      return isMedia(scope, name);
    case "entry or media":
      return isEntry(scope, name) || isMedia(scope, name);
    case "entry folder":
      return scope.entryFolders.some(({ folder }) => atOrWithin(name, folder));
    case "media folder":
      // A post's media folder is its own folder, or the collection's folder while it is new.
      return (
        atOrWithin(name, scope.mediaFolder) ||
        scope.entryFolders.some(({ folder, mediaInside }) => mediaInside && atOrWithin(name, folder))
      );
  }
}

/** The folder collection an entry belongs to, if any (a renamed entry must stay in it). */
export const entryFolderOf = (scope: EditorScope, name: string) =>
  scope.entryFolders.find(({ folder }) => within(name, folder));

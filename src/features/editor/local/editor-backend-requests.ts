/**
 * The requests the content editor sends to decap-server (Decap's proxy backend: POST /api/v1
 * with `{ action, params }`) and every path each one names, read the way decap-server reads
 * them (its src/middlewares/localFs/index.ts, version 3.11). An action the editor does not send
 * is refused, and so is a request with a path outside the editor's scope.
 */
import { allows, entryFolderOf, relativeName, type EditorScope, type PathRole } from "./editor-backend-scope";

type Params = Record<string, unknown>;

interface NamedPath {
  role: PathRole;
  value: unknown;
}

interface Named {
  paths: NamedPath[];
  /** Entries saved under a new name (decap-server then moves their whole folder). */
  renames?: Array<{ from: unknown; to: unknown }>;
}

const isObject = (value: unknown): value is Params =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const objects = (value: unknown): Params[] | undefined =>
  Array.isArray(value) && value.every(isObject) ? value : undefined;

/** decap-server saves `dataFiles`, or `[entry]` without them; both are checked when both are sent. */
function persistedEntry(params: Params): Named | undefined {
  const { dataFiles = [], entry } = params;
  if (!Array.isArray(dataFiles)) return undefined;
  const files = objects(entry === undefined ? dataFiles : [...dataFiles, entry]);
  const assets = objects(params.assets);
  if (!files?.length || !assets) return undefined;
  return {
    paths: [
      ...files.flatMap((file): NamedPath[] => [
        { role: "entry", value: file.path },
        ...(file.newPath === undefined ? [] : [{ role: "entry" as const, value: file.newPath }]),
      ]),
      ...assets.map((asset): NamedPath => ({ role: "media", value: asset.path })),
    ],
    renames: files
      .filter((file) => file.newPath !== undefined)
      .map(({ path, newPath }) => ({ from: path, to: newPath })),
  };
}

/**
 * The actions the editor sends (decap-cms-backend-proxy in the file-system mode, where Decap
 * publishes at once), each with the paths it names; undefined for malformed params. The
 * editorial workflow's actions, notes and decap-server's deleteFile are not among them.
 */
const EDITOR_ACTIONS: Record<string, (params: Params) => Named | undefined> = {
  info: () => ({ paths: [] }),
  getDeployPreview: () => ({ paths: [] }),
  entriesByFolder: (params) => ({ paths: [{ role: "entry folder", value: params.folder }] }),
  entriesByFiles: (params) => {
    const files = objects(params.files);
    return files && { paths: files.map((file) => ({ role: "entry", value: file.path })) };
  },
  getEntry: (params) => ({ paths: [{ role: "entry", value: params.path }] }),
  persistEntry: persistedEntry,
  getMedia: (params) => ({ paths: [{ role: "media folder", value: params.mediaFolder }] }),
  getMediaFile: (params) => ({ paths: [{ role: "media", value: params.path }] }),
  persistMedia: (params) =>
    isObject(params.asset) ? { paths: [{ role: "media", value: params.asset.path }] } : undefined,
  deleteFiles: (params) =>
    Array.isArray(params.paths)
      ? { paths: params.paths.map((value) => ({ role: "entry or media", value })) }
      : undefined,
};

export type Verdict =
  | { refusal: string }
  | {
      action: string;
      /** Every path the request names, to be checked on disk for links. */
      names: string[];
      /** The folders it lists, whose contents decap-server reads. */
      folders: string[];
    };

const FOLDER_ROLES: ReadonlySet<PathRole> = new Set(["entry folder", "media folder"]);

/** What the scope covers, for a refusal's message. */
export function describeScope(scope: EditorScope): string {
  const folders = scope.entryFolders.map(({ folder, extension }) => `${folder}/ (.${extension} entries)`);
  return [...folders, ...scope.entryFiles, `${scope.mediaFolder}/`].join(", ");
}

/** Whether the editor's backend may pass a request's body on to decap-server, by its names alone. */
export function checkRequest(body: unknown, scope: EditorScope): Verdict {
  if (!isObject(body) || typeof body.action !== "string") return { refusal: "The request is not { action, params }." };
  const { action } = body;
  const paths = Object.hasOwn(EDITOR_ACTIONS, action) ? EDITOR_ACTIONS[action] : undefined;
  if (!paths) return { refusal: `The content editor does not use the action ${JSON.stringify(action)}.` };
  const params = body.params ?? {};
  const named = isObject(params) ? paths(params) : undefined;
  if (!named) return { refusal: `The params of ${action} are not the editor's.` };

  const names: string[] = [];
  const folders: string[] = [];
  for (const { role, value } of named.paths) {
    const name = relativeName(value);
    if (name === undefined || !allows(scope, role, name)) {
      return {
        refusal:
          `${action} may not reach ${JSON.stringify(value)}: the editor's backend reaches only ` +
          `${describeScope(scope)}, by relative names without "..", ".git" or links.`,
      };
    }
    names.push(name);
    if (FOLDER_ROLES.has(role)) folders.push(name);
  }
  for (const { from, to } of named.renames ?? []) {
    const folder = entryFolderOf(scope, relativeName(from) ?? "");
    if (!folder || folder !== entryFolderOf(scope, relativeName(to) ?? "")) {
      return { refusal: `${action} may rename an entry only within its own collection's folder.` };
    }
  }
  return { action, names, folders };
}

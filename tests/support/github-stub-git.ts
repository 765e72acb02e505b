/**
 * The repository behind the GitHub stub (github-stub.ts): git's objects as GitHub's REST API
 * shows them to Decap's github backend. Blobs are named as git names them (sha1 of
 * "blob <size>\0<bytes>"); a tree is kept flat (every file's path to its blob), which is all the
 * API answers reveal; commits, branches and pull requests as the API returns them.
 */
import { createHash } from "node:crypto";

const sha1 = (data: string | Buffer) => createHash("sha1").update(data).digest("hex");

export interface Commit {
  sha: string;
  tree: string;
  parents: string[];
  message: string;
}

export interface PullRequest {
  number: number;
  title: string;
  body: string;
  state: "open" | "closed";
  head: { ref: string; sha: string; label: string; repo: { fork: false } };
  base: { ref: string };
  labels: Array<{ name: string }>;
  user: { login: string };
  created_at: string;
  updated_at: string;
}

export class StubRepository {
  readonly blobs = new Map<string, Buffer>();
  readonly trees = new Map<string, Map<string, string>>();
  readonly commits = new Map<string, Commit>();
  readonly branches = new Map<string, string>();
  readonly pulls: PullRequest[] = [];

  constructor(
    readonly owner: string,
    readonly name: string,
    files: Record<string, string | Buffer>,
  ) {
    const tree = this.putTree(
      new Map(
        Object.entries(files).map(([file, text]) => [
          file,
          this.putBlob(typeof text === "string" ? Buffer.from(text) : text),
        ]),
      ),
    );
    this.branches.set("main", this.putCommit({ tree, parents: [], message: "The site as it is" }));
  }

  putBlob(bytes: Buffer): string {
    const sha = sha1(Buffer.concat([Buffer.from(`blob ${bytes.length}\0`), bytes]));
    this.blobs.set(sha, bytes);
    return sha;
  }

  putTree(files: Map<string, string>): string {
    const sorted = new Map([...files].sort(([a], [b]) => a.localeCompare(b)));
    const sha = sha1(`tree ${JSON.stringify([...sorted])}`);
    this.trees.set(sha, sorted);
    return sha;
  }

  putCommit(commit: Omit<Commit, "sha">): string {
    const sha = sha1(`commit ${JSON.stringify(commit)}`);
    this.commits.set(sha, { sha, ...commit });
    return sha;
  }

  /** A branch name, "owner:branch", a commit or a tree, to its commit (if any) and files. */
  resolve(ref: string): { commit?: Commit; files: Map<string, string> } | null {
    const name = ref.startsWith(`${this.owner}:`) ? ref.slice(this.owner.length + 1) : ref;
    const commit = this.commits.get(this.branches.get(name) ?? name);
    if (commit) return { commit, files: this.trees.get(commit.tree)! };
    const files = this.trees.get(name);
    return files ? { files } : null;
  }

  /** The text of a file as of a ref, or null. */
  fileAt(ref: string, file: string): string | null {
    const sha = this.resolve(ref)?.files.get(file);
    return sha ? this.blobs.get(sha)!.toString("utf8") : null;
  }

  /** GET git/trees/<ref>:<folder>: the folder's entries, one level or all (recursive). */
  listTree(spec: string, recursive: boolean) {
    const [ref, folder = ""] = spec.split(/:(.*)/s);
    const found = this.resolve(ref!);
    if (!found) return null;
    const prefix = folder ? `${folder.replace(/\/+$/, "")}/` : "";
    const entries = new Map<string, { path: string; mode: string; type: string; sha: string; size?: number }>();
    for (const [file, sha] of found.files) {
      if (!file.startsWith(prefix)) continue;
      const rest = file.slice(prefix.length);
      const parts = rest.split("/");
      if (recursive || parts.length === 1) {
        entries.set(rest, { path: rest, mode: "100644", type: "blob", sha, size: this.blobs.get(sha)!.length });
      }
      for (let depth = 1; depth < parts.length && (recursive || depth === 1); depth += 1) {
        const dir = parts.slice(0, depth).join("/");
        entries.set(dir, { path: dir, mode: "040000", type: "tree", sha: sha1(`dir ${prefix}${dir}`) });
      }
    }
    if (entries.size === 0) return null;
    return { sha: sha1(`list ${spec}`), tree: [...entries.values()], truncated: false };
  }

  /** POST git/trees: the base (a tree or a commit) with each entry set, or removed where its sha is null. */
  createTree(base: string | undefined, entries: Array<{ path: string; sha: string | null }>): string | null {
    const files = new Map(base ? (this.resolve(base)?.files ?? []) : []);
    for (const entry of entries) {
      if (entry.sha === null) files.delete(entry.path);
      else if (this.blobs.has(entry.sha)) files.set(entry.path, entry.sha);
      else return null;
    }
    return this.putTree(files);
  }

  /** GET compare/<base>...<head>: the head's commits since the base and the files they change. */
  compare(base: string, head: string) {
    const from = this.resolve(base);
    const to = this.resolve(head);
    if (!from?.commit || !to?.commit) return null;
    const commits: Commit[] = [];
    for (let at: Commit | undefined = to.commit; at && at.sha !== from.commit.sha;) {
      commits.unshift(at);
      at = this.commits.get(at.parents[0] ?? "");
    }
    const files = [...new Set([...from.files.keys(), ...to.files.keys()])]
      .filter((file) => from.files.get(file) !== to.files.get(file))
      .map((file) => ({
        filename: file,
        status: !from.files.has(file) ? "added" : !to.files.has(file) ? "removed" : "modified",
        sha: to.files.get(file) ?? null,
        patch: "@@ text @@",
      }));
    return { base_commit: this.commitJson(from.commit), commits: commits.map((c) => this.commitJson(c)), files };
  }

  commitJson(commit: Commit) {
    const date = "2026-11-26T12:00:00Z";
    return {
      sha: commit.sha,
      parents: commit.parents.map((sha) => ({ sha })),
      commit: {
        message: commit.message,
        tree: { sha: commit.tree },
        author: { name: "Writer", email: "writer@example.com", date },
        committer: { name: "Writer", email: "writer@example.com", date },
      },
      author: { login: "writer" },
    };
  }
}

import { contentSecurityPolicy, headersFile } from "./http-headers";

/** The rules of a _headers text, by path: each path's header lines. */
function rules(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let current = "";
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    if (!line.startsWith(" ")) out.set((current = line), []);
    else out.get(current)!.push(line.trim());
  }
  return out;
}

describe("WebAssembly, for search only", () => {
  it("is allowed to no page unless asked for, and never eval", () => {
    expect(contentSecurityPolicy(["abc"])).not.toContain("wasm-unsafe-eval");
    const search = contentSecurityPolicy(["abc"], { webAssembly: true });
    expect(search).toContain("script-src 'self' 'wasm-unsafe-eval' 'sha256-abc'");
    expect(search).not.toContain("'unsafe-eval'");
  });

  it("is allowed to the search page and to Pagefind's files, where its worker runs, and to no other page", () => {
    const file = rules(
      headersFile(
        ["nf"],
        [
          { route: "/", scriptHashes: ["home"] },
          { route: "/search", scriptHashes: ["search"], webAssembly: true },
        ],
      ),
    );
    const policy = (path: string) => file.get(path)!.find((line) => line.startsWith("content-security-policy"))!;
    expect(policy("/search")).toContain("'wasm-unsafe-eval'");
    expect(policy("/pagefind/*")).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(policy("/")).not.toContain("wasm");
    expect(policy("/*")).not.toContain("wasm");
  });
});

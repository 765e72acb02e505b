import {
  adapterRoutes,
  contentSecurityPolicy,
  headersFile,
  securityHeaders,
  withConnectSources,
  withPolicyMeta,
} from "./http-headers";

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
      headersFile([
        { route: "/", scriptHashes: ["home"] },
        { route: "/search", scriptHashes: ["search"], webAssembly: true },
      ]),
    );
    const policy = (path: string) => file.get(path)!.find((line) => line.startsWith("content-security-policy"))!;
    expect(policy("/search")).toContain("'wasm-unsafe-eval'");
    expect(policy("/pagefind/*")).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(policy("/")).not.toContain("wasm");
  });
});

describe("no two rules give a path the same header", () => {
  const file = rules(
    headersFile([
      { route: "/", scriptHashes: ["home"] },
      { route: "/about", scriptHashes: ["about"] },
    ]),
  );

  it('"/*" carries no policy and no cache rule, which would meet every other rule\'s', () => {
    const names = file.get("/*")!.map((line) => line.split(":")[0]);
    expect(names).not.toContain("content-security-policy");
    expect(names).not.toContain("cross-origin-opener-policy");
    expect(names).not.toContain("cache-control");
  });

  it("gives a page its policy at both addresses it is served at", () => {
    expect(file.get("/about.html")).toEqual(file.get("/about"));
    expect(file.get("/index.html")).toEqual(file.get("/"));
    expect(file.get("/about")!.join("\n")).toContain("'sha256-about'");
  });

  it('leaves to "/*" a header it gives every path with the same value', () => {
    const preview = process.env.CONTEXT;
    process.env.CONTEXT = "deploy-preview";
    try {
      const editor = rules(headersFile([])).get("/admin/*")!;
      expect(editor.some((line) => line.startsWith("x-robots-tag"))).toBe(false);
    } finally {
      if (preview === undefined) delete process.env.CONTEXT;
      else process.env.CONTEXT = preview;
    }
  });

  it("takes from Gatsby's rules what the site's give, and its must-revalidate for every path", () => {
    const gatsby = adapterRoutes([
      {
        path: "/*",
        headers: [
          { key: "cache-control", value: "public, max-age=0, must-revalidate" },
          { key: "x-xss-protection", value: "1; mode=block" },
          { key: "x-frame-options", value: "DENY" },
        ],
      },
      { path: "/app-1.js", headers: [{ key: "cache-control", value: "public, max-age=31536000, immutable" }] },
      { path: "/only-site", headers: [{ key: "X-XSS-Protection", value: "1; mode=block" }] },
    ]);
    expect(gatsby).toEqual([
      { path: "/*", headers: [{ key: "x-frame-options", value: "DENY" }] },
      { path: "/app-1.js", headers: [{ key: "cache-control", value: "public, max-age=31536000, immutable" }] },
    ]);
    expect(securityHeaders.map(({ key }) => key)).toContain("x-xss-protection");
  });
});

describe("the report bucket, where the desk's browser sends reports", () => {
  const BUCKET = "https://reports.example-bucket.test";
  const file = rules(
    headersFile([
      { route: "/", scriptHashes: ["home"] },
      { route: "/desk", scriptHashes: ["desk"], connectTo: [BUCKET] },
      { route: "/report", scriptHashes: ["report"] },
    ]),
  );
  const connectOf = (path: string) =>
    /connect-src [^;]*/.exec(file.get(path)!.find((line) => line.startsWith("content-security-policy"))!)![0];

  it("is in the desk's policy, at both addresses the desk is served at", () => {
    expect(connectOf("/desk")).toBe(`connect-src 'self' ${BUCKET}`);
    expect(connectOf("/desk.html")).toBe(`connect-src 'self' ${BUCKET}`);
  });

  it("is in no other page's policy, the client's report page included, and in no rule but the desk's", () => {
    expect(connectOf("/")).toBe("connect-src 'self'");
    expect(connectOf("/report")).toBe("connect-src 'self'");
    const naming = [...file].filter(([, lines]) => lines.some((line) => line.includes(BUCKET))).map(([path]) => path);
    expect(naming).toEqual(["/desk", "/desk.html"]);
  });

  it("is added once to a built policy by a server that learns it when it starts", () => {
    const built = contentSecurityPolicy(["desk"]);
    const served = withConnectSources(built, [BUCKET]);
    expect(served).toBe(built.replace("connect-src 'self'", `connect-src 'self' ${BUCKET}`));
    expect(withConnectSources(served, [BUCKET])).toBe(served);
    expect(withConnectSources(contentSecurityPolicy(["desk"], { connectTo: [BUCKET] }), [BUCKET])).toBe(served);
  });
});

describe("the 404 page's own policy", () => {
  it("comes before anything it governs, without frame-ancestors, which a <meta> policy cannot carry", () => {
    const page = withPolicyMeta('<html><head><meta charSet="utf-8"/><script>x</script></head></html>', ["nf"]);
    expect(page).toMatch(
      /^<html><head><meta charSet="utf-8"\/><meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'sha256-nf';[^"]*"\/><script>/,
    );
    expect(page).not.toContain("frame-ancestors");
  });
});

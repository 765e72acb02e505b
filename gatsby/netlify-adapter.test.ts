/**
 * @jest-environment node
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { withRealRequest, withRealRequests } from "./netlify-adapter";

/** The adapter's own writer of a function's handler (not among the package's exports, so loaded by path). */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a file the package does not export
const { prepareFunction } = require(
  path.join(path.dirname(require.resolve("gatsby-adapter-netlify/package.json")), "dist", "lambda-handler.js"),
) as {
  prepareFunction: (fun: {
    functionId: string;
    name: string;
    pathToEntryPoint: string;
    requiredFiles: string[];
  }) => Promise<void>;
};

let site: string;
beforeEach(() => {
  site = mkdtempSync(path.join(tmpdir(), "adapter-handler-"));
});
afterEach(() => {
  jest.restoreAllMocks();
  rmSync(site, { recursive: true, force: true });
});

/** Has the adapter write the handler of a function that answers once the request's stream has closed. */
async function adapterHandler(): Promise<string> {
  writeFileSync(
    path.join(site, "echo.js"),
    `const http = require("http")
module.exports = (req, res) => {
  let body = ""
  req.on("data", (chunk) => (body += chunk))
  req.on("close", () => res.json({ body, real: req instanceof http.IncomingMessage, complete: req.complete, aborted: req.aborted }))
}
`,
  );
  jest.spyOn(process, "cwd").mockReturnValue(site);
  await prepareFunction({ functionId: "echo-js", name: "/api/echo", pathToEntryPoint: "echo.js", requiredFiles: [] });
  return path.join(site, ".netlify", "functions-internal", "echo-js", "echo-js.js");
}

/** A POST through the handler in a process of its own, under this Node. */
function post(handler: string, body: string) {
  const event = {
    path: "/api/echo",
    rawUrl: "https://example.com/api/echo",
    httpMethod: "POST",
    multiValueHeaders: { "Content-Type": ["application/json"] },
    queryStringParameters: {},
    multiValueQueryStringParameters: {},
    body: Buffer.from(body).toString("base64"),
    isBase64Encoded: true,
  };
  const run = spawnSync(
    process.execPath,
    [
      "-e",
      `require(${JSON.stringify(handler)}).handler(${JSON.stringify(event)}, {}).then((answer) => console.log(JSON.stringify(answer)))`,
    ],
    { encoding: "utf8" },
  );
  const answer = JSON.parse(run.stdout || "null") as { statusCode: number; body: string } | null;
  return {
    status: run.status,
    stderr: run.stderr,
    statusCode: answer?.statusCode,
    body: answer ? (JSON.parse(Buffer.from(answer.body, "base64").toString("utf8")) as unknown) : null,
  };
}

describe("the request the Netlify adapter's handler builds", () => {
  it("is a real IncomingMessage, complete, whose body reads and whose stream closes without an error", async () => {
    const handler = await adapterHandler();
    withRealRequests(path.dirname(path.dirname(handler)), ["echo-js"]);
    const answer = post(handler, '{"name":"Nell"}');
    expect(answer).toEqual({
      status: 0,
      stderr: "",
      statusCode: 200,
      body: { body: '{"name":"Nell"}', real: true, complete: true, aborted: false },
    });
  });

  it("is changed once, and a handler the adapter writes otherwise stops the build", async () => {
    const written = readFileSync(await adapterHandler(), "utf8");
    const real = withRealRequest(written, "echo-js.js");
    expect(real).not.toBe(written);
    expect(withRealRequest(real, "echo-js.js")).toBe(real);
    expect(() =>
      withRealRequest(written.replace("Object.assign(newStream,", "Object.assign({},"), "echo-js.js"),
    ).toThrow(/gatsby-adapter-netlify no longer builds its request as expected in echo-js\.js/);
  });

  it("stops the build when a function of the site has no handler of the adapter's", () => {
    mkdirSync(path.join(site, "other-js"));
    writeFileSync(path.join(site, "other-js", "other-js.js"), "exports.handler = async () => ({ statusCode: 200 })\n");
    expect(() => withRealRequests(site, ["other-js"])).toThrow(/wrote no handler as expected for other-js/);
  });
});

import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { IAdapter } from "gatsby";
import createNetlifyAdapter from "gatsby-adapter-netlify";
import { adapterRoutes } from "../src/lib/http/http-headers";

/**
 * The request the adapter's handler builds for each Gatsby Function (gatsby-adapter-netlify 1.4.0,
 * dist/lambda-handler.js) is a plain stream with IncomingMessage's methods copied onto it: the
 * constructor never runs, so the fields it sets are missing. From Node 24.x (seen on 24.21; 24.0,
 * 22 and 20 do not read them) IncomingMessage's `_destroy` calls `[kDetachAbortSignal]`, which
 * tests its socket and listener fields against `null`, finds `undefined`, and throws
 * `Cannot read properties of undefined (reading 'removeListener')` as soon as a request's body has
 * been read and the stream destroys itself: every POST crashed its function.
 *
 * The fix, applied to the written handler files (the adapter has no option for them): the request
 * is a real `new http.IncomingMessage(null)`, so Node sets every field itself, on any version; and
 * since the whole body is there from the start it is `complete`, as Node's own parser marks a
 * request once its body has arrived (else the end of the body would count as the client leaving:
 * `aborted`, and `req.signal` aborted).
 *
 * To drop this: when a release of gatsby-adapter-netlify builds its request otherwise, the build
 * stops here ("no longer builds its request as expected"); check that the release constructs a
 * real IncomingMessage (or sets its fields), then remove `withRealRequests` and its call, and run
 * tests/integration/netlify-bundles.test.ts under Node 22 and 24 (`npm run test:node-versions`).
 */
const FAKE_REQUEST =
  "  const newStream = new Stream.Readable()\n  const req = Object.assign(newStream, http.IncomingMessage.prototype)\n";
const REAL_REQUEST = "  const req = new http.IncomingMessage(null)\n";
const BODY_END = "  req.push(null)\n  return req\n";
const COMPLETE_BODY = "  req.complete = true\n  req.push(null)\n  return req\n";

/** A handler the adapter wrote, with a real IncomingMessage as its request; throws if it is not the one expected. */
export function withRealRequest(handler: string, file: string): string {
  if (handler.includes(REAL_REQUEST) && handler.includes(COMPLETE_BODY)) return handler;
  const fake = handler.split(FAKE_REQUEST).length - 1;
  const end = handler.split(BODY_END).length - 1;
  if (fake !== 1 || end !== 1)
    throw new Error(
      `gatsby-adapter-netlify no longer builds its request as expected in ${file}: see gatsby/netlify-adapter.ts, ` +
        "which gives it a real IncomingMessage, and drop that fix if the adapter's own request works on Node 24.",
    );
  return handler.replace(FAKE_REQUEST, REAL_REQUEST).replace(BODY_END, COMPLETE_BODY);
}

/**
 * Gives every handler the adapter wrote into `.netlify/functions-internal` a real request, and
 * checks that each of `functionIds` (the site's functions, from Gatsby's manifest) was among them.
 */
export function withRealRequests(internalDir: string, functionIds: string[]): void {
  const fixed = new Set<string>();
  for (const entry of existsSync(internalDir) ? readdirSync(internalDir, { withFileTypes: true }) : []) {
    const file = path.join(internalDir, entry.name, `${entry.name}.js`);
    if (!entry.isDirectory() || !existsSync(file)) continue;
    const handler = readFileSync(file, "utf8");
    // The adapter's lambda handler; its image CDN handler, if any, builds no request.
    if (!handler.includes("const createRequestObject = ")) continue;
    const real = withRealRequest(handler, file);
    if (real !== handler) writeFileSync(file, real);
    fixed.add(entry.name);
  }
  const missed = functionIds.filter((id) => !fixed.has(id));
  if (missed.length)
    throw new Error(`gatsby-adapter-netlify wrote no handler as expected for ${missed.join(", ")} in ${internalDir}`);
}

/**
 * Gatsby's Netlify adapter, handed only header rules that give no path a header another rule gives
 * it (`adapterRoutes`, src/lib/http/http-headers.ts): Gatsby's "/*" would otherwise send its
 * must-revalidate Cache-Control to the hashed files it also calls immutable, and its
 * `x-xss-protection: 1; mode=block`, which browsers dropped and which can open cross-site leaks,
 * beside the site's "0"; neither Gatsby nor the adapter has an option to leave them out. The
 * adapter writes public/_headers after every build hook has run (gatsby/post-build.ts runs
 * before it), so the rules are corrected on their way in rather than in the written file.
 * The functions' handlers it writes get a real request (`withRealRequests` above).
 */
export function netlifyAdapter(): IAdapter {
  const adapter = createNetlifyAdapter();
  return {
    ...adapter,
    adapt: async (context) => {
      await adapter.adapt({
        ...context,
        headerRoutes: adapterRoutes(context.headerRoutes),
      });
      // Where the adapter writes them: its working directory, the site's folder.
      withRealRequests(
        path.join(process.cwd(), ".netlify", "functions-internal"),
        context.functionsManifest.map((fun) => fun.functionId),
      );
    },
  };
}

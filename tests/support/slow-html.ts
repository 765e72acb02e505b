import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback proxy in front of the built site that delivers each HTML page in two parts, as a slow
 * connection does: everything before `splitBefore`, a pause, then the rest. Every other file
 * passes through untouched.
 */
export async function startSlowHtmlProxy(
  upstream: string,
  { splitBefore, pauseMs = 600 }: { splitBefore: string; pauseMs?: number },
): Promise<{ origin: string; close: () => Promise<void> }> {
  const target = new URL(upstream);
  const server = http.createServer((request, response) => {
    const forwarded = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: request.url,
        method: request.method,
        headers: { ...request.headers, host: target.host, "accept-encoding": "identity" },
      },
      (upstreamResponse) => {
        const headers = { ...upstreamResponse.headers };
        if (!String(headers["content-type"]).startsWith("text/html")) {
          response.writeHead(upstreamResponse.statusCode!, headers);
          upstreamResponse.pipe(response);
          return;
        }
        const parts: Buffer[] = [];
        upstreamResponse.on("data", (part: Buffer) => parts.push(part));
        upstreamResponse.on("end", () => {
          const html = Buffer.concat(parts).toString("utf8");
          const at = html.indexOf(splitBefore);
          if (at < 0) {
            // Shown as the page itself, so the test that looks for the header fails naming the cause.
            response.writeHead(500, { "content-type": "text/plain" });
            response.end(`The slow-HTML proxy found no "${splitBefore}" in ${request.url}`);
            return;
          }
          delete headers["content-length"];
          response.writeHead(upstreamResponse.statusCode!, headers);
          response.write(html.slice(0, at));
          setTimeout(() => response.end(html.slice(at)), pauseMs);
        });
      },
    );
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

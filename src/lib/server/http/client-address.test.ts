import type { IncomingMessage } from "node:http";
import { clientAddress } from "./client-address";

const request = (peer: string, headers: Record<string, string> = {}) =>
  ({ headers, socket: { remoteAddress: peer } }) as unknown as IncomingMessage;
const spoofed = {
  "x-nf-client-connection-ip": "203.0.113.9",
  "x-forwarded-for": "203.0.113.8",
  "x-real-ip": "203.0.113.7",
};

describe("clientAddress", () => {
  it("off Netlify, is the socket address whatever a client claims", () => {
    expect(clientAddress(request("198.51.100.4", spoofed), {})).toBe("198.51.100.4");
    expect(clientAddress(request("127.0.3.1", spoofed), {})).toBe("127.0.3.1");
  });

  it("behind the local production server, is the address that server saw (it replaces X-Forwarded-For)", () => {
    expect(clientAddress(request("127.0.0.1", { "x-forwarded-for": "198.51.100.4" }), {})).toBe("198.51.100.4");
    // The Netlify header is not believed from the local server either.
    expect(clientAddress(request("127.0.0.1", { "x-nf-client-connection-ip": "203.0.113.9" }), {})).toBe("127.0.0.1");
  });

  it("on Netlify (SITE_ID is set in its functions), is the address Netlify's edge states", () => {
    expect(clientAddress(request("10.0.0.5", spoofed), { SITE_ID: "abc" })).toBe("203.0.113.9");
    expect(clientAddress(request("10.0.0.5"), { SITE_ID: "abc" })).toBe("10.0.0.5");
  });
});

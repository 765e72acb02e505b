import { buildEnv, isThisMachine } from "./start-env";

describe("SITE_URL on npm start", () => {
  it("is this machine's for a loopback address, under any of its names", () => {
    for (const url of ["http://127.0.0.1:9000", "http://localhost:9300/", "http://[::1]:9000"]) {
      expect(isThisMachine(url)).toBe(true);
    }
    for (const url of [
      undefined,
      "",
      "https://www.severnridgeinspections.com",
      "http://127.0.0.1.example.com",
      "not a url",
    ]) {
      expect(isThisMachine(url)).toBe(false);
    }
  });

  it("is left out of the build only when it is this machine's", () => {
    expect(buildEnv({ SITE_URL: "http://127.0.0.1:9000", PORT: "9000" })).toEqual({ PORT: "9000" });
    const live = { SITE_URL: "https://www.example.com", PORT: "9000" };
    expect(buildEnv(live)).toBe(live);
  });
});

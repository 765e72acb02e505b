/** @jest-environment node */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { recordServedAddress, servedAddress } from "./served-address";

describe("the address this machine's server serves at", () => {
  afterEach(() => jest.restoreAllMocks());

  it("is read back as the server noted it", () => {
    const env = { DATA_DIR: mkdtempSync(path.join(tmpdir(), "served-at-")), PORT: "9123" };
    expect(servedAddress(env)).toBe("http://127.0.0.1:9123");
    recordServedAddress("http://127.0.0.1:41234", env);
    expect(servedAddress(env)).toBe("http://127.0.0.1:41234");
  });

  it("takes nothing down when the data folder cannot be written, and reads as the default", () => {
    // A path below a file, as the browser tests' broken server is given.
    const env = { DATA_DIR: "/dev/null/data", PORT: "9123" };
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(() => recordServedAddress("http://127.0.0.1:41234", env)).not.toThrow();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("ENOTDIR"));
    expect(servedAddress(env)).toBe("http://127.0.0.1:9123");
  });
});

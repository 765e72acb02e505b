import { HYDRATION_WAITS_FOR_SHEET_MS, SHEET_RETRY_AFTER_MS } from "./site-stylesheet";

type SiteStylesheet = typeof import("./site-stylesheet");

/** A fresh copy of the module (its state: whether the sheet applied) for a page with the given head. */
function load(head: string): SiteStylesheet {
  document.head.innerHTML = head;
  let module: SiteStylesheet | undefined;
  jest.isolateModules(() => {
    module = jest.requireActual<SiteStylesheet>("./site-stylesheet");
  });
  return module!;
}

const HEAD =
  '<link rel="preload" as="style" href="/styles.abc.css">' +
  '<style data-href="/styles.abc.css" data-identity="gatsby-global-css">.critical{}</style>';

/** The stylesheet links the module has added; jsdom fetches none, so each test fires their events. */
const sheetLinks = () => [...document.querySelectorAll<HTMLLinkElement>("link[rel='stylesheet']")];

describe("the site's whole sheet", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("is linked by the href the inline style names, and the wait ends when it applies", async () => {
    const sheet = load(HEAD);
    const settled = jest.fn();
    void sheet.applySiteSheet().then(settled);
    expect(sheetLinks().map((link) => link.getAttribute("href"))).toEqual(["/styles.abc.css"]);
    expect(sheet.siteSheetApplied()).toBe(false);
    expect(sheet.mustLoadWhole("/faq", "/")).toBe(true);

    sheetLinks()[0]!.dispatchEvent(new Event("load"));
    await Promise.resolve();
    expect(settled).toHaveBeenCalled();
    expect(sheet.siteSheetApplied()).toBe(true);
    expect(sheet.mustLoadWhole("/faq", "/")).toBe(false);
  });

  it("holds hydration no longer than the bound when the sheet stalls", async () => {
    const sheet = load(HEAD);
    const settled = jest.fn();
    void sheet.applySiteSheet().then(settled);
    jest.advanceTimersByTime(HYDRATION_WAITS_FOR_SHEET_MS - 1);
    await Promise.resolve();
    expect(settled).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    await Promise.resolve();
    expect(settled).toHaveBeenCalled();
    // Still waiting for the sheet: another page is loaded whole, the same page's anchors are not.
    expect(sheet.mustLoadWhole("/services/radon", "/")).toBe(true);
    expect(sheet.mustLoadWhole("/faq/", "/faq")).toBe(false);
  });

  it("requests a failed sheet again after each retry delay, and applies the first that loads", async () => {
    const sheet = load(HEAD);
    const settled = jest.fn();
    void sheet.applySiteSheet().then(settled);
    for (const delay of SHEET_RETRY_AFTER_MS.slice(0, 2)) {
      sheetLinks()[0]!.dispatchEvent(new Event("error"));
      expect(sheetLinks()).toHaveLength(0);
      jest.advanceTimersByTime(delay - 1);
      expect(sheetLinks()).toHaveLength(0);
      jest.advanceTimersByTime(1);
      expect(sheetLinks()).toHaveLength(1);
    }
    sheetLinks()[0]!.dispatchEvent(new Event("load"));
    expect(sheet.siteSheetApplied()).toBe(true);
    await Promise.resolve();
    expect(settled).toHaveBeenCalled();
  });

  it("stops after the last retry; links then keep loading pages whole", () => {
    const sheet = load(HEAD);
    void sheet.applySiteSheet();
    for (const delay of SHEET_RETRY_AFTER_MS) {
      sheetLinks()[0]!.dispatchEvent(new Event("error"));
      jest.advanceTimersByTime(delay);
    }
    sheetLinks()[0]!.dispatchEvent(new Event("error"));
    jest.runAllTimers();
    expect(sheetLinks()).toHaveLength(0);
    expect(sheet.mustLoadWhole("/faq", "/")).toBe(true);
  });

  it("waits for nothing where no inline style names a sheet (gatsby develop injects the CSS)", async () => {
    const sheet = load("");
    await sheet.applySiteSheet();
    expect(sheetLinks()).toHaveLength(0);
    expect(sheet.mustLoadWhole("/faq", "/")).toBe(false);
  });
});

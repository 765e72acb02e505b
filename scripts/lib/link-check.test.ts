/** @jest-environment node */
import { fixtureSite, gatsbyPage } from "./fixture-site";
import { checkLinks, mailtoProblem, srcsetUrls, telProblem } from "./link-check";

const origin = "https://www.example.com";
const head = (pagePath: string) => `<link rel="canonical" href="${origin}${pagePath}"/>`;

/** A small built site: three spec routes, a page the spec does not have, and assets. */
function site(extraBody: string, nav = '<a href="/services/radon">Radon</a><a href="/schedule">Book</a>') {
  return fixtureSite({
    "index.html": gatsbyPage(
      `${head("/")}<nav>${nav}</nav><main id="main-content"><a href="#main-content">Skip</a>${extraBody}</main>`,
    ),
    "services/radon/index.html": gatsbyPage(`${head("/services/radon")}<h2 id="what-we-test">What we test</h2>`),
    "schedule/index.html": gatsbyPage(head("/schedule")),
    "404.html": gatsbyPage(`${head("/404.html")}<a href="#main-content">Skip</a><main id="main-content"></main>`),
    "drafts/index.html": gatsbyPage("<h1>Not in the spec</h1>"),
    "webpack-runtime.js": "",
    "framework.js": "",
    "app.js": "",
    "static/photo-480.webp": "",
    "static/photo-960.webp": "",
  });
}

const specRoutes = ["/", "/services/radon", "/schedule"];

function problemsWith(body: string, nav?: string) {
  const { dir, remove } = site(body, nav);
  try {
    return checkLinks(dir, specRoutes).problems.map(({ url, problem }) => ({ url, problem }));
  } finally {
    remove();
  }
}

describe("the link check", () => {
  it("passes links, images and scripts that resolve, and well-formed tel: and mailto:", () => {
    const body = [
      '<a href="/services/radon">Radon</a>',
      '<a href="/services/radon#what-we-test">What we test</a>',
      '<a href="/schedule?service=radon">Book</a>',
      `<a href="${origin}/schedule">Absolute</a>`,
      '<a href="https://www.epa.gov/radon">EPA</a>',
      '<a href="tel:+14105550142">Call</a>',
      '<a href="mailto:office@example.com?subject=Radon%20test">Write</a>',
      '<img src="/static/photo-480.webp" srcset="/static/photo-480.webp 480w, /static/photo-960.webp 960w" alt="">',
      '<img src="data:image/svg+xml,%3csvg%3e%3c/svg%3e" alt="">',
    ].join("");
    expect(problemsWith(body)).toEqual([]);
  });

  it("fails on every kind of broken link", () => {
    const body = [
      '<a href="/services/mould">Typo</a>',
      '<a href="/drafts">A page the spec does not have</a>',
      '<a href="/services/radon/">Trailing slash</a>',
      '<a href="/services/radon#no-such-heading">Missing anchor</a>',
      '<img src="/static/missing.webp" alt="">',
      '<img srcset="/static/photo-480.webp 480w, /static/gone-960.webp 960w" alt="">',
      '<script src="/gone-1234.js"></script>',
      '<a href="tel:410-555-0142">Local number</a>',
      '<a href="mailto:office@">Broken address</a>',
      '<a href="javascript:void(0)">Script</a>',
    ].join("");
    expect(problemsWith(body)).toEqual([
      { url: "/services/mould", problem: "no file in public/ answers /services/mould" },
      { url: "/drafts", problem: "/drafts is not a route of the specification" },
      { url: "/services/radon/", problem: "trailing slash: the site answers it with a redirect" },
      { url: "/services/radon#no-such-heading", problem: 'no element with id "no-such-heading" on /services/radon' },
      { url: "/static/missing.webp", problem: "no file in public/ answers /static/missing.webp" },
      { url: "/static/gone-960.webp", problem: "no file in public/ answers /static/gone-960.webp" },
      { url: "/gone-1234.js", problem: "no file in public/ answers /gone-1234.js" },
      { url: "tel:410-555-0142", problem: "tel: link is not an international number such as tel:+14105550142" },
      { url: "mailto:office@", problem: "mailto: link has no well-formed e-mail address" },
      { url: "javascript:void(0)", problem: "javascript: address" },
    ]);
  });

  it("reads the layout the Netlify adapter writes: /services/radon is services/radon.html", () => {
    const { dir, remove } = fixtureSite({
      "index.html": gatsbyPage(`${head("/")}<a href="/services/radon#what-we-test">Radon</a>`),
      "services/radon.html": gatsbyPage(`${head("/services/radon")}<h2 id="what-we-test">What we test</h2>`),
      "404.html": gatsbyPage(`${head("/404.html")}<a href="#main-content">Skip</a><main id="main-content"></main>`),
      "webpack-runtime.js": "",
      "framework.js": "",
      "app.js": "",
    });
    try {
      expect(checkLinks(dir, specRoutes).problems).toEqual([]);
    } finally {
      remove();
    }
  });

  it("stops when there is no build to check", () => {
    const { dir, remove } = fixtureSite({ "robots.txt": "" });
    try {
      expect(() => checkLinks(dir, specRoutes)).toThrow("No home page");
    } finally {
      remove();
    }
  });

  it("fails on a route of the specification that no chain of links from the home page reaches", () => {
    // /schedule is linked only from the radon page, which nothing links to.
    expect(problemsWith("", "")).toEqual([
      { url: "/services/radon", problem: "no link leads here from the home page" },
      { url: "/schedule", problem: "no link leads here from the home page" },
    ]);
    expect(problemsWith("", '<a href="/services/radon#what-we-test">Radon</a>')).toEqual([
      { url: "/schedule", problem: "no link leads here from the home page" },
    ]);
  });

  it("fails on a canonical link that names another page", () => {
    expect(problemsWith(`<link rel="canonical" href="${origin}/services">`)).toEqual([
      { url: `${origin}/services`, problem: "canonical names /services, not this page" },
    ]);
  });
});

describe("link parts", () => {
  it("reads every URL of a srcset, commas inside data: URLs included", () => {
    expect(srcsetUrls("/a.webp 480w, /b.webp 960w")).toEqual(["/a.webp", "/b.webp"]);
    expect(srcsetUrls("/a.webp 1x,/b.webp 2x")).toEqual(["/a.webp", "/b.webp"]);
    expect(srcsetUrls("data:image/png;base64,AAA= 1x, /b.png 2x")).toEqual(["data:image/png;base64,AAA=", "/b.png"]);
  });

  it("checks tel: and mailto: addresses", () => {
    expect(telProblem("tel:+14105550142")).toBeNull();
    expect(telProblem("tel:+1-410-555-0142")).toBeNull();
    expect(telProblem("tel:4105550142")).not.toBeNull();
    expect(telProblem("tel:+1410555014x")).not.toBeNull();
    expect(mailtoProblem("mailto:office@severnridgeinspections.com")).toBeNull();
    expect(mailtoProblem("mailto:a@example.com,b@example.org?subject=Hi&body=There")).toBeNull();
    expect(mailtoProblem("mailto:office at example.com")).not.toBeNull();
    expect(mailtoProblem("mailto:a@example.com?subject")).not.toBeNull();
  });
});

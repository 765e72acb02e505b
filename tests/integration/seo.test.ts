/**
 * What search engines and share previews read in the built site: titles, descriptions,
 * canonical addresses, share images, JSON-LD, the sitemap, robots.txt and the feed.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { builtRoutes, publicDir, readPage } from "../support/built-site";
import { specRoutes } from "../../scripts/lib/routes";
import { readContentFile } from "../../src/build-time/content-files";

const siteUrl = "https://www.severnridgeinspections.com";
const built = builtRoutes().map(({ route, file }) => ({ route, document: readPage(file) }));
const isPrivate = ({ document }: (typeof built)[number]) =>
  document.querySelector('head meta[name="robots"]')?.getAttribute("content") === "noindex";
/** The pages search engines are meant to find; the private ones are checked on their own below. */
const pages = built.filter((page) => !isPrivate(page));
/** The articles: the blog's topic pages (/blog/topics/<id>) list posts, they are none. */
const posts = specRoutes.filter((route) => /^\/blog\/(?!topics\/)/.test(route.path));

type Node = Record<string, unknown> & { "@type": string };
/** The pages whose description of the business names each county it serves. */
const countiesNamedOn = ["/", "/areas"];
function jsonLd(document: ReturnType<typeof readPage>): Node[] {
  return document
    .querySelectorAll('script[type="application/ld+json"]')
    .flatMap((script) => (JSON.parse(script.textContent) as { "@graph": Node[] })["@graph"]);
}

test("the built site has exactly the specification's routes, and six private pages", () => {
  expect(pages.map((page) => page.route).sort()).toEqual(specRoutes.map((route) => route.path).sort());
  // The pages a booking's, a signing, a report's and a data link open belong to their visitor, the agent's page
  // to the agent and the desk to the business: no canonical address, no share card.
  const privatePages = built.filter(isPrivate).sort((a, b) => a.route.localeCompare(b.route));
  expect(privatePages.map((page) => page.route)).toEqual([
    "/agent",
    "/agreement",
    "/booking",
    "/desk",
    "/privacy/data",
    "/report",
  ]);
  const titles = [
    "Your Clients' Inspections",
    "Inspection Agreement",
    "Your Booking",
    "The Desk",
    "Your Data",
    "Inspection Report",
  ];
  privatePages.forEach((privatePage, index) => {
    const head = privatePage.document.querySelector("head")!;
    expect(head.querySelector("title")!.textContent).toBe(`${titles[index]} | Severn Ridge Home Inspections`);
    expect(head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(head.querySelector('meta[property="og:image"]')).toBeNull();
  });
});

describe.each(pages)("$route", ({ route, document }) => {
  const head = document.querySelector("head")!;

  it("has one title, one description and one canonical address", () => {
    expect(head.querySelectorAll("title")).toHaveLength(1);
    expect(head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(head.querySelector('link[rel="canonical"]')!.getAttribute("href")).toBe(`${siteUrl}${route}`);
    expect(head.querySelector("title")!.textContent).toMatch(/^.+ \| Severn Ridge Home Inspections$/);
    expect(document.querySelector("html")!.getAttribute("lang")).toBe("en-US");
  });

  it("has Open Graph and Twitter tags with a 1200x630 share image that exists", () => {
    const meta = (selector: string) => head.querySelector(`meta[${selector}]`)?.getAttribute("content");
    const image = meta('property="og:image"')!;
    expect(image).toBe(`${siteUrl}/og${route === "/" ? "/index" : route}.png`);
    const file = path.join(publicDir, image.replace(siteUrl, ""));
    expect(existsSync(file)).toBe(true);
    const png = readFileSync(file);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    expect(meta('property="og:title"')).toBeTruthy();
    expect(meta('property="og:url"')).toBe(`${siteUrl}${route}`);
    expect(meta('name="twitter:card"')).toBe("summary_large_image");
    expect(meta('name="twitter:image"')).toBe(image);
  });

  it("links the feed, and names its icons and manifest for the preloader to link once it has painted", () => {
    expect(head.querySelector('link[rel="alternate"][type="application/rss+xml"]')?.getAttribute("href")).toBe(
      "/rss.xml",
    );
    // Before the paint the head names an empty icon, so a browser asks for no icon file then.
    expect([...head.querySelectorAll('link[rel="icon"], link[rel="manifest"]')].map((link) => link.outerHTML)).toEqual([
      '<link rel="icon" href="data:,">',
    ]);
    const preload = document.querySelector("script[data-preload]")?.getAttribute("data-preload");
    const later = (JSON.parse(preload!) as Array<[string, string]>).filter(
      ([, as]) => as === "icon" || as === "manifest",
    );
    expect(later.map(([, as]) => as).sort()).toEqual(["icon", "icon", "manifest"]);
    for (const [url] of later) expect(existsSync(path.join(publicDir, url.split("?")[0]!))).toBe(true);
  });

  it("describes the business in JSON-LD, with a breadcrumb trail below the home page", () => {
    const nodes = jsonLd(document);
    const business = nodes.find((node) => node["@type"] === "HomeAndConstructionBusiness");
    // The home page and /areas name each county served (checked below); the others say Maryland.
    if (!countiesNamedOn.includes(route)) expect(business!.areaServed).toEqual({ "@type": "State", name: "Maryland" });
    expect(business).toMatchObject({
      name: "Severn Ridge Home Inspections",
      telephone: "+14105550142",
      email: expect.stringContaining("@"),
      url: `${siteUrl}/`,
      address: { "@type": "PostalAddress", addressRegion: "MD", addressCountry: "US" },
      logo: { "@type": "ImageObject", url: `${siteUrl}/icons/icon-512x512.png`, width: 512, height: 512 },
    });
    const logo = path.join(publicDir, "icons/icon-512x512.png");
    expect([readFileSync(logo).readUInt32BE(16), readFileSync(logo).readUInt32BE(20)]).toEqual([512, 512]);
    expect(business!.sameAs).toHaveLength(4);
    const breadcrumbs = nodes.find((node) => node["@type"] === "BreadcrumbList");
    if (route === "/") {
      expect(breadcrumbs).toBeUndefined();
    } else {
      const items = breadcrumbs!.itemListElement as { position: number; name: string; item: string }[];
      expect(items[0]).toMatchObject({ position: 1, name: "Home", item: `${siteUrl}/` });
      expect(items.at(-1)).toMatchObject({ position: items.length, item: `${siteUrl}${route}` });
    }
  });
});

test("the home page gives the business's opening hours and price range from content/ in its JSON-LD", () => {
  // Worked out here from the YAML itself, not with the site's own functions, so a fact the site
  // lost or changed on the way to the page shows.
  const { weeklyHours } = readContentFile("availability.yaml");
  const pricing = readContentFile("pricing.yaml");
  const prices = [
    ...pricing.mainInspections.flatMap((inspection) => inspection.sizeBands.map((band) => band.price)),
    ...pricing.addOns.map((addOn) => addOn.price),
    ...readContentFile("water-packages.yaml").map((pack) => pack.price),
  ];
  const dollars = (amount: number) => `$${amount.toLocaleString("en-US")}`;
  const home = pages.find(({ route }) => route === "/")!;
  const business = jsonLd(home.document).find((node) => node["@type"] === "HomeAndConstructionBusiness")!;
  expect(business.priceRange).toBe(`${dollars(Math.min(...prices))}–${dollars(Math.max(...prices))}`);
  const specifications = business.openingHoursSpecification as {
    "@type": string;
    dayOfWeek: string[];
    opens: string;
    closes: string;
  }[];
  expect(specifications.every((spec) => spec["@type"] === "OpeningHoursSpecification")).toBe(true);
  const days = specifications
    .flatMap(({ dayOfWeek, opens, closes }) => dayOfWeek.map((day) => ({ day, opens, closes })))
    .sort((a, b) => a.day.localeCompare(b.day));
  const expected = weeklyHours
    .map(({ day, opens, closes }) => ({ day: day[0]!.toUpperCase() + day.slice(1), opens, closes }))
    .sort((a, b) => a.day.localeCompare(b.day));
  expect(days).toEqual(expected);
});

describe("the places served", () => {
  // Worked out here from the content files themselves.
  const pricing = readContentFile("pricing.yaml");
  const zoneOf = (county: string) => pricing.travelZones.find((zone) => zone.counties.includes(county))!;
  const areaPages = pages.filter(({ route }) => route.startsWith("/areas/"));
  const countyOf = (document: (typeof pages)[number]["document"]) =>
    jsonLd(document).find((node) => node["@type"] === "Service")!.areaServed as Node & { name: string };

  test("the home page and /areas name every county of the travel zones as an AdministrativeArea of Maryland", () => {
    const counties = pricing.travelZones.flatMap((zone) => zone.counties);
    for (const route of countiesNamedOn) {
      const document = pages.find((page) => page.route === route)!.document;
      const business = jsonLd(document).find((node) => node["@type"] === "HomeAndConstructionBusiness")!;
      const areas = business.areaServed as Array<Node & { name: string; url: string }>;
      expect(areas).toHaveLength(counties.length);
      for (const area of areas) {
        expect(area).toMatchObject({
          "@type": "AdministrativeArea",
          containedInPlace: { "@type": "State", name: "Maryland" },
        });
        // Each names its own page, which names the same county.
        const page = areaPages.find(({ route: path }) => `${siteUrl}${path}` === area.url)!;
        expect(countyOf(page.document).name).toBe(area.name);
      }
    }
  });

  test("every area page offers its services there, at the quote with the county's travel fee, below a breadcrumb", () => {
    expect(areaPages).toHaveLength(pricing.travelZones.flatMap((zone) => zone.counties).length);
    for (const { route, document } of areaPages) {
      const nodes = jsonLd(document);
      const services = nodes.filter((node) => node["@type"] === "Service");
      expect(services.length).toBeGreaterThanOrEqual(1);
      const h1 = document.querySelector("h1")!.textContent;
      for (const service of services) {
        expect(service).toMatchObject({
          url: `${siteUrl}${route}`,
          provider: { "@id": `${siteUrl}/#business` },
          areaServed: { "@type": "AdministrativeArea", url: `${siteUrl}${route}` },
          offers: { "@type": "Offer", priceCurrency: "USD", price: expect.stringMatching(/^\d+\.00$/) },
        });
        expect(h1).toBe(`Home inspections in ${(service.areaServed as { name: string }).name}`);
      }
      // The home inspection's offer: its smallest band and the county's travel fee, from pricing.yaml.
      const schedule = document.querySelector("main a[href^='/schedule?county=']")!.getAttribute("href")!;
      const name = new URLSearchParams(schedule.split("?")[1]).get("county")!;
      const home = pricing.mainInspections.find((job) => job.id === "residential")!;
      const expected = Math.min(...home.sizeBands.map((band) => band.price)) + zoneOf(name).fee;
      expect(services[0]!.offers).toMatchObject({ price: `${expected}.00` });
      const crumbs = nodes.find((node) => node["@type"] === "BreadcrumbList")!.itemListElement as { item: string }[];
      expect(crumbs.map((crumb) => crumb.item)).toEqual([`${siteUrl}/`, `${siteUrl}/areas`, `${siteUrl}${route}`]);
    }
  });
});

test("titles, descriptions and canonical addresses are unique across the site", () => {
  for (const selector of ["title", 'meta[name="description"]', 'link[rel="canonical"]']) {
    const values = pages.map(({ document }) => {
      const element = document.querySelector(`head ${selector}`)!;
      return element.getAttribute("content") ?? element.getAttribute("href") ?? element.textContent;
    });
    expect(new Set(values).size).toBe(values.length);
  }
});

test("each service page is a Service, priced ones with an offer", () => {
  const services = pages.filter(({ route }) => /^\/services\/[^/]+$/.test(route));
  expect(services).toHaveLength(10);
  for (const { route, document } of services) {
    const service = jsonLd(document).find((node) => node["@type"] === "Service")!;
    expect(service).toMatchObject({ url: `${siteUrl}${route}`, provider: { "@id": `${siteUrl}/#business` } });
    expect(service.name).toBeTruthy();
    if (route !== "/services/lead-paint-legal-requirements") {
      expect(service.offers).toMatchObject({
        "@type": "Offer",
        priceCurrency: "USD",
        price: expect.stringMatching(/^\d+\.00$/),
      });
    }
  }
});

test("each water package carries an offer with its price", () => {
  const packages = pages.filter(({ route }) => route.startsWith("/services/water-quality/"));
  expect(packages.length).toBeGreaterThanOrEqual(5);
  for (const { document } of packages) {
    const service = jsonLd(document).find((node) => node["@type"] === "Service")!;
    expect(service.offers).toMatchObject({
      "@type": "Offer",
      priceCurrency: "USD",
      price: expect.stringMatching(/^\d+\.00$/),
    });
  }
});

test("each article is a BlogPosting with its dates and author", () => {
  for (const { path: route } of posts) {
    const document = pages.find((page) => page.route === route)!.document;
    const article = jsonLd(document).find((node) => node["@type"] === "BlogPosting")!;
    expect(article).toMatchObject({
      headline: expect.any(String),
      url: `${siteUrl}${route}`,
      datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      dateModified: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      author: { "@type": "Person", name: "Daniel Reyes" },
      publisher: { "@id": `${siteUrl}/#business` },
    });
    expect(document.querySelector('meta[property="og:type"]')!.getAttribute("content")).toBe("article");
  }
});

test("the not-found page asks not to be indexed and has no canonical address", () => {
  const notFound = readPage(path.join(publicDir, "404.html"));
  expect(notFound.querySelector('meta[name="robots"]')!.getAttribute("content")).toBe("noindex");
  expect(notFound.querySelector('link[rel="canonical"]')).toBeNull();
});

function sitemapUrls(): { loc: string; lastmod?: string }[] {
  const parser = new XMLParser({ isArray: (name) => ["url", "sitemap"].includes(name) });
  const index = parser.parse(readFileSync(path.join(publicDir, "sitemap-index.xml"), "utf8"));
  return (index.sitemapindex.sitemap as { loc: string }[]).flatMap(({ loc }) => {
    const sitemap = parser.parse(readFileSync(path.join(publicDir, loc.replace(siteUrl, "")), "utf8"));
    return sitemap.urlset.url as { loc: string; lastmod?: string }[];
  });
}

test("the sitemap lists exactly the public routes", () => {
  const locations = sitemapUrls().map((url) => url.loc);
  expect(locations.sort()).toEqual(specRoutes.map((route) => `${siteUrl}${route.path}`).sort());
});

test("the sitemap dates each service, post and area page by its review or publication date, as the page shows", () => {
  const dated = sitemapUrls().filter((url) => /\/(services|blog|areas)\/[^/]+$/.test(url.loc));
  expect(dated.length).toBeGreaterThanOrEqual(10 + posts.length + 24);
  for (const url of dated) {
    const route = url.loc.replace(siteUrl, "");
    // The sitemap writes W3C datetimes (2026-11-20T00:00:00.000Z); the day is what was reviewed.
    const lastmod = url.lastmod?.slice(0, 10);
    const document = pages.find((page) => page.route === route)!.document;
    const article = jsonLd(document).find((node) => node["@type"] === "BlogPosting");
    if (article) {
      expect({ route, lastmod }).toEqual({ route, lastmod: article.dateModified });
    } else {
      // A service or area page tells the reader "Last reviewed November 20, 2026".
      const day = new Date(`${lastmod}T00:00:00Z`).toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" });
      expect(document.querySelector("main")!.textContent).toContain(`Last reviewed ${day}.`);
    }
  }
});

test("robots.txt allows crawling and names the sitemap", () => {
  const robots = readFileSync(path.join(publicDir, "robots.txt"), "utf8");
  expect(robots).toMatch(/^User-agent: \*\nAllow: \/\n/);
  expect(robots).toContain(`Sitemap: ${siteUrl}/sitemap-index.xml`);
});

test("the feed is valid RSS 2.0 with every post", () => {
  const xml = readFileSync(path.join(publicDir, "rss.xml"), "utf8");
  expect(XMLValidator.validate(xml)).toBe(true);
  const rss = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "item" }).parse(xml).rss;
  expect(rss["@_version"]).toBe("2.0");
  expect(rss.channel).toMatchObject({
    title: expect.any(String),
    link: siteUrl,
    description: expect.any(String),
    language: "en-US",
    "atom:link": { "@_href": `${siteUrl}/rss.xml`, "@_rel": "self", "@_type": "application/rss+xml" },
  });
  const items = rss.channel.item as {
    title: string;
    link: string;
    guid: unknown;
    pubDate: string;
    description: string;
  }[];
  expect(items.map((item) => item.link).sort()).toEqual(posts.map((post) => `${siteUrl}${post.path}`).sort());
  for (const item of items) {
    expect(item.title).toBeTruthy();
    expect(item.description).toBeTruthy();
    expect(Number.isNaN(Date.parse(item.pubDate))).toBe(false);
  }
});

import { administrativeAreaNode, areaServiceNode, businessNode, openingHoursNodes } from "./structured-data";

describe("openingHoursNodes", () => {
  it("gives one specification for each set of days with the same hours", () => {
    const weeklyHours = [
      { day: "monday", opens: "08:00", closes: "18:00" },
      { day: "tuesday", opens: "08:00", closes: "18:00" },
      { day: "saturday", opens: "09:00", closes: "12:00" },
    ];
    expect(openingHoursNodes(weeklyHours)).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Monday", "Tuesday"], opens: "08:00", closes: "18:00" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Saturday"], opens: "09:00", closes: "12:00" },
    ]);
  });
});

describe("the places served", () => {
  const siteUrl = "https://www.example.com";
  const frederick = { name: "Frederick County", path: "/areas/frederick" };
  const site = {
    name: "Severn Ridge",
    tagline: "Inspections",
    phone: "(410) 555-0142",
    email: "office@example.com",
    address: { region: "MD", country: "US" },
    social: { facebook: "https://f", instagram: "https://i", linkedin: "https://l", youtube: "https://y" },
  };

  it("names a county as an AdministrativeArea in Maryland, with its page", () => {
    expect(administrativeAreaNode(siteUrl, frederick)).toEqual({
      "@type": "AdministrativeArea",
      name: "Frederick County",
      url: "https://www.example.com/areas/frederick",
      containedInPlace: { "@type": "State", name: "Maryland" },
    });
  });

  it("gives the business each county it serves where a page names them, and Maryland elsewhere", () => {
    // As the pages pass it: the node the build made, read back from the page's data.
    const county: Record<string, unknown> = administrativeAreaNode(siteUrl, frederick);
    expect(businessNode(site, siteUrl, undefined, [county]).areaServed).toEqual([county]);
    expect(businessNode(site, siteUrl).areaServed).toEqual({ "@type": "State", name: "Maryland" });
  });

  it("offers a service in one county at its price there, served in that county", () => {
    expect(areaServiceNode(siteUrl, frederick, { id: "radon", label: "Radon test", total: 260 })).toEqual({
      "@type": "Service",
      "@id": "https://www.example.com/areas/frederick#radon",
      name: "Radon test in Frederick County",
      serviceType: "Radon test",
      url: "https://www.example.com/areas/frederick",
      provider: { "@id": "https://www.example.com/#business" },
      areaServed: administrativeAreaNode(siteUrl, frederick),
      offers: {
        "@type": "Offer",
        url: "https://www.example.com/areas/frederick",
        priceCurrency: "USD",
        price: "260.00",
        priceSpecification: { "@type": "PriceSpecification", minPrice: 260, priceCurrency: "USD" },
      },
    });
  });
});

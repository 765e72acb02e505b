import { graphql, type HeadProps, type PageProps } from "gatsby";
import React from "react";
import { ClosingCta } from "../components/home/closing-cta";
import { Hero } from "../components/home/hero";
import { TrustIndicators } from "../components/home/trust-indicators";
import { Seo } from "../components/seo";
import { ServiceCardList } from "../components/services/service-card-list";
import { Container } from "../components/ui/container";
import { useSiteInfo } from "../hooks/use-site-info";
import type { JsonLdNode } from "../lib/seo/structured-data";

export default function HomePage({ data }: PageProps<Queries.HomePageQuery>) {
  const site = useSiteInfo();
  return (
    <>
      <Hero name={site.name} phone={site.phone} serviceArea={site.serviceArea} />
      <TrustIndicators
        yearsInBusiness={site.yearsInBusiness}
        inspectionsCompleted={site.inspectionsCompleted}
        licenseNumber={site.licenseNumber}
        credentials={site.credentials}
      />
      {/* Below the fold on every screen: rendered as it nears the viewport (see global.css). */}
      <section
        aria-labelledby="services-title"
        className="render-when-near [--render-height:204rem] sm:[--render-height:130rem] lg:[--render-height:93rem]"
      >
        <Container className="py-16">
          <h2 id="services-title" className="text-3xl font-bold tracking-tight text-slate-900">
            Services at a glance
          </h2>
          <p className="mt-3 max-w-2xl text-lg text-slate-600">
            One visit can cover the house and the tests a Maryland sale often needs. Prices are our starting prices.
          </p>
          <ServiceCardList data={data} className="mt-10" />
        </Container>
      </section>
      <ClosingCta phone={site.phone} />
    </>
  );
}

export const query = graphql`
  query HomePage {
    ...ServiceCardList
    availability {
      openingHoursSpecification
    }
    pricing {
      priceRange
    }
    allArea(sort: { county: ASC }) {
      nodes {
        administrativeArea
      }
    }
  }
`;

export function Head({ location, data }: HeadProps<Queries.HomePageQuery>) {
  return (
    <Seo
      title="Maryland Home & Property Inspections"
      description="Licensed Maryland home inspectors: residential and commercial inspections, radon, mold, water, well, septic and lead paint testing, with an instant price online."
      pathname={location.pathname}
      // Both files always exist: the build stops when one is missing or wrong (content-schema.ts).
      hoursAndPrices={{
        // A JSON field, typed as any object: gatsby/resolvers.ts fills it with openingHoursNodes' list.
        openingHoursSpecification: data.availability!.openingHoursSpecification as unknown as JsonLdNode[],
        priceRange: data.pricing!.priceRange,
      }}
      areasServed={data.allArea.nodes.map((area) => area.administrativeArea as JsonLdNode)}
    />
  );
}

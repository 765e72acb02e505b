import { graphql, Link, type HeadProps, type PageProps } from "gatsby";
import React from "react";
import { ClosingCta } from "../components/home/closing-cta";
import { Seo } from "../components/seo";
import { Container } from "../components/ui/container";
import { PageHeader } from "../components/ui/page-header";
import { useSiteInfo } from "../hooks/use-site-info";
import { formatDollars } from "../lib/text/format";
import type { JsonLdNode } from "../lib/seo/structured-data";

type Areas = Queries.AreasPageQuery["allArea"]["nodes"];

/** The counties of one travel zone (pricing.yaml), each linked to its page. */
function ZoneList({ zone, areas }: { zone: Queries.TravelZone; areas: Areas }) {
  const id = `zone-${zone.label.replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-2xl font-semibold tracking-tight text-slate-900">
        {zone.label.charAt(0).toUpperCase() + zone.label.slice(1)}
      </h2>
      <p className="mt-1 text-slate-700">
        {zone.fee > 0
          ? `A travel fee of ${formatDollars(zone.fee)} is added to each visit.`
          : "Our prices include travel here."}
      </p>
      <ul className="mt-3 grid gap-x-6 sm:grid-cols-2 lg:grid-cols-3">
        {zone.counties.map((county) => {
          const area = areas.find((candidate) => candidate.county === county)!;
          return (
            <li key={county}>
              <Link
                to={area.path}
                className="inline-block py-2 font-medium text-brand-700 underline underline-offset-2"
              >
                {area.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export default function AreasPage({ data }: PageProps<Queries.AreasPageQuery>) {
  const { phone } = useSiteInfo();
  return (
    <>
      <PageHeader
        eyebrow="Maryland"
        title="Areas we serve"
        intro="The Maryland counties we inspect in, and Baltimore City, by travel zone. Each county's page gives its travel fee, our prices there and the facts we could source about it."
      />
      <Container className="space-y-10 py-12">
        {data.pricing!.tables.travelZones.map((zone) => (
          <ZoneList key={zone.label} zone={zone} areas={data.allArea.nodes} />
        ))}
      </Container>
      <ClosingCta phone={phone} />
    </>
  );
}

export const query = graphql`
  query AreasPage {
    pricing {
      tables {
        travelZones {
          label
          fee
          counties
        }
      }
    }
    allArea(sort: { county: ASC }) {
      nodes {
        county
        name
        path
        administrativeArea
      }
    }
  }
`;

export function Head({ location, data }: HeadProps<Queries.AreasPageQuery>) {
  return (
    <Seo
      title="Areas We Serve"
      description="The Maryland counties and Baltimore City we inspect in, by travel zone, each with its travel fee, our prices there and sourced local facts."
      pathname={location.pathname}
      // A JSON field, typed as any value: gatsby/resolvers.ts fills it with administrativeAreaNode's node.
      areasServed={data.allArea.nodes.map((area) => area.administrativeArea as JsonLdNode)}
    />
  );
}

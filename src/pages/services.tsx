import { graphql, type HeadProps, type PageProps } from "gatsby";
import React from "react";
import { ClosingCta } from "../components/home/closing-cta";
import { Seo } from "../components/seo";
import { ServiceCardList } from "../components/services/service-card-list";
import { Container } from "../components/ui/container";
import { PageHeader } from "../components/ui/page-header";
import { useSiteInfo } from "../hooks/use-site-info";

export default function ServicesPage({ data }: PageProps<Queries.ServicesPageQuery>) {
  const { phone } = useSiteInfo();
  return (
    <>
      <PageHeader
        eyebrow="Services"
        title="Inspection and testing services"
        intro="Every service we offer across Maryland, what it is for, and the price it starts from. Book any of them on their own or together with a home inspection."
      />
      <Container className="py-14">
        {/* The cards' titles are h3, as on the home page: this keeps the outline h1 > h2 > h3. */}
        <h2 className="sr-only">All services</h2>
        <ServiceCardList data={data} />
      </Container>
      <ClosingCta phone={phone} />
    </>
  );
}

export const query = graphql`
  query ServicesPage {
    ...ServiceCardList
  }
`;

export function Head({ location }: HeadProps) {
  return (
    <Seo
      title="Services"
      description="Residential, commercial and new construction inspections, radon, mold, sewer and septic, well, water quality and lead paint testing across Maryland, with starting prices."
      pathname={location.pathname}
    />
  );
}

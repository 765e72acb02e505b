import { graphql, type HeadProps, type PageProps } from "gatsby";
import React from "react";
import { Seo } from "../components/seo";
import { ServicePage } from "../components/services/service-page";
import { useSiteUrl } from "../hooks/use-site-url";
import { servicesPath } from "../lib/paths";
import { serviceNode } from "../lib/seo/structured-data";

export default function ServiceTemplate({ data }: PageProps<Queries.ServiceTemplateQuery>) {
  return <ServicePage service={data.service!} />;
}

export const query = graphql`
  query ServiceTemplate($id: String!) {
    service(id: { eq: $id }) {
      ...ServicePage
    }
  }
`;

export function Head({ data, location }: HeadProps<Queries.ServiceTemplateQuery>) {
  const siteUrl = useSiteUrl();
  const service = data.service!;
  return (
    <Seo
      title={service.title}
      description={service.summary}
      pathname={location.pathname}
      parents={[{ name: "Services", path: servicesPath }]}
      structuredData={[serviceNode(siteUrl, { ...service, path: location.pathname })]}
    />
  );
}

import { graphql, type HeadProps, type PageProps } from "gatsby";
import React from "react";
import { AreaPage } from "../components/areas/area-page";
import { Seo } from "../components/seo";
import { areaDescription } from "../lib/areas/area-facts";
import { areasPath } from "../lib/paths";
import type { JsonLdNode } from "../lib/seo/structured-data";

export default function AreaTemplate({ data }: PageProps<Queries.AreaTemplateQuery>) {
  return <AreaPage area={data.area!} marylandFacts={data.allMarylandFact.nodes} />;
}

export const query = graphql`
  query AreaTemplate($id: String!) {
    area(id: { eq: $id }) {
      ...AreaPage
      serviceNodes
    }
    allMarylandFact(sort: { order: ASC }) {
      ...AreaMarylandFacts
    }
  }
`;

export function Head({ data, location }: HeadProps<Queries.AreaTemplateQuery>) {
  const area = data.area!;
  return (
    <Seo
      title={`Home Inspections in ${area.name}`}
      description={areaDescription(area)}
      pathname={location.pathname}
      parents={[{ name: "Areas We Serve", path: areasPath }]}
      // A JSON field, typed as any value: gatsby/resolvers.ts fills it with areaServiceNode's nodes.
      structuredData={area.serviceNodes as unknown as JsonLdNode[]}
    />
  );
}

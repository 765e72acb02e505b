import { graphql, type PageProps } from "gatsby";
import React from "react";
import { PackageComparison } from "../components/water/package-comparison";
import { ServicePage } from "../components/services/service-page";

/**
 * A service page whose copy places the water-testing package table (`<PackageComparison />`):
 * a template of its own, so that the table's code and data load on that page only.
 */
export default function ServiceWithPackageComparisonTemplate({
  data,
}: PageProps<Queries.ServiceWithPackageComparisonTemplateQuery>) {
  return <ServicePage service={data.service!} slots={{ PackageComparison: <PackageComparison /> }} />;
}

export { Head } from "./service";

export const query = graphql`
  query ServiceWithPackageComparisonTemplate($id: String!) {
    service(id: { eq: $id }) {
      ...ServicePage
    }
  }
`;

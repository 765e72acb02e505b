import { graphql, type HeadProps, type PageProps } from "gatsby";
import React from "react";
import { Seo } from "../components/seo";
import { WaterPackagePage } from "../components/water/water-package-page";
import { useSiteUrl } from "../hooks/use-site-url";
import { servicePath, servicesPath, waterQualityService } from "../lib/paths";
import { waterPackageNode } from "../lib/seo/structured-data";
import { waterPackageTitle } from "../lib/pricing/water-package-title";

export default function WaterPackageTemplate({ data }: PageProps<Queries.WaterPackageTemplateQuery>) {
  return <WaterPackagePage pack={data.waterPackage!} />;
}

export const query = graphql`
  query WaterPackageTemplate($id: String!) {
    waterPackage(id: { eq: $id }) {
      ...WaterPackagePage
    }
  }
`;

export function Head({ data, location }: HeadProps<Queries.WaterPackageTemplateQuery>) {
  const siteUrl = useSiteUrl();
  const pack = data.waterPackage!;
  return (
    <Seo
      title={waterPackageTitle(pack.name)}
      description={pack.summary}
      pathname={location.pathname}
      parents={[
        { name: "Services", path: servicesPath },
        { name: "Water Quality Testing", path: servicePath(waterQualityService) },
      ]}
      structuredData={[waterPackageNode(siteUrl, { ...pack, path: location.pathname })]}
    />
  );
}

import type { Node, Reporter } from "gatsby";
import type { PricingTables } from "../src/lib/content-schema";
import { contentLabel } from "./site-root";

/** Links between content files must point at something that exists. */
export function checkReferences(getNodesByType: (type: string) => Node[], reporter: Reporter): void {
  const services = new Set(getNodesByType("Service").map((node) => node.slug as string));
  const parameters = new Set(getNodesByType("WaterParameter").map((node) => node.parameterId as string));
  const problems: string[] = [];

  getNodesByType("WaterPackage").forEach((node) => {
    (node.parameters as string[]).forEach((id, index) => {
      if (!parameters.has(id)) {
        problems.push(
          `content/water-packages.yaml: package "${node.packageId}" field "parameters[${index}]" names "${id}", which is not in content/water-parameters.yaml`,
        );
      }
    });
  });
  getNodesByType("BlogPost").forEach((node) => {
    (node.related as string[]).forEach((slug, index) => {
      if (!services.has(slug)) {
        problems.push(
          `${contentLabel(node.contentFilePath as string)}: field "related[${index}]" names "${slug}", which is not a file in content/services`,
        );
      }
    });
  });
  const pricing = getNodesByType("Pricing")[0]?.tables as PricingTables | undefined;
  [...(pricing?.mainInspections ?? []), ...(pricing?.addOns ?? [])].forEach((item) => {
    if (!services.has(item.service)) {
      problems.push(
        `content/pricing.yaml: "${item.id}" field "service" names "${item.service}", which is not a file in content/services`,
      );
    }
  });
  if (problems.length) reporter.panicOnBuild(`Content error:\n  ${problems.join("\n  ")}`);
}

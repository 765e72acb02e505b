import { graphql } from "gatsby";
import React from "react";
import { cn } from "../../lib/ui/cn";
import { ServiceCard } from "./service-card";

/** Every service, in the editors' order: what a page spreads into its query to list them all. */
export const serviceCardListFragment = graphql`
  fragment ServiceCardList on Query {
    allService(sort: { order: ASC }) {
      nodes {
        ...ServiceCard
      }
    }
  }
`;

/** Every service as a card, in a grid of one, two or three columns as the screen widens; `className` places it. */
export function ServiceCardList({ data, className }: { data: Queries.ServiceCardListFragment; className?: string }) {
  return (
    <ul className={cn(className, "grid gap-6 sm:grid-cols-2 lg:grid-cols-3")}>
      {data.allService.nodes.map((service) => (
        <ServiceCard key={service.slug} service={service} />
      ))}
    </ul>
  );
}

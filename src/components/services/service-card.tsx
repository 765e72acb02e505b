import { graphql, Link } from "gatsby";
import * as lucide from "lucide";
import { iconFrom } from "../ui/icons";
import React from "react";
import { formatDollars } from "../../lib/text/format";
import { ServiceIcon } from "./service-icon";

const ArrowRight = iconFrom(lucide.ArrowRight);

export const serviceCardFragment = graphql`
  fragment ServiceCard on Service {
    slug
    path
    title
    summary
    icon
    startingPrice
  }
`;

/**
 * One service in a list: icon, title, one-line summary and the starting price. data-summary-of
 * marks the summary as the linked page's own, whose sources and review date live on that page.
 */
export function ServiceCard({ service }: { service: Queries.ServiceCardFragment }) {
  return (
    <li
      data-summary-of={service.path}
      className="group relative flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
    >
      <ServiceIcon name={service.icon} className="size-8 text-brand-700" />
      <h3 className="mt-4 text-lg font-semibold text-slate-900">
        <Link to={service.path} className="after:absolute after:inset-0 after:rounded-xl">
          {service.title}
        </Link>
      </h3>
      <p className="mt-2 flex-1 text-slate-600">{service.summary}</p>
      <p className="mt-4 flex items-center justify-between text-sm font-semibold text-brand-700">
        <span>{service.startingPrice != null ? `From ${formatDollars(service.startingPrice)}` : "Read the guide"}</span>
        <ArrowRight className="size-4 transition-transform group-hover:translate-x-1" aria-hidden="true" />
      </p>
    </li>
  );
}

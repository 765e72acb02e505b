import * as lucide from "lucide";
import { iconFrom } from "../ui/icons";
import React from "react";
import { formatCount } from "../../lib/text/format";
import type { Credential } from "../content/credential-list";
import { Container } from "../ui/container";

const Award = iconFrom(lucide.Award);
const ClipboardCheck = iconFrom(lucide.ClipboardCheck);
const ShieldCheck = iconFrom(lucide.ShieldCheck);

interface TrustIndicatorsProps {
  yearsInBusiness: number;
  inspectionsCompleted: number;
  licenseNumber: string;
  /** From content/site.yaml: the page names no credential the business does not list there. */
  credentials: readonly Credential[];
}

/** Three reasons to trust us a buyer can check: years in business, inspections done, the licence. */
export function TrustIndicators({
  yearsInBusiness,
  inspectionsCompleted,
  licenseNumber,
  credentials,
}: TrustIndicatorsProps) {
  const items = [
    {
      Icon: Award,
      figure: `${yearsInBusiness} years`,
      title: "Decades of experience",
      text: "Inspecting Maryland homes, from Baltimore rowhouses to Eastern Shore farmhouses.",
    },
    {
      Icon: ClipboardCheck,
      figure: `${formatCount(inspectionsCompleted)}+`,
      title: "Thousands of inspections",
      text: "Homes, rentals and commercial buildings inspected and reported on.",
    },
    {
      Icon: ShieldCheck,
      figure: `License #${licenseNumber}`,
      title: "Certified and licensed inspectors",
      text: `${credentials.map(({ name }) => name).join("; ")}. Insured beyond the state minimum.`,
    },
  ];
  return (
    <section aria-labelledby="trust-title" className="border-b border-slate-200 bg-white">
      <Container className="py-12">
        <h2 id="trust-title" className="sr-only">
          Why clients trust us
        </h2>
        <ul className="grid gap-8 md:grid-cols-3">
          {items.map(({ Icon, figure, title, text }) => (
            <li key={title} className="flex gap-4">
              <Icon className="size-10 shrink-0 text-brand-700" aria-hidden="true" />
              <div>
                <p className="text-2xl font-bold text-slate-900">{figure}</p>
                <h3 className="font-semibold text-brand-800">{title}</h3>
                <p className="mt-1 text-slate-600">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

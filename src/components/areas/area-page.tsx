import { graphql, Link } from "gatsby";
import * as lucide from "lucide";
import React from "react";
import { iconFrom } from "../ui/icons";
import { MdxCopy } from "../content/mdx-copy";
import { SourceList } from "../content/source-list";
import { ClosingCta } from "../home/closing-cta";
import { ButtonLink } from "../ui/button";
import { Container } from "../ui/container";
import { PageHeader } from "../ui/page-header";
import { useSiteInfo } from "../../hooks/use-site-info";
import { factsByTopic, statewideSection, uniqueSources } from "../../lib/areas/area-facts";
import { formatDollars, longDate } from "../../lib/text/format";
import { areasPath, scheduleIn, servicePath } from "../../lib/paths";
import { FactList } from "./fact-list";

const CalendarCheck = iconFrom(lucide.CalendarCheck);

type Area = Queries.AreaPageFragment;
type MarylandFact = Queries.AreaMarylandFactsFragment["nodes"][number];

const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

function TravelFacts({ area }: { area: Area }) {
  const { label, fee } = area.travelZone;
  return (
    <dl className="mt-8 grid max-w-xl gap-4 sm:grid-cols-2">
      {[
        ["Travel zone", capitalised(label)],
        ["Travel fee", fee > 0 ? `${formatDollars(fee)} a visit` : "None"],
      ].map(([term, value]) => (
        <div key={term} className="rounded-xl border border-brand-100 bg-white p-4">
          <dt className="text-sm font-semibold text-brand-700">{term}</dt>
          <dd className="mt-1 text-slate-800">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The services the county's facts call for, at the quote engine's price there. */
function Prices({ area }: { area: Area }) {
  return (
    <section aria-labelledby="area-prices-title">
      <h2 id="area-prices-title" className="text-2xl font-semibold tracking-tight text-slate-900">
        Prices in {area.name}, travel included
      </h2>
      <p className="mt-2 text-slate-700">
        Each price is our quote for a home in the smallest size band, with the county&rsquo;s travel fee. A larger or
        older home costs more: the schedule page prices yours as you answer.
      </p>
      <ul className="mt-4 space-y-3">
        {area.services.map((service) => (
          <li key={service.id} className="rounded-xl border border-slate-200 bg-white p-4">
            <p className="flex flex-wrap items-baseline justify-between gap-x-4">
              <Link to={servicePath(service.service)} className="font-semibold text-brand-700 underline">
                {service.label}
              </Link>
              <strong className="text-lg text-slate-900">{formatDollars(service.total)}</strong>
            </p>
            <p className="mt-1 text-sm text-slate-700">{service.why}.</p>
            <p className="mt-1 text-sm text-slate-600">
              Quote: {service.lines.map((line) => `${line.label} ${formatDollars(line.amount)}`).join(" + ")}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The county's own sourced facts, by topic, or plainly that none is sourced yet. */
function OwnFacts({ area }: { area: Area }) {
  const sections = factsByTopic(area);
  return (
    <section aria-labelledby="area-facts-title" className="mt-12">
      <h2 id="area-facts-title" className="text-2xl font-semibold tracking-tight text-slate-900">
        What we know about {area.name}
      </h2>
      {sections.length === 0 && (
        <p className="mt-3 text-slate-700">No fact of the county&rsquo;s own is sourced yet.</p>
      )}
      {sections.map(({ topic, title, facts }) => (
        <div key={topic}>
          <h3 className="mt-6 text-xl font-semibold text-slate-900">{title}</h3>
          <FactList facts={facts} />
          {topic === "rules" && (
            <p className="mt-3 text-sm text-slate-600">This is a plain-language summary, not legal advice.</p>
          )}
        </div>
      ))}
    </section>
  );
}

function Statewide({ facts }: { facts: readonly MarylandFact[] }) {
  const { title, intro } = statewideSection;
  return (
    <section aria-labelledby="area-statewide-title" className="mt-12">
      <h2 id="area-statewide-title" className="text-2xl font-semibold tracking-tight text-slate-900">
        {title}
      </h2>
      <p className="mt-2 text-slate-700">{intro}</p>
      <FactList facts={facts} />
      <p className="mt-3 text-sm text-slate-600">This is a plain-language summary, not legal advice.</p>
    </section>
  );
}

/** A county's page (src/templates/area.tsx): the writer's paragraph, travel, prices and sourced facts. */
export function AreaPage({ area, marylandFacts }: { area: Area; marylandFacts: readonly MarylandFact[] }) {
  const { phone } = useSiteInfo();
  return (
    <>
      <PageHeader
        eyebrow={<Link to={areasPath}>Areas we serve</Link>}
        title={`Home inspections in ${area.name}`}
        intro={<MdxCopy html={area.html} />}
      >
        <TravelFacts area={area} />
        <ButtonLink to={scheduleIn(area.county)} size="lg" className="mt-8">
          <CalendarCheck className="size-5" aria-hidden="true" />
          Schedule in {area.name}
        </ButtonLink>
      </PageHeader>
      <Container className="py-12">
        <div className="max-w-3xl">
          <Prices area={area} />
          <OwnFacts area={area} />
          <Statewide facts={marylandFacts} />
          <SourceList sources={uniqueSources(area, marylandFacts)} lastReviewed={longDate(area.lastReviewed)} />
        </div>
      </Container>
      <ClosingCta phone={phone} title={`Book an inspection in ${area.name}`} />
    </>
  );
}

export const areaPageFragment = graphql`
  fragment AreaPage on Area {
    county
    name
    html
    lastReviewed
    travelZone {
      label
      fee
    }
    services {
      id
      service
      label
      why
      total
      lines {
        label
        amount
      }
    }
    facts {
      topic
      text
      sources {
        label
        url
      }
      checked
    }
  }

  fragment AreaMarylandFacts on MarylandFactConnection {
    nodes {
      text
      sources {
        label
        url
      }
      checked
    }
  }
`;

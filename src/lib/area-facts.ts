/**
 * What an area page says of its county: the facts its content file gives, each with its sources and
 * the day it was checked, grouped by topic in the order a buyer reads them, rules last. The few
 * facts the file gives as figures (radon zone, shares of homes on wells and septic, median year
 * built) are put in words here, and nothing is said where the file gives nothing.
 */
import type { FactTopic } from "./area-schema";
import { wordList } from "./format";

interface Sourced {
  sources: readonly { label: string; url: string }[];
  checked: string;
}

export interface AreaFactsContent {
  name: string;
  radonZone?: ({ zone: number } & Sourced) | null;
  privateWells?: ({ percent: number } & Sourced) | null;
  septicSystems?: ({ percent: number } & Sourced) | null;
  medianYearBuilt?: ({ year: number } & Sourced) | null;
  facts: readonly ({ topic: string; text: string } & Sourced)[];
}

export interface ShownFact extends Sourced {
  text: string;
}

export const topicTitles: Record<FactTopic, string> = {
  radon: "Radon",
  wells: "Wells",
  septic: "Septic systems",
  sewer: "Sewer lines",
  homes: "The homes",
  rules: "Local rules",
};

const zoneWords: Record<number, string> = {
  1: "Zone 1, the highest radon potential of its three zones",
  2: "Zone 2, the middle of its three zones",
  3: "Zone 3, the lowest of its three zones",
};

/** The figures of the file, in words, under their topics. */
function figures(area: AreaFactsContent): Array<{ topic: FactTopic; fact: ShownFact }> {
  const { name, radonZone, privateWells, septicSystems, medianYearBuilt } = area;
  const figure = <T extends Sourced>(topic: FactTopic, value: T | null | undefined, text: (value: T) => string) =>
    value ? [{ topic, fact: { text: text(value), sources: value.sources, checked: value.checked } }] : [];
  return [
    ...figure("radon", radonZone, ({ zone }) => `EPA's map of radon zones places ${name} in ${zoneWords[zone]}.`),
    ...figure("wells", privateWells, ({ percent }) => `About ${percent}% of homes in ${name} are on a private well.`),
    ...figure("septic", septicSystems, ({ percent }) => `About ${percent}% of homes in ${name} use a septic system.`),
    ...figure("homes", medianYearBuilt, ({ year }) => `The median home in ${name} was built in ${year}.`),
  ];
}

/** The county's own facts by topic, each topic once, in the order of topicTitles; empty topics left out. */
export function factsByTopic(area: AreaFactsContent): Array<{ topic: FactTopic; title: string; facts: ShownFact[] }> {
  const all = [...figures(area), ...area.facts.map(({ topic, ...fact }) => ({ topic: topic as FactTopic, fact }))];
  return (Object.keys(topicTitles) as FactTopic[])
    .map((topic) => ({
      topic,
      title: topicTitles[topic],
      facts: all.filter((entry) => entry.topic === topic).map((entry) => entry.fact),
    }))
    .filter((section) => section.facts.length > 0);
}

/** How many facts of its own the county's file gives: its figures and its other facts. */
export function ownFactCount(area: AreaFactsContent): number {
  return figures(area).length + area.facts.length;
}

/** Every source the page cites, once each, in the order the page cites them. */
export function uniqueSources(
  area: AreaFactsContent,
  marylandFacts: readonly Sourced[],
): Array<{ label: string; url: string }> {
  const cited = [...factsByTopic(area).flatMap((section) => section.facts), ...marylandFacts].flatMap(
    (fact) => fact.sources,
  );
  return cited.filter((source, index) => cited.findIndex((other) => other.url === source.url) === index);
}

/** The heading and first words of the Maryland-wide facts, which count as no county's own. */
export const statewideSection = {
  title: "Across Maryland",
  intro: "These hold in every county, this one included; they are not figures of the county's own.",
};

/** The page's description for search results, from what it holds: unique to the county, and true. */
export function areaDescription(area: AreaFactsContent): string {
  const topics = factsByTopic(area).map((section) => section.title.toLowerCase());
  const holds = topics.length
    ? `the travel fee, our prices there, and sourced facts on ${wordList(topics)}`
    : "the travel fee and our prices there";
  return `Home and property inspections in ${area.name}, Maryland: ${holds}.`;
}

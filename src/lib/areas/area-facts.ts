/**
 * What an area page says of its county: the facts its content file gives, each with its sources and
 * the day it was checked, grouped by topic in the order a buyer reads them, rules last. Nothing is
 * said where the file gives nothing.
 */
import type { FactTopic } from "../content/area-schema";
import { wordList } from "../text/format";

export interface ShownFact {
  text: string;
  sources: readonly { label: string; url: string }[];
  /** YYYY-MM-DD */
  checked: string;
}

export interface AreaFactsContent {
  name: string;
  facts: readonly (ShownFact & { topic: string })[];
}

export const topicTitles: Record<FactTopic, string> = {
  radon: "Radon",
  wells: "Wells",
  septic: "Septic systems",
  sewer: "Sewer lines",
  homes: "The homes",
  rules: "Local rules",
};

/** The county's own facts by topic, in the order of topicTitles; topics without a fact are left out. */
export function factsByTopic(area: AreaFactsContent): Array<{ topic: FactTopic; title: string; facts: ShownFact[] }> {
  return (Object.keys(topicTitles) as FactTopic[])
    .map((topic) => ({
      topic,
      title: topicTitles[topic],
      facts: area.facts
        .filter((fact) => fact.topic === topic)
        .map(({ text, sources, checked }) => ({ text, sources, checked })),
    }))
    .filter((section) => section.facts.length > 0);
}

/** Every source the page cites, once each, in the order the page cites them. */
export function uniqueSources(
  area: AreaFactsContent,
  marylandFacts: readonly ShownFact[],
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

import { graphql, type HeadProps, type PageProps } from "gatsby";
import React from "react";
import { FaqList } from "../components/content/faq-list";
import { SourceList } from "../components/content/source-list";
import { ClosingCta } from "../components/home/closing-cta";
import { Seo } from "../components/seo";
import { Container } from "../components/ui/container";
import { PageHeader } from "../components/ui/page-header";
import { usePageSources } from "../hooks/use-page-sources";
import { useSiteInfo } from "../hooks/use-site-info";

export default function FaqPage({ data }: PageProps<Queries.FaqPageQuery>) {
  const { phone } = useSiteInfo();
  const { sources, lastReviewed } = usePageSources("faq");
  return (
    <>
      <PageHeader
        eyebrow="FAQ"
        title="Frequently asked questions"
        intro="What Maryland buyers, owners and agents ask us most: booking, cost, the day itself, the report and the law behind it."
      />
      <Container width="prose" className="space-y-12 py-12">
        {data.allFaqGroup.nodes.map((group) => (
          <section
            key={group.group}
            aria-labelledby={`faq-${group.order}`}
            className="render-when-near [--render-height:25rem]"
          >
            <h2 id={`faq-${group.order}`} className="text-2xl font-semibold tracking-tight text-slate-900">
              {group.group}
            </h2>
            <div className="mt-5">
              <FaqList questions={group.questions} />
            </div>
          </section>
        ))}
        <SourceList sources={sources} lastReviewed={lastReviewed} />
      </Container>
      <ClosingCta phone={phone} />
    </>
  );
}

export const query = graphql`
  query FaqPage {
    allFaqGroup(sort: { order: ASC }) {
      nodes {
        group
        order
        questions {
          question
          answer
        }
      }
    }
  }
`;

export function Head({ location }: HeadProps) {
  return (
    <Seo
      title="Frequently Asked Questions"
      description="Answers on Maryland home inspections: whether you need one, cost, how long it takes, when the report arrives and what the law requires."
      pathname={location.pathname}
    />
  );
}

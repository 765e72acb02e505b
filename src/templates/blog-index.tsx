import { graphql, type HeadProps, type PageProps } from "gatsby";
import React from "react";
import { Pager } from "../components/blog/pager";
import { PostList } from "../components/blog/post-list";
import { TopicLinks } from "../components/blog/topic-links";
import { Seo } from "../components/seo";
import { Container } from "../components/ui/container";
import { PageHeader } from "../components/ui/page-header";
import type { BlogIndexPage } from "../lib/blog-pages";

type Context = Omit<BlogIndexPage, "path">;

/** One page of the blog index (gatsby/pages.ts makes /blog, /blog/2...): its posts only. */
export default function BlogIndexTemplate({ data, pageContext }: PageProps<Queries.BlogIndexQuery, Context>) {
  const { page, pages } = pageContext;
  return (
    <>
      <PageHeader
        eyebrow="Blog & resources"
        title={page > 1 ? `Maryland inspection guides, page ${page} of ${pages}` : "Maryland inspection guides"}
        intro="Plain answers on Maryland's rules for mold, wells, septic systems, water and lead paint, and on getting the most from an inspection."
      >
        <div className="mt-6">
          <TopicLinks label="Topics" topics={data.allTopic.nodes} />
        </div>
      </PageHeader>
      <Container className="py-12">
        <PostList posts={data.allBlogPost.nodes} />
        <Pager page={page} pages={pages} />
      </Container>
    </>
  );
}

export const query = graphql`
  query BlogIndex($skip: Int!, $limit: Int!) {
    allBlogPost(sort: [{ date: DESC }, { slug: ASC }], skip: $skip, limit: $limit) {
      nodes {
        ...PostCard
      }
    }
    allTopic(sort: { order: ASC }) {
      nodes {
        path
        name
      }
    }
  }
`;

export function Head({ location, pageContext }: HeadProps<Queries.BlogIndexQuery, Context>) {
  const { page, pages } = pageContext;
  return (
    <Seo
      title={page > 1 ? `Blog & Resources, page ${page} of ${pages}` : "Blog & Resources"}
      description="Guides to Maryland's mold, well, septic, water and lead paint rules, and to choosing and preparing for an inspection."
      pathname={location.pathname}
    />
  );
}

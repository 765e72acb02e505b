import { graphql, type HeadProps, type PageProps } from "gatsby";
import React from "react";
import { BlogEyebrow } from "../components/blog/blog-eyebrow";
import { Pager } from "../components/blog/pager";
import { PostList } from "../components/blog/post-list";
import { RelatedServices } from "../components/blog/related-services";
import { TopicLinks } from "../components/blog/topic-links";
import { Seo } from "../components/seo";
import { Container } from "../components/ui/container";
import { PageHeader } from "../components/ui/page-header";
import type { BlogListContext } from "../lib/blog-pages";
import { blogPath } from "../lib/paths";

/**
 * A list of posts, newest first: one page of the blog index (/blog, /blog/2...) or a topic's page
 * (/blog/topics/<id>, with what the topic covers and its services). One template for both, as
 * both are lists of post cards: each template is a chunk named in every page's inline chunk map
 * and in the app's script, so a second one would weigh on every page of the site.
 */
export default function BlogListTemplate({ data, pageContext }: PageProps<Queries.BlogListQuery, BlogListContext>) {
  const posts = (data.topicPosts ?? data.indexPosts)?.nodes ?? [];
  const { topic } = data; // queried on a topic's page only
  return (
    <>
      {pageContext.onTopic ? (
        <PageHeader eyebrow={<BlogEyebrow />} title={topic!.name} intro={topic!.description} />
      ) : (
        <PageHeader
          eyebrow="Blog & resources"
          title={
            pageContext.page > 1
              ? `Maryland inspection guides, page ${pageContext.page} of ${pageContext.pages}`
              : "Maryland inspection guides"
          }
          intro="Plain answers on Maryland's rules for mold, wells, septic systems, water and lead paint, and on getting the most from an inspection."
        >
          <div className="mt-6">
            <TopicLinks label="Topics" topics={data.allTopic?.nodes ?? []} />
          </div>
        </PageHeader>
      )}
      <Container className="py-12">
        <PostList posts={posts} />
        {pageContext.onTopic ? (
          <RelatedServices services={topic!.services} />
        ) : (
          <Pager page={pageContext.page} pages={pageContext.pages} />
        )}
      </Container>
    </>
  );
}

// A topic's page takes all of its posts; a page of the index takes its own posts and the topics' links.
export const query = graphql`
  query BlogList($onTopic: Boolean!, $topicId: String = "", $skip: Int = 0, $limit: Int) {
    topicPosts: allBlogPost(
      filter: { topics: { elemMatch: { topicId: { eq: $topicId } } } }
      sort: [{ date: DESC }, { slug: ASC }]
    ) @include(if: $onTopic) {
      nodes {
        ...PostCard
      }
    }
    indexPosts: allBlogPost(sort: [{ date: DESC }, { slug: ASC }], skip: $skip, limit: $limit) @skip(if: $onTopic) {
      nodes {
        ...PostCard
      }
    }
    topic(topicId: { eq: $topicId }) @include(if: $onTopic) {
      name
      description
      services {
        path
        title
      }
    }
    allTopic(sort: { order: ASC }) @skip(if: $onTopic) {
      nodes {
        path
        name
      }
    }
  }
`;

export function Head({ data, location, pageContext }: HeadProps<Queries.BlogListQuery, BlogListContext>) {
  if (pageContext.onTopic) {
    const topic = data.topic!;
    return (
      <Seo
        title={`${topic.name}: articles`}
        description={topic.description}
        pathname={location.pathname}
        parents={[{ name: "Blog", path: blogPath }]}
      />
    );
  }
  const { page, pages } = pageContext;
  return (
    <Seo
      title={page > 1 ? `Blog & Resources, page ${page} of ${pages}` : "Blog & Resources"}
      description="Guides to Maryland's mold, well, septic, water and lead paint rules, and to choosing and preparing for an inspection."
      pathname={location.pathname}
    />
  );
}

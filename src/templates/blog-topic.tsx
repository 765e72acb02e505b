import { graphql, type HeadProps, type PageProps } from "gatsby";
import React from "react";
import { PostList } from "../components/blog/post-list";
import { RelatedServices } from "../components/blog/related-services";
import { Seo } from "../components/seo";
import { Container } from "../components/ui/container";
import { PageHeader } from "../components/ui/page-header";
import { blogPath } from "../lib/paths";
import { BlogEyebrow } from "../components/blog/blog-eyebrow";

/** A topic's page (/blog/topics/<id>): what it covers, its services and its posts, newest first. */
export default function BlogTopicTemplate({ data }: PageProps<Queries.BlogTopicQuery>) {
  const topic = data.topic!;
  return (
    <>
      <PageHeader eyebrow={<BlogEyebrow />} title={topic.name} intro={topic.description} />
      <Container className="py-12">
        <PostList posts={data.allBlogPost.nodes} />
        <RelatedServices services={topic.services} />
      </Container>
    </>
  );
}

export const query = graphql`
  query BlogTopic($topicId: String!) {
    topic(topicId: { eq: $topicId }) {
      name
      description
      services {
        path
        title
      }
    }
    allBlogPost(
      filter: { topics: { elemMatch: { topicId: { eq: $topicId } } } }
      sort: [{ date: DESC }, { slug: ASC }]
    ) {
      nodes {
        ...PostCard
      }
    }
  }
`;

export function Head({ data, location }: HeadProps<Queries.BlogTopicQuery>) {
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

import { graphql, type HeadProps, type PageProps } from "gatsby";
import React from "react";
import { PostPage } from "../components/blog/post-page";
import { Seo } from "../components/seo";
import { useSiteUrl } from "../hooks/use-site-url";
import { blogPath } from "../lib/paths";
import { blogPostingNode } from "../lib/seo/structured-data";

export default function BlogPostTemplate({ data }: PageProps<Queries.BlogPostTemplateQuery>) {
  return <PostPage post={data.blogPost!} />;
}

export const query = graphql`
  query BlogPostTemplate($id: String!) {
    blogPost(id: { eq: $id }) {
      ...PostPage
      isoLastReviewed: lastReviewed(formatString: "YYYY-MM-DD")
    }
  }
`;

export function Head({ data, location }: HeadProps<Queries.BlogPostTemplateQuery>) {
  const siteUrl = useSiteUrl();
  const post = data.blogPost!;
  return (
    <Seo
      type="article"
      title={post.title}
      description={post.description}
      pathname={location.pathname}
      parents={[{ name: "Blog", path: blogPath }]}
      structuredData={[
        blogPostingNode(siteUrl, {
          ...post,
          path: location.pathname,
          date: post.isoDate,
          lastReviewed: post.isoLastReviewed,
        }),
      ]}
    />
  );
}

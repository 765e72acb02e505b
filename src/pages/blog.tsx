import { graphql, Link, type HeadProps, type PageProps } from "gatsby";
import React from "react";
import { PostMeta } from "../components/blog/post-meta";
import { Seo } from "../components/seo";
import { Container } from "../components/ui/container";
import { PageHeader } from "../components/ui/page-header";

export default function BlogPage({ data }: PageProps<Queries.BlogPageQuery>) {
  return (
    <>
      <PageHeader
        eyebrow="Blog & resources"
        title="Maryland inspection guides"
        intro="Plain answers on Maryland's rules for mold, wells, septic systems, water and lead paint, and on getting the most from an inspection."
      />
      <Container className="py-12">
        <ol className="grid gap-6 md:grid-cols-2">
          {data.allBlogPost.nodes.map((post) => (
            <li
              key={post.path}
              className="relative rounded-xl border border-slate-200 bg-white p-6 shadow-sm hover:shadow-md"
            >
              <PostMeta date={post.date} dateTime={post.isoDate} readingMinutes={post.readingMinutes} />
              <h2 className="mt-2 text-xl font-semibold text-slate-900">
                <Link to={post.path} className="after:absolute after:inset-0 after:rounded-xl">
                  {post.title}
                </Link>
              </h2>
              <p className="mt-2 text-slate-600">{post.description}</p>
            </li>
          ))}
        </ol>
      </Container>
    </>
  );
}

export const query = graphql`
  query BlogPage {
    allBlogPost(sort: { date: DESC }) {
      nodes {
        path
        title
        description
        readingMinutes
        date(formatString: "MMMM D, YYYY")
        isoDate: date(formatString: "YYYY-MM-DD")
      }
    }
  }
`;

export function Head({ location }: HeadProps) {
  return (
    <Seo
      title="Blog & Resources"
      description="Guides to Maryland's mold, well, septic, water and lead paint rules, and to choosing and preparing for an inspection."
      pathname={location.pathname}
    />
  );
}

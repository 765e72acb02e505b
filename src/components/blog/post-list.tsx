import { graphql, Link } from "gatsby";
import React from "react";
import { PostMeta } from "./post-meta";

/** Posts as cards, newest first: the blog index and each topic page. */
export function PostList({ posts }: { posts: readonly Queries.PostCardFragment[] }) {
  return (
    <ol className="grid gap-6 md:grid-cols-2">
      {posts.map((post) => (
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
  );
}

export const postCardFragment = graphql`
  fragment PostCard on BlogPost {
    path
    title
    description
    readingMinutes
    date(formatString: "MMMM D, YYYY")
    isoDate: date(formatString: "YYYY-MM-DD")
  }
`;

import { Link } from "gatsby";
import React from "react";
import { blogPath } from "../../lib/paths";

/** The line above a blog page's title: the way back to the blog. */
export function BlogEyebrow() {
  return (
    <Link to={blogPath} className="hover:underline">
      Blog & resources
    </Link>
  );
}

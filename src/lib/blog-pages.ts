/**
 * How the blog index is cut into pages: a fixed number of posts per page, newest first, so the
 * first page weighs the same whatever the number of posts (gatsby/pages.ts makes one page each).
 */
import { blogPagePath } from "./paths";

/** Posts on each page of the blog index: an even number fills the two-column grid. */
export const POSTS_PER_PAGE = 10;

export interface BlogIndexPage {
  /** 1 for /blog. */
  page: number;
  pages: number;
  path: string;
  /** What the page's query skips and takes of the posts, newest first. */
  skip: number;
  limit: number;
}

/**
 * What src/templates/blog-list.tsx is given: a page of the index (its number and what its query
 * takes), or a topic's page (all the topic's posts).
 */
export type BlogListContext =
  | ({ onTopic: false } & Omit<BlogIndexPage, "path">)
  | { onTopic: true; topicId: string; page?: undefined; pages?: undefined };

/** Every page of the index for `postCount` posts; there is always a first page, even with none. */
export function blogIndexPages(postCount: number, perPage = POSTS_PER_PAGE): BlogIndexPage[] {
  const pages = Math.max(1, Math.ceil(postCount / perPage));
  return Array.from({ length: pages }, (_, index) => ({
    page: index + 1,
    pages,
    path: blogPagePath(index + 1),
    skip: index * perPage,
    limit: perPage,
  }));
}

/** The pager's links: the first, the last, and the pages around the current one; null is a gap. */
export function pagerPages(page: number, pages: number, around = 1): Array<number | null> {
  const shown: Array<number | null> = [];
  for (let candidate = 1; candidate <= pages; candidate++) {
    const near = Math.abs(candidate - page) <= around;
    if (candidate === 1 || candidate === pages || near) shown.push(candidate);
    else if (shown[shown.length - 1] !== null) shown.push(null);
  }
  return shown;
}

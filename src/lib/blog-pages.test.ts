import { blogIndexPages, pagerPages, POSTS_PER_PAGE } from "./blog-pages";

describe("blogIndexPages", () => {
  it("gives one first page at /blog when the posts fit, and when there are none", () => {
    expect(blogIndexPages(6)).toEqual([{ page: 1, pages: 1, path: "/blog", skip: 0, limit: POSTS_PER_PAGE }]);
    expect(blogIndexPages(0).map((page) => page.path)).toEqual(["/blog"]);
  });

  it("numbers the older pages /blog/2, /blog/3..., each taking the next posts", () => {
    const pages = blogIndexPages(25, 10);
    expect(pages.map((page) => page.path)).toEqual(["/blog", "/blog/2", "/blog/3"]);
    expect(pages.map((page) => page.skip)).toEqual([0, 10, 20]);
    expect(pages.every((page) => page.pages === 3 && page.limit === 10)).toBe(true);
  });

  it("adds a page only past a full one", () => {
    expect(blogIndexPages(20, 10)).toHaveLength(2);
    expect(blogIndexPages(21, 10)).toHaveLength(3);
    expect(blogIndexPages(1006, 10)).toHaveLength(101);
  });
});

describe("pagerPages", () => {
  it("lists every page when there are few", () => {
    expect(pagerPages(1, 1)).toEqual([1]);
    expect(pagerPages(2, 3)).toEqual([1, 2, 3]);
  });

  it("keeps the first, the last and the neighbours, with one gap for each run left out", () => {
    expect(pagerPages(1, 101)).toEqual([1, 2, null, 101]);
    expect(pagerPages(50, 101)).toEqual([1, null, 49, 50, 51, null, 101]);
    expect(pagerPages(101, 101)).toEqual([1, null, 100, 101]);
    expect(pagerPages(3, 101)).toEqual([1, 2, 3, 4, null, 101]);
  });
});

import { useSiteFrame } from "./use-site-frame";

/** A link of the header or the footer (content/navigation.yaml, content/footer.yaml). */
export type NavItem = Queries.LinkItem;

/** The header links (content/navigation.yaml) and the footer lists (content/footer.yaml). */
export function useNavigation(): {
  primary: readonly NavItem[];
  footer: { services: readonly NavItem[]; company: readonly NavItem[] };
} {
  const data = useSiteFrame();
  if (!data.footerLinks) throw new Error("content/footer.yaml is missing");
  return { primary: data.allNavLink.nodes, footer: data.footerLinks };
}

/**
 * A water-testing package's page title, from its name in content/water-packages.yaml: the name
 * and "Water Test", without saying "Water" twice when the name already ends with it
 * ("Radon in Water" is the "Radon in Water Test", not the "Radon in Water Water Test").
 */
export function waterPackageTitle(name: string): string {
  return /\bwater$/i.test(name.trim()) ? `${name.trim()} Test` : `${name.trim()} Water Test`;
}

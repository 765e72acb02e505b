/** Content YAML imported through webpack's yaml-loader (Jest maps the same imports to a YAML transform). */
declare module "!!yaml-loader!*" {
  const data: unknown;
  export default data;
}

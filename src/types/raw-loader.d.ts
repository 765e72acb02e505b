/** A text file imported through webpack's raw-loader (Jest maps the same imports to jest/raw-transform.js). */
declare module "!!raw-loader!*" {
  const text: string;
  export default text;
}

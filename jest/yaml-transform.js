// Content YAML imported with webpack's `!!yaml-loader!` prefix becomes a plain module in Jest,
// parsed by the same `yaml` package that yaml-loader uses.
const { parse } = require("yaml");

module.exports = {
  process(source) {
    return { code: `module.exports = ${JSON.stringify(parse(source))};` };
  },
};

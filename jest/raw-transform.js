// A text file imported with webpack's `!!raw-loader!` prefix becomes a module exporting its text.
module.exports = {
  process(source) {
    return { code: `module.exports = { __esModule: true, default: ${JSON.stringify(source)} };` };
  },
};

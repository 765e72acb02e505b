// Tailwind CSS v4 runs as a PostCSS plugin under gatsby-plugin-postcss.
module.exports = {
  plugins: {
    "@tailwindcss/postcss": {},
  },
};

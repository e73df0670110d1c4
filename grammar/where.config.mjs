// Options for `peggy -c grammar/where.config.mjs` (part of the `grammar` npm script): the `--where`
// filter language's parser, generated at build time and git-ignored (src/filter/generated/).
export default {
  input: 'grammar/where.peggy',
  output: 'src/filter/generated/where-parser.js',
  format: 'es',
  dts: true,
  allowedStartRules: ['Where'],
  returnTypes: { Where: 'import("../where-tree.js").WhereNode' },
};

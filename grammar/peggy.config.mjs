// Options for `peggy -c grammar/peggy.config.mjs` (the `grammar` npm script). The output is
// generated at build time and git-ignored (src/pgn/generated/); never edit or commit it.
// scan-compiler.mjs compiles the grammar's character runs into table scans (see its header).
import scanCompiler from './scan-compiler.mjs';

export default {
  input: 'grammar/pgn.peggy',
  output: 'src/pgn/generated/pgn-parser.js',
  format: 'es',
  dts: true,
  allowedStartRules: ['Game'],
  returnTypes: { Game: 'import("../raw.js").RawGame' },
  plugins: [scanCompiler],
};

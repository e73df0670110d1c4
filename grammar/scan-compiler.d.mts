// Types of grammar/scan-compiler.mjs, for the tests that import it (the build runs it as JavaScript).
import type { Plugin } from 'peggy';

/** The Peggy version the plugin was written and tested against. */
export declare const PEGGY_VERSION: string;
/** Throws unless `version` and the compiler's stages and passes are those of the pinned Peggy. */
export declare function checkPeggy(version: string, passes: Record<string, readonly ((...args: never[]) => unknown)[]>): void;
/** Throws unless every node of a Peggy grammar AST has a type and fields the plugin knows. */
export declare function checkAst(ast: unknown): void;
/** Throws unless Peggy's generated code (`ast.code`) is what the plugin's predicates expect. */
export declare function checkGenerated(ast: { code?: { toString(): string }; scanCompiler?: { scans: number } }): void;

declare const scanCompiler: Plugin;
export default scanCompiler;

/**
 * The tree the `--where` grammar (grammar/where.peggy) builds: plain objects, each leaf with its
 * place in the expression (UTF-16 offsets) so that a problem found after parsing is located too.
 */

export type WhereOperator = '==' | '!=' | '<' | '<=' | '>' | '>=' | '~' | '!~';

export interface FieldNode {
  readonly kind: 'field';
  /** As written: `WhiteElo`, `tc_class`, `tag.Site`. */
  readonly name: string;
  readonly start: number;
  readonly end: number;
}

export interface StringNode {
  readonly kind: 'string';
  readonly value: string;
  readonly start: number;
  readonly end: number;
}

export interface NumberNode {
  readonly kind: 'number';
  readonly value: number;
  readonly start: number;
  readonly end: number;
}

export type OperandNode = FieldNode | StringNode | NumberNode;

export type WhereNode =
  | { readonly kind: 'or' | 'and'; readonly left: WhereNode; readonly right: WhereNode }
  | { readonly kind: 'not'; readonly operand: WhereNode }
  | { readonly kind: 'exists'; readonly field: OperandNode; readonly start: number; readonly end: number }
  | {
      readonly kind: 'compare';
      readonly op: WhereOperator;
      readonly left: OperandNode;
      readonly right: OperandNode;
      readonly start: number;
      readonly end: number;
    };

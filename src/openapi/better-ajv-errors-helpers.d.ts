// The part of @readme/better-ajv-errors 2.4 that schemaErrors.ts uses (the package types only its
// main export): its choice among Ajv's errors, which its main export makes before drawing frames.
declare module '@readme/better-ajv-errors/lib/helpers.js' {
  import type { ErrorObject } from 'ajv';
  /** One error per problem shown, named by its class (`RequiredValidationError`, …). */
  interface ValidationError {
    name: string;
    options: ErrorObject & { propertyName?: string };
  }
  interface Tree {
    readonly __tree: unique symbol;
  }
  /** Ajv's errors by place. */
  export function makeTree(errors: ErrorObject[]): Tree;
  /** Drops, in place, the errors that a more precise one at the same place or inside explains. */
  export function filterRedundantErrors(tree: Tree): void;
  export function createErrorInstances(tree: Tree, options: { colorize: boolean; data: unknown; schema: unknown }): ValidationError[];
}

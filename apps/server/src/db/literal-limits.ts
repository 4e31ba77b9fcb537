import {
  type KyselyPlugin,
  LimitNode,
  OffsetNode,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  SelectQueryNode,
  type UnknownRow,
  ValueNode,
} from 'kysely';

/** A bound value that may be written into the SQL as it is: a small non-negative integer. */
const literal = (node: OperationNode | undefined) =>
  node !== undefined &&
  ValueNode.is(node) &&
  !node.immediate &&
  typeof node.value === 'number' &&
  Number.isSafeInteger(node.value) &&
  node.value >= 0
    ? ValueNode.createImmediate(node.value)
    : undefined;

/**
 * Writes a SELECT's LIMIT and OFFSET into its SQL instead of binding them (SQLite only). SQLite
 * plans a LIMIT with the bound value, and a statement whose plan used a bound value is prepared
 * again every time it runs: a large share of a page statement's CPU (decision 045 has the
 * measurement). Written in, each limit is a SQL text of its own, prepared once and kept by the
 * statement cache (db/database.ts). Only the outer SELECT's are changed (a shallow copy, no walk of
 * the tree: this runs for every query); queries compiled once (db/prepared.ts) write theirs with
 * `sql.lit`, since their values are stand-ins when they are compiled.
 */
export class LiteralLimitsPlugin implements KyselyPlugin {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (!SelectQueryNode.is(node) || (node.limit === undefined && node.offset === undefined)) return node;
    const limit = literal(node.limit?.limit);
    const offset = literal(node.offset?.offset);
    if (!limit && !offset) return node;
    return {
      ...node,
      ...(limit ? { limit: LimitNode.create(limit) } : {}),
      ...(offset ? { offset: OffsetNode.create(offset) } : {}),
    };
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

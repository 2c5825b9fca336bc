/**
 * The part of new-api's billing expression language (its option billing_setting.billing_expr) that
 * Switchyard evaluates exactly (docs/reference/pricing-tiers.md): a tree of conditions on the prompt
 * length `len` whose leaves are `tier("name", <token prices>)` or `tier("name", fixed(<USD>))`.
 * Token prices are sums of `<variable> * <USD per 1M tokens>` over p, c, cr, cc, ai, ao. Anything else
 * (request parameters, headers, clocks, image tokens, `|||` request rules, arithmetic beyond that) is
 * refused when the option is saved, so a stored expression is never priced differently from what it says.
 * It lives here because the server (options, relay billing, price list) and the console (pricing editor,
 * price list) read the same expressions.
 */

/** Token variables a leaf may price. */
export const PRICE_VARIABLES = ['p', 'c', 'cr', 'cc', 'ai', 'ao'] as const;
export type PriceVariable = (typeof PRICE_VARIABLES)[number];

/** Variables new-api knows that Switchyard does not meter separately: refused, never mispriced. */
const UNSUPPORTED_VARIABLES = new Set(['cc1h', 'img', 'img_cr', 'img_o', 'image_count']);
const KNOWN_FUNCTIONS = new Set([
  'param',
  'header',
  'has',
  'hour',
  'minute',
  'weekday',
  'month',
  'day',
  'max',
  'min',
  'abs',
  'ceil',
  'floor',
  'u',
]);

/** Why an expression was refused: a message key and its parameters (catalogue-pricing-tiers.ts). */
export class ExprError extends Error {
  constructor(
    readonly reason: ExprRefusal,
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

export type ExprRefusal =
  | 'syntax'
  | 'unsupported_variable'
  | 'unsupported_function'
  | 'request_rules'
  | 'leaf_shape'
  | 'condition_shape'
  | 'negative_price';

/** One range of prompt lengths, both ends inclusive; `to` null means no upper end. */
export interface LengthRange {
  from: number;
  to: number | null;
}

/** One leaf of an expression: a named tier with its prices (USD per 1M tokens) or a fixed USD price. */
export interface PriceTier {
  name: string;
  /** Token prices in USD per 1M tokens; a variable left out is not priced (its tokens stay in p or c). */
  prices: Partial<Record<PriceVariable, number>>;
  /** USD per call instead of token prices (`fixed(…)`). */
  fixed: number | null;
  /** The prompt lengths this tier applies to (empty when no length reaches it). */
  ranges: LengthRange[];
}

type Condition =
  | { kind: 'compare'; op: CompareOp; bound: number; lenOnLeft: boolean }
  | { kind: 'logic'; op: '&&' | '||'; left: Condition; right: Condition };
type CompareOp = '<' | '<=' | '>' | '>=' | '==' | '!=';
type Tree =
  | { kind: 'leaf'; index: number }
  | { kind: 'branch'; test: Condition; whenTrue: Tree; whenFalse: Tree };

/** A checked expression: its tiers, the variables it prices separately, and the tree that picks a tier. */
export interface CompiledExpr {
  source: string;
  tiers: PriceTier[];
  /** The sub-counts priced on their own somewhere in the expression (taken out of p and c everywhere). */
  separate: ReadonlySet<PriceVariable>;
  tree: Tree;
}

// ---------------------------------------------------------------- tokens

type Token =
  | { type: 'number'; value: number; text: string }
  | { type: 'string'; value: string }
  | { type: 'name'; value: string }
  | { type: 'op'; value: string };

const OPERATORS = ['<=', '>=', '==', '!=', '&&', '||', '<', '>', '+', '*', '?', ':', '(', ')', ',', '-', '/'];

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < source.length) {
    const char = source[at] as string;
    if (/\s/.test(char)) {
      at++;
      continue;
    }
    const number = /^(\d+(\.\d+)?([eE][+-]?\d+)?)/.exec(source.slice(at));
    if (number) {
      const text = number[1] as string;
      tokens.push({ type: 'number', value: Number(text), text });
      at += text.length;
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(at));
    if (name) {
      tokens.push({ type: 'name', value: name[0] });
      at += name[0].length;
      continue;
    }
    if (char === '"' || char === "'" || char === '`') {
      const end = source.indexOf(char, at + 1);
      if (end < 0) throw new ExprError('syntax', 'unterminated string');
      tokens.push({ type: 'string', value: source.slice(at + 1, end) });
      at = end + 1;
      continue;
    }
    const op = OPERATORS.find((candidate) => source.startsWith(candidate, at));
    if (!op) throw new ExprError('syntax', `unexpected "${char}"`);
    tokens.push({ type: 'op', value: op });
    at += op.length;
  }
  return tokens;
}

// ---------------------------------------------------------------- syntax tree

type Node =
  | { kind: 'number'; value: number }
  | { kind: 'string'; value: string }
  | { kind: 'variable'; name: string }
  | { kind: 'binary'; op: string; left: Node; right: Node }
  | { kind: 'conditional'; test: Node; whenTrue: Node; whenFalse: Node }
  | { kind: 'call'; name: string; args: Node[] };

class Parser {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): Node {
    const node = this.conditional();
    if (this.at < this.tokens.length) throw new ExprError('syntax', `unexpected ${this.describe()}`);
    return node;
  }

  private describe(): string {
    const token = this.tokens[this.at];
    if (!token) return 'end of expression';
    return `"${token.type === 'number' ? token.text : token.value}"`;
  }

  private accept(op: string): boolean {
    const token = this.tokens[this.at];
    if (token?.type === 'op' && token.value === op) {
      this.at++;
      return true;
    }
    return false;
  }

  private expect(op: string): void {
    if (!this.accept(op)) throw new ExprError('syntax', `expected "${op}" but found ${this.describe()}`);
  }

  private conditional(): Node {
    const test = this.binary(0);
    if (!this.accept('?')) return test;
    const whenTrue = this.conditional();
    this.expect(':');
    return { kind: 'conditional', test, whenTrue, whenFalse: this.conditional() };
  }

  private static readonly LEVELS: readonly (readonly string[])[] = [
    ['||'],
    ['&&'],
    ['==', '!='],
    ['<', '<=', '>', '>='],
    ['+', '-'],
    ['*', '/'],
  ];

  private binary(level: number): Node {
    const ops = Parser.LEVELS[level];
    if (!ops) return this.primary();
    let left = this.binary(level + 1);
    for (;;) {
      const token = this.tokens[this.at];
      if (token?.type !== 'op' || !ops.includes(token.value)) return left;
      this.at++;
      left = { kind: 'binary', op: token.value, left, right: this.binary(level + 1) };
    }
  }

  private primary(): Node {
    const token = this.tokens[this.at];
    if (!token) throw new ExprError('syntax', 'unexpected end of expression');
    this.at++;
    if (token.type === 'number') return { kind: 'number', value: token.value };
    if (token.type === 'string') return { kind: 'string', value: token.value };
    if (token.type === 'op' && token.value === '(') {
      const inner = this.conditional();
      this.expect(')');
      return inner;
    }
    if (token.type === 'name') {
      if (this.accept('(')) {
        const args: Node[] = [];
        if (!this.accept(')')) {
          do args.push(this.conditional());
          while (this.accept(','));
          this.expect(')');
        }
        return { kind: 'call', name: token.value, args };
      }
      return { kind: 'variable', name: token.value };
    }
    throw new ExprError('syntax', `unexpected "${token.value}"`);
  }
}

// ---------------------------------------------------------------- checking

function checkNames(node: Node): void {
  switch (node.kind) {
    case 'variable':
      if (UNSUPPORTED_VARIABLES.has(node.name)) throw new ExprError('unsupported_variable', node.name);
      if (node.name !== 'len' && !(PRICE_VARIABLES as readonly string[]).includes(node.name))
        throw new ExprError('unsupported_variable', node.name);
      return;
    case 'call':
      if (node.name !== 'tier' && node.name !== 'fixed') {
        throw new ExprError(KNOWN_FUNCTIONS.has(node.name) ? 'unsupported_function' : 'syntax', node.name);
      }
      for (const arg of node.args) checkNames(arg);
      return;
    case 'binary':
      checkNames(node.left);
      checkNames(node.right);
      return;
    case 'conditional':
      checkNames(node.test);
      checkNames(node.whenTrue);
      checkNames(node.whenFalse);
      return;
    default:
      return;
  }
}

function condition(node: Node): Condition {
  if (node.kind === 'binary' && (node.op === '&&' || node.op === '||'))
    return { kind: 'logic', op: node.op, left: condition(node.left), right: condition(node.right) };
  if (node.kind === 'binary' && ['<', '<=', '>', '>=', '==', '!='].includes(node.op)) {
    const lenOnLeft = node.left.kind === 'variable' && node.left.name === 'len';
    const bound = lenOnLeft ? node.right : node.left;
    const other = lenOnLeft ? node.left : node.right;
    if (
      other.kind === 'variable' &&
      other.name === 'len' &&
      bound.kind === 'number' &&
      Number.isSafeInteger(bound.value)
    )
      return { kind: 'compare', op: node.op as CompareOp, bound: bound.value, lenOnLeft };
  }
  throw new ExprError('condition_shape', 'conditions compare len with a whole number');
}

function price(node: Node): number {
  if (node.kind !== 'number') throw new ExprError('leaf_shape', 'prices are number literals');
  return node.value;
}

/** `p * 3 + c * 15 + cr * 0.3`: each token variable once, times a literal price. */
function tokenPrices(node: Node, into: Partial<Record<PriceVariable, number>>): void {
  if (node.kind === 'binary' && node.op === '+') {
    tokenPrices(node.left, into);
    tokenPrices(node.right, into);
    return;
  }
  let variable: Node | null = null;
  let value = 1;
  if (node.kind === 'variable') variable = node;
  else if (node.kind === 'binary' && node.op === '*') {
    if (node.left.kind === 'variable') {
      variable = node.left;
      value = price(node.right);
    } else if (node.right.kind === 'variable') {
      variable = node.right;
      value = price(node.left);
    }
  }
  if (variable?.kind !== 'variable' || variable.name === 'len')
    throw new ExprError('leaf_shape', 'a tier sums token variables times prices');
  const name = variable.name as PriceVariable;
  if (into[name] !== undefined) throw new ExprError('leaf_shape', `${name} is priced twice in one tier`);
  into[name] = value;
}

function leaf(node: Node, tiers: PriceTier[]): Tree {
  if (node.kind !== 'call' || node.name !== 'tier' || node.args.length !== 2)
    throw new ExprError('leaf_shape', 'each branch ends in tier("name", prices)');
  const [name, body] = node.args as [Node, Node];
  if (name.kind !== 'string') throw new ExprError('leaf_shape', 'a tier name is a quoted string');
  const tier: PriceTier = { name: name.value, prices: {}, fixed: null, ranges: [] };
  if (body.kind === 'call' && body.name === 'fixed') {
    if (body.args.length !== 1) throw new ExprError('leaf_shape', 'fixed takes one price');
    tier.fixed = price(body.args[0] as Node);
  } else tokenPrices(body, tier.prices);
  for (const value of [tier.fixed ?? 0, ...Object.values(tier.prices)])
    if (!(value >= 0) || !Number.isFinite(value)) throw new ExprError('negative_price', tier.name);
  tiers.push(tier);
  return { kind: 'leaf', index: tiers.length - 1 };
}

function pricingTree(node: Node, tiers: PriceTier[]): Tree {
  if (node.kind === 'conditional')
    return {
      kind: 'branch',
      test: condition(node.test),
      whenTrue: pricingTree(node.whenTrue, tiers),
      whenFalse: pricingTree(node.whenFalse, tiers),
    };
  return leaf(node, tiers);
}

// ---------------------------------------------------------------- evaluation

function compare(op: CompareOp, left: number, right: number): boolean {
  switch (op) {
    case '<':
      return left < right;
    case '<=':
      return left <= right;
    case '>':
      return left > right;
    case '>=':
      return left >= right;
    case '==':
      return left === right;
    case '!=':
      return left !== right;
  }
}

function holds(test: Condition, len: number): boolean {
  if (test.kind === 'logic')
    return test.op === '&&'
      ? holds(test.left, len) && holds(test.right, len)
      : holds(test.left, len) || holds(test.right, len);
  return test.lenOnLeft ? compare(test.op, len, test.bound) : compare(test.op, test.bound, len);
}

/** The tier a call of `len` prompt tokens is priced by. */
export function selectTier(expr: CompiledExpr, len: number): PriceTier {
  let node = expr.tree;
  while (node.kind === 'branch') node = holds(node.test, len) ? node.whenTrue : node.whenFalse;
  return expr.tiers[node.index] as PriceTier;
}

function bounds(test: Condition, into: Set<number>): void {
  if (test.kind === 'logic') {
    bounds(test.left, into);
    bounds(test.right, into);
    return;
  }
  for (const point of [test.bound - 1, test.bound, test.bound + 1]) if (point >= 0) into.add(point);
}

function treeBounds(tree: Tree, into: Set<number>): void {
  if (tree.kind === 'leaf') return;
  bounds(tree.test, into);
  treeBounds(tree.whenTrue, into);
  treeBounds(tree.whenFalse, into);
}

/** Fills each tier's ranges: whole-number conditions only change at their bounds, so those points suffice. */
function fillRanges(expr: CompiledExpr): void {
  const points = new Set<number>([0]);
  treeBounds(expr.tree, points);
  const sorted = [...points].sort((left, right) => left - right);
  sorted.forEach((from, position) => {
    const tier = selectTier(expr, from);
    const next = sorted[position + 1];
    const to = next === undefined ? null : next - 1;
    const last = tier.ranges.at(-1);
    if (last && last.to !== null && last.to + 1 === from) last.to = to;
    else tier.ranges.push({ from, to });
  });
}

const compiled = new Map<string, CompiledExpr>();
const COMPILED_LIMIT = 1024;

/**
 * Parses and checks an expression (new-api's optional `v1:` version prefix is accepted); throws ExprError.
 * Results are kept per source text: options are compiled once, not per call.
 */
export function compileExpr(source: string): CompiledExpr {
  const known = compiled.get(source);
  if (known) return known;
  let text = source.trim();
  if (text.startsWith('v1:')) text = text.slice(3);
  if (text.includes('|||')) throw new ExprError('request_rules', '|||');
  if (text === '') throw new ExprError('syntax', 'empty expression');
  const root = new Parser(tokenize(text)).parse();
  checkNames(root);
  const tiers: PriceTier[] = [];
  const tree = pricingTree(root, tiers);
  const separate = new Set<PriceVariable>();
  for (const tier of tiers)
    for (const name of Object.keys(tier.prices) as PriceVariable[])
      if (name !== 'p' && name !== 'c') separate.add(name);
  const expr: CompiledExpr = { source, tiers, separate, tree };
  fillRanges(expr);
  if (compiled.size >= COMPILED_LIMIT) compiled.clear();
  compiled.set(source, expr);
  return expr;
}

/** The expression for tiers written in the console: `len <= 200000 ? tier(…) : tier(…)`. */
export function exprFromTiers(
  tiers: readonly { name: string; upTo: number | null; prices: Partial<Record<PriceVariable, number>> }[],
): string {
  const leafText = (tier: (typeof tiers)[number]) => {
    const terms = PRICE_VARIABLES.filter((name) => tier.prices[name] !== undefined).map(
      (name) => `${name} * ${tier.prices[name]}`,
    );
    return `tier(${JSON.stringify(tier.name)}, ${terms.join(' + ') || 'p * 0'})`;
  };
  let text = '';
  for (const tier of tiers.slice(0, -1)) text += `len <= ${tier.upTo} ? ${leafText(tier)} : `;
  const last = tiers.at(-1);
  return last ? text + leafText(last) : '';
}
